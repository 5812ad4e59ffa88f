// index.html cut at its two slots, and a rendered page put into it (docs/rendering.md). Used by
// the server (plugins/pages.ts) and by Vite's dev server (vite.config.ts).

/** The head tags a page adds besides its own (the chunks its route loads lazily). */
export type ExtraHead = (path: string) => string;

export interface RenderedParts {
  head: string;
  html: string;
  state: string;
}

const HEAD_SLOT = '<!--app-head-->';
const HTML_SLOT = '<!--app-html-->';

/** index.html cut at its two slots, with what each page adds. */
export function pageTemplate(indexHtml: string, preloads: ExtraHead = () => '') {
  const [top, rest] = indexHtml.split(HEAD_SLOT);
  const [middle, bottom] = rest?.split(HTML_SLOT) ?? [];
  if (top === undefined || middle === undefined || bottom === undefined || !bottom.includes('</body>')) {
    throw new Error(`index.html must contain ${HEAD_SLOT} in its head and ${HTML_SLOT} inside #root`);
  }
  return (path: string, page?: RenderedParts) =>
    page
      ? top +
        page.head +
        preloads(path) +
        middle +
        page.html +
        bottom.replace('</body>', `<script type="application/json" id="app-state">${page.state}</script></body>`)
      : `${top}<title>Laptop Haat</title>${preloads(path)}${middle}${bottom}`;
}
