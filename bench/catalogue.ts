// The catalogue part of `npm run bench` (docs/performance.md#catalogue-at-100000): four queries at
// a catalogue of 1,000 generated listings and at one of 100,000 (two databases, each seeded once by
// `db:seed -- --laptops N`, each with its server), measured in alternating 2-second slices as the
// raw-server comparison is (the machine's drift hits both sizes alike), at 10 connections, none
// answered by the response cache: every request's URL differs from the 1,000 before it (the cache
// keeps at most 1,000 answers, oldest out first) or the route is not cached.
import { spawn } from 'node:child_process';
import {
  autocannon,
  checked,
  type Db,
  DURATION,
  type Measured,
  type Req,
  type Result,
  type Server,
  signUp,
  startServer,
  stopServer,
  WARMUP,
} from './harness.ts';

const CONNECTIONS = 10;
const SIZES = [1_000, 100_000] as const;
type Size = (typeof SIZES)[number];

export const CATALOGUE_ROUTES = {
  text: 'GET /api/laptops?q= (text search)',
  filtered: 'GET /api/laptops?brand=&ram=&location=&maxPrice=&sort=',
  thirdPage: 'GET /api/categories/{name}?cursor= (3rd page, signed in)',
  listing: 'GET /api/laptops/{id}',
} as const;

export interface CatalogueRow {
  db: Db;
  route: string;
  catalogue: Size;
  rps: number;
  /** null when the measurement failed (`error` says why). */
  p50_ms: number | null;
  p99_ms: number | null;
  error?: string;
  /** Measured in one DURATION-second run after the slices: its answers took too long for 2-second slices. */
  continuous?: true;
}
export interface CatalogueSeed {
  db: Db;
  /** Laptops generated into an empty database (besides the 21 demo laptops). */
  laptops: number;
  /** The generator's own time (one transaction, then VACUUM ANALYZE), and of it the VACUUM ANALYZE. */
  generate_ms: number;
  vacuum_ms: number;
  /** `npm run db:seed` as a whole: opening the database, migrations, demo data, the generator. */
  command_ms: number;
}
export interface CatalogueResults {
  rows: CatalogueRow[];
  seeds: CatalogueSeed[];
}

// What people type: models, parts, a few typos (the trigram fallback).
// biome-ignore format: a list of words
const TERMS = [
  'thinkpad', 'macbook air', 'rtx 3060', 'ryzen 7', 'i5 1135g7', 'vivobook', 'gaming', 'legion', 'elitebook',
  'xps', 'zenbook oled', 'nitro 5', 'victus', 'm1', 'core i7', 'walton', 'surface', 'tuf gaming', 'rog strix',
  'pavilion', 'latitude', 'inspiron', 'ideapad', 'aspire', 'omen', 'katana', 'thinkpad t480', 'macbook pro',
  'rtx 4060', '16 gb ram', '512 gb ssd', 'battery health', 'box and bill', 'thinkpda', 'vivobok', 'macbok',
  'predator', 'razer blade', 'galaxy book', 'matebook',
];
const FILTER_BRANDS = ['HP', 'Dell', 'Lenovo', 'Asus', 'Apple', 'Acer', 'MSI', 'Walton', 'Huawei', 'Xiaomi'];
const FILTER_RAM = ['8', '16', ''];
const FILTER_SORTS = ['price_asc', 'newest', 'price_desc'];
const FILTER_LOCATIONS = ['dhaka', 'chattogram', '', 'sylhet', 'khulna'];
const CATEGORY_NAMES = ['casual', 'gaming', 'premium'];

/** Runs `npm run db:seed -- --laptops N` (as the CLI, in its own process) against `env`'s database. */
export async function seed(db: Db, env: Record<string, string>, laptops: number): Promise<CatalogueSeed> {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli.ts', 'seed', '--laptops', String(laptops)],
    {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        AUTH_SECRET: 'bench-secret-bench-secret-0123456789abcdef',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`db:seed --laptops ${laptops} on ${db} exited with ${code}: ${out}`);
  const generated = /in ([\d.]+) s/.exec(out);
  const vacuum = /VACUUM ANALYZE ([\d.]+) s/.exec(out);
  const result = {
    db,
    laptops,
    generate_ms: generated ? Math.round(Number(generated[1]) * 1000) : Number.NaN,
    vacuum_ms: vacuum ? Math.round(Number(vacuum[1]) * 1000) : Number.NaN,
    command_ms: Math.round(performance.now() - t0),
  };
  console.log(
    `  ${db.padEnd(8)} db:seed --laptops ${laptops}: ${out.trim().split('\n').at(-1)} (command ${result.command_ms} ms)`,
  );
  return result;
}

async function json<T>(url: string, headers: Record<string, string> = {}): Promise<{ body: T; link: string | null }> {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return { body: (await res.json()) as T, link: res.headers.get('link') };
}

/** Listing ids from across the catalogue: the first pages of each sort. */
async function listingIds(url: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const sort of ['newest', 'price_asc', 'price_desc']) {
    let cursor: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const q: string = `/api/laptops?sort=${sort}&limit=60${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const { body } = await json<{ items: { _id: string }[]; nextCursor: string | null }>(`${url}${q}`);
      for (const item of body.items) ids.add(item._id);
      cursor = body.nextCursor;
      if (!cursor) break;
    }
  }
  return [...ids];
}

const nextOf = (link: string | null) => (link ? (/<([^>]+)>\s*;\s*rel="next"/.exec(link)?.[1] ?? null) : null);

/**
 * Third pages: for each category and first-page size 20, 22, … 48, the Link header followed twice;
 * each such URL then asked for with a page size of 36–60 (3 × 15 × 25 = 1,125 URLs, more than the
 * cache holds).
 */
async function thirdPages(url: string, cookie: string): Promise<string[]> {
  const starts = CATEGORY_NAMES.flatMap((c) =>
    Array.from({ length: 15 }, (_, i) => `/api/categories/${c}?limit=${20 + 2 * i}`),
  );
  const thirds: string[] = [];
  for (let i = 0; i < starts.length; i += 10) {
    const batch = await Promise.all(
      starts.slice(i, i + 10).map(async (first) => {
        const second = nextOf((await json(`${url}${first}`, { cookie })).link);
        const third = second && nextOf((await json(`${url}${second}`, { cookie })).link);
        return third;
      }),
    );
    thirds.push(...batch.filter((t): t is string => Boolean(t)));
  }
  if (thirds.length < 45) throw new Error(`only ${thirds.length} of 45 first pages have a third page`);
  return Array.from({ length: 25 }, (_, b) =>
    thirds.map((t) => {
      const u = new URL(t, url);
      u.searchParams.set('limit', String(36 + b));
      return `${u.pathname}${u.search}`;
    }),
  ).flat();
}

type Query = [route: string, request: (i: number) => Req];

/** The four queries against one server, with what they need from it (a session, ids, third pages). */
export async function queriesFor(db: Db, url: string, catalogue: Size): Promise<Query[]> {
  const buyer = await signUp(url, 'buyer', `bench-catalogue-${db}-${catalogue}@example.test`);
  const ids = await listingIds(url);
  const pages = await thirdPages(url, buyer.cookie);
  const get = (path: string, headers: Record<string, string> = {}): Req => ({ method: 'GET', path, headers });
  const T = TERMS.length;
  return [
    // minPrice below every price: the same answer, a different URL for T × 3,000 requests in a row.
    [
      CATALOGUE_ROUTES.text,
      (i) => get(`/api/laptops?q=${encodeURIComponent(TERMS[i % T]!)}&minPrice=${Math.floor(i / T) % 3_000}`),
    ],
    // A budget of Tk 40,000–240,000 in steps of 10: a different URL for 20,000 requests in a row.
    [
      CATALOGUE_ROUTES.filtered,
      (i) => {
        const q = new URLSearchParams({ brand: FILTER_BRANDS[i % 10]! });
        const ram = FILTER_RAM[Math.floor(i / 10) % 3]!;
        const location = FILTER_LOCATIONS[Math.floor(i / 30) % 5]!;
        if (ram) q.set('ram', ram);
        if (location) q.set('location', location);
        q.set('maxPrice', String(40_000 + (i % 20_000) * 10));
        q.set('sort', FILTER_SORTS[Math.floor(i / 150) % 3]!);
        return get(`/api/laptops?${q}`);
      },
    ],
    [CATALOGUE_ROUTES.thirdPage, (i) => get(pages[i % pages.length]!, { cookie: buyer.cookie })],
    // Not cached (the answer depends on who asks): any id will do.
    [CATALOGUE_ROUTES.listing, (i) => get(`/api/laptops/${ids[(i * 7) % ids.length]}`)],
  ];
}

const SLICE = 2;

/** One side of a comparison: a server and a query whose every request gets the next number. */
export class Side {
  private next = 0;
  readonly slices: { result: Result; seconds: number }[] = [];
  error?: string;
  continuous = false;
  constructor(
    readonly url: string,
    private readonly request: (i: number) => Req,
    readonly label: string,
  ) {}

  async run(seconds: number, keep: boolean) {
    if (this.error) return;
    try {
      const r = checked(
        await autocannon({
          url: this.url,
          connections: CONNECTIONS,
          duration: seconds,
          requests: [{ setupRequest: (req: Req) => ({ ...req, ...this.request(this.next++) }) }],
        }),
        this.label,
      );
      if (keep) this.slices.push({ result: r, seconds });
    } catch (e) {
      // A failed query (an error answer, a time-out) misses its targets but keeps the run going.
      this.error = (e as Error).message;
    }
  }

  /**
   * A request still waiting when a slice ends is not counted, so a slice cannot measure answers
   * near its own length: when any slice's p99 is over half of it (or a slice got fewer answers than
   * connections), this side is measured again in one DURATION-second run instead.
   */
  async remeasureIfCutOff() {
    const cut = this.slices.some(
      (x) => x.result.latency.p99 > (SLICE * 1000) / 2 || x.result.requests.total < CONNECTIONS,
    );
    if (this.error || !cut) return;
    this.slices.length = 0;
    this.continuous = true;
    await this.run(DURATION, true);
  }

  /** Rates from the totals; the median slice's p50 and the worst slice's p99 (as bench/api.ts). */
  summary(): Measured | { error: string } {
    if (this.error || this.slices.length === 0) return { error: this.error ?? 'no slice measured' };
    const rs = this.slices.map((x) => x.result);
    const seconds = this.slices.reduce((n, x) => n + x.seconds, 0);
    return {
      rps: Math.round(rs.reduce((n, r) => n + r.requests.total, 0) / seconds),
      p50_ms: rs.map((r) => r.latency.p50).sort((a, b) => a - b)[Math.floor(rs.length / 2)]!,
      p99_ms: Math.max(...rs.map((r) => r.latency.p99)),
    };
  }
}

/** Two sides: each warmed up, then SLICE-second slices in turn until each has had DURATION. */
export async function inTurns(a: Side, b: Side) {
  await a.run(WARMUP, false);
  await b.run(WARMUP, false);
  for (let t = 0; t < DURATION; t += SLICE) {
    await a.run(SLICE, true);
    await b.run(SLICE, true);
  }
  await a.remeasureIfCutOff();
  await b.remeasureIfCutOff();
}

/** Both sizes of one query, in turns. */
async function measurePair(db: Db, route: string, small: Side, big: Side): Promise<CatalogueRow[]> {
  await inTurns(small, big);
  return ([small, big] as const).map((side, k) => {
    const catalogue = SIZES[k]!;
    const m = side.summary();
    const row: CatalogueRow =
      'error' in m
        ? { db, route, catalogue, rps: 0, p50_ms: null, p99_ms: null, error: m.error }
        : { db, route, catalogue, ...m, ...(side.continuous ? { continuous: true as const } : {}) };
    console.log(
      `  ${db.padEnd(8)} ${String(catalogue).padStart(6)}  ${route.padEnd(58)} ` +
        ('error' in m
          ? m.error
          : `${String(m.rps).padStart(6)} req/s  p50 ${String(m.p50_ms).padStart(4)} ms  p99 ${String(m.p99_ms).padStart(4)} ms` +
            (side.continuous ? `  (one ${DURATION}-s run: answers too slow for 2-s slices)` : '')),
    );
    return row;
  });
}

/**
 * Seeds 1,000 and 100,000 laptops into two empty databases (`envs`: `{ DATA_DIR }` for PGlite or
 * `{ DATABASE_URL }`), starts a server on each and measures the four queries on both, alternating.
 */
export async function benchCatalogue(db: Db, envs: Record<Size, Record<string, string>>): Promise<CatalogueResults> {
  const results: CatalogueResults = { rows: [], seeds: [] };
  for (const size of SIZES) results.seeds.push(await seed(db, envs[size], size));
  const servers: Server[] = [];
  try {
    for (const size of SIZES) servers.push(await startServer(envs[size]));
    const [small, big] = await Promise.all(SIZES.map((size, k) => queriesFor(db, servers[k]!.url, size)));
    for (const [q, [route, request]] of small!.entries()) {
      const label = `${db} ${route}`;
      results.rows.push(
        ...(await measurePair(
          db,
          route,
          new Side(servers[0]!.url, request, `${label} at 1,000`),
          new Side(servers[1]!.url, big![q]![1], `${label} at 100,000`),
        )),
      );
    }
  } finally {
    for (const server of servers) await stopServer(server);
  }
  return results;
}

/** The targets: p99 at 100,000 ≤ 1.5× p99 at 1,000 or ≤ 10 ms; on PostgreSQL p99 ≤ 50 ms. */
export function catalogueTargets(rows: CatalogueRow[]): [string, boolean][] {
  const checks: [string, boolean][] = [];
  for (const db of ['pglite', 'postgres'] as const) {
    for (const route of Object.values(CATALOGUE_ROUTES)) {
      const small = rows.find((r) => r.db === db && r.route === route && r.catalogue === 1_000);
      const big = rows.find((r) => r.db === db && r.route === route && r.catalogue === 100_000);
      if (!small && !big) continue;
      const p99 = (r: CatalogueRow | undefined) => r?.p99_ms ?? Number.POSITIVE_INFINITY;
      const scales = p99(big) <= 1.5 * p99(small) || p99(big) <= 10;
      checks.push([
        `${db} ${route}: p99 at 100,000 ${big?.p99_ms} ms ≤ 1.5× ${small?.p99_ms} ms at 1,000, or ≤ 10 ms`,
        scales,
      ]);
      if (db === 'postgres') {
        checks.push([
          `postgres ${route}: p99 ≤ 50 ms (${small?.p99_ms} ms at 1,000, ${big?.p99_ms} ms at 100,000)`,
          p99(small) <= 50 && p99(big) <= 50,
        ]);
      }
    }
  }
  return checks;
}
