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
/**
 * The hero is shown up to 576 CSS px wide: 600 for ordinary screens, 800 for a phone's 1.75–2.5x
 * screen (348 CSS px wide there), 1200 for larger 2x screens; as AVIF (half WebP's bytes) and WebP
 * for browsers without AVIF (docs/performance.md).
 */
const VARIANTS = { 'hero.svg': { widths: [600, 800, 1200], avif: true } };

const drawings = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.svg'));
for (const file of drawings) {
  const source = join(SOURCE, file);
  const { width } = await sharp(source).metadata();
  const variant = VARIANTS[file];
  for (const w of variant?.widths ?? [width]) {
    const base = join(TARGET, file.replace(/\.svg$/, variant ? `-${w}` : ''));
    mkdirSync(dirname(base), { recursive: true });
    const image = sharp(source, { density: (72 * w) / width }).resize({ width: w });
    const encodings = [['webp', image.clone().webp({ quality: 82, effort: 6 })]];
    if (variant?.avif) encodings.push(['avif', image.clone().avif({ quality: 55, effort: 6 })]);
    for (const [extension, encoder] of encodings) {
      const target = `${base}.${extension}`;
      const { size } = await encoder.toFile(target);
      console.log(`${relative('.', target)} ${w}px ${(size / 1024).toFixed(1)} KiB`);
    }
  }
}
