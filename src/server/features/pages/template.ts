import type { Locale } from '../../../shared/locale.ts';
import { EARLY_TAPS_TAG } from './early-taps.ts';
import { fontPreloadTags, type PageFonts } from './fonts.ts';

// index.html cut at its two slots, and a rendered page put into it (docs/rendering.md). Used by
// the server (features/pages/pages.ts) and by Vite's dev server (vite.config.ts).

export interface RenderedParts {
  head: string;
  html: string;
  state: string;
}

export interface TemplateOptions {
  /**
   * The chunks the page at a path loads lazily in a language (features/pages/preloads.ts), named in
   * its head as module preloads beside the entry script and the entry's own preloads that the build
   * wrote there.
   */
  chunksFor?: (path: string, lang: Locale) => readonly string[];
  /** Fonts a page preloads, per language (features/pages/fonts.ts): before the stylesheet, in the head. */
  fonts?: PageFonts;
}

const HEAD_SLOT = '<!--app-head-->';
const HTML_SLOT = '<!--app-html-->';

/**
 * A function that puts a rendered page (or, without one, nothing) into index.html for `path`, in
 * the page's language (`<html lang>`).
 */
export function pageTemplate(indexHtml: string, { chunksFor = () => [], fonts = {} }: TemplateOptions = {}) {
  const [top, rest] = indexHtml.split(HEAD_SLOT);
  const [middle, bottom] = rest?.split(HTML_SLOT) ?? [];
  if (top === undefined || middle === undefined || bottom === undefined || !middle.includes('</head>')) {
    throw new Error(`index.html must contain ${HEAD_SLOT} in its head and ${HTML_SLOT} inside #root`);
  }
  const htmlTag = /<html(?: lang="[^"]*")?>/;
  if (!htmlTag.test(top)) throw new Error('index.html must open with <html> or <html lang="…">');
  const preloads = (path: string, lang: Locale) =>
    chunksFor(path, lang)
      .map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`)
      .join('');
  // The scripts at low priority: requested as the page is parsed, but on a slow connection behind
  // what the page shows first (the stylesheet, the hero, the Bangla face), which they would otherwise
  // share the line with (docs/decisions/0030 has the numbers).
  const scriptsLow = (html: string) =>
    html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');
  return (path: string, page?: RenderedParts, lang: Locale = 'en') => {
    const start = top.replace(htmlTag, `<html lang="${lang}">`) + fontPreloadTags(fonts, lang);
    // The early taps' script ahead of the stylesheet, which would hold an inline script back.
    const head = `${page ? page.head : '<title>Laptop Haat</title>'}${EARLY_TAPS_TAG}`;
    const rest = scriptsLow(middle).replace('</head>', `${preloads(path, lang)}</head>`);
    // The state the app starts from, in a script that never runs (app-state.ts).
    const state = page ? `<script type="application/json" id="app-state">${page.state}</script>` : '';
    const end = bottom.replace('</body>', `${state}</body>`);
    return start + head + rest + (page ? page.html : '') + end;
  };
}
