import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fontPreloadTags, pageFonts } from './fonts.ts';

const FACE = '/assets/noto-sans-bengali-bengali-400-normal-BFibWJDZ.woff2';
const INDEX = '<head><link rel="stylesheet" crossorigin href="/assets/index-Clm2FW2m.css"></head>';

function webDir(css?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'laptop-haat-fonts-'));
  mkdirSync(join(dir, 'assets'));
  if (css !== undefined) writeFileSync(join(dir, 'assets', 'index-Clm2FW2m.css'), css);
  return dir;
}

describe('the fonts a page preloads', () => {
  it('finds the Bangla face in the built stylesheet and preloads it on Bangla pages only', () => {
    const fonts = pageFonts(
      webDir(`@font-face{font-family:"Noto Sans Bengali";src:url(${FACE}) format("woff2")}`),
      INDEX,
    );
    expect(fonts).toEqual({ bn: [FACE] });
    expect(fontPreloadTags(fonts, 'bn')).toBe(
      `<link rel="preload" href="${FACE}" as="font" type="font/woff2" crossorigin>`,
    );
    expect(fontPreloadTags(fonts, 'en')).toBe('');
  });

  it('preloads nothing for an index.html that is not built (no stylesheet under /assets/)', () => {
    expect(pageFonts(webDir(), '<head><link rel="stylesheet" href="/src/web/app/styles.css"></head>')).toEqual({});
  });

  it('refuses to start on a built stylesheet that lost the Bangla face', () => {
    expect(() => pageFonts(webDir('body{font-family:sans-serif}'), INDEX)).toThrow(/declares no Bangla face/);
  });
});
