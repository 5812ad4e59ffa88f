// Renders the drawn images in design/images (SVG, the sources to edit) into the WebP files the site
// serves from public/images. An SVG in an <img> costs the browser a document of its own and is
// painted on the main thread, the largest work of the home page's first load after the first
// paint (docs/decisions/0015); a WebP is decoded off the main thread. Run after editing a drawing:
//   node scripts/render-images.mjs
import { mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';

const SOURCE = 'design/images';
const TARGET = 'public/images';
/** The hero is shown up to 576 CSS px wide: one file for ordinary screens, one for 2x screens. */
const WIDTHS = { 'hero.svg': [600, 1200] };

const drawings = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.svg'));
for (const file of drawings) {
  const source = join(SOURCE, file);
  const { width } = await sharp(source).metadata();
  for (const w of WIDTHS[file] ?? [width]) {
    const name = file.replace(/\.svg$/, WIDTHS[file] ? `-${w}.webp` : '.webp');
    const target = join(TARGET, name);
    mkdirSync(dirname(target), { recursive: true });
    const { size } = await sharp(source, { density: (72 * w) / width })
      .resize({ width: w })
      .webp({ quality: 82, effort: 6 })
      .toFile(target);
    console.log(`${relative('.', target)} ${w}px ${(size / 1024).toFixed(1)} KiB`);
  }
}
