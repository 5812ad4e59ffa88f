// Writes the Bangla face the site serves (src/web/app/fonts, named in styles.css): @fontsource's
// Noto Sans Bengali, regular, cut down with HarfBuzz's subsetter (subset-font) to what Bangla text
// uses — the Bengali block, the dandas, the joiners and the dotted circle that shows a lone vowel
// sign — with every conjunct and reph those characters form (the subsetter keeps the font's
// substitution closure). Left out: the Vedic signs, the Devanagari stress marks and the Indian rupee
// sign that @fontsource's "bengali" subset also carries; text with them falls back to the system's
// fonts. 39 KiB instead of 43 (docs/i18n.md#type, decision 0020). Noto Sans Bengali is under the SIL
// Open Font License 1.1, which allows this.
//
// It also writes the word face: the same font cut down to the letters of "বাংলা", the language
// switch's name for Bangla on English pages (LOCALE_NAMES in src/shared/locale.ts). English pages do
// not load the Bangla face, and a system without a Bengali font showed that one word as empty boxes;
// at 1 KiB the build writes it into the stylesheet (docs/i18n.md#type).
//
// Run after updating @fontsource/noto-sans-bengali or the word:
//   node scripts/subset-bangla-font.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const SOURCE = require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2');
// The name keeps @fontsource's: the server finds the built file by it (src/server/features/pages/fonts.ts).
const TARGET = 'src/web/app/fonts/noto-sans-bengali-bengali-400-normal.woff2';
const WORD_TARGET = 'src/web/app/fonts/noto-sans-bengali-word.woff2';
// LOCALE_NAMES.bn; scripts/bangla-fonts.test.ts checks the file shapes it.
const WORD = 'বাংলা';

const STYLES = 'src/web/app/styles.css';

// The characters to keep are the face's unicode-range in styles.css, the one place they are named:
// the danda and double danda (U+0964-0965), the Bengali block (U+0980-09FE), the joiners
// (U+200C-200D) and the dotted circle (U+25CC).
const face = /@font-face\s*{[^}]*Noto Sans Bengali[^}]*}/.exec(readFileSync(STYLES, 'utf8'))?.[0];
const range = face && /unicode-range:([^;]+);/.exec(face)?.[1];
if (!range) throw new Error(`${STYLES} has no @font-face for Noto Sans Bengali with a unicode-range`);
const text = range
  .split(',')
  .map((part) => /U\+([0-9A-F]+)(?:-([0-9A-F]+))?/i.exec(part.trim()))
  .flatMap((m) => {
    if (!m) throw new Error(`unreadable unicode-range in ${STYLES}: ${range}`);
    const from = Number.parseInt(m[1], 16);
    const to = Number.parseInt(m[2] ?? m[1], 16);
    return Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
  })
  .join('');
const source = readFileSync(SOURCE);
const subset = await subsetFont(source, text, { targetFormat: 'woff2' });
writeFileSync(TARGET, subset);
console.log(`${TARGET}: ${(subset.length / 1024).toFixed(1)} KiB (from ${(source.length / 1024).toFixed(1)} KiB)`);
const word = await subsetFont(source, WORD, { targetFormat: 'woff2' });
writeFileSync(WORD_TARGET, word);
console.log(`${WORD_TARGET}: ${word.length} bytes`);
