// Enforces the import direction (docs/decisions/0006-own-import-direction-check.md), which Biome
// cannot express per folder:
//   shared imports nothing of ours; web never imports server (nor server web);
//   a feature never imports another feature (web); the server by feature (below); routes never touch db;
//   a file that queries the database knows no Fastify;
//   the web's table of shared messages, and the zod-free shared modules it reads, never reach zod
//   (it is on nearly every page: docs/performance.md).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield path;
  }
}

const importRe = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Shared modules without zod: the web's shared-messages table may read these and only these. */
const ZOD_FREE = new Set(['catalog.ts', 'digits.ts', 'messages.ts', 'photo-files.ts', 'photo-sources.ts', 'rules.ts']);

const isTest = (path) => /\.test\.ts$/.test(path);
const isRoutes = (name) => /^(.+-)?routes\.ts$/.test(name);
/** A module of the database: the client, prepared statements or a table schema. */
const touchesDb = (t) =>
  (t[1] === 'platform' && t[2] === 'db' && !/\.types?\.ts$/.test(t.at(-1))) ||
  (t[1] === 'features' && t.at(-1) === 'schema.ts');
/** Queries tables: imports a schema or the prepared statements (the client alone is a connection: health, metrics). */
const dbImportRe = /from\s+['"][^'"]*(?:platform\/db\/prepared|\/schema)\.ts['"]/;
const touchesDbFile = (path) => !isTest(path) && dbImportRe.test(readFileSync(path, 'utf8'));

function rule(from, spec, target) {
  const f = relative(src, from).split('/');
  const t = target ? relative(src, target).split('/') : null;
  if (f[0] === 'shared' && t && t[0] !== 'shared') return 'shared imports nothing of ours';
  if (f[0] === 'web' && t && t[0] === 'server') return 'web never imports server';
  // …except where the server process (and its tests) take the web app's server-rendering entry.
  const composesPages =
    /^server\/(server\.ts$|test\/|.*\.test\.ts$)/.test(f.join('/')) && t?.join('/') === 'web/app/entry-server.tsx';
  if (f[0] === 'server' && t && t[0] === 'web' && !composesPages) return 'server never imports web';
  if (f[0] === 'web' && f[1] === 'features' && t && t[1] === 'features' && t[2] !== f[2])
    return 'a feature never imports another feature (compose them in web/app)';
  // The server by feature (docs/decisions/0027): src/server/features/<feature>/ holds a capability's
  // routes, rules, queries, schema and tests; src/server/platform/ the shared plumbing; app.ts, server.ts
  // and cli.ts compose them.
  // …except the table registry (drizzle's schema: every feature's tables, for the client's types and
  // drizzle-kit) and tests, which run the whole app.
  const registry = f.join('/') === 'server/platform/db/schema.ts';
  if (
    f[0] === 'server' &&
    f[1] === 'platform' &&
    !registry &&
    !isTest(from) &&
    t?.[0] === 'server' &&
    t[1] !== 'platform' &&
    t[1] !== 'test'
  )
    return 'platform never imports a feature (features plug into the platform, not the other way)';
  if (
    f[0] === 'server' &&
    f[1] === 'features' &&
    t?.[0] === 'server' &&
    t[1] !== 'features' &&
    t[1] !== 'platform' &&
    !isTest(from)
  )
    return 'a feature imports only features and platform (app.ts composes them)';
  if (f[0] === 'server' && f[1] === 'features' && t?.[1] === 'features' && t[2] !== f[2] && isRoutes(t.at(-1)))
    return "a feature never imports another feature's routes";
  if (f[0] === 'server' && isRoutes(f.at(-1)) && !isTest(from) && t?.[0] === 'server' && touchesDb(t))
    return "routes never touch db (go through the feature's rules and queries)";
  if (f[0] === 'server' && f[1] === 'features' && /^fastify|^@fastify\//.test(spec) && touchesDbFile(from))
    return 'a file that queries the database knows no Fastify (routes call it)';
  const zodFree = (f[0] === 'shared' && ZOD_FREE.has(f[1])) || f.join('/') === 'web/i18n/shared-messages.ts';
  if (zodFree && (/^zod/.test(spec) || (t?.[0] === 'shared' && !ZOD_FREE.has(t[1]))))
    return 'stays without zod: import only src/shared/{catalog,digits,messages,photo-files,photo-sources,rules}.ts';
  return null;
}

const problems = [];
for (const file of files(src)) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    const target = spec.startsWith('.') ? resolve(dirname(file), spec) : null;
    const why = rule(file, spec, target);
    if (why) problems.push(`${relative(root, file)}: imports '${spec}': ${why}`);
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`check-imports: ${problems.length} import(s) break the import direction (docs/decisions/0006)`);
  process.exit(1);
}
console.log('check-imports: layering ok');
