import { crc32, createDeflate, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Photo } from '../../shared/photos.ts';
import { photoQueue } from '../features/photos/processing.ts';
import type { Session } from './sessions.ts';
import type { TestApp } from './test-app.ts';

// Images for the photo tests, made on the spot: photo-like pictures, a phone's JPEG with GPS in its
// EXIF, and the hostile files of docs/photos.md#what-the-server-checks.

/** A photo-like picture (a pattern, so encoders have something to do) of `width` × `height`. */
export function photoLike(width: number, height: number) {
  const channels = 3;
  const data = Buffer.alloc(width * height * channels);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7919 + (i >> 11) * 31) % 251;
  return sharp(data, { raw: { width, height, channels } });
}

/**
 * A picture with shapes a perceptual hash can tell apart, different for each `seed`: copies of one
 * seed's (re-encoded, resized) look alike to features/photos/perceptual-hash.ts, two seeds' do not.
 */
export function scene(seed: number, width = 1600, height = 1000) {
  /** The n-th number in [0, 1) of this seed's picture (a 32-bit integer hash: nearby seeds differ wholly). */
  const r = (n: number) => {
    let x = Math.imul(seed + 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n + 1, 0xc2b2ae35);
    x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
    x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
    return ((x ^ (x >>> 16)) >>> 0) / 2 ** 32;
  };
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const [x, y, w, h] = [
      r(i * 4) * width * 0.7,
      r(i * 4 + 1) * height * 0.7,
      80 + r(i * 4 + 2) * 500,
      60 + r(i * 4 + 3) * 400,
    ];
    const hue = Math.round(r(i + 40) * 360);
    return i % 2
      ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="24" fill="hsl(${hue},60%,45%)"/>`
      : `<ellipse cx="${x + w / 2}" cy="${y + h / 2}" rx="${w / 2}" ry="${h / 2}" fill="hsl(${hue},70%,65%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${Math.round(r(99) * 360)},40%,85%)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg));
}

/** POST /api/photos: `who` uploads `bytes` as a JPEG; the stored photo (201), or throws. */
export async function uploadPhoto(t: TestApp, who: Session, bytes: Buffer): Promise<Photo> {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await t.request('/api/photos', {
    method: 'POST',
    headers: { origin: t.url, cookie: who.cookie },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Photo;
}

/** EXIF as a phone writes it: maker and model, and where the photo was taken. */
export const PHONE_EXIF = {
  IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Copyright: 'seller' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '90/1 24/1 0/1' },
};

/** A JPEG as a phone takes it: EXIF with GPS, and the sensor's orientation to turn it upright (90°). */
export async function phoneJpeg(width = 2000, height = 1500): Promise<Buffer> {
  return photoLike(width, height)
    .jpeg({ quality: 85 })
    .withExif(PHONE_EXIF)
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A decompression bomb: a valid PNG of `side` × `side` black pixels (1 bit each) that is a few
 * tens of KB on disk and 400 megapixels once decoded.
 */
export function pngBomb(side = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // filter byte + pixels, all zero
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's passes: first column and row, and the steps between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * A valid PNG of `width` × `height` black pixels: its rows deflate to almost nothing, so a file of a
 * few hundred KB decodes to as many pixels, bits and passes as its header says (a 7,000 × 7,000
 * 16-bit interlaced one is 286 KB and takes sharp 300–400 MB to decode).
 */
export async function blankPng({
  width,
  height,
  bitDepth = 8,
  colorType = 2,
  interlaced = false,
}: {
  width: number;
  height: number;
  bitDepth?: 8 | 16;
  /** 0 grey, 2 RGB, 4 grey and alpha, 6 RGBA. */
  colorType?: 0 | 2 | 4 | 6;
  interlaced?: boolean;
}): Promise<Buffer> {
  const rowBytes = (w: number) => 1 + Math.ceil((w * PNG_CHANNELS[colorType]! * bitDepth) / 8);
  let length = 0;
  if (!interlaced) length = height * rowBytes(width);
  else
    for (const [x0, y0, dx, dy] of ADAM7) {
      const [w, h] = [Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)];
      if (w > 0 && h > 0) length += h * rowBytes(w);
    }
  // Streamed a megabyte at a time: the rows of a big one are hundreds of MB.
  const deflate = createDeflate();
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve) => deflate.once('end', resolve));
  const zeros = Buffer.alloc(1 << 20);
  for (let left = length; left > 0; left -= zeros.length) {
    if (!deflate.write(left >= zeros.length ? zeros : zeros.subarray(0, left)))
      await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colorType;
  ihdr[12] = interlaced ? 1 : 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="9" height="9"/></svg>',
);

/** Takes `n` places in the photos' line (photoQueue) until the returned function gives them back. */
export function holdPlaces(n: number): () => Promise<void> {
  const releases: (() => void)[] = [];
  const held = Array.from({ length: n }, () =>
    photoQueue.run(() => new Promise<void>((resolve) => releases.push(resolve))).catch(() => {}),
  );
  return async () => {
    // A release hands the place to the next in line, whose task must begin before it is released.
    while (releases.length || photoQueue.running) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(held);
  };
}
