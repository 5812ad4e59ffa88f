import { buffer } from 'node:stream/consumers';
import { and, asc, eq, gt, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { photoFileKeys, photoUrlKey } from '../../../shared/photo-files.ts';
import type { Photo } from '../../../shared/photos.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { listingReviews } from '../moderation/schema.ts';
import { QueueFullError, WorkQueue } from './image-queue.ts';
import { perceptualHash } from './perceptual-hash.ts';
import { type ProcessedPhoto, photoQueue } from './processing.ts';
import { laptopPhotos, photos, photoUploads } from './schema.ts';
import { type PhotoStore, PhotoStoreUnavailableError } from './store.ts';

// Photos of listings (docs/photos.md): stored once per content, uploaded per seller, attached to a
// laptop in order, removed when nothing holds them any more.

/** A photo no listing holds is removed this long after its latest upload. */
export const UNATTACHED_PHOTO_TTL_MS = 24 * 60 * 60 * 1000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Holds a photo's id for the rest of the transaction, on every instance: storing a photo and
 * removing it are then never interleaved (files removed under a photo just stored again).
 */
const lockPhoto = (tx: Tx, id: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`photo:${id}`}))`);

/** What a Photo on the wire is made of: the row's columns it shows. */
export const photoColumns = {
  id: photos.id,
  url: photos.url,
  width: photos.width,
  height: photos.height,
  widths: photos.widths,
};

/** The photo store's outage as the client sees it: 503 `unavailable` (the error handler adds Retry-After). */
const storeAway = () => new AppError('photo_store_away');

/**
 * Photos being written to the store at once in this process. Each holds a database connection and
 * the photo's lock while its files go out, so a store that is slow or hangs holds two of the pool's
 * connections, not all of them; up to 16 more wait their turn without one (503 beyond).
 */
const photoStoring = new WorkQueue({ atOnce: 2, waiting: 16 });

/**
 * POST /api/photos: keeps the seller's processed photo. A photo already stored (anyone's upload of
 * the same file) is not written again; the seller's upload of it is renewed.
 *
 * The row is written after the files and in the same transaction: when the store cannot be reached
 * the transaction rolls back and nothing refers to the files already written (503). Those stay in
 * the bucket unreferenced; their keys name their content, so the same photo uploaded again writes
 * over them.
 */
export async function storePhoto({
  db,
  store,
  actor,
  processed,
}: {
  db: Db;
  store: PhotoStore;
  actor: Actor;
  processed: ProcessedPhoto;
}): Promise<Photo> {
  return photoStoring
    .run(() => keepPhoto(db, store, actor, processed))
    .catch((error) => {
      if (error instanceof QueueFullError) throw new AppError('photo_busy');
      throw error;
    });
}

async function keepPhoto(db: Db, store: PhotoStore, actor: Actor, processed: ProcessedPhoto): Promise<Photo> {
  const { id, width, height, widths, phash, files } = processed;
  return db.transaction(async (tx) => {
    await lockPhoto(tx, id);
    // A photo stored before keeps its row, and with it the widths its files were stored at.
    let [row] = await tx.select(photoColumns).from(photos).where(eq(photos.id, id));
    if (!row) {
      try {
        for (const file of files) await store.put(`${id}/${file.name}`, file.bytes, file.type);
      } catch (error) {
        if (error instanceof PhotoStoreUnavailableError) throw storeAway();
        throw error;
      }
      const bytes = files.reduce((n, f) => n + f.bytes.length, 0);
      [row] = await tx
        .insert(photos)
        .values({ id, url: store.url(photoUrlKey(id, { width, widths })), width, height, widths, bytes, phash })
        .returning(photoColumns);
    } else {
      // One stored before hashes were kept gets its hash now.
      await tx
        .update(photos)
        .set({ phash })
        .where(and(eq(photos.id, id), isNull(photos.phash)));
    }
    const now = new Date();
    await tx
      .insert(photoUploads)
      .values({ photoId: id, sellerId: actor.id, uploadedAt: now })
      .onConflictDoUpdate({ target: [photoUploads.photoId, photoUploads.sellerId], set: { uploadedAt: now } });
    return row!;
  });
}

/**
 * The photos `ids` for a new listing of `actor`, in that order: each must be one they uploaded
 * (400 naming `photos` otherwise).
 */
export async function ownPhotos(tx: Tx | Db, actor: Actor, ids: readonly string[]): Promise<Photo[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select(photoColumns)
    .from(photos)
    .innerJoin(photoUploads, and(eq(photoUploads.photoId, photos.id), eq(photoUploads.sellerId, actor.id)))
    .where(inArray(photos.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = ids.map((id) => byId.get(id));
  if (found.some((p) => !p)) {
    throw new AppError('photo_not_yours', {}, { photos: { code: 'photo_not_yours' } });
  }
  return found as Photo[];
}

/** Attaches `list` to a laptop in order (the first is the cover). */
export async function attachPhotos(tx: Tx | Db, laptopId: string, list: readonly Photo[]): Promise<void> {
  if (list.length === 0) return;
  await tx.insert(laptopPhotos).values(list.map((p, position) => ({ laptopId, photoId: p.id, position })));
}

/** A listing's photos, cover first. */
export function listingPhotos(db: Db | Tx, laptopId: string): Promise<Photo[]> {
  return db
    .select(photoColumns)
    .from(laptopPhotos)
    .innerJoin(photos, eq(photos.id, laptopPhotos.photoId))
    .where(eq(laptopPhotos.laptopId, laptopId))
    .orderBy(asc(laptopPhotos.position));
}

/** The photos of these laptops, and those these sellers uploaded: what their deletion may free. */
export async function photosOf(
  db: Db | Tx,
  { laptopIds = [], sellerIds = [] }: { laptopIds?: string[]; sellerIds?: string[] },
) {
  const ids = new Set<string>();
  if (laptopIds.length) {
    for (const r of await db
      .select({ id: laptopPhotos.photoId })
      .from(laptopPhotos)
      .where(inArray(laptopPhotos.laptopId, laptopIds)))
      ids.add(r.id);
  }
  if (sellerIds.length) {
    for (const r of await db
      .select({ id: photoUploads.photoId })
      .from(photoUploads)
      .where(inArray(photoUploads.sellerId, sellerIds)))
      ids.add(r.id);
  }
  return [...ids];
}

/**
 * Removes photos nothing holds: no listing has them, and nobody (but `ignoreUploadsBy`, whose listing
 * or account is going) uploaded them in the last 24 hours. Given `ids`, only those are looked at;
 * otherwise up to `batch` of all such photos (the hourly sweep). Returns how many went; while the
 * photo store cannot be reached it stops there, leaving the rest for a later sweep.
 */
export async function removeUnusedPhotos({
  db,
  store,
  ids,
  ignoreUploadsBy,
  now = new Date(),
  batch = 200,
}: {
  db: Db;
  store: PhotoStore;
  ids?: string[];
  ignoreUploadsBy?: string;
  now?: Date;
  batch?: number;
}): Promise<number> {
  const cutoff = new Date(now.getTime() - UNATTACHED_PHOTO_TTL_MS);
  const unused = (id: typeof photos.id | string) =>
    and(
      notExists(db.select({ one: sql`1` }).from(laptopPhotos).where(eq(laptopPhotos.photoId, id))),
      // A seller's proof of possession, kept while its listing's review is (features/moderation).
      notExists(db.select({ one: sql`1` }).from(listingReviews).where(eq(listingReviews.proofPhotoId, id))),
      notExists(
        db
          .select({ one: sql`1` })
          .from(photoUploads)
          .where(
            and(
              eq(photoUploads.photoId, id),
              gt(photoUploads.uploadedAt, cutoff),
              ignoreUploadsBy ? ne(photoUploads.sellerId, ignoreUploadsBy) : undefined,
            ),
          ),
      ),
    );
  const candidates =
    ids ?? (await db.select({ id: photos.id }).from(photos).where(unused(photos.id)).limit(batch)).map((r) => r.id);
  let removed = 0;
  for (const id of candidates) {
    try {
      const gone = await db.transaction(async (tx) => {
        await lockPhoto(tx, id);
        const [row] = await tx
          .select({ width: photos.width, widths: photos.widths })
          .from(photos)
          .where(and(eq(photos.id, id), unused(id)));
        if (!row) return false;
        await store.remove(photoFileKeys(id, row));
        await tx.delete(photos).where(eq(photos.id, id));
        return true;
      });
      if (gone) removed += 1;
    } catch (error) {
      // The store is away: the rest keep their rows and files, and the hourly sweep removes them
      // once it is back (a deletion that let them go still succeeds).
      if (error instanceof PhotoStoreUnavailableError) break;
      throw error;
    }
  }
  return removed;
}

/**
 * Gives the photos stored before perceptual hashes were kept (phash null) theirs, from their widest
 * stored WebP (a few bits from what their upload would have given: docs/decisions/0039), one at a
 * time in the photos' line. A photo whose file cannot be read keeps none. Run at start-up; returns
 * how many it hashed. Stops, leaving the rest for the next start, while the store is away.
 */
export async function hashUnhashedPhotos({ db, store, batch = 100 }: { db: Db; store: PhotoStore; batch?: number }) {
  let hashed = 0;
  let after = '';
  for (;;) {
    const rows = await db
      .select({ id: photos.id, width: photos.width, widths: photos.widths })
      .from(photos)
      .where(and(isNull(photos.phash), gt(photos.id, after)))
      .orderBy(asc(photos.id))
      .limit(batch);
    for (const row of rows) {
      let bytes: Buffer | undefined;
      try {
        const file = await store.read(photoUrlKey(row.id, row));
        bytes = file && (await buffer(file.body));
      } catch (error) {
        if (error instanceof PhotoStoreUnavailableError) return hashed;
        throw error;
      }
      const phash = bytes && (await photoQueue.run(() => perceptualHash(sharp(bytes))).catch(() => undefined));
      if (phash === undefined) continue;
      await db
        .update(photos)
        .set({ phash })
        .where(and(eq(photos.id, row.id), isNull(photos.phash)));
      hashed += 1;
    }
    if (rows.length < batch) return hashed;
    after = rows.at(-1)!.id;
  }
}
