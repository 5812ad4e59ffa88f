// The yardstick's server (bench/yardstick.ts): bare Fastify and node-postgres (or PGlite), in its
// own process as the app is. For each route it runs the statements the app ran for that request
// (bench/yardstick-recipes.ts), one after the other as the app sent them, and answers with
// JSON.stringify of their rows (of each statement's: a number for a statement that returns more
// rows than a page holds): no validation, no auth, no caching, no serializer.
// Usage: node --import tsx bench/yardstick-server.ts <recipes.json> <postgres URL | pglite:<dir>>
// Prints its port once listening.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { indexOf, type Recipe, type Recipes, statementsFor, type Variant } from './yardstick-recipes.ts';

type Query = (text: string, values: (string | null)[], name?: string) => Promise<unknown[]>;

const [recipesFile, target] = process.argv.slice(2) as [string, string];
const recipes = JSON.parse(readFileSync(recipesFile, 'utf8')) as Recipes;

async function connect(): Promise<{ query: Query; close(): Promise<void> }> {
  if (target.startsWith('pglite:')) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const db = await PGlite.create(target.slice('pglite:'.length), { extensions: { pg_trgm } });
    return { query: async (text, values) => (await db.query(text, values)).rows, close: () => db.close() };
  }
  // The app's pool size (src/server/db/client.ts).
  const pool = new pg.Pool({ connectionString: target, max: 10 });
  // A statement the app ran by name runs by name here too: parsed and planned once per connection.
  return {
    query: async (text, values, name) => (await pool.query({ text, values, ...(name ? { name } : {}) })).rows,
    close: () => pool.end(),
  };
}

const db = await connect();
const app = Fastify({ logger: false });

// Its notifications go to a channel nobody listens on: the app must not work for the yardstick's writes.
const NOTIFY = 'select pg_notify($1, $2)';

// No answer carries more rows than a page (60 at most): a statement returning more is one whose rows
// the app reads to count or sum (the search's price range reads up to 10,001 prices), and the
// yardstick answers with their number too, not with the rows.
const MAX_PAGE = 100;

async function run(statements: Variant['statements']): Promise<(unknown[] | number)[]> {
  const out: (unknown[] | number)[] = [];
  for (let i = 0; i < statements.length; ) {
    // Statements the app sent side by side run side by side here too.
    let j = i + 1;
    while (j < statements.length && statements[j]!.parallel) j += 1;
    const group = statements.slice(i, j).map((s) => {
      const params = s.sql === NOTIFY ? [`${s.params[0]}_yardstick`, s.params[1]!] : s.params;
      return db.query(s.sql, params, s.name);
    });
    out.push(
      ...((await Promise.all(group)) as unknown[][]).map((rows) => (rows.length > MAX_PAGE ? rows.length : rows)),
    );
    i = j;
  }
  return out;
}

// One Fastify route per method and path; two recipes on one path are told apart by `q`.
const byPath = new Map<string, Recipe[]>();
for (const recipe of Object.values(recipes)) {
  const k = `${recipe.method} ${recipe.url}`;
  byPath.set(k, [...(byPath.get(k) ?? []), recipe]);
}
const state = new Map<Recipe, { turn: number; index: ReturnType<typeof indexOf> }>(
  Object.values(recipes).map((r) => [r, { turn: 0, index: indexOf(r) }]),
);
for (const [k, list] of byPath) {
  const [method, url] = k.split(' ') as ['GET' | 'POST', string];
  // Bodies arrive as text: the recipes read them as the capture did.
  app.route({
    method,
    url,
    handler: async (request, reply) => {
      const hasQ = typeof (request.query as Record<string, unknown>).q === 'string';
      const recipe = list.find((r) => r.hasQ === undefined || r.hasQ === hasQ)!;
      const s = state.get(recipe)!;
      const body = typeof request.body === 'string' ? request.body : undefined;
      const statements = statementsFor(recipe, s.index, s.turn++, {
        method,
        url: request.url,
        body,
        headers: request.headers,
      });
      const rows = await run(statements);
      reply
        .code(method === 'POST' ? 201 : 200)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(rows));
    },
  });
}
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

await app.listen({ port: 0, host: '127.0.0.1' });
console.log((app.server.address() as { port: number }).port);
process.once('SIGTERM', async () => {
  await app.close();
  await db.close();
  process.exit(0);
});
