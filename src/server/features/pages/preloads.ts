import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

// The build's dist/web/preloads.json (scripts/page-preloads.mjs): per client route, the chunks its
// lazy page needs beyond the entry's. The browser loads them before it hydrates the page, so they
// are fetched alongside the entry instead of after it has run. The names are checked so nothing
// from the file can break out of an attribute.
const script = z.string().regex(/^\/assets\/[\w.-]+\.js$/);
const preloadsSchema = z.array(z.object({ path: z.string().regex(/^\/[\w/:-]*$/), scripts: z.array(script) }));

/** The chunks the page at `path` loads lazily (before it hydrates). */
export type PageChunks = (path: string) => string[];

export function pageChunks(preloadsFile: string | undefined): PageChunks {
  if (!preloadsFile || !existsSync(preloadsFile)) return () => [];
  const pages = preloadsSchema
    .parse(JSON.parse(readFileSync(preloadsFile, 'utf8')))
    .filter((page) => page.scripts.length > 0)
    .map((page) => ({ segments: splitPath(page.path), scripts: page.scripts }));
  return (path) => {
    const segments = splitPath(path);
    return pages.find((page) => matches(page.segments, segments))?.scripts ?? [];
  };
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
