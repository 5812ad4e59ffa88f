import { bootTag as bootScriptTag } from './boot-script.ts';
import { fontPreloadTags, type PageFonts } from './fonts.ts';
import type { PageChunks } from './preloads.ts';

// index.html cut at its two slots, and a rendered page put into it (docs/rendering.md). Used by
// the server (features/pages/pages.ts) and by Vite's dev server (vite.config.ts).

export interface RenderedParts {
  head: string;
  html: string;
  state: string;
}

export interface TemplateOptions {
  /**
   * For a built app (its entry under /assets/): the entry script and module preloads are replaced
   * by the boot script (features/pages/boot-script.ts) at the end of the body, which starts them (and the
   * page's own chunks, `chunksFor`) once the page's content is on screen. An index.html that is not
   * built (Vite's dev server, tests) is left as it is.
   */
  boot?: { chunksFor: PageChunks };
  /** Fonts a page preloads, per language (features/pages/fonts.ts): before the stylesheet, in the head. */
  fonts?: PageFonts;
}

const HEAD_SLOT = '<!--app-head-->';
const HTML_SLOT = '<!--app-html-->';
const ENTRY = /<script type="module"[^>]*\ssrc="(\/assets\/[^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * A function that puts a rendered page (or, without one, nothing) into index.html for `path`, in
 * the page's language (`<html lang>`).
 */
export function pageTemplate(indexHtml: string, { boot, fonts = {} }: TemplateOptions = {}) {
  let html = indexHtml;
  let bootTag = (_path: string) => '';
  const entry = ENTRY.exec(html)?.[1];
  if (boot && entry) {
    const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
    html = html.replace(ENTRY, '').replace(MODULE_PRELOAD, '');
    bootTag = (path) => bootScriptTag(entry, [...preloads, ...boot.chunksFor(path)]);
  }
  const [top, rest] = html.split(HEAD_SLOT);
  const [middle, bottom] = rest?.split(HTML_SLOT) ?? [];
  if (top === undefined || middle === undefined || bottom === undefined || !bottom.includes('</body>')) {
    throw new Error(`index.html must contain ${HEAD_SLOT} in its head and ${HTML_SLOT} inside #root`);
  }
  const htmlTag = /<html(?: lang="[^"]*")?>/;
  if (!htmlTag.test(top)) throw new Error('index.html must open with <html> or <html lang="…">');
  return (path: string, page?: RenderedParts, lang = 'en') => {
    const start = top.replace(htmlTag, `<html lang="${lang}">`) + fontPreloadTags(fonts, lang);
    // The state before the boot script: the app it starts reads it.
    const state = page ? `<script type="application/json" id="app-state">${page.state}</script>` : '';
    const end = bottom.replace('</body>', `${state}${bootTag(path)}</body>`);
    return page ? start + page.head + middle + page.html + end : `${start}<title>Laptop Haat</title>${middle}${end}`;
  };
}
