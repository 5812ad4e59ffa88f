import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../../shared/photo-files.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test/env.ts';
import { blankPng, holdPlaces, photoLike } from '../../test/photos.ts';
import { jsonPost, type Session, signUp } from '../../test/sessions.ts';
import { openTestDatabase, startTestApp, type TestApp } from '../../test/test-app.ts';
import { PHOTO_WORK, photoIdOf, photoQueue } from './processing.ts';
import { photos } from './schema.ts';

// What one upload may cost the server (docs/photos.md#what-a-photo-may-cost): photos refused from
// their header when decoding them would cost too much, image work that never takes every thread
// sign-in and file serving need, uploads abandoned by their sender that stop and store nothing,
// a few uploads at once per seller, and malformed multipart answered as a client's mistake.

let t: TestApp;
let seller: Session;

function upload(who: Session, bytes: Buffer, name = 'photo.png', type = 'image/png') {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type }), name);
  return t.request('/api/photos', {
    method: 'POST',
    headers: { origin: t.url, cookie: who.cookie },
    body: form,
  });
}

/** A multipart body by hand: what a browser sends, or (with `end: false`) one cut short. */
function multipart(boundary: string, bytes: Buffer, { end = true, name = 'p.png', type = 'image/png' } = {}) {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(end ? `\r\n--${boundary}--\r\n` : ''),
  ]);
}

const sharpIdle = () => sharp.counters().queue === 0 && sharp.counters().process === 0;
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timed(run: () => Promise<void>) {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** Heavy but allowed: 49 megapixels of 8-bit RGB that decode as they stream (143 KB on disk). */
let heavy: Buffer;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, { role: 'seller' });
  heavy = await blankPng({ width: 7000, height: 7000 });
});
afterAll(() => t?.close());

describe('photos whose decoding would cost too much', () => {
  const cases: [string, () => Promise<Buffer>, string][] = [
    [
      'the review’s file: 7,000 × 7,000, 16-bit and interlaced (286 KB, 300–400 MB to decode)',
      () => blankPng({ width: 7000, height: 7000, bitDepth: 16, interlaced: true }),
      PHOTO_MESSAGES.tooCostly,
    ],
    [
      '7,000 × 7,000 and interlaced',
      () => blankPng({ width: 7000, height: 7000, interlaced: true }),
      PHOTO_MESSAGES.interlaced,
    ],
    ['7,000 × 7,000 and 16-bit', () => blankPng({ width: 7000, height: 7000, bitDepth: 16 }), PHOTO_MESSAGES.deep],
  ];

  it.each(cases)('refuses %s, naming the field, before decoding it', async (_name, make, message) => {
    const bytes = await make();
    const res = await upload(seller, bytes);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 'validation', message, fields: { photo: { message } } });
    expect(
      await t.database.db
        .select()
        .from(photos)
        .where(eq(photos.id, photoIdOf(bytes))),
    ).toEqual([]);
  });

  it('takes what a phone or a camera sends: 50 MP JPEG, 12 MP progressive JPEG, 49 MP PNG', async () => {
    const black = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: { r: 9, g: 9, b: 9 } } });
    for (const [bytes, name, type] of [
      [await black(8660, 5773).jpeg().toBuffer(), 'camera.jpg', 'image/jpeg'],
      [await black(4032, 3024).jpeg({ progressive: true }).toBuffer(), 'phone.jpg', 'image/jpeg'],
      [heavy, 'big.png', 'image/png'],
    ] as const) {
      const res = await upload(seller, bytes, name, type);
      expect(res.status, `${name}: ${await res.clone().text()}`).toBe(201);
    }
  });
});

describe('while sellers upload heavy photos', () => {
  it('keeps answering sign-ins and photo requests', async () => {
    const sellers = await Promise.all([1, 2, 3, 4].map(() => signUp(t, { role: 'seller' })));
    const small = await upload(seller, await photoLike(320, 240).jpeg().toBuffer(), 'small.jpg', 'image/jpeg');
    expect(small.status).toBe(201);
    const { url } = (await small.json()) as { url: string };
    const signIn = () =>
      timed(async () => {
        const res = await jsonPost(t, '/api/auth/sign-in/email', { email: sellers[0]!.email, password: 'Secret@123' });
        expect(res.status).toBe(200);
      });
    const photo = () =>
      timed(async () => {
        const res = await t.request(url);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      });
    const quiet = {
      signIn: median([await signIn(), await signIn(), await signIn()]),
      photo: median([await photo(), await photo(), await photo()]),
    };

    // Two heavy photos from each seller at once.
    const flood = sellers.flatMap((who) => [upload(who, heavy), upload(who, heavy)]);
    await until(() => sharp.counters().process > 0);
    const busy = { signIn: await signIn(), photo: await photo() };
    const stillBusy = !sharpIdle();
    const statuses = await Promise.all(flood.map(async (res) => (await res).status));

    expect(stillBusy).toBe(true);
    expect(statuses).toEqual(statuses.map(() => 201));
    // What the user feels, with room for a shared 2-core machine: a sign-in that takes a fraction of
    // a second alone answers within 1.5 s (or five times that) under the flood, not after it.
    expect(busy.signIn).toBeLessThan(Math.max(1_500, 5 * quiet.signIn));
    expect(busy.photo).toBeLessThan(Math.max(1_000, 20 * quiet.photo));
  });
});

describe('an upload its sender abandons', () => {
  /** Sends an upload over a connection of its own, to be cut with `destroy()`. */
  function send(bytes: Buffer) {
    const boundary = 'x-abandoned-upload';
    const body = multipart(boundary, bytes, { name: 'p.jpg', type: 'image/jpeg' });
    const req = httpRequest(`${t.url}/api/photos`, {
      method: 'POST',
      headers: {
        origin: t.url,
        cookie: seller.cookie,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
    });
    req.on('error', () => {});
    req.on('response', (res) => res.resume());
    req.end(body);
    return req;
  }
  const storedAs = async (bytes: Buffer) => {
    const id = photoIdOf(bytes);
    const rows = await t.database.db.select().from(photos).where(eq(photos.id, id));
    const file = await t.app.photoStore.read(`${id}/320.webp`);
    file?.body.destroy(); // an unread S3 body holds a connection of the client's pool
    return { rows: rows.length, file: Boolean(file) };
  };

  it('while it is processed: stops after the step under way, and stores nothing', async () => {
    const bytes = await photoLike(4000, 3000).jpeg({ quality: 90 }).toBuffer();
    const req = send(bytes);
    await until(() => sharp.counters().process > 0);
    let reports = 0;
    const count = () => (reports += 1);
    sharp.queue.on('change', count);
    req.destroy();
    await until(() => photoQueue.running === 0);
    await until(sharpIdle);
    sharp.queue.off('change', count);
    expect(await storedAs(bytes)).toEqual({ rows: 0, file: false });
    // A photo is nine steps (a decode and eight encodes), each reported by sharp when it is queued
    // and when it ends: after the disconnect, only the step under way ends.
    expect(reports).toBeLessThanOrEqual(2);
  });

  it('while it waits its turn: leaves the line at once and never starts', async () => {
    const bytes = await photoLike(640, 480).jpeg().toBuffer();
    const release = holdPlaces(PHOTO_WORK.atOnce);
    try {
      const req = send(bytes);
      await until(() => photoQueue.waiting === 1);
      req.destroy();
      await until(() => photoQueue.waiting === 0);
      expect(sharpIdle()).toBe(true);
    } finally {
      await release();
    }
    expect(await storedAs(bytes)).toEqual({ rows: 0, file: false });
  });
});

describe('the line of photos', () => {
  it('answers 503 with Retry-After when it is full, and takes photos again once it moves', async () => {
    const bytes = await photoLike(640, 480).png().toBuffer();
    const release = holdPlaces(PHOTO_WORK.atOnce + PHOTO_WORK.waiting);
    try {
      const res = await upload(seller, bytes);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await res.json()).error).toMatchObject({ code: 'unavailable', message: PHOTO_MESSAGES.busy });
    } finally {
      await release();
    }
    expect((await upload(seller, bytes)).status).toBe(201);
  });
});

describe('uploads at once', () => {
  it('takes two at a time from one seller, and refuses a third with 429 and Retry-After', async () => {
    const who = await signUp(t, { role: 'seller' });
    const answers = await Promise.all([upload(who, heavy), upload(who, heavy), upload(who, heavy)]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 429]);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatchObject({ code: 'rate_limited', message: PHOTO_MESSAGES.atOnce });
  });
});

describe('malformed multipart', () => {
  type Line = { level: number; msg?: string; err?: { stack?: string } };
  const lines: Line[] = [];
  let url = '';
  let cookie = '';
  let close = async () => {};

  beforeAll(async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({
      config: testConfig(),
      database,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const logged: TestApp = {
      app,
      database,
      url,
      request: (path, init) => fetch(`${url}${path}`, init),
      close: async () => {},
    };
    cookie = (await signUp(logged, { role: 'seller' })).cookie;
    close = async () => {
      await app.close();
      await database.close();
      await drop();
    };
  });
  afterAll(() => close());

  const png = () => photoLike(64, 48).png().toBuffer();
  const { malformed, missing } = PHOTO_MESSAGES;
  const bodies: [string, () => Promise<{ type: string; body: Buffer }>, string][] = [
    [
      'a body cut short inside the file',
      async () => ({ type: 'multipart/form-data; boundary=cut', body: multipart('cut', await png(), { end: false }) }),
      malformed,
    ],
    [
      'a body cut short inside the part’s headers',
      async () => ({
        type: 'multipart/form-data; boundary=hdr',
        body: Buffer.from('--hdr\r\nContent-Disposition: form-data; name="photo"; filen'),
      }),
      malformed,
    ],
    [
      'a file under another name, cut short',
      async () => ({
        type: 'multipart/form-data; boundary=other',
        body: Buffer.from('--other\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\n\r\nxx'),
      }),
      malformed,
    ],
    [
      'no boundary at all',
      async () => ({ type: 'multipart/form-data', body: multipart('none', await png()) }),
      malformed,
    ],
    [
      'a boundary the body never uses',
      async () => ({ type: 'multipart/form-data; boundary=other', body: multipart('used', await png()) }),
      malformed,
    ],
    [
      'a part whose header has no colon (no file in it)',
      async () => ({
        type: 'multipart/form-data; boundary=bad',
        body: Buffer.from('--bad\r\nthis is not a header\r\n\r\nxx\r\n--bad--\r\n'),
      }),
      missing,
    ],
    ['an empty body', async () => ({ type: 'multipart/form-data; boundary=empty', body: Buffer.alloc(0) }), missing],
  ];

  it.each(bodies)('answers %s with 400 in the error shape, and logs no error', async (_name, make, message) => {
    const { type, body } = await make();
    const from = lines.length;
    const res = await fetch(`${url}/api/photos`, {
      method: 'POST',
      headers: { origin: url, cookie, 'content-type': type },
      body: new Uint8Array(body),
    });
    const answer = await res.json();
    expect(res.status, JSON.stringify(answer)).toBe(400);
    expect(answer.error).toMatchObject({ code: 'validation', message, fields: { photo: { message } } });
    const errors = lines.slice(from).filter((line) => line.level >= 50 || line.err?.stack);
    expect(errors).toEqual([]);
  });
});
