import { hashPassword } from 'better-auth/crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { internationalBdMobile } from '../../shared/phone.ts';
import { photoUrlKey } from '../../shared/photo-files.ts';
import { accounts } from '../features/auth/schema.ts';
import { articles, services } from '../features/content/schema.ts';
import { laptops } from '../features/laptops/schema.ts';
import { laptopPhotos, photos } from '../features/photos/schema.ts';
import type { PhotoStore } from '../features/photos/store.ts';
import { users } from '../features/users/schema.ts';
import type { Db } from '../platform/db/client.ts';
import { DEMO_PASSWORD, demoAccounts, demoArticles, demoLaptops, demoServices } from './demo-data.ts';
import { readDemoPhotos } from './demo-photos.ts';
import { makeLaptop, makeUser, newId } from './factories.ts';

const SEED_LOCK = 7_133_002;
const DAY_MS = 86_400_000;

async function isEmpty(tx: Db): Promise<boolean> {
  const [row] = await tx
    .select({
      n: sql<number>`(select count(*) from ${users}) + (select count(*) from ${laptops})
      + (select count(*) from ${services}) + (select count(*) from ${articles})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row?.n === 0;
}

/**
 * Loads the demo data (README.md#demo-data) into an empty database and returns true; leaves a
 * database that holds anything untouched and returns false. Concurrent callers seed once.
 */
export async function seedDemoIfEmpty(db: Db, now = new Date(), store?: PhotoStore): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await isEmpty(tx))) {
      await fillDemoBangla(tx);
      await fillDemoPhotoHashes(tx);
      return false;
    }

    // Demo accounts have verified their phones, so they can list and book where that is required; the
    // demo's verified seller carries a verification record like any other
    // (docs/product.md#seller-verification).
    const people = demoAccounts.map((a) => ({
      ...makeUser({
        name: a.name,
        email: a.email,
        role: a.role,
        verified: a.verified,
        ...(a.verified ? { verifiedAt: new Date(), verificationNote: 'Demo account: trade licence seen' } : {}),
      }),
      phone: a.phone,
      verifiedPhone: internationalBdMobile(a.phone),
      phoneVerifiedAt: now,
    }));
    await tx.insert(users).values(people);
    // Demo accounts sign in with e-mail and password, as better-auth stores them.
    const hash = await hashPassword(DEMO_PASSWORD);
    await tx
      .insert(accounts)
      .values(
        people.map((p) => ({ id: newId(), userId: p.id, accountId: p.id, providerId: 'credential', password: hash })),
      );
    const idByEmail = new Map(people.map((a) => [a.email, a.id]));

    // Each demo laptop shows its drawing's photos (a full view, then a close-up): db/seed/photos.
    const album = await storeDemoPhotos(tx, store);
    const rows = demoLaptops.map(({ sellerEmail, daysAgo, ...row }) => {
      const sellerId = idByEmail.get(sellerEmail);
      if (!sellerId) throw new Error(`demo laptop '${row.name}' names unknown seller ${sellerEmail}`);
      const shots = album.of(row.imageUrl);
      const cover = shots[0];
      const laptop = makeLaptop({
        ...row,
        usageMonths: (row.usageYears ?? 0) * 12,
        sellerId,
        postedAt: new Date(now.getTime() - daysAgo * DAY_MS),
        ...(cover
          ? {
              imageUrl: cover.url,
              coverPhotoId: cover.id,
              coverWidth: cover.width,
              coverHeight: cover.height,
              coverWidths: cover.widths,
            }
          : {}),
      });
      return { laptop, shots };
    });
    await tx.insert(laptops).values(rows.map((r) => r.laptop));
    const attached = rows.flatMap((r) =>
      r.shots.map((p, position) => ({ laptopId: r.laptop.id, photoId: p.id, position })),
    );
    if (attached.length) await tx.insert(laptopPhotos).values(attached);
    await tx.insert(services).values(
      demoServices.map((s, i) => ({
        id: newId(),
        name: s.name,
        description: s.description,
        nameBn: s.nameBn,
        descriptionBn: s.descriptionBn,
        icon: s.icon,
        position: i,
      })),
    );
    await tx.insert(articles).values(
      demoArticles.map((a, i) => ({
        id: newId(),
        question: a.question,
        answer: a.answer,
        questionBn: a.questionBn,
        answerBn: a.answerBn,
        position: i,
      })),
    );
    return true;
  });
}

/**
 * Gives the demo services and articles of a database seeded before they had a Bangla text
 * (migration 0010) their Bangla: only rows still holding the demo's English and no Bangla.
 */
async function fillDemoBangla(tx: Db) {
  for (const s of demoServices)
    await tx
      .update(services)
      .set({ nameBn: s.nameBn, descriptionBn: s.descriptionBn })
      .where(and(eq(services.name, s.name), eq(services.description, s.description), isNull(services.nameBn)));
  for (const a of demoArticles)
    await tx
      .update(articles)
      .set({ questionBn: a.questionBn, answerBn: a.answerBn })
      .where(and(eq(articles.question, a.question), eq(articles.answer, a.answer), isNull(articles.questionBn)));
}

/** Gives the demo photos of a database seeded before photos had perceptual hashes their hash. */
async function fillDemoPhotoHashes(tx: Db) {
  for (const p of readDemoPhotos().photos)
    if (p.phash !== null)
      await tx
        .update(photos)
        .set({ phash: p.phash })
        .where(and(eq(photos.id, p.id), isNull(photos.phash)));
}

/**
 * Puts the demo photos in the store (when given: tests that only need the rows pass none) and their
 * rows in the database; gives each drawing's photos by the drawing's old image address.
 */
async function storeDemoPhotos(tx: Db, store: PhotoStore | undefined) {
  const demo = readDemoPhotos();
  const url = (photo: (typeof demo.photos)[number]) => {
    const key = photoUrlKey(photo.id, photo);
    return store ? store.url(key) : `/photos/${key}`;
  };
  if (store)
    for (const photo of demo.photos)
      for (const file of photo.files) await store.put(`${photo.id}/${file.name}`, file.read(), file.type);
  const rows = demo.photos.map((p) => ({
    id: p.id,
    url: url(p),
    width: p.width,
    height: p.height,
    widths: p.widths,
    bytes: p.bytes,
    phash: p.phash,
  }));
  if (rows.length) await tx.insert(photos).values(rows).onConflictDoNothing();
  const byName = new Map(rows.map((r, i) => [demo.photos[i]!.name, r]));
  return {
    /** `/images/laptops/casual-1.webp` → the photos of casual-1: full, then close-up. */
    of(imageUrl: string | undefined) {
      const drawing = /\/([\w-]+)\.webp$/.exec(imageUrl ?? '')?.[1];
      return drawing ? [byName.get(drawing), byName.get(`${drawing}-close`)].filter((p) => p !== undefined) : [];
    },
  };
}
