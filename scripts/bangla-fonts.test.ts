import { readFileSync } from 'node:fs';
import fontverter from 'fontverter';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { LOCALE_NAMES } from '../src/shared/locale.ts';

// The two Bangla faces the site serves (scripts/subset-bangla-font.mjs, docs/i18n.md#type), shaped
// with HarfBuzz as a browser shapes them: a glyph id of 0 is .notdef, the empty box a reader sees.
const FONTS = 'src/web/app/fonts';

// Each file is read and unpacked once, however many texts it shapes.
const fonts = new Map<string, Promise<hb.Font>>();
async function openFont(file: string): Promise<hb.Font> {
  const sfnt = await fontverter.convert(readFileSync(`${FONTS}/${file}`), 'sfnt');
  return new hb.Font(new hb.Face(new hb.Blob(new Uint8Array(sfnt))));
}

async function glyphsOf(file: string, text: string): Promise<number[]> {
  if (!fonts.has(file)) fonts.set(file, openFont(file));
  const font = await fonts.get(file)!;
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  return buffer.getGlyphInfos().map((info) => info.codepoint);
}

describe('the Bangla faces', () => {
  it('the word face draws the switch name of Bangla, every letter', async () => {
    const glyphs = await glyphsOf('noto-sans-bengali-word.woff2', LOCALE_NAMES.bn);
    expect(glyphs.length).toBeGreaterThan(0);
    expect(glyphs).not.toContain(0);
  });

  it('the word face holds nothing else (it is written into every stylesheet)', async () => {
    expect(await glyphsOf('noto-sans-bengali-word.woff2', 'ক')).toEqual([0]);
  });

  it('the page face draws conjuncts, the reph, the taka sign and Bangla digits', async () => {
    // Commas and spaces are the Latin face's (the unicode-range in styles.css leaves them out).
    for (const text of ['বাংলাদেশ', 'ক্ষমা', 'স্ত্রী', 'কর্মী', 'ল্যাপটপ', '৳৮৫০০০', 'হ্যাঁ।']) {
      const glyphs = await glyphsOf('noto-sans-bengali-bengali-400-normal.woff2', text);
      expect(glyphs, text).not.toContain(0);
    }
    // A conjunct is one glyph, not its letters and a visible hasanta: ক্ষ is three characters.
    expect(await glyphsOf('noto-sans-bengali-bengali-400-normal.woff2', 'ক্ষ')).toHaveLength(1);
  });
});
