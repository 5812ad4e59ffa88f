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
type PageEntry = z.infer<typeof preloadsSchema>[number];

// Per page, the <link>s that let the browser fetch the route's lazy chunks alongside the entry
// script instead of after it has run (the browser loads them before it hydrates the page), and the
// images it shows first.
export type PagePreloads = (path: string) => string;

export function pagePreloads(preloadsFile: string | undefined): PagePreloads {
  if (!preloadsFile || !existsSync(preloadsFile)) return () => '';
  const pages = preloadsSchema
    .parse(JSON.parse(readFileSync(preloadsFile, 'utf8')))
    .filter((page) => page.scripts.length > 0 || page.images.length > 0)
    .map((page) => ({ segments: splitPath(page.path), tags: tags(page) }));
  return (path) => {
    const segments = splitPath(path);
    return pages.find((page) => matches(page.segments, segments))?.tags ?? '';
  };
}

function tags(page: PageEntry): string {
  const images = page.images.map((href) => `<link rel="preload" as="image" href="${href}" fetchpriority="high">`);
  const scripts = page.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  return [...images, ...scripts].join('');
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
