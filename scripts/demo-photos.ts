// Makes the demo listings' photos (docs/photos.md#demo-photos) from the drawings in
// design/images/laptops: for each drawing a full view and a close-up, each drawn as a 1600 px JPEG
// (what a seller's phone would send after the browser scales it) and then put through the very
// processing an upload gets (src/server/features/photos/processing.ts). The processed files and a manifest
// land in src/server/seed/photos, which the demo seed copies into the photo store.
//   npx tsx scripts/demo-photos.ts
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { processPhoto } from '../src/server/features/photos/processing.ts';

const SOURCE = 'design/images/laptops';
const TARGET = 'src/server/seed/photos';
const WIDTH = 1600;

export interface DemoPhoto {
  /** The drawing and view: `casual-1`, `casual-1-close`. */
  name: string;
  id: string;
  width: number;
  height: number;
  widths: number[];
  bytes: number;
  /** The perceptual hash, as a signed 64-bit decimal (JSON has no bigint): what an upload of it gets. */
  phash: string;
  files: string[];
}

async function main() {
  rmSync(TARGET, { recursive: true, force: true });
  mkdirSync(TARGET, { recursive: true });
  const manifest: DemoPhoto[] = [];
  for (const file of readdirSync(SOURCE)
    .filter((f) => f.endsWith('.svg'))
    .sort()) {
    const drawing = file.replace(/\.svg$/, '');
    const source = join(SOURCE, file);
    const { width = WIDTH } = await sharp(source).metadata();
    const full = await sharp(source, { density: (72 * WIDTH) / width })
      .resize({ width: WIDTH })
      .flatten({ background: '#eef1f5' })
      .jpeg({ quality: 90 })
      .toBuffer();
    const meta = await sharp(full).metadata();
    const w = meta.width!;
    const h = meta.height!;
    // The keyboard and screen, closer: the middle of the picture, cropped and enlarged.
    const close = await sharp(full)
      .extract({
        left: Math.round(w * 0.2),
        top: Math.round(h * 0.22),
        width: Math.round(w * 0.6),
        height: Math.round(h * 0.6),
      })
      .resize({ width: WIDTH })
      .jpeg({ quality: 90 })
      .toBuffer();
    for (const [name, bytes] of [
      [drawing, full],
      [`${drawing}-close`, close],
    ] as const) {
      const photo = await processPhoto(bytes, { name: `${name}.jpg`, type: 'image/jpeg' });
      mkdirSync(join(TARGET, photo.id), { recursive: true });
      for (const f of photo.files) writeFileSync(join(TARGET, photo.id, f.name), f.bytes);
      const total = photo.files.reduce((n, f) => n + f.bytes.length, 0);
      manifest.push({
        name,
        id: photo.id,
        width: photo.width,
        height: photo.height,
        widths: photo.widths,
        bytes: total,
        phash: String(photo.phash),
        files: photo.files.map((f) => f.name),
      });
      console.log(
        `${name}: ${photo.id} ${photo.width}×${photo.height}, ${(total / 1024).toFixed(0)} KiB in ${photo.files.length} files`,
      );
    }
  }
  writeFileSync(join(TARGET, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

void main();
