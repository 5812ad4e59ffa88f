// The photo part of `npm run bench` (docs/performance.md): uploads of 12 MP phone JPEGs to
// POST /api/photos on a running server at 2 connections (the machine's cores), beside sharp alone
// doing the same work (`encodeVariants`, the pure sharp part of an upload) on the very same files in
// this process at the same concurrency. The two sides take turns in slices of SLICE photos (which
// side goes first alternates), so the machine's drift hits both alike; `ratio_to_sharp` is the
// server's rate over sharp's. Every upload is a different file: the server stores the same bytes
// once (content-addressed), so a repeated file would not be processed again.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { encodeVariants } from '../src/server/features/photos/processing.ts';
import { PHOTO_FORMATS, PHOTO_WIDTHS } from '../src/shared/photo-files.ts';
import { signUp } from './harness.ts';

export interface PhotoResults {
  /** Uploads answered 201 per second, at CONCURRENCY connections. */
  per_s: number;
  /** `encodeVariants` on the same files per second, at the same concurrency, in the slices beside. */
  sharp_alone_per_s: number;
  ratio_to_sharp: number;
  /** Per upload, from the request sent to the whole answer read (nearest rank). */
  p99_ms: number;
}

/** Concurrent uploads, and concurrent `encodeVariants` calls: the machine's two cores. */
const CONCURRENCY = 2;
/** Photos measured on each side (default 32: about 15 s a side on a quiet 2-core machine). */
const COUNT = Number(process.env.BENCH_PHOTO_COUNT ?? 32);
/** Photos per slice: four per connection, then the other side's turn. */
const SLICE = 8;
const WIDTH = 4000;
const HEIGHT = 3000;

// --- photo-like JPEGs ---------------------------------------------------------------------------

/** mulberry32: a small seeded generator, 32 bits a call. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h % 360)} ${Math.round(s)}% ${Math.round(l)}%)`;

/** A laptop on a desk against a wall, as SVG: colours, sizes and placings drawn from `seed`. */
function scene(seed: number, w: number, h: number): string {
  const next = random(seed);
  const r = () => next() / 2 ** 32;
  const hue = r() * 360;
  const defs: string[] = [];
  const parts: string[] = [];
  const gradient = (id: string, stops: string[], attrs = 'x1="0" y1="0" x2="0" y2="1"') =>
    defs.push(
      `<linearGradient id="${id}" ${attrs}>${stops.map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`).join('')}</linearGradient>`,
    );
  gradient('wall', [hsl(hue, 20 + r() * 30, 70 + r() * 20), hsl(hue + 30, 15 + r() * 20, 35 + r() * 20)]);
  gradient('desk', [
    hsl(20 + r() * 20, 30 + r() * 30, 30 + r() * 20),
    hsl(20 + r() * 20, 30 + r() * 30, 12 + r() * 10),
  ]);
  gradient('body', [hsl(220, 5, 75 - r() * 40), hsl(220, 5, 30 - r() * 15)], 'x1="0" y1="0" x2="1" y2="1"');
  defs.push(
    `<radialGradient id="screen" cx="${0.3 + r() * 0.4}" cy="${0.3 + r() * 0.4}" r="0.8"><stop offset="0" stop-color="${hsl(hue + 180, 60, 60)}"/><stop offset="1" stop-color="${hsl(hue + 220, 50, 12)}"/></radialGradient>`,
  );
  const horizon = h * (0.45 + r() * 0.15);
  parts.push(`<rect width="${w}" height="${h}" fill="url(#wall)"/>`);
  // Soft lights on the wall.
  for (let i = 0; i < 12; i++) {
    defs.push(
      `<radialGradient id="light${i}"><stop offset="0" stop-color="${hsl(hue + r() * 90, 60, 85)}" stop-opacity="${0.2 + r() * 0.4}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    );
    parts.push(`<circle cx="${r() * w}" cy="${r() * horizon}" r="${w * (0.03 + r() * 0.12)}" fill="url(#light${i})"/>`);
  }
  parts.push(`<rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#desk)"/>`);
  // The desk's grain.
  for (let i = 0; i < 40; i++) {
    const y = horizon + r() * (h - horizon);
    const dy = () => (r() - 0.5) * 80;
    parts.push(
      `<path d="M0 ${y} C ${w * 0.3} ${y + dy()}, ${w * 0.6} ${y + dy()}, ${w} ${y + dy()}" stroke="${hsl(25, 40, 10 + r() * 30)}" stroke-opacity="0.35" stroke-width="${2 + r() * 10}" fill="none"/>`,
    );
  }
  // The laptop: the lid with windows on its screen, then the base with its keys in perspective.
  const lw = w * (0.45 + r() * 0.2);
  const lx = (w - lw) / 2 + (r() - 0.5) * w * 0.1;
  const lh = lw * 0.62;
  const ly = horizon - lh * 0.85;
  parts.push(`<rect x="${lx}" y="${ly}" width="${lw}" height="${lh}" rx="${lw * 0.02}" fill="url(#body)"/>`);
  parts.push(
    `<rect x="${lx + lw * 0.03}" y="${ly + lh * 0.04}" width="${lw * 0.94}" height="${lh * 0.9}" fill="url(#screen)"/>`,
  );
  for (let i = 0; i < 14; i++) {
    parts.push(
      `<rect x="${lx + lw * (0.06 + r() * 0.6)}" y="${ly + lh * (0.08 + r() * 0.75)}" width="${lw * (0.05 + r() * 0.3)}" height="${lh * (0.02 + r() * 0.08)}" fill="${hsl(hue + r() * 120, 50, 40 + r() * 50)}" fill-opacity="0.8"/>`,
    );
  }
  const by = ly + lh;
  const bh = lh * 0.35;
  parts.push(
    `<path d="M${lx} ${by} L${lx + lw} ${by} L${lx + lw * 1.12} ${by + bh} L${lx - lw * 0.12} ${by + bh} Z" fill="url(#body)"/>`,
  );
  const x = (t: number, u: number) => lx - lw * 0.12 * t + (lw + lw * 0.24 * t) * u;
  for (let row = 0; row < 5; row++) {
    const t0 = ((row + 0.3) / 6) * 0.75;
    const t1 = ((row + 1) / 6) * 0.75;
    for (let c = 0; c < 14; c++) {
      const u0 = 0.06 + (c / 14) * 0.88;
      const u1 = u0 + 0.88 / 14 - 0.008;
      parts.push(
        `<path d="M${x(t0, u0)} ${by + bh * t0} L${x(t0, u1)} ${by + bh * t0} L${x(t1, u1)} ${by + bh * t1} L${x(t1, u0)} ${by + bh * t1} Z" fill="#1b1d22"/>`,
      );
    }
  }
  // Things on the desk.
  for (let i = 0; i < 6; i++) {
    parts.push(
      `<ellipse cx="${r() * w}" cy="${horizon + (0.3 + r() * 0.6) * (h - horizon)}" rx="${w * (0.02 + r() * 0.06)}" ry="${h * (0.01 + r() * 0.04)}" fill="${hsl(r() * 360, 40 + r() * 40, 20 + r() * 50)}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>${defs.join('')}</defs>${parts.join('')}</svg>`;
}

/** A random field of w/scale × h/scale values scaled up to w × h: texture about `scale` pixels across. */
function field(seed: number, w: number, h: number, scale: number): Promise<Buffer> {
  const fw = Math.ceil(w / scale);
  const fh = Math.ceil(h / scale);
  const next = random(seed);
  const small = Buffer.alloc(fw * fh);
  for (let i = 0; i < small.length; i++) small[i] = next() & 255;
  return sharp(small, { raw: { width: fw, height: fh, channels: 1 } })
    .resize(w, h, { kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * A phone-like JPEG (quality 90, 4:2:0) of a drawn scene, `seed` choosing everything: surfaces with
 * texture at two scales (what survives the scaling to 1,280 px, so the stored files weigh about what a
 * photo's do: 60–90 KB for the widest AVIF) and the sensor's grain (what makes a 12 MP file weigh what
 * a phone's does: 2.6–3.5 MB here).
 * The camera's make and model in EXIF; upright (no orientation to apply).
 */
export async function photoJpeg(seed: number, width = WIDTH, height = HEIGHT): Promise<Buffer> {
  const [picture, coarse, fine] = await Promise.all([
    sharp(Buffer.from(scene(seed, width, height)))
      .removeAlpha()
      .blur(1.2)
      .raw()
      .toBuffer({ resolveWithObject: true }),
    field(seed * 3 + 1, width, height, 12),
    field(seed * 3 + 2, width, height, 3),
  ]);
  const { data, info } = picture;
  const next = random(seed * 3 + 3);
  const grain = 8 + (seed % 7); // differs from photo to photo, as ISO does
  const px = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  for (let p = 0, i = 0; i < px.length; p++, i += 3) {
    const n = next();
    const light =
      (coarse[p]! - 128) * 0.12 + (fine[p]! - 128) * 0.08 + (((n & 255) + ((n >>> 8) & 255) - 255) / 255) * grain;
    px[i] = data[i]! + light + (((n >>> 16) & 15) - 7.5) * 0.3;
    px[i + 1] = data[i + 1]! + light;
    px[i + 2] = data[i + 2]! + light + (((n >>> 20) & 15) - 7.5) * 0.3;
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Bench Phone' } })
    .toBuffer();
}

/**
 * Where made photos are kept between runs (a 12 MP one takes 1–2 s to make): named by a hash of the
 * code that makes them and of sharp's version, so a change to either makes them anew.
 */
const CACHE_DIR = join(
  tmpdir(),
  `laptop-haat-bench-photos-${createHash('sha256')
    .update([random, hsl, scene, field, photoJpeg].map(String).join('\n'))
    .update(`${sharp.versions.sharp} ${sharp.versions.vips}`)
    .digest('hex')
    .slice(0, 12)}`,
);

/** `count` distinct photos from `firstSeed` on: from the cache, or made two at a time (the cores). */
export async function photoJpegs(count: number, firstSeed: number, width = WIDTH, height = HEIGHT) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const out: Buffer[] = new Array(count);
  await pool(count, CONCURRENCY, async (i) => {
    const file = join(CACHE_DIR, `${firstSeed + i}-${width}x${height}.jpg`);
    try {
      out[i] = readFileSync(file);
    } catch {
      out[i] = await photoJpeg(firstSeed + i, width, height);
      // Written beside and renamed: a run stopped half-way leaves no half a file.
      writeFileSync(`${file}.${process.pid}`, out[i]!);
      renameSync(`${file}.${process.pid}`, file);
    }
  });
  return out;
}

// --- uploading ----------------------------------------------------------------------------------

/** A multipart body with the photo as field `photo`, built once; `bytes` is the photo within it. */
export interface Upload {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  bytes: Buffer;
}

export function uploadOf(photo: Buffer, name: string): Upload {
  const boundary = `----laptop-haat-bench-${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(head.length + photo.length + tail.length);
  body.set(head, 0);
  body.set(photo, head.length);
  body.set(tail, head.length + photo.length);
  return {
    body,
    type: `multipart/form-data; boundary=${boundary}`,
    bytes: Buffer.from(body.buffer, head.length, photo.length),
  };
}

export interface UploadedPhoto {
  id: string;
  url: string;
  width: number;
  height: number;
}

/** POST /api/photos as the seller's browser sends it (cookie and origin); anything but a 201 throws. */
export async function uploadPhoto(url: string, cookie: string, upload: Upload): Promise<UploadedPhoto> {
  const res = await fetch(`${url}/api/photos`, {
    method: 'POST',
    headers: { 'content-type': upload.type, cookie, origin: url },
    body: upload.body,
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /api/photos: ${res.status} ${text}`);
  return JSON.parse(text) as UploadedPhoto;
}

/** Runs `work(0 … count - 1)` on `concurrency` workers, each taking the next index when it is free. */
async function pool(count: number, concurrency: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** One side's slice: its items at CONCURRENCY, each timed; the slice's wall time. */
async function slice<T>(items: T[], work: (item: T) => Promise<void>) {
  const latencies: number[] = [];
  const t0 = performance.now();
  await pool(items.length, CONCURRENCY, async (i) => {
    const start = performance.now();
    await work(items[i]!);
    latencies.push(performance.now() - start);
  });
  return { ms: performance.now() - t0, latencies };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const mb = (n: number) => (n / 1e6).toFixed(1);

/**
 * CPU milliseconds a process has used so far, all its threads (Linux: /proc/{pid}/stat); undefined
 * where that cannot be read. Less swayed by other work on the machine than rates are.
 */
function cpuMsOf(pid: number | undefined): () => number | undefined {
  if (pid === undefined) {
    return () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
  }
  let tick = 100;
  try {
    tick = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    // getconf missing: Linux's usual 100 ticks a second.
  }
  return () => {
    try {
      // Fields after the command's closing bracket: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
    } catch {
      return undefined;
    }
  };
}

/**
 * Makes the photos (CONCURRENCY for the warm-up, then COUNT), signs a seller up on the server at
 * `url`, warms both sides up, then measures both in alternating slices. With the server's `pid`,
 * the CPU time each side spends per photo is printed too (the server's, all its threads; this
 * process's for sharp alone).
 */
export async function benchPhotos(url: string, pid?: number): Promise<PhotoResults> {
  const started = performance.now();
  const n = Math.max(COUNT, 1);
  console.log(`\nphotos: ${n + CONCURRENCY} distinct ${WIDTH} × ${HEIGHT} JPEGs (quality 90), in ${CACHE_DIR}`);
  const photos = await photoJpegs(n + CONCURRENCY, 1);
  const uploads = photos.map((p, i) => uploadOf(p, `IMG_${String(i + 1).padStart(4, '0')}.jpg`));
  const sizes = photos.map((p) => p.length).sort((a, b) => a - b);
  console.log(
    `  ready in ${((performance.now() - started) / 1000).toFixed(1)} s (made once, then kept): ${mb(sizes[0]!)}–${mb(sizes.at(-1)!)} MB, ` +
      `median ${mb(sizes[Math.floor(sizes.length / 2)]!)} MB`,
  );
  const seller = await signUp(url, 'seller', 'bench-photos@example.test');

  const ids = new Set<string>();
  const upload = async (u: Upload) => {
    const photo = await uploadPhoto(url, seller.cookie, u);
    // A known id would mean the server skipped the work: every file must be new to it.
    if (ids.has(photo.id)) throw new Error(`POST /api/photos: photo ${photo.id} came back twice`);
    ids.add(photo.id);
    if (photo.width !== 1280 || photo.height !== 960)
      throw new Error(`unexpected size ${photo.width} × ${photo.height}`);
  };
  const alone = async (u: Upload) => {
    const done = await encodeVariants(u.bytes);
    if (done.files.length !== PHOTO_WIDTHS.length * PHOTO_FORMATS.length || done.width !== 1280)
      throw new Error('encodeVariants: unexpected files');
  };

  // Warm-up: the server's first upload and this process's first encode (codecs loaded, pools made).
  const warm = uploads.slice(0, CONCURRENCY);
  await slice(warm, upload);
  await slice(warm, alone);

  const measured = uploads.slice(CONCURRENCY);
  const server = { ms: 0, cpuMs: 0 as number | undefined, cpu: cpuMsOf(pid), latencies: [] as number[] };
  const sharpAlone = { ms: 0, cpuMs: 0 as number | undefined, cpu: cpuMsOf(undefined), latencies: [] as number[] };
  if (pid === undefined) server.cpuMs = undefined;
  for (let at = 0, k = 0; at < measured.length; at += SLICE, k++) {
    const files = measured.slice(at, at + SLICE);
    const sides: [typeof server, (u: Upload) => Promise<void>][] = [
      [server, upload],
      [sharpAlone, alone],
    ];
    // Which side goes first alternates: neither always follows the other's leftovers.
    if (k % 2 === 1) sides.reverse();
    for (const [side, work] of sides) {
      const cpu0 = side.cpu();
      const r = await slice(files, work);
      const cpu1 = side.cpu();
      side.ms += r.ms;
      side.latencies.push(...r.latencies);
      side.cpuMs =
        side.cpuMs === undefined || cpu0 === undefined || cpu1 === undefined ? undefined : side.cpuMs + cpu1 - cpu0;
    }
  }

  const perS = measured.length / (server.ms / 1000);
  const alonePerS = measured.length / (sharpAlone.ms / 1000);
  const result: PhotoResults = {
    per_s: Number(perS.toFixed(2)),
    sharp_alone_per_s: Number(alonePerS.toFixed(2)),
    ratio_to_sharp: Number((perS / alonePerS).toFixed(2)),
    p99_ms: Math.round(percentile(server.latencies, 99)),
  };
  const line = (label: string, perSecond: number, latencies: number[]) =>
    console.log(
      `  ${label.padEnd(36)} ${perSecond.toFixed(2).padStart(6)} photos/s  p50 ${String(Math.round(percentile(latencies, 50))).padStart(5)} ms` +
        `  p99 ${String(Math.round(percentile(latencies, 99))).padStart(5)} ms`,
    );
  console.log(
    `  ${measured.length} photos a side, ${CONCURRENCY} at a time, in slices of ${SLICE} alternating` +
      (measured.length < 100 ? ` (with fewer than 100, p99 is the slowest of them)` : ''),
  );
  line('POST /api/photos', perS, server.latencies);
  line('sharp alone (encodeVariants)', alonePerS, sharpAlone.latencies);
  if (server.cpuMs !== undefined && sharpAlone.cpuMs !== undefined) {
    const perPhoto = (ms: number) => Math.round(ms / measured.length);
    const busy = (side: { cpuMs?: number; ms: number }) => (side.cpuMs! / side.ms).toFixed(2);
    console.log(
      `  CPU per photo: server ${perPhoto(server.cpuMs)} ms (all its threads), sharp alone ${perPhoto(sharpAlone.cpuMs)} ms` +
        ` (${(sharpAlone.cpuMs / server.cpuMs).toFixed(2)}×); cores kept busy: ${busy(server)} and ${busy(sharpAlone)} of ${CONCURRENCY}`,
    );
  }
  console.log(
    `  ratio ${(perS / alonePerS).toFixed(2)}×; the part took ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return result;
}
