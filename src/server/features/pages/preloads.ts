import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';

// The build's dist/web/preloads.json (scripts/page-preloads.mjs): for every module the app loads
// lazily, the chunks it needs beyond the entry's. Which modules a page needs comes from the route
// table (`pageModules` in src/web/app/entry-server.tsx), so the page can name its chunks in its
// head and the browser fetches them alongside the entry instead of after it has run. The names are
// checked so nothing from the file can break out of an attribute.
const script = z.string().regex(/^\/assets\/[\w.-]+\.js$/);
const preloadsSchema = z.record(z.string(), z.array(script));

/** The chunks that the given modules (a page's, outermost first) need, each once. */
export type ModuleChunks = (modules: readonly string[]) => string[];

export function moduleChunks(preloadsFile: string | undefined): ModuleChunks {
  if (!preloadsFile || !existsSync(preloadsFile)) return () => [];
  const chunks = new Map(Object.entries(preloadsSchema.parse(JSON.parse(readFileSync(preloadsFile, 'utf8')))));
  return (modules) => [...new Set(modules.flatMap((module) => chunks.get(module) ?? []))];
}
