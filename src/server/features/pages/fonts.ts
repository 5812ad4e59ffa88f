import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The Bangla face (styles.css, docs/i18n.md#type) is preloaded on pages rendered in Bangla. Named
// only in the stylesheet, it would be found after the stylesheet has arrived and the page has been
// laid out once with a fallback: its text then reflowed when the face came (Lighthouse's layout
// shift 0.098 on `/?lang=bn`), and that first layout searched the system for a Bengali font
// (100 ms here). Preloaded, it comes alongside the stylesheet. English pages never name it.

/** Per language, the font files a page in it preloads. */
export type PageFonts = Partial<Record<string, string[]>>;

// The built file's name: Vite keeps @fontsource's name and adds its hash.
const BANGLA_FACE = /\/assets\/noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2/;
const STYLESHEET = /<link rel="stylesheet"[^>]*\shref="(\/assets\/[\w.-]+\.css)"/g;

/**
 * The fonts to preload, read from the built stylesheets `indexHtml` links to under `webDir`. An
 * index.html that is not built (Vite's dev server, tests) links none: nothing is preloaded. A built
 * stylesheet without the Bangla face is a build that lost it: fail at start-up, not in the field.
 */
export function pageFonts(webDir: string, indexHtml: string): PageFonts {
  const sheets = [...indexHtml.matchAll(STYLESHEET)].map((m) => join(webDir, m[1]!)).filter((f) => existsSync(f));
  if (sheets.length === 0) return {};
  for (const sheet of sheets) {
    const bangla = BANGLA_FACE.exec(readFileSync(sheet, 'utf8'))?.[0];
    if (bangla) return { bn: [bangla] };
  }
  throw new Error(`the built stylesheet (${sheets.join(', ')}) declares no Bangla face: see docs/i18n.md#type`);
}

/** The preload tags for a page in `lang`. */
export function fontPreloadTags(fonts: PageFonts, lang: string): string {
  return (fonts[lang] ?? [])
    .map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`)
    .join('');
}
