import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../shared/photo-files.ts';
import { buildApp } from '../app.ts';
import { photos } from '../db/schema/photos.ts';
import { photoIdOf } from '../lib/photo-processing.ts';
import { testConfig } from '../test/env.ts';
import { blankPng, photoLike } from '../test/photos.ts';
import { type Session, signUp } from '../test/sessions.ts';
import { openTestDatabase, startTestApp, type TestApp } from '../test/test-app.ts';

// What one upload may cost the server (docs/photos.md#what-a-photo-may-cost): photos refused from
// their header when decoding them would cost too much, and malformed multipart answered as a
// client's mistake.

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
    expect((await res.json()).error).toEqual({ code: 'validation', message, fields: { photo: message } });
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
    expect(answer.error).toEqual({ code: 'validation', message, fields: { photo: message } });
    const errors = lines.slice(from).filter((line) => line.level >= 50 || line.err?.stack);
    expect(errors).toEqual([]);
  });
});
