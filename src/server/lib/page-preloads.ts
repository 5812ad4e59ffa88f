import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

// The build's dist/web/preloads.json (scripts/page-preloads.mjs): per client route, the chunks its
// lazy page needs and the images it shows first. The names are checked so nothing from the file can
// break out of an attribute.
const preloadsSchema = z.array(
  z.object({
    path: z.string().regex(/^\/[\w/:-]*$/),
    scripts: z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)),
    images: z.array(z.string().regex(/^\/[\w/.-]+$/)),
  }),
);
type PagePreloads = z.infer<typeof preloadsSchema>[number];

// The SPA's index.html for a given path: the same page, with <link>s that let the browser fetch the
// route's chunks alongside the entry script instead of after it has run (one round trip less before
// /login or /blog paints), and the home page's hero image before the script asks for it.
export type IndexHtmlFor = (path: string) => Buffer;

export function indexHtmlForPages(indexHtml: Buffer, preloadsFile: string | undefined): IndexHtmlFor {
  if (!preloadsFile || !existsSync(preloadsFile)) return () => indexHtml;
  const pages = preloadsSchema.parse(JSON.parse(readFileSync(preloadsFile, 'utf8')));
  const html = indexHtml.toString('utf8');
  if (!html.includes('</head>')) return () => indexHtml;

  const variants = pages
    .filter((page) => page.scripts.length > 0 || page.images.length > 0)
    .map((page) => ({
      segments: splitPath(page.path),
      html: Buffer.from(html.replace('</head>', `${tags(page)}</head>`)),
    }));

  return (path) => {
    const segments = splitPath(path);
    return variants.find((variant) => matches(variant.segments, segments))?.html ?? indexHtml;
  };
}

function tags(page: PagePreloads): string {
  const images = page.images.map((href) => `<link rel="preload" as="image" href="${href}" fetchpriority="high">`);
  const scripts = page.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  return [...images, ...scripts].map((tag) => `  ${tag}\n`).join('');
}

// '/login/' is the client router's /login; '/' is no segments at all.
function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function matches(pattern: string[], segments: string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) => part === segments[index] || (part.startsWith(':') && segments[index] !== ''))
  );
}
