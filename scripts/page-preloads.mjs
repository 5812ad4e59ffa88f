// After `vite build`, before compress-web: for every module the app loads lazily (a page, a
// layout, a dialog), the chunks it needs beyond what index.html already loads, written to
// dist/web/preloads.json. The server names a page's chunks in its head, through the route table
// (src/web/app/route-table.ts: which modules render which path), so the browser fetches them
// beside the entry instead of after it has run. Reads Vite's manifest, then deletes it (nothing
// to serve).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2] ?? 'dist/web';
const ENTRY = 'index.html';

const manifestFile = join(root, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} is missing: vite.config.ts must set build.manifest`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

// A module and every chunk it imports statically, as manifest keys.
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dependency of manifest[key]?.imports ?? []) closure(dependency, seen);
  return seen;
}

const alreadyLoaded = closure(ENTRY);
const preloads = {};
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry) continue;
  preloads[key] = [...closure(key)].filter((k) => !alreadyLoaded.has(k)).map((k) => `/${manifest[k].file}`);
}

writeFileSync(join(root, 'preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`);
rmSync(join(root, '.vite'), { recursive: true, force: true });
console.log(`preloads for ${Object.keys(preloads).length} lazy modules written to ${join(root, 'preloads.json')}`);
