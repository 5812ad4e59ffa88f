// `npm run bench` (docs/performance.md): the built production server on PGlite, then on PostgreSQL,
// measured with autocannon side by side with a raw node:http server (in its own process) that
// returns the same bytes as the first route, in one run on one machine; then the web client
// (initial JS, transfer, Lighthouse, a listing with 8 photos); then photo uploads beside sharp alone
// (bench/photos.ts; BENCH_ONLY=photos runs only that part); then the catalogue part: four queries at
// 1,000 and 100,000 generated listings (bench/catalogue.ts; BENCH_ONLY=catalogue runs only that part);
// then five uncached routes beside a yardstick replaying their statements (bench/yardstick.ts; BENCH_ONLY=yardstick);
// then chat messages to 200 conversations' open streams on PostgreSQL (bench/chat.ts; BENCH_ONLY=chat);
// then the price guide at 100,000 listings on PostgreSQL (bench/price-guide.ts; BENCH_ONLY=price_guide);
// then saved-search alerts at 100,000 listings on PostgreSQL (bench/alerts.ts; BENCH_ONLY=alerts).
// Prints a table and the targets, and writes bench/results.json (keeping its `backup`, which
// bench/backup-pause.ts measures on its own).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type AlertResults, alertTargets, benchAlerts } from './alerts.ts';
import { benchCatalogue, type CatalogueResults, type CatalogueRow, catalogueTargets } from './catalogue.ts';
import { benchChat, type ChatResults, chatTargets } from './chat.ts';
import {
  ADMIN_URL,
  autocannon,
  benchLaptop,
  checked,
  type Db,
  DURATION,
  type Measured,
  measure,
  post,
  type Req,
  type Result,
  type Server,
  signUp,
  startServer,
  stopServer,
  WARMUP,
} from './harness.ts';
import { benchPhonePagesAlone, phonePagesTargets } from './phone.ts';
import { benchPhotos, type PhotoResults } from './photos.ts';
import { benchPriceGuide, type PriceGuideResults, priceGuideTargets } from './price-guide.ts';
import { BANGLA_PAGES, LIGHTHOUSE_PAGES, LISTING_PAGE, measureWeb, phoneFilterMs, type WebResults } from './web.ts';
import { benchYardstick, type YardstickResults, yardstickTargets } from './yardstick.ts';

// BENCH_ONLY=phone-pages: only what a phone user feels (bench/phone.ts), merged into bench/results.json.
if (process.env.BENCH_ONLY === 'phone-pages') process.exit(await benchPhonePagesAlone());

const CONNECTIONS = 50;
// For quick iterations: BENCH_DB=postgres measures one database only (results.json is then partial).
const DBS = (process.env.BENCH_DB ?? 'pglite,postgres').split(',') as Db[];
// BENCH_ONLY=catalogue measures only the catalogue part (docs/performance.md#catalogue-at-100000)
// and replaces just its rows in bench/results.json; BENCH_ONLY=photos only the photo uploads (on a
// PGlite server of its own) and replaces just `photos`; BENCH_ONLY=web only the web part (the same)
// and replaces just `web`; BENCH_ONLY=phone only `web.phone_filter_ms` (the same); BENCH_ONLY=reads
// only the public reads beside the raw server (advertised, blog, home) on each database, and replaces
// just their rows. BENCH_WEB=0, BENCH_CATALOGUE=0, BENCH_PHOTOS=0 and BENCH_YARDSTICK=0 leave those parts
// out of a whole run (quick iterations on the API part: bench/results.json is then partial).
const ONLY = process.env.BENCH_ONLY;
// BENCH_ONLY=yardstick only the app beside its yardstick (bench/yardstick.ts) and replaces just `yardstick`;
// BENCH_ONLY=chat only the chat part (bench/chat.ts) and replaces just `chat`; BENCH_CHAT=0 leaves it
// out of a whole run. BENCH_ONLY=price_guide only the price guide (bench/price-guide.ts) and replaces
// just `price_guide`; BENCH_PRICE_GUIDE=0 leaves it out of a whole run.
const SKIP_CATALOGUE = process.env.BENCH_CATALOGUE === '0' || (ONLY !== undefined && ONLY !== 'catalogue');
const SKIP_PHOTOS = ONLY !== 'photos' && (ONLY !== undefined || process.env.BENCH_PHOTOS === '0');
const SKIP_WEB = process.env.BENCH_WEB === '0' || ONLY === 'reads';
const RUN_CHAT = (ONLY === undefined && process.env.BENCH_CHAT !== '0') || ONLY === 'chat';
const RUN_PRICE_GUIDE = (ONLY === undefined && process.env.BENCH_PRICE_GUIDE !== '0') || ONLY === 'price_guide';
// BENCH_ONLY=alerts only the saved-search alerts (bench/alerts.ts) and replaces just `alerts`;
// BENCH_ALERTS=0 leaves them out of a whole run.
const RUN_ALERTS = (ONLY === undefined && process.env.BENCH_ALERTS !== '0') || ONLY === 'alerts';
const PARTS = ['catalogue', 'photos', 'web', 'phone', 'yardstick', 'reads', 'chat', 'price_guide', 'alerts'];
if (ONLY !== undefined && !PARTS.includes(ONLY))
  throw new Error(`BENCH_ONLY=${ONLY}: only ${PARTS.map((p) => `'${p}'`).join(', ')} are known`);
/** BENCH_ONLY=phone's one number (web.phone_filter_ms). */
let phoneFilter: number | null = null;
// Uploads per seller per 10 minutes: the photo part uploads far more than a seller may.
const PHOTO_ENV = { PHOTO_UPLOADS_PER_USER: '1000000' };

interface Row {
  db: Db;
  route: string;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  ratio_to_raw: number;
  /** The raw server's rate measured in slices alternating with this route (bookings: beside the last read). */
  raw_rps: number;
}

const READ_ROUTES = {
  advertised: 'GET /api/myProducts?advertise=true',
  category: 'GET /api/categories/gaming',
  blog: 'GET /api/blog',
  myOrders: 'GET /api/myOrders?buyerEmail=',
  book: 'POST /api/myOrders',
  /** The home page as HTML for an anonymous visitor, beside a raw server sending the same HTML. */
  home: 'GET /',
} as const;

/**
 * A read route and the raw server, each warmed up, then measured in turn in SLICE-second slices
 * until each has had DURATION seconds. This machine's speed drifts by a third within a minute
 * (other tenants); interleaving makes the drift hit both sides of the ratio alike.
 */
const SLICE = 2;
let rawUrl = '';
let rawHtmlUrl = '';
async function measureBeside(
  url: string,
  requests: Req[],
  label: string,
  rawTarget = rawUrl,
): Promise<{ route: Measured; raw: Measured }> {
  const rawRequests = [{ method: 'GET', path: '/' }];
  const run = async (target: string, reqs: Req[], seconds: number, name: string) =>
    checked(
      await autocannon({
        url: target,
        connections: CONNECTIONS,
        duration: seconds,
        requests: reqs.map((r) => ({ ...r })),
      }),
      name,
    );
  await run(url, requests, WARMUP, label);
  await run(rawTarget, rawRequests, WARMUP, 'raw');
  const slices: { route: Result[]; raw: Result[] } = { route: [], raw: [] };
  for (let t = 0; t < DURATION; t += SLICE) {
    slices.raw.push(await run(rawTarget, rawRequests, SLICE, 'raw'));
    slices.route.push(await run(url, requests, SLICE, label));
  }
  // Rates from the totals; the median slice's p50 and the worst slice's p99.
  const summary = (rs: Result[]): Measured => ({
    rps: Math.round(rs.reduce((n, r) => n + r.requests.total, 0) / (rs.length * SLICE)),
    p50_ms: rs.map((r) => r.latency.p50).sort((a, b) => a - b)[Math.floor(rs.length / 2)]!,
    p99_ms: Math.max(...rs.map((r) => r.latency.p99)),
  });
  return { route: summary(slices.route), raw: summary(slices.raw) };
}

/** Every measured route on one running server. */
async function benchServer(db: Db, server: Server, tag: string): Promise<Row[]> {
  const { url } = server;
  const rows: Row[] = [];
  const add = (route: string, r: Measured, rawRps: number) => {
    rows.push({ db, route, ...r, ratio_to_raw: Number((r.rps / rawRps).toFixed(2)), raw_rps: rawRps });
    console.log(
      `  ${db.padEnd(8)} ${route.padEnd(36)} ${String(r.rps).padStart(6)} req/s  p99 ${String(r.p99_ms).padStart(3)} ms` +
        `   (raw beside it ${rawRps} req/s)`,
    );
  };
  const beside = async (route: string, requests: Req[]) => {
    const m = await measureBeside(url, requests, route);
    results.raw!.rps.push(m.raw.rps);
    add(route, m.route, m.raw.rps);
  };

  const buyer = await signUp(url, 'buyer', `bench-reader-${tag}@example.test`);
  const get = (path: string, headers: Record<string, string> = {}): Req[] => [{ method: 'GET', path, headers }];
  await beside(READ_ROUTES.advertised, get('/api/myProducts?advertise=true'));
  if (ONLY !== 'reads') await beside(READ_ROUTES.category, get('/api/categories/gaming', { cookie: buyer.cookie }));
  await beside(READ_ROUTES.blog, get('/api/blog'));
  // The rendered home page, beside a raw server sending the very bytes it sends.
  const home = await measureBeside(url, get('/', { accept: 'text/html' }), READ_ROUTES.home, rawHtmlUrl);
  add(READ_ROUTES.home, home.route, home.raw.rps);
  if (ONLY === 'reads') return rows;
  await beside(
    READ_ROUTES.myOrders,
    get(`/api/myOrders?buyerEmail=${encodeURIComponent(buyer.email)}`, { cookie: buyer.cookie }),
  );

  // Bookings: every request books a different (buyer, laptop) pair, so each one must be a 201.
  const sellers = await Promise.all(
    [0, 1, 2, 3].map((i) => signUp(url, 'seller', `bench-seller-${i}-${tag}@example.test`)),
  );
  const laptopIds: string[] = [];
  for (let i = 0; i < 1_000; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: 50 }, async (_, j) => {
        const seller = sellers[(i + j) % sellers.length]!;
        const res = await post(url, '/api/addLaptop', benchLaptop(i + j), { cookie: seller.cookie });
        return ((await res.json()) as { _id: string })._id;
      }),
    );
    laptopIds.push(...batch);
  }
  const buyers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => signUp(url, 'buyer', `bench-buyer-${i}-${tag}@example.test`)),
  );
  const pairs = buyers.length * laptopIds.length;
  const booking = (i: number): Req => {
    if (i >= pairs) throw new Error('the benchmark ran out of distinct buyer/laptop pairs');
    return {
      method: 'POST',
      path: '/api/myOrders',
      headers: {
        'content-type': 'application/json',
        origin: url,
        authorization: `Bearer ${buyers[Math.floor(i / laptopIds.length)]!.token}`,
      },
      body: JSON.stringify({
        // Consecutive requests book different laptops, as many buyers browsing at once would.
        laptop_id: laptopIds[i % laptopIds.length],
        buyerPhoneNumber: '01712345678',
        meetingAddress: 'Motijheel, Dhaka',
      }),
    };
  };
  // Bookings are no read: their ratio is against the raw rate measured beside the last read.
  add(READ_ROUTES.book, await measure(url, booking, READ_ROUTES.book, CONNECTIONS), results.raw!.rps.at(-1)!);
  return rows;
}

// --- the run -------------------------------------------------------------------------------------
const results: {
  api: (Row | CatalogueRow)[];
  /** The raw server: the bytes it answers with, and its rate at each measurement. */
  raw?: { body_bytes: number; rps: number[] };
  web?: WebResults;
  /** Uploads of 12 MP JPEGs beside sharp alone doing the same work (bench/photos.ts). */
  photos?: PhotoResults;
  startup_ms?: number;
  /** The catalogue part's seeding steps (`db:seed -- --laptops N`), per database. */
  catalogue_seed?: CatalogueResults['seeds'];
  yardstick?: YardstickResults;
  /** Messages to the other person's open stream in 200 conversations, PostgreSQL (bench/chat.ts). */
  chat?: ChatResults;
  /** GET /api/price-guide at 100,000 listings, PostgreSQL, uncached (bench/price-guide.ts). */
  price_guide?: PriceGuideResults;
  /** Saved-search alerts at 100,000 listings and 10,000 saved searches, PostgreSQL (bench/alerts.ts). */
  alerts?: AlertResults;
} = { api: [] };
const dataDir = mkdtempSync(join(tmpdir(), 'laptop-haat-bench-'));
const pgName = `lh_bench_${process.pid}_${Date.now().toString(36)}`;
const pgCatalogueName = `${pgName}_catalogue`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
// A client never connected would queue the clean-up query below forever.
let adminConnected = false;
let raw: ChildProcess | undefined;
let rawHtml: { child: ChildProcess; url: string; bytes: number } | undefined;

/** A raw server answering with the bytes `path` answers with now. */
async function rawServerFor(appUrl: string, path: string, file: string) {
  const bytes = Buffer.from(
    await (await fetch(`${appUrl}${path}`, { headers: { accept: 'text/html' } })).arrayBuffer(),
  );
  writeFileSync(file, bytes);
  const child = spawn(process.execPath, ['bench/raw-server.mjs', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) =>
    child.stdout!.once('data', (c: Buffer) => resolve(`${c}`.trim())),
  );
  return { child, url: `http://127.0.0.1:${port}`, bytes: bytes.length };
}

try {
  if (ONLY === undefined || ONLY === 'reads') await benchServers();
  if (ONLY === 'photos') await benchPhotosAlone();
  if (ONLY === 'web') await benchWebAlone();
  if (ONLY === 'phone') await benchPhoneAlone();
  // A failure here must not lose the measurements above: its targets show as missed.
  if (!SKIP_CATALOGUE)
    await benchCatalogues().catch((e: Error) => console.error(`catalogue part failed: ${e.stack ?? e.message}`));
  if ((ONLY === undefined && process.env.BENCH_YARDSTICK !== '0') || ONLY === 'yardstick')
    results.yardstick = await benchYardstick().catch((e: Error) => void console.error(`yardstick failed: ${e.stack}`));
  if (RUN_CHAT)
    results.chat = await benchChat().catch((e: Error) => void console.error(`chat part failed: ${e.stack}`));
  if (RUN_PRICE_GUIDE)
    results.price_guide = await benchPriceGuide().catch(
      (e: Error) => void console.error(`price guide part failed: ${e.stack}`),
    );
  if (RUN_ALERTS)
    results.alerts = await benchAlerts().catch((e: Error) => void console.error(`alerts part failed: ${e.stack}`));

  console.log();
  if (results.api.length) console.table(results.api);
  writeFileSync(
    'bench/results.json',
    `${JSON.stringify(ONLY ? mergedIntoLastRun() : withBackupOfLastRun(results), null, 2)}\n`,
  );
  console.log('written bench/results.json\n');
  printTargets(results);
} finally {
  raw?.kill();
  rawHtml?.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
  if (adminConnected) {
    await admin.query(`drop database if exists ${pgName} with (force)`).catch(() => {});
    for (const size of [1000, 100000]) {
      await admin.query(`drop database if exists ${pgCatalogueName}_${size} with (force)`).catch(() => {});
    }
    await admin.end().catch(() => {});
  }
}

/**
 * The raw servers, then every route on PGlite, the web client, photo uploads (on PGlite), and every
 * route on PostgreSQL.
 */
async function benchServers() {
  // PGlite: the first start creates and seeds the data; the measured start reuses it, as a restart would.
  await stopServer(await startServer({ DATA_DIR: dataDir, ...PHOTO_ENV }));
  const server = await startServer({ DATA_DIR: dataDir, ...PHOTO_ENV });
  results.startup_ms = server.startupMs;
  console.log(`start-up on existing PGlite data to the first answer: ${server.startupMs} ms`);

  const body = Buffer.from(await (await fetch(`${server.url}/api/myProducts?advertise=true`)).arrayBuffer());
  const bodyFile = join(dataDir, 'raw-body.json');
  writeFileSync(bodyFile, body);
  raw = spawn(process.execPath, ['bench/raw-server.mjs', bodyFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const rawPort = await new Promise<string>((resolve) =>
    raw!.stdout!.once('data', (c: Buffer) => resolve(`${c}`.trim())),
  );
  rawUrl = `http://127.0.0.1:${rawPort}`;
  results.raw = { body_bytes: body.length, rps: [] };
  rawHtml = await rawServerFor(server.url, '/', join(dataDir, 'raw-home.html'));
  rawHtmlUrl = rawHtml.url;
  console.log(`a second raw server answers with the ${rawHtml.bytes} bytes of GET / (HTML)`);
  console.log(`the raw server answers with the ${body.length} bytes of GET /api/myProducts?advertise=true`);

  if (DBS.includes('pglite')) results.api.push(...(await benchServer('pglite', server, 'pglite')));
  if (!SKIP_WEB) results.web = await measureWeb(server.url, 'dist/web');
  // After the web part: its Lighthouse runs then meet the server as every earlier run did, not one
  // that has just decoded a few hundred megapixels (sharp's memory, a busier heap). A failure here
  // must not lose the rest of the run: the photo target shows as missed.
  if (!SKIP_PHOTOS) results.photos = await measurePhotos(server);
  await stopServer(server);

  if (DBS.includes('postgres')) await benchPostgres();
}

/** The catalogue part on each database: two PGlite directories, or two PostgreSQL databases of its own. */
async function benchCatalogues() {
  console.log('\ncatalogue: 1,000 and 100,000 generated listings, alternating, 10 connections, uncached');
  results.catalogue_seed = [];
  for (const db of DBS) {
    const envs = { 1000: {}, 100000: {} } as Record<1000 | 100000, Record<string, string>>;
    for (const size of [1000, 100000] as const) {
      if (db === 'pglite') {
        envs[size] = { DATA_DIR: join(dataDir, `catalogue-${size}`) };
        continue;
      }
      if (!adminConnected) {
        await admin.connect();
        adminConnected = true;
      }
      const name = `${pgCatalogueName}_${size}`;
      await admin.query(`create database ${name}`);
      const dbUrl = new URL(ADMIN_URL);
      dbUrl.pathname = `/${name}`;
      envs[size] = { DATABASE_URL: dbUrl.toString() };
    }
    try {
      const measured = await benchCatalogue(db, envs);
      results.api.push(...measured.rows);
      results.catalogue_seed.push(...measured.seeds);
    } finally {
      for (const size of [1000, 100000] as const) {
        if (db === 'pglite') rmSync(envs[size].DATA_DIR!, { recursive: true, force: true });
        else await admin.query(`drop database if exists ${pgCatalogueName}_${size} with (force)`);
      }
    }
  }
}

/** The photo part; a failure is reported and leaves `photos` out (its target then shows as missed). */
function measurePhotos(server: Server): Promise<PhotoResults | undefined> {
  return benchPhotos(server.url, server.child.pid).catch((e: Error) => {
    console.error(`photo part failed: ${e.stack ?? e.message}`);
    return undefined;
  });
}

/** BENCH_ONLY=photos: a PGlite server of its own (seeded on its first start), and the photo part on it. */
async function benchPhotosAlone() {
  const server = await startServer({ DATA_DIR: dataDir, ...PHOTO_ENV });
  try {
    results.photos = await measurePhotos(server);
  } finally {
    await stopServer(server);
  }
}

/** BENCH_ONLY=web: a PGlite server of its own (seeded on its first start), and the web part on it. */
async function benchWebAlone() {
  const server = await startServer({ DATA_DIR: dataDir, ...PHOTO_ENV });
  try {
    results.web = await measureWeb(server.url, 'dist/web');
  } finally {
    await stopServer(server);
  }
}

/** A full run with the last `backup` result kept: bench/backup-pause.ts measures it, on its own. */
function withBackupOfLastRun(r: typeof results): typeof results & { backup?: unknown } {
  try {
    const { backup } = JSON.parse(readFileSync('bench/results.json', 'utf8')) as { backup?: unknown };
    return backup === undefined ? r : { ...r, backup };
  } catch {
    return r;
  }
}

/** BENCH_ONLY=phone: a PGlite server of its own (seeded on its first start), and the phone filter part on it. */
async function benchPhoneAlone() {
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    phoneFilter = await phoneFilterMs(server.url);
  } finally {
    await stopServer(server);
  }
}

/**
 * BENCH_ONLY=catalogue: the last full run's results with this run's catalogue rows in place of its
 * own; BENCH_ONLY=photos: with this run's `photos`.
 */
function mergedIntoLastRun(): typeof results {
  let last: typeof results = { api: [] };
  try {
    last = JSON.parse(readFileSync('bench/results.json', 'utf8')) as typeof results;
  } catch {
    // No earlier run: this run's rows alone.
  }
  // A photo part that failed keeps the last run's numbers (this run printed its target as missed).
  if (ONLY === 'photos') return { ...last, photos: results.photos ?? last.photos };
  if (ONLY === 'web') return { ...last, web: results.web ?? last.web };
  if (ONLY === 'yardstick') return { ...last, yardstick: results.yardstick ?? last.yardstick };
  // A failed chat part keeps the last run's numbers (this run printed its target as missed).
  if (ONLY === 'chat') return { ...last, chat: results.chat ?? last.chat };
  if (ONLY === 'price_guide') return { ...last, price_guide: results.price_guide ?? last.price_guide };
  if (ONLY === 'alerts') return { ...last, alerts: results.alerts ?? last.alerts };
  // A failed phone part keeps the last run's number.
  if (ONLY === 'phone')
    return last.web
      ? { ...last, web: { ...last.web, phone_filter_ms: phoneFilter ?? last.web.phone_filter_ms } }
      : last;
  const replaced = (x: Row | CatalogueRow) =>
    ONLY === 'reads'
      ? results.api.some((y) => y.db === x.db && y.route === x.route && !('catalogue' in x))
      : 'catalogue' in x && DBS.includes(x.db);
  return {
    ...last,
    api: [...last.api.filter((x) => !replaced(x)), ...results.api],
    catalogue_seed: [
      ...(last.catalogue_seed ?? []).filter((s) => !DBS.includes(s.db)),
      ...(results.catalogue_seed ?? []),
    ],
  };
}

async function benchPostgres() {
  await admin.connect();
  adminConnected = true;
  await admin.query(`create database ${pgName}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${pgName}`;
  const server = await startServer({ DATABASE_URL: dbUrl.toString() });
  results.api.push(...(await benchServer('postgres', server, 'postgres')));
  await stopServer(server);
  const check = new pg.Client({ connectionString: dbUrl.toString() });
  await check.connect();
  const dup = await check.query('select buyer_id, laptop_id from "order" group by 1, 2 having count(*) > 1');
  await check.end();
  if (dup.rowCount) throw new Error(`PostgreSQL holds ${dup.rowCount} duplicate orders`);
}

function printTargets(r: typeof results) {
  const apiRows = r.api.filter((x): x is Row => !('catalogue' in x));
  const row = (db: Db, route: string) => apiRows.find((x) => x.db === db && x.route === route);
  const checks: [string, boolean][] = [];
  if (ONLY === undefined) checks.push(...apiTargets(r, row));
  if (ONLY === 'reads') checks.push(...publicReadTargets(row));
  if (ONLY === undefined || ONLY === 'web') checks.push(...webTargets(r));
  if (ONLY === 'phone') checks.push(phoneTarget(phoneFilter));
  if (!SKIP_PHOTOS) {
    const p = r.photos;
    checks.push([
      p
        ? `photos ≥ 0.8× sharp alone: ${p.ratio_to_sharp}× (${p.per_s}/s against ${p.sharp_alone_per_s}/s, 12 MP JPEGs, p99 ${p.p99_ms} ms)`
        : 'photos ≥ 0.8× sharp alone: not measured',
      !!p && p.ratio_to_sharp >= 0.8,
    ]);
  }
  checks.push(...catalogueTargets(r.api.filter((x): x is CatalogueRow => 'catalogue' in x)));
  if (ONLY === undefined || ONLY === 'yardstick') checks.push(...yardstickTargets(r.yardstick));
  if (RUN_CHAT) checks.push(...chatTargets(r.chat));
  if (RUN_PRICE_GUIDE) checks.push(...priceGuideTargets(r.price_guide));
  if (RUN_ALERTS) checks.push(...alertTargets(r.alerts));
  for (const [label, ok] of checks) console.log(`${ok ? '✓' : '✗'} ${label}`);
  const missed = checks.filter(([, ok]) => !ok).length;
  console.log(missed ? `\n${missed} target(s) missed` : '\nevery target met');
}

/** Public reads, routed by Fastify (nothing replayed before routing: docs/decisions/0031). */
function publicReadTargets(row: (db: Db, route: string) => Row | undefined): [string, boolean][] {
  const checks: [string, boolean][] = [];
  for (const db of DBS) {
    for (const route of [READ_ROUTES.advertised, READ_ROUTES.blog, READ_ROUTES.home]) {
      const x = row(db, route);
      checks.push([`${db} ${route}: ≥ 0.4× raw, p99 ≤ 25 ms`, !!x && x.ratio_to_raw >= 0.4 && x.p99_ms <= 25]);
    }
  }
  return checks;
}

function apiTargets(r: typeof results, row: (db: Db, route: string) => Row | undefined): [string, boolean][] {
  const checks = publicReadTargets(row);
  for (const route of [READ_ROUTES.category, READ_ROUTES.myOrders]) {
    const x = row('postgres', route);
    checks.push([`postgres ${route} (signed in): ≥ 0.3× raw`, !!x && x.ratio_to_raw >= 0.3]);
  }
  const book = row('postgres', READ_ROUTES.book);
  checks.push(['postgres bookings ≥ 1,000/s, no duplicates', !!book && book.rps >= 1_000]);
  // The embedded database beside PostgreSQL in the same run (issue 37's target).
  const embedded = row('pglite', READ_ROUTES.book);
  if (DBS.includes('pglite') && DBS.includes('postgres'))
    checks.push([
      `pglite bookings ≥ 0.5× postgres's, p99 ≤ 250 ms (${embedded?.rps} against ${book?.rps}/s, ${embedded && book ? (embedded.rps / book.rps).toFixed(2) : '?'}×, p99 ${embedded?.p99_ms} ms)`,
      !!embedded && !!book && embedded.rps >= 0.5 * book.rps && embedded.p99_ms <= 250,
    ]);
  checks.push(['start-up ≤ 3,000 ms on existing PGlite data', (r.startup_ms ?? Infinity) <= 3_000]);
  return checks;
}

/**
 * The web targets, in English and in Bangla (docs/i18n.md): the initial JavaScript, the bytes of `/`
 * and of a listing with 8 photos, Lighthouse's floors on every audited page (performance ≥ 90;
 * what a phone user waits for is `web.phone`, bench/phone.ts), and `web.phone`'s targets.
 */
function webTargets(r: typeof results): [string, boolean][] {
  const checks: [string, boolean][] = [];
  if (!r.web) return [['web part: not measured', false]];
  const w = r.web;
  checks.push([
    `initial JS ≤ 130 KiB gzip (${w.initial_js_gz_kib} KiB, ${w.initial_js_gz_bytes ?? '?'} bytes)`,
    (w.initial_js_gz_bytes ?? Infinity) <= 130 * 1024,
  ]);
  checks.push([
    `Chromium can install the app (${w.installable ? w.installable.errors.join(', ') || 'no installability error' : 'not measured'})`,
    w.installable?.errors.length === 0,
  ]);
  checks.push([`/ transfers ≤ 300 KiB (${w.transfer_kib})`, w.transfer_kib <= 300]);
  checks.push([
    `/?lang=bn transfers ≤ 300 KiB (${w.transfer_kib_bn ?? 'not measured'})`,
    (w.transfer_kib_bn ?? Infinity) <= 300,
  ]);
  for (const [kib, lang] of [
    [w.listing_transfer_kib, ''],
    [w.listing_transfer_kib_bn, ' in Bangla'],
  ] as const) {
    checks.push([
      `a listing with 8 photos${lang} transfers ≤ 350 KiB on a phone (${kib ?? 'not measured'})`,
      kib != null && kib <= 350,
    ]);
  }
  for (const [page, s] of Object.entries(w.lighthouse)) {
    // The listing page's key is /laptops (its URL is /laptops/{id}/{slug}).
    const ok =
      s.performance >= 90 && s.accessibility === 100 && s.best_practices === 100 && s.seo === 100 && s.cls < 0.05;
    checks.push([
      `Lighthouse ${page}${page.startsWith(LISTING_PAGE) ? ' (a listing with 8 photos)' : ''}: ${s.performance}/${s.accessibility}/${s.best_practices}/${s.seo} (≥ 90/100/100/100), CLS ${s.cls} (< 0.05), LCP ${s.lcp_ms} ms, TBT ${s.tbt_ms} ms`,
      ok,
    ]);
  }
  for (const page of [...LIGHTHOUSE_PAGES, LISTING_PAGE, ...BANGLA_PAGES]) {
    if (!w.lighthouse[page]) checks.push([`Lighthouse ${page}: not measured`, false]);
  }
  checks.push(phoneTarget(w.phone_filter_ms));
  checks.push(...phonePagesTargets(w.phone));
  return checks;
}

/** A sort or a filter on /search shows its results ≤ 300 ms after the API's answer on a 4× slower phone. */
function phoneTarget(ms: number | null | undefined): [string, boolean] {
  return [
    `a filter on a phone (4× CPU) shows results ≤ 300 ms after the answer (${ms ?? 'not measured'})`,
    ms != null && ms <= 300,
  ];
}
