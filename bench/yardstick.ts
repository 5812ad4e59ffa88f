// The yardstick part of `npm run bench` (docs/performance.md#the-yardstick, docs/decisions/0028):
// five uncached routes of the app on PostgreSQL at 100,000 listings, each beside a bare Fastify +
// node-postgres process (bench/yardstick-server.ts) that runs the very statements the app sends for
// that request and answers with JSON.stringify of their rows. The statements are captured from the
// app itself: a first app server talks to PostgreSQL through a wire-protocol recorder
// (bench/pg-recorder.ts) while the bench sends it the requests it will measure, one at a time.
// Then a second app server (connected directly) and the yardstick take turns in 2-second slices at
// 10 connections, as the raw-server and catalogue comparisons do, receiving the same requests.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { CATALOGUE_ROUTES, inTurns, queriesFor, Side, seed } from './catalogue.ts';
import { ADMIN_URL, type Req, type Server, signUp, startServer, stopServer } from './harness.ts';
import { type Executed, startRecorder } from './pg-recorder.ts';
import { keyOf, type Recipes, recipeOf, type YardstickRoute } from './yardstick-recipes.ts';

// BENCH_YARDSTICK_LISTINGS: a smaller catalogue for a quick look (the target is at 100,000).
const LISTINGS = Number(process.env.BENCH_YARDSTICK_LISTINGS ?? 100_000) as 100_000;
const BOOK = 'POST /api/myOrders';

/** The measured routes, as the catalogue part names them, and how the yardstick's server routes them. */
const ROUTES: Record<string, YardstickRoute> = {
  [CATALOGUE_ROUTES.listing]: { method: 'GET', url: '/api/laptops/:id' },
  [CATALOGUE_ROUTES.text]: { method: 'GET', url: '/api/laptops', hasQ: true },
  [CATALOGUE_ROUTES.filtered]: { method: 'GET', url: '/api/laptops', hasQ: false },
  [CATALOGUE_ROUTES.thirdPage]: { method: 'GET', url: '/api/categories/:name' },
  [BOOK]: { method: 'POST', url: '/api/myOrders' },
};

/**
 * How many requests of each route are captured (at most; CAPTURE_SECONDS caps each): enough that
 * the measured sequence repeats them exactly or differs only in values the recipe maps (a price, an
 * id): every listing and third-page URL the catalogue's generators cycle through, three rounds of
 * the 40 search terms and two of every filter combination (10 × 3 × 5 × 3), so that each class of
 * request has been seen once the app remembers its prices (bench/yardstick-recipes.ts), 50 bookings.
 */
const CAPTURES: Record<string, number> = {
  [CATALOGUE_ROUTES.listing]: 2_000,
  [CATALOGUE_ROUTES.text]: 120,
  [CATALOGUE_ROUTES.filtered]: 900,
  [CATALOGUE_ROUTES.thirdPage]: 1_125,
  [BOOK]: 50,
};
const CAPTURE_SECONDS = 45;

export interface YardstickRow {
  app_rps: number;
  yardstick_rps: number;
  /** app over yardstick, in the same slices. */
  ratio: number;
  /** The app's p99 (the worst slice's). */
  p99_ms: number | null;
  yardstick_p99_ms: number | null;
  /** Statements the app ran for the last captured request (by then as warm as when measured), and requests captured. */
  statements: number;
  captured: number;
  error?: string;
}
export type YardstickResults = Record<string, YardstickRow>;

/** Bookings: buyer and laptop pairs, one buyer after another; the yardstick's side gets the odd ones. */
function bookings(url: string, buyers: { token: string }[], laptops: string[]) {
  return (i: number): Req => {
    const buyer = buyers[Math.floor(i / laptops.length)];
    if (!buyer) throw new Error('the yardstick ran out of distinct buyer/laptop pairs');
    return {
      method: 'POST',
      path: '/api/myOrders',
      headers: { 'content-type': 'application/json', origin: url, authorization: `Bearer ${buyer.token}` },
      body: JSON.stringify({
        laptop_id: laptops[i % laptops.length],
        buyerPhoneNumber: '01712345678',
        meetingAddress: 'Motijheel, Dhaka',
      }),
    };
  };
}

/** Sends `request(0…n-1)` one at a time and notes what the app executed for each. */
async function capture(url: string, executed: Executed[], request: (i: number) => Req, n: number) {
  const out: { req: Req; executed: Executed[] }[] = [];
  const until = performance.now() + CAPTURE_SECONDS * 1000;
  const seen = new Set<string>();
  let cached = 0;
  for (let i = 0; i < n && performance.now() < until; i += 1) {
    const req = request(i);
    // A URL asked for again may be answered from the app's cache: each is captured once.
    const key = keyOf(req.method, req.path, req.body);
    if (seen.has(key)) continue;
    seen.add(key);
    const from = executed.length;
    const res = await fetch(`${url}${req.path}`, { method: req.method, headers: req.headers, body: req.body });
    if (!res.ok) throw new Error(`capture ${req.method} ${req.path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    // A write's notification to other instances follows its answer.
    await new Promise((r) => setTimeout(r, req.method === 'GET' ? 1 : 20));
    const mine = executed.slice(from);
    // Answered from the app's cache (none should be: the server is new, each URL asked for once).
    if (mine.length === 0) cached += 1;
    else out.push({ req, executed: mine });
  }
  return { captured: out, cached };
}

function startYardstick(recipesFile: string, target: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/yardstick-server.ts', recipesFile, target], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (c: Buffer) => resolve({ child, url: `http://127.0.0.1:${`${c}`.trim()}` }));
    child.once('exit', (code) => reject(new Error(`yardstick exited with ${code}`)));
  });
}

/** Seeds a PostgreSQL database of its own, captures, measures; drops the database. */
export async function benchYardstick(): Promise<YardstickResults> {
  console.log(`\nyardstick: the app beside the statements it sends, PostgreSQL, ${LISTINGS} listings, 10 connections`);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const name = `lh_yardstick_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  const dir = mkdtempSync(join(tmpdir(), 'laptop-haat-yardstick-'));
  const servers: Server[] = [];
  let yardstick: ChildProcess | undefined;
  try {
    await seed('postgres', { DATABASE_URL: dbUrl.toString() }, LISTINGS);

    // The capture: an app server whose every statement passes the recorder.
    const recorder = await startRecorder({ host: dbUrl.hostname, port: Number(dbUrl.port || 5432) });
    const viaRecorder = new URL(dbUrl);
    viaRecorder.port = String(recorder.port);
    const preparing = await startServer({ DATABASE_URL: viaRecorder.toString() });
    servers.push(preparing);
    const reads = await queriesFor('postgres', preparing.url, LISTINGS);
    const direct = new pg.Client({ connectionString: dbUrl.toString() });
    await direct.connect();
    const laptops = (
      await direct.query<{ id: string }>(`select id from laptop where sales_status = 'unsold' order by id limit 5000`)
    ).rows.map((r) => r.id);
    await direct.end();
    const buyers = await Promise.all(
      Array.from({ length: 21 }, (_, i) => signUp(preparing.url, 'buyer', `bench-yardstick-${i}@example.test`)),
    );
    // Finding third pages asked for some of them: the capture starts on a new server, its cache empty.
    await stopServer(servers.pop()!);
    const capturing = await startServer({ DATABASE_URL: viaRecorder.toString() });
    servers.push(capturing);
    // Buyer 0 books during the capture; the measured bookings are buyer 1's onwards, app even, yardstick odd.
    const captureBook = bookings(capturing.url, buyers.slice(0, 1), laptops);
    const routes: [string, (i: number) => Req][] = [...reads, [BOOK, captureBook]];
    const recipes: Recipes = {};
    for (const [route, request] of routes) {
      const t0 = performance.now();
      // The first request of each route warms the server's paths and identity cache; it is not kept.
      const { captured: all, cached } = await capture(capturing.url, recorder.executed, request, CAPTURES[route]! + 1);
      const captured = all.slice(1);
      recipes[route] = recipeOf(ROUTES[route]!, captured);
      const slots = [...new Set(Object.values(recipes[route].slots))];
      const counts = captured.map((c) => c.executed.length);
      console.log(
        `  captured ${String(captured.length).padStart(4)} × ${route} in ${Math.round(performance.now() - t0)} ms: ` +
          `${Math.min(...counts)}–${Math.max(...counts)} statements per request (the last: ${counts.at(-1)}); request values mapped: ${slots.join(', ') || 'none'}` +
          (cached ? `; ${cached} answered from the app's cache, not kept` : ''),
      );
    }
    await stopServer(capturing);
    servers.length = 0;
    await recorder.close();
    const recipesFile = join(dir, 'recipes.json');
    writeFileSync(recipesFile, JSON.stringify(recipes));

    const appStarted = performance.now();
    const app = await startServer({ DATABASE_URL: dbUrl.toString() });
    servers.push(app);
    const yard = await startYardstick(recipesFile, dbUrl.toString());
    yardstick = yard.child;
    const book = bookings(app.url, buyers.slice(1), laptops);
    for (const [route, request] of reads) {
      const req = request(0);
      const [fromApp, fromYard] = await Promise.all(
        [app.url, yard.url].map(async (u) => (await fetch(`${u}${req.path}`, { headers: req.headers })).arrayBuffer()),
      );
      console.log(`  ${route}: the app answers ${fromApp!.byteLength} bytes, the yardstick ${fromYard!.byteLength}`);
    }
    // The yardstick's bookings must insert as the app's do (a replay that inserted nothing would be cheaper).
    const last = book(20 * laptops.length - 1);
    const replayed = await fetch(`${yard.url}${last.path}`, { method: 'POST', headers: last.headers, body: last.body });
    const [[booked]] = (await replayed.json()) as [[{ inserted: boolean }]];
    if (!booked?.inserted) throw new Error('the yardstick replayed a booking that inserted no order');
    const results: YardstickResults = {};
    for (const [route, request] of routes) {
      const [forApp, forYard] =
        route === BOOK ? [(i: number) => book(2 * i), (i: number) => book(2 * i + 1)] : [request, request];
      const appSide = new Side(app.url, forApp, `app ${route}`);
      const yardSide = new Side(yard.url, forYard, `yardstick ${route}`);
      const from = (performance.now() - appStarted) / 1000;
      await inTurns(appSide, yardSide);
      // The route's part of the app's CPU profile (BENCH_CPU_PROF), in seconds from its start.
      if (process.env.BENCH_CPU_PROF) {
        console.log(
          `  (${route}: ${from.toFixed(1)}–${((performance.now() - appStarted) / 1000).toFixed(1)} s after the app's start)`,
        );
      }
      const [a, y] = [appSide.summary(), yardSide.summary()];
      const last = recipes[route]!.variants.at(-1)!;
      const row: YardstickRow = {
        app_rps: 'rps' in a ? a.rps : 0,
        yardstick_rps: 'rps' in y ? y.rps : 0,
        ratio: 'rps' in a && 'rps' in y && y.rps > 0 ? Number((a.rps / y.rps).toFixed(2)) : 0,
        p99_ms: 'rps' in a ? a.p99_ms : null,
        yardstick_p99_ms: 'rps' in y ? y.p99_ms : null,
        statements: last.statements.length,
        captured: recipes[route]!.variants.length,
        ...('error' in a || 'error' in y
          ? { error: ['error' in a ? `app: ${a.error}` : '', 'error' in y ? `yardstick: ${y.error}` : ''].join(' ') }
          : {}),
      };
      results[route] = row;
      console.log(
        `  ${route.padEnd(58)} app ${String(row.app_rps).padStart(6)} req/s p99 ${String(row.p99_ms).padStart(4)} ms` +
          `  yardstick ${String(row.yardstick_rps).padStart(6)} req/s p99 ${String(row.yardstick_p99_ms).padStart(4)} ms` +
          `  ${row.ratio}×${row.error ? `  ${row.error}` : ''}`,
      );
    }
    return results;
  } finally {
    yardstick?.kill('SIGTERM');
    for (const server of servers) await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
  }
}

/** The targets: app ≥ 0.5× the yardstick and p99 ≤ 50 ms, per route. */
export function yardstickTargets(r: YardstickResults | undefined): [string, boolean][] {
  if (!r) return [['yardstick part: not measured', false]];
  return Object.entries(r).map(([route, x]) => [
    `yardstick ${route}: ≥ 0.5× the yardstick (${x.ratio}×, ${x.app_rps} against ${x.yardstick_rps} req/s), p99 ≤ 50 ms (${x.p99_ms} ms)`,
    !x.error && x.ratio >= 0.5 && x.p99_ms !== null && x.p99_ms <= 50,
  ]);
}
