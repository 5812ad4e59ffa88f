import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PHOTO_MESSAGES, photoFileKeys } from '../../../shared/photo-files.ts';
import { laptopPageSchema } from '../../../shared/search.ts';
import { fieldMessages, validLaptopBody } from '../../test/fixtures.ts';
import { PHONE_EXIF, phoneJpeg, photoLike, pngBomb, SVG_WITH_SCRIPT } from '../../test/photos.ts';
import { type S3Server, startS3Server } from '../../test/s3-server.ts';
import { DEMO, jsonPost, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { removeUnusedPhotos, UNATTACHED_PHOTO_TTL_MS } from './photos.ts';
import { laptopPhotos, photos, photoUploads } from './schema.ts';

// POST /api/photos, photos on listings, the files under /photos/… and their removal (docs/photos.md),
// on the real app, once with the local photo store (a data directory of its own) and once with an
// S3 bucket on a real S3 API server (s3rver): both drivers pass the same tests.

let t: TestApp;
let seller: Session;
let otherSeller: Session;

interface PhotoAnswer {
  id: string;
  url: string;
  width: number;
  height: number;
  widths: number[];
}

function upload(who: Session | null, bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg', field = 'photo') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return t.request('/api/photos', {
    method: 'POST',
    headers: { origin: t.url, ...(who ? { cookie: who.cookie } : {}) },
    body: form,
  });
}

async function uploaded(who: Session, bytes: Buffer): Promise<PhotoAnswer> {
  const res = await upload(who, bytes);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** A distinct small photo each call (the pattern shifts), so tests do not share ids. */
let shade = 0;
async function smallJpeg(width = 640, height = 480) {
  shade += 1;
  return photoLike(width, height).linear(1, shade).jpeg().toBuffer();
}

const photoCount = async () => Number((await t.database.db.select({ n: count() }).from(photos))[0]!.n);
/** Whether the store holds a photo's files (its widest WebP stands for them all). */
const stored = async (id: string) => {
  const file = await t.app.photoStore.read(`${id}/1280.webp`);
  // Unread, an S3 answer's body keeps its connection from the client's pool: after 50 of them every
  // later call waited for a connection and timed out.
  file?.body.destroy();
  return Boolean(file);
};
/** Every photo id with files in the store, by the rows: what a refused upload must not add to. */
const storedIds = async () => {
  const ids: string[] = [];
  for (const { id } of await t.database.db.select({ id: photos.id }).from(photos)) if (await stored(id)) ids.push(id);
  return ids;
};

/**
 * Makes an uploaded photo one stored before 960 px: its 720 and 960 files gone and its row saying so, as
 * migration 0013 left the photos stored before it.
 */
async function oldStyle(photo: PhotoAnswer): Promise<PhotoAnswer> {
  await t.app.photoStore.remove(['720', '960'].flatMap((w) => [`${photo.id}/${w}.avif`, `${photo.id}/${w}.webp`]));
  const widths = [320, 640, 1280];
  await t.database.db.update(photos).set({ widths }).where(eq(photos.id, photo.id));
  return { ...photo, widths };
}

describe.each(['local', 's3'] as const)('with the %s photo store', (driver) => {
  let s3: S3Server | undefined;

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3Server() : undefined;
    const config = {
      photoUploadsPerUser: 60,
      ...(s3 ? { s3: { ...s3, region: undefined, publicUrl: undefined } } : {}),
    };
    t = await startTestApp({ config });
    expect(t.app.photoStore.kind).toBe(driver);
    seller = await signUp(t, { role: 'seller' });
    otherSeller = await signUp(t, { role: 'seller' });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  describe('POST /api/photos', () => {
    it('takes a phone photo: upright, 1280 wide, served as AVIF and WebP with no EXIF or GPS, cached for a year', async () => {
      const res = await upload(seller, await phoneJpeg(2000, 1500), 'IMG_0042.JPG');
      expect(res.status, await res.clone().text()).toBe(201);
      const photo = (await res.json()) as PhotoAnswer;
      expect(Object.keys(photo).sort()).toEqual(['height', 'id', 'url', 'width', 'widths']);
      expect(photo.id).toMatch(/^[a-f0-9]{32}$/);
      expect(photo.url).toBe(`/photos/${photo.id}/1280.webp`);
      // The camera held it sideways: 2000 × 1500 on the sensor is a portrait photo.
      expect([photo.width, photo.height]).toEqual([1280, 1707]);
      expect(photo.widths).toEqual([320, 640, 720, 960, 1280]);

      for (const file of [
        '320.avif',
        '320.webp',
        '640.avif',
        '640.webp',
        '720.avif',
        '720.webp',
        '960.avif',
        '960.webp',
        '1280.avif',
        '1280.webp',
      ]) {
        const served = await t.request(`/photos/${photo.id}/${file}`);
        expect(served.status, file).toBe(200);
        expect(served.headers.get('content-type')).toBe(file.endsWith('avif') ? 'image/avif' : 'image/webp');
        expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const bytes = Buffer.from(await served.arrayBuffer());
        const meta = await sharp(bytes).metadata();
        expect(meta.exif, file).toBeUndefined();
        expect(meta.xmp, file).toBeUndefined();
        expect(meta.width, file).toBe(Number(file.split('.')[0]));
        expect(bytes.includes(Buffer.from(PHONE_EXIF.IFD0.Make))).toBe(false);
        // A second visit with the ETag costs nothing.
        const again = await t.request(`/photos/${photo.id}/${file}`, {
          headers: { 'if-none-match': served.headers.get('etag')! },
        });
        expect(again.status).toBe(304);
      }
    });

    it('stores the same photo once, whoever uploads it, and remembers each uploader', async () => {
      const bytes = await smallJpeg();
      const before = await photoCount();
      const first = await uploaded(seller, bytes);
      const second = await uploaded(otherSeller, bytes);
      const third = await uploaded(seller, bytes);
      expect(second).toEqual(first);
      expect(third).toEqual(first);
      expect(await photoCount()).toBe(before + 1);
      const uploads = await t.database.db.select().from(photoUploads).where(eq(photoUploads.photoId, first.id));
      expect(uploads.map((u) => u.sellerId).sort()).toEqual([seller.userId, otherSeller.userId].sort());
    });

    it('answers 404 for a photo file that does not exist or could not be one', async () => {
      for (const path of [
        `/photos/${'0'.repeat(32)}/1280.webp`,
        '/photos/not-an-id/1280.webp',
        `/photos/${'a'.repeat(32)}/999.webp`,
        `/photos/${'a'.repeat(32)}/1280.jpg`,
      ]) {
        const res = await t.request(path);
        expect(res.status, path).toBe(404);
        expect((await res.json()).error.code).toBe('not_found');
      }
    });

    const hostile: [
      string,
      () => Promise<{ bytes: Buffer; name?: string; type?: string; field?: string }>,
      number,
      string,
    ][] = [
      [
        'a PNG named .jpg',
        async () => ({ bytes: await photoLike(64, 64).png().toBuffer() }),
        400,
        PHOTO_MESSAGES.mismatch,
      ],
      [
        'an SVG with a script',
        async () => ({ bytes: SVG_WITH_SCRIPT, name: 'photo.svg', type: 'image/svg+xml' }),
        400,
        PHOTO_MESSAGES.notAPhoto,
      ],
      [
        'a polyglot (a JPEG with a page after it)',
        async () => ({
          bytes: Buffer.concat([await photoLike(64, 64).jpeg().toBuffer(), Buffer.from('<script>alert(1)</script>')]),
        }),
        400,
        PHOTO_MESSAGES.trailing,
      ],
      [
        'a truncated JPEG',
        async () => {
          const jpeg = await photoLike(300, 200).jpeg().toBuffer();
          return { bytes: jpeg.subarray(0, jpeg.length >> 1) };
        },
        400,
        PHOTO_MESSAGES.unreadable,
      ],
      [
        'a 20,000 × 20,000 PNG bomb',
        async () => ({ bytes: pngBomb(), name: 'bomb.png', type: 'image/png' }),
        400,
        PHOTO_MESSAGES.tooManyPixels,
      ],
      ['a zero-byte file', async () => ({ bytes: Buffer.alloc(0) }), 400, PHOTO_MESSAGES.empty],
      [
        'a file under another field name',
        async () => ({ bytes: await smallJpeg(), field: 'image' }),
        400,
        PHOTO_MESSAGES.missing,
      ],
      [
        'a file over 15 MB',
        async () => ({ bytes: Buffer.concat([await smallJpeg(), Buffer.alloc(15 * 1024 * 1024)]) }),
        413,
        PHOTO_MESSAGES.tooLarge,
      ],
    ];

    it.each(hostile)(
      'refuses %s in the error shape, stores nothing and keeps serving',
      async (_name, make, status, message) => {
        const { bytes, name, type, field } = await make();
        const before = await photoCount();
        const filesBefore = (await storedIds()).length;
        const res = await upload(seller, bytes, name, type, field);
        expect(res.status).toBe(status);
        const body = await res.json();
        expect(body.error.message).toBe(message);
        expect(fieldMessages(body.error.fields)).toEqual({ photo: message });
        expect(await photoCount()).toBe(before);
        expect((await storedIds()).length).toBe(filesBefore);
        // Unharmed: the next photo goes through.
        expect((await upload(seller, await smallJpeg(320, 240))).status).toBe(201);
      },
    );

    it('refuses a body that is not multipart, naming the field', async () => {
      const res = await jsonPost(t, '/api/photos', { photo: 'data:image/jpeg;base64,AAAA' }, { cookie: seller.cookie });
      expect(res.status).toBe(400);
      expect(fieldMessages((await res.json()).error.fields)).toEqual({ photo: PHOTO_MESSAGES.missing });
    });

    it('limits uploads per seller, with Retry-After', async () => {
      const limited = await startTestApp({ config: { photoUploadsPerUser: 2 } });
      try {
        const who = await signUp(limited, { role: 'seller' });
        const send = async () => {
          const form = new FormData();
          form.append('photo', new Blob([new Uint8Array(await smallJpeg(64, 48))], { type: 'image/jpeg' }), 'p.jpg');
          return limited.request('/api/photos', {
            method: 'POST',
            headers: { origin: limited.url, cookie: who.cookie },
            body: form,
          });
        };
        expect((await send()).status).toBe(201);
        expect((await send()).status).toBe(201);
        const refused = await send();
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await refused.json()).error.code).toBe('rate_limited');
      } finally {
        await limited.close();
      }
    });
  });

  describe('photos on a listing', () => {
    async function addLaptop(who: Session, body: Record<string, unknown>) {
      return jsonPost(t, '/api/addLaptop', body, { cookie: who.cookie });
    }

    it('keeps a listing’s photos in the seller’s order: the first is the cover, everywhere the laptop shows', async () => {
      const list = [
        await uploaded(seller, await smallJpeg()),
        await uploaded(seller, await smallJpeg(800, 600)),
        await uploaded(seller, await smallJpeg()),
      ];
      const res = await addLaptop(
        seller,
        validLaptopBody({ laptop_img: undefined, photos: list.map((p) => p.id), laptop_name: 'Photo ThinkPad Zq1' }),
      );
      expect(res.status, await res.clone().text()).toBe(201);
      const laptop = await res.json();
      expect(laptop.laptop_img).toBe(list[0]!.url);
      expect(laptop.cover_photo).toEqual(list[0]);

      const detail = await (await t.request(`/api/laptops/${laptop._id}`)).json();
      expect(detail.photos).toEqual(list);
      const found = laptopPageSchema.parse(await (await t.request('/api/laptops?q=zq1')).json());
      expect(found.items.map((i) => i.cover_photo)).toEqual([list[0]]);
    });

    it('takes photos and an image URL alike, but needs one of them', async () => {
      const res = await addLaptop(seller, validLaptopBody({ laptop_img: '', photos: [] }));
      expect(res.status).toBe(400);
      expect(fieldMessages((await res.json()).error.fields)).toEqual({ laptop_img: 'laptop image is required' });
      const byUrl = await addLaptop(seller, validLaptopBody());
      expect(byUrl.status).toBe(201);
      const laptop = await byUrl.json();
      expect(laptop.cover_photo).toBeNull();
      expect((await (await t.request(`/api/laptops/${laptop._id}`)).json()).photos).toEqual([]);
    });

    it('refuses another seller’s photo, a photo twice, and a ninth photo, naming photos', async () => {
      const mine = await uploaded(seller, await smallJpeg());
      const theirs = await uploaded(otherSeller, await smallJpeg());
      const cases: [unknown, string][] = [
        [[mine.id, theirs.id], PHOTO_MESSAGES.notYours],
        [[mine.id, mine.id], PHOTO_MESSAGES.duplicate],
        [Array.from({ length: 9 }, (_, i) => i.toString(16).repeat(32)), PHOTO_MESSAGES.tooMany],
        [['../../etc/passwd'], 'each photo must be an id from POST /api/photos'],
      ];
      for (const [ids, message] of cases) {
        const res = await addLaptop(seller, validLaptopBody({ laptop_img: undefined, photos: ids }));
        expect(res.status, JSON.stringify(ids)).toBe(400);
        const fields = fieldMessages((await res.json()).error.fields);
        // A list's own rule names `photos`; an item's names its place (`photos.0`).
        expect(Object.entries(fields).find(([key]) => key.startsWith('photos'))?.[1]).toBe(message);
      }
    });

    it('removes a deleted listing’s photos, files and all, unless another listing shows them', async () => {
      const own = await uploaded(seller, await smallJpeg());
      const shared = await uploaded(seller, await smallJpeg());
      const a = await (
        await addLaptop(seller, validLaptopBody({ laptop_img: undefined, photos: [own.id, shared.id] }))
      ).json();
      await addLaptop(seller, validLaptopBody({ laptop_img: undefined, photos: [shared.id] }));
      const res = await t.request('/api/allLaptops', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', origin: t.url, cookie: seller.cookie },
        body: JSON.stringify({ laptopId: a._id }),
      });
      expect(res.status).toBe(200);
      expect((await t.request(own.url)).status).toBe(404);
      expect(await stored(own.id)).toBe(false);
      expect((await t.database.db.select().from(photos).where(eq(photos.id, own.id))).length).toBe(0);
      expect((await t.request(shared.url)).status).toBe(200);
    });

    it('removes photos never attached 24 hours after their upload, and not before', async () => {
      const photo = await uploaded(seller, await smallJpeg());
      const store = t.app.photoStore;
      const soon = new Date(Date.now() + UNATTACHED_PHOTO_TTL_MS - 60_000);
      await removeUnusedPhotos({ db: t.database.db, store, now: soon });
      expect((await t.request(photo.url)).status).toBe(200);
      const later = new Date(Date.now() + UNATTACHED_PHOTO_TTL_MS + 60_000);
      const removed = await removeUnusedPhotos({ db: t.database.db, store, now: later, batch: 10_000 });
      expect(removed).toBeGreaterThan(0);
      expect((await t.request(photo.url)).status).toBe(404);
      // Photos on listings stay whatever their age.
      const attached = await t.database.db.select({ id: laptopPhotos.photoId }).from(laptopPhotos).limit(1);
      if (attached[0])
        expect((await t.database.db.select().from(photos).where(eq(photos.id, attached[0].id))).length).toBe(1);
    });

    it('keeps a photo stored before 960 px with the files it has: on listings, uploaded again and removed', async () => {
      const bytes = await smallJpeg(1000, 625);
      const photo = await oldStyle(await uploaded(seller, bytes));
      expect(await t.app.photoStore.read(`${photo.id}/960.webp`)).toBeUndefined();
      // Uploaded again (same bytes, same id): its row and files stay as they were.
      expect(await uploaded(otherSeller, bytes)).toEqual(photo);
      expect(await t.app.photoStore.read(`${photo.id}/960.webp`)).toBeUndefined();

      const res = await addLaptop(
        seller,
        validLaptopBody({ laptop_img: undefined, photos: [photo.id], laptop_name: 'Photo ThinkPad Zq2' }),
      );
      const laptop = await res.json();
      expect(laptop.cover_photo).toEqual(photo);
      expect((await (await t.request(`/api/laptops/${laptop._id}`)).json()).photos).toEqual([photo]);
      const found = laptopPageSchema.parse(await (await t.request('/api/laptops?q=zq2')).json());
      expect(found.items.map((i) => i.cover_photo)).toEqual([photo]);
      for (const key of photoFileKeys(photo.id, photo))
        expect((await t.request(`/photos/${key}`)).status, key).toBe(200);
    });

    it('removes exactly a photo’s own files, whichever widths it was stored at', async () => {
      const old = await oldStyle(await uploaded(seller, await smallJpeg(1000, 625)));
      const fresh = await uploaded(seller, await smallJpeg(1000, 625));
      const narrow = await uploaded(seller, await smallJpeg(900, 600));
      expect(narrow.widths).toEqual([320, 640, 720, 960, 1280]);
      const keys = (p: PhotoAnswer) =>
        ['320', '640', '720', '960', '1280'].flatMap((w) => [`${p.id}/${w}.avif`, `${p.id}/${w}.webp`]);
      const store = t.app.photoStore;
      const remove = vi.spyOn(store, 'remove');
      try {
        const later = new Date(Date.now() + UNATTACHED_PHOTO_TTL_MS + 60_000);
        const ids = [old.id, fresh.id, narrow.id];
        expect(await removeUnusedPhotos({ db: t.database.db, store, ids, now: later })).toBe(3);
        expect(remove.mock.calls.map(([removed]) => [...removed].sort())).toEqual([
          keys(old)
            .filter((k) => !k.includes('/720.') && !k.includes('/960.'))
            .sort(),
          keys(fresh).sort(),
          keys(narrow)
            .filter((k) => !k.includes('/960.'))
            .sort(),
        ]);
      } finally {
        remove.mockRestore();
      }
      for (const key of [old, fresh, narrow].flatMap(keys)) expect(await store.read(key), key).toBeUndefined();
    });

    it('removes a deleted seller’s photos with their listings', async () => {
      const gone = await signUp(t, { role: 'seller' });
      const photo = await uploaded(gone, await smallJpeg());
      await addLaptop(gone, validLaptopBody({ laptop_img: undefined, photos: [photo.id] }));
      const admin = await signIn(t, DEMO.admin);
      const res = await t.request('/api/users', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', origin: t.url, cookie: admin.cookie },
        body: JSON.stringify({ id: gone.userId }),
      });
      expect(res.status).toBe(200);
      expect((await t.request(photo.url)).status).toBe(404);
    });
  });
});

describe('an S3 bucket behind a CDN (S3_PUBLIC_URL)', () => {
  it('gives the CDN’s addresses for the files it puts in the bucket', async () => {
    const s3 = await startS3Server();
    const cdn = await startTestApp({
      config: { s3: { ...s3, region: undefined, publicUrl: 'https://cdn.example.test/lh' } },
    });
    try {
      const who = await signUp(cdn, { role: 'seller' });
      const form = new FormData();
      const bytes = await photoLike(400, 300).jpeg().toBuffer();
      form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'cdn.jpg');
      const res = await cdn.request('/api/photos', {
        method: 'POST',
        headers: { origin: cdn.url, cookie: who.cookie },
        body: form,
      });
      expect(res.status).toBe(201);
      const photo = (await res.json()) as PhotoAnswer;
      expect(photo.url).toBe(`https://cdn.example.test/lh/${photo.id}/1280.webp`);
      // In the bucket, where the CDN reads it; the app still serves it itself too.
      expect(await cdn.app.photoStore.read(`${photo.id}/320.avif`)).toBeDefined();
      expect((await cdn.request(`/photos/${photo.id}/320.avif`)).status).toBe(200);
    } finally {
      await cdn.close();
      await s3.close();
    }
  });
});
