// What the parts of `npm run bench` share: the built server started and stopped, accounts, and
// autocannon runs that fail on any non-2xx answer.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

export interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  statusCodeStats: Record<string, { count: number }>;
  non2xx: number;
  errors: number;
}
export type Req = { method: string; path: string; headers?: Record<string, string>; body?: string };
export const autocannon = createRequire(import.meta.url)('autocannon') as (
  opts: Record<string, unknown>,
) => Promise<Result>;

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Bench@1234';

export type Db = 'pglite' | 'postgres';
export interface Server {
  child: ChildProcess;
  url: string;
  startupMs: number;
}
export type Measured = { rps: number; p50_ms: number; p99_ms: number };

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built server; resolves once it has answered its first request. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile of its whole run there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, 'dist/server/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BASE_URL: url,
      CONTACT_EMAIL: 'help@laptophaat.example',
      CONTACT_PHONE: '+880 1711-000000',
      AUTH_SECRET: 'bench-secret-bench-secret-0123456789abcdef',
      SEED: 'demo',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
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
      // The benchmark's buyers all sign up from this one address.
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      WRITE_RATE_LIMIT_PER_USER: '1000000',
      // One bench seller stands for many: its listings are not a burst to hold for review.
      LISTINGS_PER_DAY_BEFORE_REVIEW: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await untilReady(child);
  const first = await fetch(`${url}/api/blog`);
  if (!first.ok) throw new Error(`first request: ${first.status}`);
  return { child, url, startupMs: Math.round(performance.now() - t0) };
}

export async function stopServer(server: Server) {
  server.child.kill('SIGTERM');
  if (server.child.exitCode === null) await new Promise((r) => server.child.once('exit', r));
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

export async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

export async function signUp(url: string, role: 'buyer' | 'seller', email: string) {
  const res = await post(url, '/api/auth/sign-up/email', {
    name: email.split('@')[0],
    email,
    password: PASSWORD,
    role,
  });
  const cookie = cookieOf(res);
  const jwt = await fetch(`${url}/api/jwt?email=${encodeURIComponent(email)}`, { headers: { cookie } });
  const { accessToken } = (await jwt.json()) as { accessToken: string };
  return { email, cookie, token: accessToken };
}

export function checked(r: Result, label: string): Result {
  if (r.non2xx || r.errors) {
    const codes = Object.entries(r.statusCodeStats).map(([code, s]) => `${s.count}×${code}`);
    throw new Error(`${label}: ${r.non2xx} non-2xx (${codes.join(', ')}), ${r.errors} errors`);
  }
  return r;
}

/**
 * A warm-up, then DURATION seconds at `connections` connections. A function gives each request
 * its own parameters (its argument counts on through the warm-up and the measurement).
 */
export async function measure(
  url: string,
  requests: Req[] | ((i: number) => Req),
  label: string,
  connections: number,
): Promise<Measured> {
  const opts = (duration: number) => ({
    url,
    connections,
    duration,
    requests:
      typeof requests === 'function'
        ? [{ setupRequest: (req: Req) => ({ ...req, ...requests(next++) }) }]
        : requests.map((r) => ({ ...r })),
  });
  let next = 0;
  await autocannon(opts(WARMUP));
  const r = checked(await autocannon(opts(DURATION)), label);
  return { rps: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99 };
}

/** Resolves once a started server says it is ready; rejects if it exits first. */
export function untilReady(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('ready at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** A laptop as a seller lists it (POST /api/addLaptop), its name and price told apart by `n`. */
export function benchLaptop(n: number) {
  return {
    laptop_name: `Bench Laptop ${n}`,
    laptop_img: 'https://images.example.com/bench.jpg',
    category: 'casual',
    resale_price: 30_000 + n,
    original_price: 60_000,
    conditionType: 'good',
    sellerMobileNumber: '01712345678',
    location: 'dhaka',
    usage_Time: 2,
    laptopDesc: 'Listed by the benchmark.',
  };
}

/** Runs `run` on a PostgreSQL database of its own, named `prefix`…, dropped afterwards whatever happens. */
export async function withOwnDatabase<T>(prefix: string, run: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  // Idle for the whole part: a connection dropped meanwhile must not end the run (the drop below retries nothing).
  admin.on('error', () => {});
  await admin.connect();
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  try {
    await admin.query(`create database ${name}`);
    const dbUrl = new URL(ADMIN_URL);
    dbUrl.pathname = `/${name}`;
    return await run(dbUrl.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
  }
}
