import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../shared/photo-files.ts';
import { PHONE_EXIF, phoneJpeg, photoLike as picture, pngBomb, SVG_WITH_SCRIPT } from '../test/photos.ts';
import { photoIdOf, pictureEnd, processPhoto, sniffPhoto } from './photo-processing.ts';

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

// Each test encodes AVIF and WebP at up to three widths: seconds on a 2-core machine that is also
// running other test files, over Vitest's 5 s default (seen once: 'takes WebP and AVIF uploads').
describe('processPhoto', { timeout: 30_000 }, () => {
  it('turns a phone JPEG upright, strips its EXIF and GPS, and writes AVIF and WebP at 320, 640 and 1280 px', async () => {
    // A 2000 × 1500 sensor image the camera marked "rotate 90°" (EXIF orientation 6).
    const jpeg = await phoneJpeg(2000, 1500);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const photo = await processPhoto(jpeg, { name: 'IMG_0001.JPG', type: 'image/jpeg' });

    expect(photo.id).toBe(photoIdOf(jpeg));
    expect(photo.id).toMatch(/^[a-f0-9]{32}$/);
    // Upright: portrait now, 1280 wide at most.
    expect(photo.width).toBe(1280);
    expect(photo.height).toBe(Math.round((1280 * 2000) / 1500));
    expect(photo.files.map((f) => f.name).sort()).toEqual(
      ['1280.avif', '1280.webp', '320.avif', '320.webp', '640.avif', '640.webp'].sort(),
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

  it('keeps a small photo at its own size (no enlarging) and names the widest file 1280', async () => {
    const png = await picture(500, 300).png().toBuffer();
    const photo = await processPhoto(png, { name: 'small.png' });
    expect([photo.width, photo.height]).toEqual([500, 300]);
    expect(photo.files.map((f) => f.name).sort()).toEqual(['1280.avif', '1280.webp', '320.avif', '320.webp']);
    const widest = photo.files.find((f) => f.name === '1280.webp')!;
    expect((await sharp(widest.bytes).metadata()).width).toBe(500);
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
      fields: { photo: message },
    });
  });

  it('gives the same id to the same bytes, whoever sends them', async () => {
    const jpeg = await picture(300, 200).jpeg().toBuffer();
    expect((await processPhoto(jpeg)).id).toBe((await processPhoto(Buffer.from(jpeg))).id);
  });
});
