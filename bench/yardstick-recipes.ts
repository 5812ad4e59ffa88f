// What the yardstick replays (bench/yardstick.ts): for each route, the statements the app ran for
// each captured request, and how a request the capture did not see is mapped onto them. Shared by
// the bench (which captures) and the yardstick's server (which replays), so both read a request
// the same way.
import { randomUUID } from 'node:crypto';
import type { Req } from './harness.ts';
import type { Executed } from './pg-recorder.ts';

export interface YardstickRoute {
  method: 'GET' | 'POST';
  /** A Fastify path pattern (`:name` segments). */
  url: string;
  /** Of two routes on one path: the one whose query has (`true`) or lacks (`false`) `q`. */
  hasQ?: boolean;
}

/** One captured request: its key (method, URL, body) and the statements the app ran for it, in order. */
export interface Variant {
  key: string;
  statements: {
    sql: string;
    params: (string | null)[] /** runs beside the statement before it */;
    parallel: boolean;
    /** Run by this name, as the app ran it (parsed and planned once per connection). */
    name?: string;
  }[];
  /** Per statement, per parameter: the request field it always equalled across the captured requests. */
}

export interface Recipe extends YardstickRoute {
  variants: Variant[];
  /** `${sql}\u0000${index}` → the request field that parameter equals in every captured request. */
  slots: Record<string, string>;
}

export type Recipes = Record<string, Recipe>;

export const keyOf = (method: string, url: string, body?: string) => `${method} ${url}${body ? ` ${body}` : ''}`;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TIMESTAMP = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;

/** `:name` segments of `pattern` in `path` (no query). */
export function pathParams(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < p.length; i += 1) {
    if (p[i]!.startsWith(':')) out[p[i]!.slice(1)] = decodeURIComponent(s[i]!);
    else if (p[i] !== s[i]) return null;
  }
  return out;
}

/**
 * Every value a request carries, by name: path segments, query, the JSON body's top-level fields,
 * and a bearer token's claims (read, not verified: the yardstick has no keys and checks nothing).
 */
export function fieldsOf(
  route: YardstickRoute,
  url: string,
  body: string | undefined,
  headers: Record<string, string | string[] | undefined>,
) {
  const [path, search] = url.split('?') as [string, string | undefined];
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(pathParams(route.url, path) ?? {})) fields[`path.${k}`] = v;
  for (const [k, v] of new URLSearchParams(search ?? '')) fields[`query.${k}`] = v;
  if (body) {
    for (const [k, v] of Object.entries(JSON.parse(body) as Record<string, unknown>)) {
      if (typeof v === 'string' || typeof v === 'number') fields[`body.${k}`] = String(v);
    }
  }
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) {
    const payload = auth.slice(7).split('.')[1];
    if (payload) {
      for (const [k, v] of Object.entries(JSON.parse(Buffer.from(payload, 'base64url').toString()))) {
        if (typeof v === 'string') fields[`token.${k}`] = v;
      }
    }
  }
  return fields;
}

/**
 * The captured requests of one route as a recipe. Statements that overlapped in time at the app
 * (sent before the one before them was answered) are marked to run side by side.
 */
export function recipeOf(route: YardstickRoute, captured: { req: Req; executed: Executed[] }[]): Recipe {
  const variants: Variant[] = [];
  const candidates = new Map<string, Set<string> | null>();
  for (const { req, executed } of captured) {
    const fields = fieldsOf(route, req.path, req.body, req.headers ?? {});
    const sorted = [...executed].sort((a, b) => a.start - b.start);
    let lastEnd = Number.NEGATIVE_INFINITY;
    const statements = sorted.map((e) => {
      const parallel = e.start < lastEnd;
      lastEnd = Math.max(lastEnd, e.end);
      e.params.forEach((value, i) => {
        const slot = `${e.sql}\u0000${i}`;
        const names = new Set(Object.keys(fields).filter((f) => value !== null && fields[f] === value));
        const before = candidates.get(slot);
        candidates.set(slot, before === undefined ? names : new Set([...(before ?? [])].filter((n) => names.has(n))));
      });
      return { sql: e.sql, params: e.params, parallel, ...(e.name ? { name: e.name } : {}) };
    });
    variants.push({ key: keyOf(req.method, req.path, req.body), statements });
  }
  const slots: Record<string, string> = {};
  for (const [slot, names] of candidates) if (names && names.size === 1) slots[slot] = [...names][0]!;
  return { ...route, variants, slots };
}

/**
 * A request's class: its fields, with the numbers the recipe maps left out (a budget, a minimum
 * price): requests of one class differ only in those numbers, and the app runs the same statements
 * for them with those numbers in them.
 */
export function classOf(recipe: Recipe, fields: Record<string, string>) {
  const mapped = new Set(Object.values(recipe.slots));
  return JSON.stringify(
    Object.keys(fields)
      .filter((f) => !f.startsWith('token.'))
      .sort()
      .map((f) => [f, mapped.has(f) && /^\d+$/.test(fields[f]!) ? '#' : fields[f]]),
  );
}

/** How the yardstick's server finds a request's variant: by key, and the last captured of each class. */
export function indexOf(recipe: Recipe) {
  const byKey = new Map(recipe.variants.map((v) => [v.key, v]));
  const byClass = new Map<string, Variant>();
  for (const v of recipe.variants) byClass.set(classOf(recipe, fieldsOf(recipe, ...splitKey(v.key))), v);
  return { byKey, byClass };
}

/**
 * The statements to run for a request. A read the capture saw runs what the app ran for it then; a
 * read it did not see takes the last captured request of its class (by then the app's own memory of
 * earlier searches is as warm as it is while measured: a search's price list, its typo check) with
 * the request's numbers; a write takes the captured write its turn falls on. Wherever the app put a
 * request field in every captured request, the request's own value goes. A write's new ids are new
 * UUIDs (one per captured id, inside JSON payloads too) and its timestamps now, so each replay
 * inserts fresh rows.
 */
export function statementsFor(
  recipe: Recipe,
  index: ReturnType<typeof indexOf>,
  turn: number,
  req: { method: string; url: string; body?: string; headers: Record<string, string | string[] | undefined> },
): Variant['statements'] {
  const fields = fieldsOf(recipe, req.url, req.body, req.headers);
  const write = req.method !== 'GET';
  const exact = index.byKey.get(keyOf(req.method, req.url, req.body));
  if (exact && !write) return exact.statements;
  const variant =
    exact ??
    (write ? undefined : index.byClass.get(classOf(recipe, fields))) ??
    recipe.variants[turn % recipe.variants.length]!;
  const captured = fieldsOf(recipe, ...splitKey(variant.key));
  const fresh = new Map<string, string>();
  const now = new Date().toISOString();
  const swap = (text: string) =>
    text
      .replace(UUID, (id) => {
        const field = Object.keys(captured).find((f) => captured[f] === id);
        if (field && fields[field] !== undefined) return fields[field]!;
        if (!write) return id;
        if (!fresh.has(id)) fresh.set(id, randomUUID());
        return fresh.get(id)!;
      })
      .replace(TIMESTAMP, (t) => (write ? now : t));
  return variant.statements.map((s) => ({
    ...s,
    params: s.params.map((value, i) => {
      if (value === null) return null;
      const field = recipe.slots[`${s.sql}\u0000${i}`];
      if (field && fields[field] !== undefined) return fields[field]!;
      return swap(value);
    }),
  }));
}

function splitKey(key: string): [string, string | undefined, Record<string, string>] {
  const [, url, ...body] = key.split(' ');
  return [url!, body.length ? body.join(' ') : undefined, {}];
}
