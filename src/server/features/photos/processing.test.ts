import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_MESSAGES } from '../../../shared/photo-files.ts';
import {
  holdPlaces,
  PHONE_EXIF,
  phoneJpeg,
  photoLike as picture,
  pngBomb,
  SVG_WITH_SCRIPT,
} from '../../test/photos.ts';
import {
  decodeCost,
  encodeVariants,
  PHOTO_WORK,
  photoIdOf,
  photoQueue,
  pictureEnd,
  processPhoto,
  sniffPhoto,
} from './processing.ts';

// Real images made with sharp, run through the real processing (docs/photos.md#what-the-server-checks).

describe('sniffPhoto', () => {
  it('knows JPEG, PNG, WebP and AVIF by their bytes, and HEIC to refuse it', async () => {
    const image = await picture(16, 16);
    expect(sniffPhoto(await image.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffPhoto(await image.clone().png().toBuffer())).toBe('png');
    expect(sniffPhoto(await image.clone().webp().toBuffer())).toBe('webp');
    expect(sniffPhoto(await image.clone().avif().toBuffer())).toBe('avif');
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(12)]);
    expect(sniffPhoto(heic)).toBe('heic');
    expect(sniffPhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffPhoto(Buffer.from('GIF89a'))).toBeUndefined();
  });
});

describe('pictureEnd', () => {
  it('finds where each kind of picture ends, and says when it ends too soon', async () => {
    const image = await picture(40, 30);
    for (const [kind, bytes] of [
      ['jpeg', await image.clone().jpeg().toBuffer()],
      ['png', await image.clone().png().toBuffer()],
      ['webp', await image.clone().webp().toBuffer()],
      ['avif', await image.clone().avif().toBuffer()],
    ] as const) {
      expect(pictureEnd(bytes, kind), kind).toBe(bytes.length);
      expect(pictureEnd(bytes.subarray(0, Math.floor(bytes.length * 0.7)), kind), `${kind} cut short`).toBeUndefined();
    }
  });
});

// Each test encodes AVIF and WebP at up to four widths: seconds on a 2-core machine that is also
// running other test files, over Vitest's 5 s default (seen once: 'takes WebP and AVIF uploads').
describe('processPhoto', { timeout: 30_000 }, () => {
  it('turns a phone JPEG upright, strips its EXIF and GPS, and writes AVIF and WebP at 320, 640, 720, 960 and 1280 px', async () => {
    // A 2000 × 1500 sensor image the camera marked "rotate 90°" (EXIF orientation 6).
    const jpeg = await phoneJpeg(2000, 1500);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const photo = await processPhoto(jpeg, { name: 'IMG_0001.JPG', type: 'image/jpeg' });

    expect(photo.id).toBe(photoIdOf(jpeg));
    expect(photo.id).toMatch(/^[a-f0-9]{32}$/);
    // Upright: portrait now, 1280 wide at most.
    expect(photo.width).toBe(1280);
    expect(photo.height).toBe(Math.round((1280 * 2000) / 1500));
    expect(photo.widths).toEqual([320, 640, 720, 960, 1280]);
    expect(photo.files.map((f) => f.name).sort()).toEqual(
      [
        ...['1280.avif', '1280.webp', '320.avif', '320.webp', '640.avif', '640.webp'],
        ...['720.avif', '720.webp', '960.avif', '960.webp'],
      ].sort(),
    );
    for (const file of photo.files) {
      const meta = await sharp(file.bytes).metadata();
      expect(meta.exif, file.name).toBeUndefined();
      expect(meta.xmp, file.name).toBeUndefined();
      expect(meta.iptc, file.name).toBeUndefined();
      expect(meta.orientation ?? 1, file.name).toBe(1);
      expect(meta.width, file.name).toBe(Number(file.name.split('.')[0]));
      expect(meta.format, file.name).toBe(file.name.endsWith('.avif') ? 'heif' : 'webp');
      // Nothing of the GPS position survives anywhere in the bytes.
      expect(file.bytes.includes(Buffer.from(PHONE_EXIF.IFD0.Make)), file.name).toBe(false);
    }
  });

  it('keeps a narrow photo at its own size (no enlarging, no 960 file) and names the widest file 1280', async () => {
    const png = await picture(900, 300).png().toBuffer();
    const photo = await processPhoto(png, { name: 'narrow.png' });
    expect([photo.width, photo.height]).toEqual([900, 300]);
    expect(photo.files.map((f) => f.name).sort()).toEqual(
      ['1280.avif', '1280.webp', '320.avif', '320.webp', '640.avif', '640.webp', '720.avif', '720.webp'].sort(),
    );
    for (const format of ['avif', 'webp']) {
      const widest = photo.files.find((f) => f.name === `1280.${format}`)!;
      expect((await sharp(widest.bytes).metadata()).width, format).toBe(900);
    }
  });

  it('takes WebP and AVIF uploads', async () => {
    const image = await picture(800, 600);
    expect((await processPhoto(await image.clone().webp().toBuffer())).width).toBe(800);
    expect((await processPhoto(await image.clone().avif().toBuffer())).width).toBe(800);
  });

  const refusals: [string, () => Promise<{ bytes: Buffer; name?: string; type?: string }>, string][] = [
    ['an empty file', async () => ({ bytes: Buffer.alloc(0) }), PHOTO_MESSAGES.empty],
    [
      'an SVG with a script',
      async () => ({
        bytes: SVG_WITH_SCRIPT,
        name: 'photo.jpg',
      }),
      PHOTO_MESSAGES.notAPhoto,
    ],
    ['a GIF', async () => ({ bytes: await picture(20, 20).gif().toBuffer() }), PHOTO_MESSAGES.notAPhoto],
    [
      'a PNG named .jpg',
      async () => ({ bytes: await picture(40, 40).png().toBuffer(), name: 'photo.jpg' }),
      PHOTO_MESSAGES.mismatch,
    ],
    [
      'a PNG sent as image/jpeg',
      async () => ({ bytes: await picture(40, 40).png().toBuffer(), type: 'image/jpeg' }),
      PHOTO_MESSAGES.mismatch,
    ],
    [
      'a truncated JPEG',
      async () => {
        const jpeg = await picture(400, 300).jpeg().toBuffer();
        return { bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)) };
      },
      PHOTO_MESSAGES.unreadable,
    ],
    [
      'a polyglot: a JPEG with a page after it',
      async () => ({
        bytes: Buffer.concat([
          await picture(64, 64).jpeg().toBuffer(),
          Buffer.from('<html><script>alert(document.cookie)</script></html>'),
        ]),
      }),
      PHOTO_MESSAGES.trailing,
    ],
    [
      'a polyglot: a PNG with a zip after it',
      async () => ({
        bytes: Buffer.concat([
          await picture(64, 64).png().toBuffer(),
          Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]),
        ]),
      }),
      PHOTO_MESSAGES.trailing,
    ],
    ['a 20,000 × 20,000 PNG bomb', async () => ({ bytes: pngBomb() }), PHOTO_MESSAGES.tooManyPixels],
    [
      'a HEIC photo',
      async () => ({ bytes: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(40)]) }),
      PHOTO_MESSAGES.notAPhoto,
    ],
  ];

  it.each(refusals)('refuses %s with a clear message', async (_name, make, message) => {
    const { bytes, ...declared } = await make();
    await expect(processPhoto(bytes, declared)).rejects.toMatchObject({
      code: 'validation',
      message,
      fields: { photo: { code: expect.any(String) } },
    });
  });

  it('gives the same id to the same bytes, whoever sends them', async () => {
    const jpeg = await picture(300, 200).jpeg().toBuffer();
    expect((await processPhoto(jpeg)).id).toBe((await processPhoto(Buffer.from(jpeg))).id);
  });
});

/**
 * A PNG that is only its header: what it claims (size, bits, colours, interlacing) with a few
 * bytes of rows. Refused from the header, or else refused as unreadable when sharp decodes it.
 */
function pngHeader(width: number, height: number, { bitDepth = 8, colorType = 2, interlaced = false } = {}) {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([bitDepth, colorType, 0, 0, interlaced ? 1 : 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const black = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } });

describe('what decoding a photo may cost (read from its header)', { timeout: 30_000 }, () => {
  it('lets every 8-bit photo of up to 50 MP through as a baseline JPEG or a PNG that is not interlaced', () => {
    const jpeg = { format: 'jpeg', channels: 3, depth: 'uchar', isProgressive: false } as const;
    const budget = PHOTO_WORK.decodeBudget;
    expect(decodeCost({ ...jpeg, width: 8660, height: 5773 })).toBeLessThanOrEqual(budget);
    expect(decodeCost({ ...jpeg, format: 'png', width: 7000, height: 7000 })).toBeLessThanOrEqual(budget);
    expect(decodeCost({ ...jpeg, format: 'webp', width: 8192, height: 6100 })).toBeLessThanOrEqual(budget);
    // A phone's 12 MP photo saved as a progressive JPEG.
    expect(decodeCost({ ...jpeg, width: 4032, height: 3024, isProgressive: true })).toBeLessThanOrEqual(budget);
  });

  const refusals: [string, () => Promise<Buffer> | Buffer, string][] = [
    [
      'a 7,000 × 7,000 16-bit interlaced PNG (the review’s)',
      () => pngHeader(7000, 7000, { bitDepth: 16, interlaced: true }),
      PHOTO_MESSAGES.tooCostly,
    ],
    ['a 7,000 × 7,000 interlaced PNG', () => pngHeader(7000, 7000, { interlaced: true }), PHOTO_MESSAGES.interlaced],
    ['a 7,000 × 7,000 16-bit PNG', () => pngHeader(7000, 7000, { bitDepth: 16 }), PHOTO_MESSAGES.deep],
    ['a 7,000 × 6,000 RGBA PNG', () => pngHeader(7000, 6000, { colorType: 6 }), PHOTO_MESSAGES.tooCostly],
    [
      'a 30 MP progressive JPEG',
      () => black(6000, 5000).jpeg({ progressive: true }).toBuffer(),
      PHOTO_MESSAGES.interlaced,
    ],
    ['a 12 MP AVIF', () => black(4000, 3000).avif({ effort: 0 }).toBuffer(), PHOTO_MESSAGES.tooCostly],
  ];

  it.each(refusals)('refuses %s before decoding it', async (_name, make, message) => {
    await expect(processPhoto(await make())).rejects.toMatchObject({
      code: 'validation',
      message,
      fields: { photo: { code: expect.any(String) } },
    });
  });

  it('takes 16-bit and interlaced photos of an ordinary size', async () => {
    const png = await picture(800, 600).toColourspace('rgb16').png({ progressive: true }).toBuffer();
    expect((await sharp(png).metadata()).bitsPerSample).toBe(16);
    expect((await processPhoto(png)).width).toBe(800);
  });
});

describe('image work', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps to one libvips thread per image and no cache of pixels', () => {
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache().memory.max).toBe(0);
    expect(sharp.cache().items.max).toBe(0);
  });

  it('stops before the next step once its sender has gone, and makes nothing', async () => {
    const jpeg = await picture(1600, 1200).jpeg().toBuffer();
    const gone = new AbortController();
    // The sender goes as the first step (the decode) ends.
    const toBuffer = sharp.prototype.toBuffer as (this: Sharp, ...args: unknown[]) => Promise<unknown>;
    const steps = vi.spyOn(sharp.prototype, 'toBuffer').mockImplementation(function (this: Sharp, ...args: unknown[]) {
      return toBuffer.apply(this, args).finally(() => gone.abort());
    } as never);
    await expect(processPhoto(jpeg, {}, { signal: gone.signal })).rejects.toMatchObject({ code: 'validation' });
    // None of the eight encodes ran.
    expect(steps).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a sender already gone, and nothing while it waits its turn once gone', async () => {
    const jpeg = await picture(320, 240).jpeg().toBuffer();
    const spy = vi.spyOn(sharp.prototype, 'toBuffer');
    await expect(processPhoto(jpeg, {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'validation' });

    const release = holdPlaces(PHOTO_WORK.atOnce);
    const gone = new AbortController();
    const waiting = processPhoto(jpeg, {}, { signal: gone.signal });
    await vi.waitFor(() => expect(photoQueue.waiting).toBe(1));
    gone.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'validation' });
    expect(photoQueue.waiting).toBe(0);
    await release();
    expect(spy).not.toHaveBeenCalled();
  });

  it('answers 503 when the line of photos waiting their turn is full', async () => {
    const jpeg = await picture(320, 240).jpeg().toBuffer();
    const release = holdPlaces(PHOTO_WORK.atOnce + PHOTO_WORK.waiting);
    await expect(processPhoto(jpeg)).rejects.toMatchObject({ code: 'unavailable', message: PHOTO_MESSAGES.busy });
    await release();
    expect((await processPhoto(jpeg)).width).toBe(320);
  });

  it('refuses a photo whose steps take longer than its time', async () => {
    const jpeg = await picture(1600, 1200).jpeg().toBuffer();
    await expect(encodeVariants(jpeg, { seconds: 0.001 })).rejects.toMatchObject({
      code: 'validation',
      message: PHOTO_MESSAGES.tooSlow,
    });
  });
});
