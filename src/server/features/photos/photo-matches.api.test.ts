import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '../../../shared/photos.ts';
import { readDemoPhotos } from '../../seed/demo-photos.ts';
import { validLaptopBody } from '../../test/fixtures.ts';
import { scene, uploadPhoto } from '../../test/photos.ts';
import { jsonPost, type Session, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { hashDistance } from './perceptual-hash.ts';
import { DUPLICATE_PHOTO_DISTANCE, findPhotoMatches } from './photo-matches.ts';
import { hashUnhashedPhotos } from './photos.ts';
import { photos } from './schema.ts';

// findPhotoMatches (the duplicate_photo risk check, docs/photos.md#perceptual-hash) over photos
// uploaded through POST /api/photos and listed through POST /api/addLaptop, on PGlite and PostgreSQL.

let t: TestApp;
let sellerA: Session;
let sellerB: Session;

const upload = (who: Session, bytes: Buffer) => uploadPhoto(t, who, bytes);

async function list(who: Session, photoIds: string[], name: string): Promise<string> {
  const res = await jsonPost(
    t,
    '/api/addLaptop',
    validLaptopBody({ laptop_img: undefined, photos: photoIds, laptop_name: name }),
    { cookie: who.cookie },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json())._id;
}

let original: Photo;
let listingA: string;
let ownOtherListing: string;

beforeAll(async () => {
  t = await startTestApp({ config: { photoUploadsPerUser: 60 } });
  sellerA = await signUp(t, { role: 'seller' });
  sellerB = await signUp(t, { role: 'seller' });
  original = await upload(sellerA, await scene(1).jpeg({ quality: 90 }).toBuffer());
  listingA = await list(sellerA, [original.id], 'Matched ThinkPad A1');
  ownOtherListing = await list(
    sellerA,
    [(await upload(sellerA, await scene(1).resize({ width: 900 }).jpeg({ quality: 70 }).toBuffer())).id],
    'Matched ThinkPad A2',
  );
});
afterAll(async () => {
  await t?.close();
});

describe('findPhotoMatches', () => {
  it('finds another seller’s listing holding a re-encoded, resized copy of the photo, and nothing for a different photo', async () => {
    const copy = await upload(sellerB, await scene(1).resize({ width: 800 }).jpeg({ quality: 60 }).toBuffer());
    const different = await upload(sellerB, await scene(2).jpeg({ quality: 90 }).toBuffer());
    expect(copy.id).not.toBe(original.id);

    const matches = await findPhotoMatches(t.database.db, {
      photoIds: [copy.id, different.id],
      sellerId: sellerB.userId,
    });
    // Both of seller A's listings hold a copy of the picture: each is another seller's.
    expect(matches.map((m) => m.match_laptop_id).sort()).toEqual([listingA, ownOtherListing].sort());
    const onA = matches.find((m) => m.match_laptop_id === listingA)!;
    expect(onA).toMatchObject({
      photo_id: copy.id,
      photo_url: copy.url,
      match_photo_id: original.id,
      match_url: original.url,
      match_laptop_name: 'Matched ThinkPad A1',
    });
    expect(onA.distance).toBeLessThanOrEqual(DUPLICATE_PHOTO_DISTANCE);
    expect(matches.every((m) => m.photo_id === copy.id)).toBe(true);
  });

  it('finds the very photo on another seller’s listing at distance 0, hash or none', async () => {
    const same = await upload(sellerB, await scene(1).jpeg({ quality: 90 }).toBuffer());
    expect(same.id).toBe(original.id);
    const found = await findPhotoMatches(t.database.db, { photoIds: [same.id], sellerId: sellerB.userId });
    expect(found.find((m) => m.match_laptop_id === listingA)).toMatchObject({
      match_photo_id: original.id,
      distance: 0,
    });

    // A photo stored before hashes were kept is still found as itself.
    await t.database.db.update(photos).set({ phash: null }).where(eq(photos.id, original.id));
    try {
      const unhashed = await findPhotoMatches(t.database.db, { photoIds: [same.id], sellerId: sellerB.userId });
      expect(unhashed.map((m) => [m.match_laptop_id, m.distance])).toEqual([[listingA, 0]]);
    } finally {
      // Uploading it again gives it its hash back.
      await upload(sellerA, await scene(1).jpeg({ quality: 90 }).toBuffer());
      const [row] = await t.database.db.select({ phash: photos.phash }).from(photos).where(eq(photos.id, original.id));
      expect(row?.phash).not.toBeNull();
    }
  });

  it('counts neither the seller’s own listings nor the listing itself', async () => {
    const copy = await upload(sellerA, await scene(1).resize({ width: 1000 }).jpeg({ quality: 50 }).toBuffer());
    expect(await findPhotoMatches(t.database.db, { photoIds: [copy.id], sellerId: sellerA.userId })).toEqual([]);

    const ofB = await upload(sellerB, await scene(1).jpeg({ quality: 40 }).toBuffer());
    const listingB = await list(sellerB, [ofB.id], 'Matched ThinkPad B1');
    // Seller B editing listing B: A's listings count, B's own never does.
    const forB = await findPhotoMatches(t.database.db, {
      photoIds: [ofB.id],
      sellerId: sellerB.userId,
      laptopId: listingB,
    });
    expect(forB.map((m) => m.match_laptop_id).sort()).toEqual([listingA, ownOtherListing].sort());
    // The listing itself is left out even were it another seller's (an admin looking at A's listing).
    const forA = await findPhotoMatches(t.database.db, {
      photoIds: [original.id],
      sellerId: sellerA.userId,
      laptopId: listingA,
    });
    expect(forA.map((m) => m.match_laptop_id)).toEqual([listingB]);
    expect(await findPhotoMatches(t.database.db, { photoIds: [], sellerId: sellerB.userId })).toEqual([]);
  });

  it('finds a demo listing’s photo, hashed at seed time, in a re-encoded copy', async () => {
    const demo = readDemoPhotos().photos.find((p) => p.name === 'gaming-2')!;
    const webp = demo.files.find((f) => f.name === '1280.webp')!.read();
    const copy = await upload(sellerB, await sharp(webp).resize({ width: 700 }).jpeg({ quality: 60 }).toBuffer());
    const found = await findPhotoMatches(t.database.db, { photoIds: [copy.id], sellerId: sellerB.userId });
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found.map((m) => m.match_photo_id))).toEqual(new Set([demo.id]));
  });

  it('gives photos stored before hashes were kept theirs from their stored files, and finds copies of them again', async () => {
    const hashOf = async () =>
      (await t.database.db.select({ phash: photos.phash }).from(photos).where(eq(photos.id, original.id)))[0]!.phash;
    const before = (await hashOf())!;
    await t.database.db.update(photos).set({ phash: null }).where(eq(photos.id, original.id));
    const copy = await upload(sellerB, await scene(1).resize({ width: 640 }).jpeg({ quality: 50 }).toBuffer());
    const onA = async () =>
      (await findPhotoMatches(t.database.db, { photoIds: [copy.id], sellerId: sellerB.userId })).filter(
        (m) => m.match_laptop_id === listingA,
      );
    expect(await onA()).toEqual([]);

    expect(await hashUnhashedPhotos({ db: t.database.db, store: t.app.photoStore })).toBeGreaterThanOrEqual(1);
    const after = await hashOf();
    expect(after).not.toBeNull();
    expect(hashDistance(after!, before)).toBeLessThanOrEqual(2);
    expect((await onA()).map((m) => m.match_photo_id)).toEqual([original.id]);
  });
});
