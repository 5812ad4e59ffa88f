// `npm run bench:load` (docs/performance.md#how-to-reproduce): a mixed workload — browse, sign in,
// book, add, advertise — at 100 connections for 60 s against the built server on a fresh PostgreSQL
// database. Reports throughput and p99, and fails on any 5xx or any duplicate order.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import pg from 'pg';
import { untilReady } from './harness.ts';

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  statusCodeStats: Record<string, { count: number }>;
  errors: number;
}
type Req = { method: string; path: string; headers?: Record<string, string>; body?: string };
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: Record<string, unknown>) => Promise<Result>;

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function start(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BASE_URL: url,
      CONTACT_EMAIL: 'help@laptophaat.example',
      CONTACT_PHONE: '+880 1711-000000',
      AUTH_SECRET: 'load-test-secret-load-test-secret-0123456789',
      DATABASE_URL: databaseUrl,
      // Required in production; nothing here sends e-mail, and nothing connects until something does.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Laptop Haat <no-reply@laptophaat.test>',
      // Required in production; nothing here sends an SMS.
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
      SMS_GATEWAY_TOKEN: 'unused',
      // Required in production; nothing here sends a push notification.
      VAPID_PUBLIC_KEY: 'BEZfeqKnNHBiPKaYzQP-aBAGV0FjhtARR3Od9kbtzg5XYm-oL-MnWQU1Ufzmzxl0_kCYIzYjggrYSntvDbi1SJk',
      VAPID_PRIVATE_KEY: 'vGHs241XU8ecf7WYADTF4GXqA1dF9h4KZnA_DHtLVik',
      VAPID_SUBJECT: 'mailto:help@laptophaat.test',
      // The benchmark's buyers and sellers are new accounts without a verified phone.
      PHONE_VERIFICATION: 'optional',
      SEED: 'demo',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // Every virtual user signs in from this one address.
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      WRITE_RATE_LIMIT_PER_USER: '1000000',
      // One bench seller stands for many: its listings are not a burst to hold for review.
      LISTINGS_PER_DAY_BEFORE_REVIEW: '1000000',
      AUTH_FAILURES_PER_ACCOUNT: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await untilReady(child);
  return { child, url };
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function signUp(url: string, role: 'buyer' | 'seller', email: string) {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ name: email.split('@')[0], email, password: 'Secret@123', role }),
  });
  if (!res.ok) throw new Error(`sign-up ${res.status}`);
  return cookieOf(res);
}

const name = `lh_load_${process.pid}_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${name}`;
const server = await start(dbUrl.toString());
const { url } = server;

try {
  const buyers = await Promise.all(
    Array.from({ length: 40 }, (_, i) => signUp(url, 'buyer', `load-buyer-${i}@example.test`)),
  );
  const sellers = await Promise.all(
    Array.from({ length: 5 }, (_, i) => signUp(url, 'seller', `load-seller-${i}@example.test`)),
  );
  const laptopIds = (
    (await (await fetch(`${url}/api/categories/gaming`, { headers: { cookie: buyers[0]! } })).json()) as {
      _id: string;
    }[]
  )
    .concat(await (await fetch(`${url}/api/categories/casual`, { headers: { cookie: buyers[0]! } })).json())
    .map((l) => l._id);
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const json = { 'content-type': 'application/json', origin: url };
  let n = 0;
  const mixes: (() => Req)[] = [
    () => ({ method: 'GET', path: '/api/myProducts?advertise=true' }),
    () => ({ method: 'GET', path: '/api/blog' }),
    () => ({
      method: 'GET',
      path: `/api/categories/${pick(['casual', 'gaming', 'premium'])}`,
      headers: { cookie: pick(buyers) },
    }),
    () => ({
      method: 'POST',
      path: '/api/auth/sign-in/email',
      headers: json,
      body: JSON.stringify({ email: 'buyer@laptophaat.test', password: 'Demo@1234' }),
    }),
    () => ({
      method: 'POST',
      path: '/api/myOrders',
      headers: { ...json, cookie: pick(buyers) },
      body: JSON.stringify({
        laptop_id: pick(laptopIds),
        buyerPhoneNumber: '01712345678',
        meetingAddress: 'Motijheel',
      }),
    }),
    () => ({
      method: 'POST',
      path: '/api/addLaptop',
      headers: { ...json, cookie: pick(sellers) },
      body: JSON.stringify({
        laptop_name: `Load Laptop ${++n}`,
        laptop_img: 'https://images.example.com/load.jpg',
        category: 'casual',
        resale_price: 30_000,
        original_price: 60_000,
        conditionType: 'good',
        sellerMobileNumber: '01712345678',
        location: 'dhaka',
        usage_Time: 2,
        laptopDesc: 'Added under load.',
      }),
    }),
  ];
  // Advertise one of the seller's own laptops: the ids come from their own listing.
  const sellerLaptops = await Promise.all(
    sellers.map(async (cookie, i) => {
      const res = await fetch(`${url}/api/addLaptop`, {
        method: 'POST',
        headers: { ...json, cookie },
        body: mixes[5]!().body,
      });
      return { cookie, id: ((await res.json()) as { _id: string })._id, i };
    }),
  );
  mixes.push(() => {
    const s = pick(sellerLaptops);
    return {
      method: 'PUT',
      path: `/api/myProducts/${s.id}`,
      headers: { ...json, cookie: s.cookie },
      body: '{"advertise":"true"}',
    };
  });

  console.log(`load: ${CONNECTIONS} connections for ${SECONDS} s on PostgreSQL…`);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (req: Req) => ({ ...req, ...pick(mixes)() }) }],
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
  const fiveXX = Object.entries(statuses)
    .filter(([code]) => code.startsWith('5'))
    .reduce((a, [, c]) => a + c, 0);
  const check = new pg.Client({ connectionString: dbUrl.toString() });
  await check.connect();
  const dup = await check.query('select buyer_id, laptop_id, count(*) from "order" group by 1, 2 having count(*) > 1');
  const orders = await check.query('select count(*)::int as n from "order"');
  await check.end();
  console.table([
    {
      rps: Math.round(result.requests.average),
      total: result.requests.total,
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      errors: result.errors,
      orders: orders.rows[0].n,
      duplicates: dup.rowCount,
      ...statuses,
    },
  ]);
  if (fiveXX > 0 || dup.rowCount || result.errors) {
    console.error(`load: FAILED (${fiveXX} 5xx, ${dup.rowCount} duplicate orders, ${result.errors} connection errors)`);
    process.exitCode = 1;
  } else {
    console.log('load: no 5xx, no duplicate orders');
  }
} finally {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
