import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../../test/s3-server.ts';
import {
  localPhotoStore,
  PHOTO_CACHE_CONTROL,
  type PhotoStore,
  PhotoStoreUnavailableError,
  s3PhotoStore,
} from './store.ts';

// Both drivers against real storage: a fresh directory, and a bucket on a real S3 API server
// (s3rver). The store never looks inside files, so a few bytes stand in for a photo.

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const s3Options = () => ({
  endpoint: s3.endpoint,
  bucket: s3.bucket,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
});

const photoId = () => randomBytes(16).toString('hex');
const bytes = (text: string) => Buffer.from(text);
const readAll = async (body: Readable) => Buffer.concat(await body.toArray());

interface Driver {
  name: 'local' | 's3';
  open(): Promise<{ store: PhotoStore; close(): Promise<void> }>;
}

const drivers: Driver[] = [
  {
    name: 'local',
    async open() {
      const root = await mkdtemp(join(tmpdir(), 'lh-photos-'));
      return { store: localPhotoStore(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    async open() {
      return { store: await s3PhotoStore(s3Options()), close: async () => {} };
    },
  },
];

describe.each(drivers)('$name photo store', (driver) => {
  let store: PhotoStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await driver.open());
  });
  afterAll(async () => {
    await close?.();
  });

  it('is the kind it says', () => {
    expect(store.kind).toBe(driver.name);
  });

  it.each([
    ['avif', 'image/avif'],
    ['webp', 'image/webp'],
  ])('reads back a .%s file with its bytes, type and size', async (format, type) => {
    const key = `${photoId()}/640.${format}`;
    const content = bytes(`${format} photo \u00e0 640`);
    await store.put(key, content, type);

    const file = await store.read(key);
    expect(file).toBeDefined();
    expect(file?.type).toBe(type);
    expect(file?.size).toBe(content.length);
    expect(await readAll(file!.body)).toEqual(content);
  });

  it('gives the app path as the URL', () => {
    const key = `${photoId()}/1280.webp`;
    expect(store.url(key)).toBe(`/photos/${key}`);
  });

  it('reads a missing key as undefined', async () => {
    expect(await store.read(`${photoId()}/320.avif`)).toBeUndefined();
  });

  it('removes the keys that are there, ignores the missing ones and keeps the rest', async () => {
    const id = photoId();
    const other = photoId();
    const present = [`${id}/320.avif`, `${id}/640.webp`, `${other}/320.webp`];
    const kept = [`${id}/1280.webp`, `${other}/640.avif`];
    for (const key of [...present, ...kept])
      await store.put(key, bytes(key), key.endsWith('.avif') ? 'image/avif' : 'image/webp');
    const missing = [`${photoId()}/640.avif`, `${id}/1280.avif`];

    await expect(store.remove([missing[0]!, ...present, missing[1]!])).resolves.toBeUndefined();

    for (const key of present) expect(await store.read(key)).toBeUndefined();
    for (const key of kept) {
      const file = await store.read(key);
      expect(file).toBeDefined();
      expect((await readAll(file!.body)).toString()).toBe(key);
    }
  });

  it('removes nothing without complaint', async () => {
    await expect(store.remove([])).resolves.toBeUndefined();
    await expect(store.remove([`${photoId()}/320.webp`])).resolves.toBeUndefined();
  });

  it('keeps the latest bytes when a key is written twice', async () => {
    const key = `${photoId()}/320.webp`;
    await store.put(key, bytes('first, and longer'), 'image/webp');
    await store.put(key, bytes('second'), 'image/webp');

    const file = await store.read(key);
    expect(file?.size).toBe(6);
    expect((await readAll(file!.body)).toString()).toBe('second');
  });
});

describe('local photo store: keys', () => {
  let dir: string;
  let root: string;
  beforeAll(async () => {
    // The store sits two levels down, so a key that climbs out would still land inside `dir`.
    dir = await mkdtemp(join(tmpdir(), 'lh-photos-'));
    root = join(dir, 'data', 'photos');
    await mkdir(root, { recursive: true });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    '../../etc/passwd',
    `../${'a'.repeat(32)}/320.webp`,
    'abc/1280.webp',
    `${'a'.repeat(32)}/800.webp`,
    `${'a'.repeat(32)}/320.png`,
    `${'A'.repeat(32)}/320.webp`,
    `${'a'.repeat(32)}/320.webp/../../x`,
  ])('refuses %s before touching the disk', async (key) => {
    const store = localPhotoStore(root);
    await expect(store.put(key, bytes('x'), 'image/webp')).rejects.toThrow(/not a photo key/);
    await expect(store.read(key)).rejects.toThrow(/not a photo key/);
    await expect(store.remove([key])).rejects.toThrow(/not a photo key/);
    expect((await readdir(dir, { recursive: true })).sort()).toEqual(['data', join('data', 'photos')]);
  });
});

describe('s3 photo store: bucket specifics', () => {
  it('gives the public URL when there is one, without needing it to answer', async () => {
    const key = `${photoId()}/640.avif`;
    const viaCdn = await s3PhotoStore({ ...s3Options(), publicUrl: 'https://cdn.example.test/lh' });
    expect(viaCdn.url(key)).toBe(`https://cdn.example.test/lh/${key}`);
    const trailingSlash = await s3PhotoStore({ ...s3Options(), publicUrl: 'https://cdn.example.test/lh/' });
    expect(trailingSlash.url(key)).toBe(`https://cdn.example.test/lh/${key}`);
  });

  it('stores objects to be cached for a year, with their type', async () => {
    const store = await s3PhotoStore(s3Options());
    const key = `${photoId()}/1280.avif`;
    await store.put(key, bytes('avif'), 'image/avif');

    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
      expect(head.CacheControl).toBe(PHOTO_CACHE_CONTROL);
      expect(PHOTO_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
      expect(head.ContentType).toBe('image/avif');
      expect(head.ContentLength).toBe(4);
    } finally {
      client.destroy();
    }
  });
});

describe('s3 photo store: a bucket that is away', () => {
  /** A server on its own port that answers every request with `answer` (or never, when undefined). */
  async function fakeBucket(answer?: { status: number; code: string }) {
    const sockets = new Set<Socket>();
    const server = createServer((req, res) => {
      req.resume();
      if (!answer) return; // holds the request open: a bucket that hangs
      res.writeHead(answer.status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${answer.code}</Code><Message>no</Message></Error>`);
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      endpoint: `http://127.0.0.1:${port}`,
      close: () => {
        for (const s of sockets) s.destroy();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  }

  const failure = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeDefined();
    return error;
  };

  it('tells a stopped bucket as unavailable, fast, and works again once it is back with its files', async () => {
    const own = await startS3Server();
    try {
      const store = await s3PhotoStore({ ...own, region: undefined, publicUrl: undefined });
      const told: (string | undefined)[] = [];
      store.onAvailability?.((away) => told.push(away));
      const kept = `${photoId()}/640.webp`;
      await store.put(kept, bytes('kept'), 'image/webp');

      await own.stop();
      const started = Date.now();
      for (const work of [
        () => store.put(`${photoId()}/320.webp`, bytes('x'), 'image/webp'),
        () => store.read(kept),
        () => store.remove([kept]),
      ]) {
        const error = await failure(work());
        expect(error).toBeInstanceOf(PhotoStoreUnavailableError);
        expect((error as PhotoStoreUnavailableError).outage).toBe('connection refused');
      }
      // Refused connections are not waited on: one retry, no timeouts.
      expect(Date.now() - started).toBeLessThan(10_000);

      await own.start();
      const file = await store.read(kept);
      expect((await readAll(file!.body)).toString()).toBe('kept');
      await store.put(`${photoId()}/320.webp`, bytes('again'), 'image/webp');
      // Told once when it went and once when it came back, not per call.
      expect(told).toEqual(['connection refused', undefined]);
    } finally {
      await own.close();
    }
  });

  it('gives up on a bucket that never answers after its timeouts, as unavailable', async () => {
    const bucket = await fakeBucket();
    try {
      const store = await s3PhotoStore({
        ...s3Options(),
        endpoint: bucket.endpoint,
        timeouts: { requestMs: 500, socketMs: 500 },
      });
      const started = Date.now();
      const error = await failure(store.put(`${photoId()}/320.webp`, bytes('x'), 'image/webp'));
      expect(error).toBeInstanceOf(PhotoStoreUnavailableError);
      expect((error as PhotoStoreUnavailableError).outage).toBe('timeout');
      // Two attempts of half a second each, not minutes (generous: the machine is shared).
      expect(Date.now() - started).toBeLessThan(15_000);

      // Now known to be away: one call at a time waits on it, the others fail at once.
      const timed = async (work: () => Promise<unknown>) => {
        const t0 = Date.now();
        const error = await failure(work());
        expect(error).toBeInstanceOf(PhotoStoreUnavailableError);
        return Date.now() - t0;
      };
      const waits = await Promise.all([
        timed(() => store.put(`${photoId()}/320.webp`, bytes('x'), 'image/webp')),
        timed(() => store.read(`${photoId()}/320.webp`)),
        timed(() => store.put(`${photoId()}/640.webp`, bytes('x'), 'image/webp')),
      ]);
      expect(waits[0]).toBeGreaterThanOrEqual(900);
      expect(waits[1]).toBeLessThan(waits[0]! / 2);
      expect(waits[2]).toBeLessThan(waits[0]! / 2);
    } finally {
      await bucket.close();
    }
  });

  it.each([
    [503, 'SlowDown'],
    [503, 'ServiceUnavailable'],
    [500, 'InternalError'],
  ])('tells a bucket answering %i %s as unavailable', async (status, code) => {
    const bucket = await fakeBucket({ status, code });
    try {
      const store = await s3PhotoStore({ ...s3Options(), endpoint: bucket.endpoint, timeouts: { maxAttempts: 1 } });
      const error = await failure(store.put(`${photoId()}/320.webp`, bytes('x'), 'image/webp'));
      expect(error).toBeInstanceOf(PhotoStoreUnavailableError);
    } finally {
      await bucket.close();
    }
  });

  it('leaves a refusal (403 AccessDenied: a configuration to fix) as the error it is', async () => {
    const bucket = await fakeBucket({ status: 403, code: 'AccessDenied' });
    try {
      const store = await s3PhotoStore({ ...s3Options(), endpoint: bucket.endpoint });
      const error = await failure(store.put(`${photoId()}/320.webp`, bytes('x'), 'image/webp'));
      expect(error).not.toBeInstanceOf(PhotoStoreUnavailableError);
      expect((error as { name?: string }).name).toBe('AccessDenied');
    } finally {
      await bucket.close();
    }
  });
});
