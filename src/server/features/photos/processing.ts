import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { ErrorReason } from '../../../shared/error-codes.ts';
import {
  PHOTO_FORMATS,
  PHOTO_LIMITS,
  PHOTO_WIDTHS,
  type PhotoFormat,
  photoVariants,
  variantName,
} from '../../../shared/photo-files.ts';
import { AppError } from '../../platform/errors.ts';
import { QueueFullError, WorkQueue } from './image-queue.ts';
import { perceptualHash } from './perceptual-hash.ts';

// An uploaded photo made safe and small (docs/photos.md): its kind decided from its bytes, refused
// when it is not a photo we take or carries anything after the picture, turned upright, stripped of
// every piece of metadata (EXIF with GPS, XMP, comments: sharp writes none unless told to), and
// written as AVIF and WebP at the widths of PHOTO_WIDTHS, and its perceptual hash taken from the
// same pixels. The original bytes are never stored.

export type PhotoKind = 'jpeg' | 'png' | 'webp' | 'avif';

export interface ProcessedPhoto {
  /** The first 32 hex digits of the SHA-256 of the uploaded bytes: the same file twice is one photo. */
  id: string;
  /** Of the widest file. */
  width: number;
  height: number;
  /** The widths it is stored at: PHOTO_WIDTHS (its files are named by them, photoVariants). */
  widths: number[];
  /** Its perceptual hash (perceptual-hash.ts), of the stored pixels: copies of it differ in few bits. */
  phash: bigint;
  files: { name: string; type: string; bytes: Buffer }[];
}

/** The reasons an upload is refused as a photo (400, naming the field `photo`). */
type PhotoRefusal = Extract<
  ErrorReason,
  | 'photo_empty'
  | 'photo_not_a_photo'
  | 'photo_mismatch'
  | 'photo_unreadable'
  | 'photo_trailing'
  | 'photo_malformed'
  | 'photo_too_many_pixels'
  | 'photo_too_slow'
  | 'photo_interlaced'
  | 'photo_deep'
  | 'photo_too_costly'
>;
const refuse = (reason: PhotoRefusal) => {
  const params: Record<string, number> =
    reason === 'photo_too_many_pixels' ? { max_megapixels: PHOTO_LIMITS.maxPixels / 1_000_000 } : {};
  return new AppError(reason, params, { photo: { code: reason, ...params } });
};

/** What image work may take of this process (docs/photos.md#what-a-photo-may-cost). */
export const PHOTO_WORK = {
  /**
   * Photos processed at once. Each runs its steps one after another on one of libuv's four
   * threads, so sign-in's password hashing and file reads always have the other two.
   */
  atOnce: 2,
  /** Photos that may wait their turn (each holds its upload, ≤ 15 MB); more are refused (503). */
  waiting: 8,
  /** Seconds of sharp's work one photo may take in all, its wait for a turn aside. */
  seconds: 20,
  /**
   * What decoding may cost, in bytes of decoded pixels weighed by how the decoder holds them
   * (decodeCost). 150 MB is a 50-megapixel photo of 8-bit RGB, the largest a phone or camera
   * sends as a baseline JPEG (which sharp decodes shrunk, as it streams): every such photo passes.
   */
  decodeBudget: 150_000_000,
} as const;

// Image work never takes every thread of the process: libvips works each image on one thread
// (sharp's default is one per core; on glibc without jemalloc it is already 1), and its operation
// cache, which could hold 50 MB of pixels of photos never seen again, is off.
sharp.concurrency(1);
sharp.cache(false);

/** The line photos wait in for their turn: one per process, as libuv's threads are. */
export const photoQueue = new WorkQueue(PHOTO_WORK);

/** The photo's id: what the same bytes always get. */
export const photoIdOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

/** What the bytes are, by their signature; 'heic' and undefined are refused. */
export function sniffPhoto(bytes: Buffer): PhotoKind | 'heic' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (bytes.length >= 16 && bytes.toString('latin1', 4, 8) === 'ftyp') {
    const size = Math.min(bytes.readUInt32BE(0), bytes.length);
    const brands: string[] = [];
    for (let at = 8; at + 4 <= size; at += 4) if (at !== 12) brands.push(bytes.toString('latin1', at, at + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
    if (brands.some((b) => ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(b))) return 'heic';
  }
  return undefined;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const KIND_BY_EXTENSION: Record<string, PhotoKind> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
};
const KIND_BY_TYPE: Record<string, PhotoKind> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/** What the file's name and Content-Type claim it is, where they name one of our kinds. */
function declaredKinds(name: string | undefined, type: string | undefined): PhotoKind[] {
  const extension = name?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  return [extension && KIND_BY_EXTENSION[extension], type && KIND_BY_TYPE[type.toLowerCase()]].filter(
    (k): k is PhotoKind => Boolean(k),
  );
}

/**
 * Where the picture ends, by the file's own structure, or undefined when it ends before the picture
 * does (cut short). Bytes after it are something else (a page, an archive: a polyglot).
 */
export function pictureEnd(bytes: Buffer, kind: PhotoKind): number | undefined {
  switch (kind) {
    case 'jpeg':
      return jpegEnd(bytes);
    case 'png': {
      // Chunks: length, type, data, CRC; the picture ends with IEND.
      let at = 8;
      while (at + 12 <= bytes.length) {
        const length = bytes.readUInt32BE(at);
        const type = bytes.toString('latin1', at + 4, at + 8);
        at += 12 + length;
        if (type === 'IEND') return at <= bytes.length ? at : undefined;
      }
      return undefined;
    }
    case 'webp': {
      const end = 8 + bytes.readUInt32LE(4);
      return end <= bytes.length ? end + (end % 2) : undefined;
    }
    case 'avif': {
      // Top-level ISO boxes, each with its size; the picture is the boxes.
      let at = 0;
      while (at + 8 <= bytes.length) {
        let size = bytes.readUInt32BE(at);
        if (size === 1 && at + 16 <= bytes.length) size = Number(bytes.readBigUInt64BE(at + 8));
        if (size === 0) return bytes.length;
        if (size < 8) return undefined;
        at += size;
      }
      return at === bytes.length ? at : undefined;
    }
  }
}

/** The end of a JPEG's EOI marker, walking its segments and its entropy-coded data. */
function jpegEnd(bytes: Buffer): number | undefined {
  let at = 2;
  while (at + 2 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (marker >= 0xd0 && marker <= 0xd7) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return undefined;
    const length = bytes.readUInt16BE(at + 2);
    at += 2 + length;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
      // indexOf finds each 0xFF natively: a 12 MP photo's scan is megabytes long.
      for (;;) {
        const ff = bytes.indexOf(0xff, at);
        if (ff === -1 || ff + 1 >= bytes.length) return undefined;
        const next = bytes[ff + 1]!;
        at = ff;
        if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        at = ff + 1;
      }
    }
  }
  return undefined;
}

/** Bytes per decoded sample, by sharp's name for the pixel format. */
const SAMPLE_BYTES: Partial<Record<string, number>> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
};

/**
 * What decoding the photo costs, from its header: its decoded bytes (width × height × channels ×
 * bytes per sample) weighed by how its decoder holds them, measured with sharp (docs/photos.md):
 * - 1: decoded as it streams, a few rows at a time (a baseline JPEG, shrunk while decoded; a PNG
 *   that is not interlaced; WebP): at most a third of the decoded bytes held at once;
 * - 2: held whole before anything can be shrunk (a progressive JPEG's coefficients, an interlaced
 *   PNG's passes): 1.0–2.1 times the decoded bytes;
 * - 6: AVIF, which libheif decodes whole and converts: 4–6.5 times.
 */
export function decodeCost(
  meta: Pick<Metadata, 'width' | 'height' | 'channels' | 'depth' | 'format' | 'isProgressive'>,
  { sampleBytes = SAMPLE_BYTES[meta.depth] ?? 4, progressive = meta.isProgressive } = {},
) {
  const weight = meta.format === 'heif' ? 6 : progressive ? 2 : 1;
  return meta.width * meta.height * meta.channels * sampleBytes * weight;
}

/** Why decoding the photo would cost too much, naming what would bring it within the budget. */
function decodeRefusal(meta: Metadata): PhotoRefusal | undefined {
  const budget = PHOTO_WORK.decodeBudget;
  if (decodeCost(meta) <= budget) return undefined;
  if (meta.isProgressive && decodeCost(meta, { progressive: false }) <= budget) return 'photo_interlaced';
  if ((SAMPLE_BYTES[meta.depth] ?? 4) > 1 && decodeCost(meta, { sampleBytes: 1 }) <= budget) return 'photo_deep';
  return 'photo_too_costly';
}

/**
 * Checks an upload and makes its stored files (the AVIF and WebP sizes). The checks that read only
 * bytes come first; then the photo waits its turn (photoQueue; 503 when the line is full) for
 * sharp. With `signal` aborted (its sender has gone), it leaves the line, or stops before the next
 * step, and makes nothing.
 */
export async function processPhoto(
  bytes: Buffer,
  declared: { name?: string; type?: string } = {},
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProcessedPhoto> {
  if (bytes.length === 0) throw refuse('photo_empty');
  const kind = sniffPhoto(bytes);
  if (!kind || kind === 'heic') throw refuse('photo_not_a_photo');
  if (declaredKinds(declared.name, declared.type).some((k) => k !== kind)) throw refuse('photo_mismatch');
  const end = pictureEnd(bytes, kind);
  if (end === undefined) throw refuse('photo_unreadable');
  // Padding after the picture is common; anything else is not ours to keep or pass on.
  for (let at = end; at < bytes.length; at++) if (bytes[at] !== 0x00) throw refuse('photo_trailing');

  try {
    return await photoQueue.run(
      async () => ({ id: photoIdOf(bytes), ...(await decodeAndEncode(bytes, kind, signal)) }),
      signal,
    );
  } catch (error) {
    if (error instanceof QueueFullError) throw new AppError('photo_busy');
    // Nobody is left to read the answer; it only has to be one of ours, not a 500.
    if (signal?.aborted) throw refuse('photo_malformed');
    throw error;
  }
}

async function decodeAndEncode(bytes: Buffer, kind: PhotoKind, signal: AbortSignal | undefined) {
  let meta: Metadata;
  try {
    // The header only: no pixel is decoded here, so no pixel limit yet (ours follows, with its message).
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse('photo_unreadable');
  }
  const expected = kind === 'avif' ? 'heif' : kind;
  if (meta.format !== expected || (kind === 'avif' && meta.compression !== 'av1')) throw refuse('photo_not_a_photo');
  if (!meta.width || !meta.height) throw refuse('photo_unreadable');
  // Read from the header before any pixel is decoded: a small file can claim 400 megapixels, or a
  // 286 KB one 300 MB of 16-bit interlaced pixels.
  if (meta.width * meta.height > PHOTO_LIMITS.maxPixels) throw refuse('photo_too_many_pixels');
  const tooCostly = decodeRefusal(meta);
  if (tooCostly) throw refuse(tooCostly);

  try {
    return await encodeVariants(bytes, { signal });
  } catch (error) {
    if (error instanceof AppError || signal?.aborted) throw error;
    if (error instanceof Error && error.message.startsWith('timeout')) throw refuse('photo_too_slow');
    throw refuse('photo_unreadable');
  }
}

const ENCODERS: Record<PhotoFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 75, effort: 3 }),
};

const MIME: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/**
 * Decodes once (upright, at most the widest stored width, sRGB), then encodes every size and format
 * and takes the perceptual hash from those pixels, one step after another (one thread), within PHOTO_WORK.seconds in all and
 * stopping before the next step once `signal` is aborted. Exposed for the benchmark, which times
 * sharp doing exactly this alone.
 */
export async function encodeVariants(
  bytes: Buffer,
  { signal, seconds = PHOTO_WORK.seconds }: { signal?: AbortSignal; seconds?: number } = {},
): Promise<Omit<ProcessedPhoto, 'id'>> {
  const deadline = performance.now() + seconds * 1000;
  /** A step's image, given what is left of the time (sharp counts whole seconds, at least one). */
  const step = (image: Sharp) => {
    signal?.throwIfAborted();
    const left = Math.ceil((deadline - performance.now()) / 1000);
    if (left <= 0) throw refuse('photo_too_slow');
    return image.timeout({ seconds: left });
  };
  const widths = [...PHOTO_WIDTHS];
  const widest = widths.at(-1)!;
  const { data, info } = await step(sharp(bytes, { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: 'error' }))
    .rotate()
    .resize({ width: widest, withoutEnlargement: true })
    .toColourspace('srgb')
    // 8 bits per channel whatever the input (a 16-bit PNG would otherwise stay 16-bit).
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const files: ProcessedPhoto['files'] = [];
  for (const variant of photoVariants({ width: info.width, widths })) {
    for (const format of PHOTO_FORMATS) {
      let image = sharp(data, raw);
      if (variant.width < info.width) image = image.resize({ width: variant.width });
      files.push({
        name: variantName(variant.name, format),
        type: MIME[format],
        bytes: await step(ENCODERS[format](image)).toBuffer(),
      });
    }
  }
  const phash = await perceptualHash(step(sharp(data, raw)));
  return { width: info.width, height: info.height, widths, phash, files };
}
