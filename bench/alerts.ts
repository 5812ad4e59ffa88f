// Saved-search alerts on PostgreSQL at the bench's catalogue (docs/performance.md#saved-search-alerts):
// 1. `match_p99_ms`: the one statement that matches a new listing against 10,000 saved searches
//    (src/server/features/saved-searches/matching.ts), run for many listings for sale, each in a
//    transaction rolled back (every run finds the same searches unmatched), p99 of its time.
// 2. `publish_to_notify_p99_ms`: from POST /api/addLaptop of a listing that matches someone's saved
//    search to that person's GET /api/notifications showing it, while the bench's booking load
//    (POST /api/myOrders at 50 connections, as bench/api.ts books) runs against the same server.
import { loadavg } from 'node:os';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { matchStatement } from '../src/server/features/saved-searches/matching.ts';
import { seed } from './catalogue.ts';
import {
  autocannon,
  benchLaptop,
  type Req,
  type Result,
  type Server,
  signUp,
  startServer,
  stopServer,
  withOwnDatabase,
} from './harness.ts';

// BENCH_ALERTS_LISTINGS: a smaller catalogue for a quick check of the part itself.
const LISTINGS = Number(process.env.BENCH_ALERTS_LISTINGS ?? 100_000);
const SEARCHES = 10_000;
const MATCH_RUNS = 1_000;
const PUBLISHES = Number(process.env.BENCH_ALERTS_PUBLISHES ?? 40);
const LOAD_CONNECTIONS = 50;
export const MATCH_TARGET_P99_MS = 50;
export const NOTIFY_TARGET_P99_MS = 60_000;

export interface AlertResults {
  listings: number;
  saved_searches: number;
  match_runs: number;
  match_p50_ms: number;
  match_p99_ms: number;
  publishes: number;
  publish_to_notify_p50_ms: number;
  publish_to_notify_p99_ms: number;
  /** The booking load beside the publishes: its rate and how many answers were not 2xx. */
  booking_rps: number;
  booking_non2xx: number;
  alert_poll_ms: number;
  match_target_p99_ms: number;
  publish_to_notify_target_p99_ms: number;
  met: boolean;
  load_1m: number;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
};

export function benchAlerts(): Promise<AlertResults> {
  console.log(
    `\nalerts: ${LISTINGS.toLocaleString('en')} listings, ${SEARCHES.toLocaleString('en')} saved searches, PostgreSQL`,
  );
  return withOwnDatabase('lh_bench_alerts', async (url) => {
    await seed('postgres', { DATABASE_URL: url }, LISTINGS);
    const client = new pg.Client({ connectionString: url });
    // Dropped with the database at the end, whatever happened: that is no error of its own.
    client.on('error', () => {});
    await client.connect();
    try {
      await addSavedSearches(client);
      const match = await timeMatching(client);
      console.log(`  matching one listing: p50 ${match.p50} ms, p99 ${match.p99} ms over ${MATCH_RUNS} listings`);
      const pollMs = 1_000;
      const server = await startServer({ DATABASE_URL: url, ALERT_POLL_MS: String(pollMs) });
      try {
        const notify = await publishUnderLoad(server, url).catch((e: Error) => {
          console.error(`  publish → notification failed: ${e.stack ?? e.message}`);
          return { samples: 0, p50: Number.NaN, p99: Number.NaN, load: { rps: 0, non2xx: 0 } };
        });
        console.log(
          `  publish → notification: p50 ${notify.p50} ms, p99 ${notify.p99} ms over ${notify.samples} listings, ` +
            `bookings ${notify.load.rps}/s (${notify.load.non2xx} not 2xx)`,
        );
        return {
          listings: LISTINGS,
          saved_searches: SEARCHES,
          match_runs: MATCH_RUNS,
          match_p50_ms: match.p50,
          match_p99_ms: match.p99,
          publishes: notify.samples,
          publish_to_notify_p50_ms: notify.p50,
          publish_to_notify_p99_ms: notify.p99,
          booking_rps: notify.load.rps,
          booking_non2xx: notify.load.non2xx,
          alert_poll_ms: pollMs,
          match_target_p99_ms: MATCH_TARGET_P99_MS,
          publish_to_notify_target_p99_ms: NOTIFY_TARGET_P99_MS,
          met: match.p99 <= MATCH_TARGET_P99_MS && notify.p99 <= NOTIFY_TARGET_P99_MS,
          load_1m: Math.round(loadavg()[0]! * 10) / 10,
        };
      } finally {
        await stopServer(server);
      }
    } finally {
      await client.end();
    }
  });
}

/**
 * 10,000 saved searches of the catalogue's users, shaped as people save them: a brand half the
 * time, a top price most of the time, a RAM size, a category or a division sometimes, a model word
 * (ThinkPad, Latitude…) a third of the time, its full-text query built as the app builds it.
 */
async function addSavedSearches(client: pg.Client) {
  const users = (await client.query<{ id: string }>('select id from "user" order by id limit 2000')).rows.map(
    (r) => r.id,
  );
  const brands = (
    await client.query<{ b: string }>('select distinct brand as b from laptop where brand is not null')
  ).rows.map((r) => r.b);
  const words = (
    await client.query<{ w: string }>(
      `select w from (select lower(split_part(name, ' ', 2)) as w from laptop) n where length(w) > 2 group by w order by count(*) desc limit 60`,
    )
  ).rows.map((r) => r.w);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const maybe = <T>(p: number, v: () => T) => (Math.random() < p ? v() : null);
  // Everyone looks for something: a brand, a model word, or both.
  const rows = Array.from({ length: SEARCHES }, (_, i) => {
    const by = Math.random();
    return {
      user: users[i % users.length]!,
      brand: by < 0.75 ? pick(brands) : null,
      maxPrice: maybe(0.7, () => pick([30_000, 40_000, 50_000, 60_000, 80_000, 100_000, 150_000])),
      minPrice: maybe(0.1, () => pick([10_000, 20_000, 30_000])),
      ram: maybe(0.4, () => pick([8, 16, 32])),
      category: maybe(0.2, () => pick(['casual', 'gaming', 'premium'])),
      location: maybe(0.2, () => pick(['dhaka', 'chattogram', 'sylhet', 'khulna'])),
      word: by >= 0.5 ? pick(words) : null,
    };
  });
  const col = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k]);
  await client.query(
    `insert into saved_search (id, user_id, name, query, brand, max_price, min_price, ram_gb, category, location, text_query)
     select gen_random_uuid()::text, u, 'bench search', '', b, mx, mn, r, c::category, l::location,
       case when w is null then null else to_tsquery('simple', quote_literal(w) || ':*') end
     from unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[])
       as s(u, b, mx, mn, r, c, l, w)`,
    [
      col('user'),
      col('brand'),
      col('maxPrice'),
      col('minPrice'),
      col('ram'),
      col('category'),
      col('location'),
      col('word'),
    ],
  );
  await client.query('vacuum analyze saved_search');
}

/** The matching statement for MATCH_RUNS listings for sale (after a warm-up), each rolled back. */
async function timeMatching(client: pg.Client) {
  const ids = (
    await client.query<{ id: string }>(
      `select id from laptop where sales_status = 'unsold' and review_status = 'published' order by random() limit ${MATCH_RUNS + 50}`,
    )
  ).rows.map((r) => r.id);
  const dialect = new PgDialect();
  const times: number[] = [];
  let matched = 0;
  for (const [i, id] of ids.entries()) {
    const q = dialect.sqlToQuery(matchStatement(id));
    await client.query('begin');
    const t0 = performance.now();
    const { rowCount } = await client.query(q.sql, q.params);
    const ms = performance.now() - t0;
    await client.query('rollback');
    if (i < 50) continue;
    times.push(ms);
    matched += rowCount ?? 0;
  }
  console.log(`  ${(matched / times.length).toFixed(1)} saved searches matched per listing on average`);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Bookings at LOAD_CONNECTIONS while listings that match a saved search are published one after another. */
async function publishUnderLoad(server: Server, databaseUrl: string) {
  const { url } = server;
  const sellers = await Promise.all([0, 1, 2, 3].map((i) => signUp(url, 'seller', `alerts-seller-${i}@example.test`)));
  const laptopIds: string[] = [];
  for (let i = 0; i < 1_000; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: 50 }, async (_, j) => {
        const res = await fetch(`${url}/api/addLaptop`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url, cookie: sellers[(i + j) % 4]!.cookie },
          body: JSON.stringify(benchLaptop(i + j)),
        });
        return ((await res.json()) as { _id: string })._id;
      }),
    );
    laptopIds.push(...batch);
  }
  // The listings above each left a job: the measurement starts once they are matched, so a publish
  // waits behind the booking load and not behind this set-up's thousand listings.
  await drained(databaseUrl);
  const buyers: Awaited<ReturnType<typeof signUp>>[] = [];
  for (let i = 0; i < 100; i += 10) {
    buyers.push(
      ...(await Promise.all(
        Array.from({ length: 10 }, (_, j) => signUp(url, 'buyer', `alerts-buyer-${i + j}@example.test`)),
      )),
    );
  }
  const pairs = buyers.length * laptopIds.length;
  let next = 0;
  const booking = (i: number): Req => ({
    method: 'POST',
    path: '/api/myOrders',
    headers: {
      'content-type': 'application/json',
      origin: url,
      authorization: `Bearer ${buyers[Math.floor((i % pairs) / laptopIds.length)]!.token}`,
    },
    body: JSON.stringify({
      laptop_id: laptopIds[i % laptopIds.length],
      buyerPhoneNumber: '01712345678',
      meetingAddress: 'Motijheel, Dhaka',
    }),
  });
  // The watchers: each saves one search for a word only its listing will hold.
  const watchers = await Promise.all(
    Array.from({ length: PUBLISHES }, async (_, i) => {
      const watcher = await signUp(url, 'buyer', `alerts-watcher-${i}@example.test`);
      const word = `alertbench${i}x`;
      const res = await fetch(`${url}/api/savedSearches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, cookie: watcher.cookie },
        body: JSON.stringify({ query: `q=${word}` }),
      });
      if (res.status !== 201) throw new Error(`saving a search: ${res.status} ${await res.text()}`);
      return { ...watcher, word };
    }),
  );
  const load = autocannon({
    url,
    connections: LOAD_CONNECTIONS,
    // Long enough for every publish; stopped when they are done.
    duration: PUBLISHES * 5 + 30,
    requests: [{ setupRequest: (req: Req) => ({ ...req, ...booking(next++) }) }],
  }) as Promise<Result> & { stop?: () => void };
  const times: number[] = [];
  try {
    // The load runs a moment before the first publish.
    await new Promise((r) => setTimeout(r, 2_000));
    for (const [i, w] of watchers.entries()) {
      const t0 = performance.now();
      const res = await fetch(`${url}/api/addLaptop`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, cookie: sellers[i % 4]!.cookie },
        body: JSON.stringify({ ...benchLaptop(5_000 + i), laptop_name: `Bench Laptop ${w.word}` }),
      });
      if (res.status !== 201) throw new Error(`publishing: ${res.status} ${await res.text()}`);
      const { _id } = (await res.json()) as { _id: string };
      for (;;) {
        const page = (await fetch(`${url}/api/notifications?limit=5`, { headers: { cookie: w.cookie } })
          .then((r) => r.json())
          .catch(() => ({ items: [] }))) as { items: { kind: string; laptop_id: string | null }[] };
        if (page.items.some((n) => n.kind === 'saved_search_match' && n.laptop_id === _id)) break;
        if (performance.now() - t0 > 120_000) throw new Error(`no notification for ${_id} after 120 s`);
        await new Promise((r) => setTimeout(r, 25));
      }
      times.push(performance.now() - t0);
      // Publishes a second or so apart, as sellers post.
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    load.stop?.();
  }
  const result = await load;
  return {
    samples: times.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    load: { rps: Math.round(result.requests.average), non2xx: result.non2xx },
  };
}

/** How many alert jobs are due, on a connection of its own (a dropped one is simply asked again). */
async function dueJobs(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, query_timeout: 5_000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    console.log(`  (the alert jobs could not be counted: ${(error as Error).message})`);
    // A client that never connected would wait forever in end().
    return undefined;
  }
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from alert_job where failed_at is null',
    );
    return rows[0]!.n;
  } catch (error) {
    console.log(`  (the alert jobs could not be counted: ${(error as Error).message})`);
    return undefined;
  } finally {
    void client.end().catch(() => {});
  }
}

/** Waits until no alert job is due (the set-up's listings have been matched). */
async function drained(databaseUrl: string) {
  const t0 = performance.now();
  for (;;) {
    const n = await dueJobs(databaseUrl);
    if (n === 0) break;
    if (performance.now() - t0 > 600_000) throw new Error(`${n} alert jobs still waiting after 10 minutes`);
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`  the set-up's listings matched in ${Math.round(performance.now() - t0)} ms`);
}

export function alertTargets(r: AlertResults | undefined): [string, boolean][] {
  if (!r) return [['alerts: not measured', false]];
  return [
    [
      `alerts: matching one listing against ${r.saved_searches.toLocaleString('en')} saved searches p99 ≤ ${r.match_target_p99_ms} ms (p99 ${r.match_p99_ms} ms, ${r.listings.toLocaleString('en')} listings, PostgreSQL, load ${r.load_1m})`,
      r.match_p99_ms <= r.match_target_p99_ms,
    ],
    [
      `alerts: publish → owner's notification p99 ≤ ${r.publish_to_notify_target_p99_ms / 1000} s under bookings (p99 ${r.publish_to_notify_p99_ms} ms over ${r.publishes} listings, ${r.booking_rps} bookings/s)`,
      r.publish_to_notify_p99_ms <= r.publish_to_notify_target_p99_ms,
    ],
  ];
}

// Alone (`tsx bench/alerts.ts`): the part, printed, nothing written.
if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchAlerts();
  console.log(r);
  for (const [label, ok] of alertTargets(r)) console.log(`${ok ? '✓' : '✗'} ${label}`);
}
