// `npm run bench`: throughput and latency of the public API on the built server (PGlite), side by
// side with a raw node:http server that returns the same bytes, in one run on the same machine.
// Issue 8 extends this (PostgreSQL, signed-in routes, bookings, web metrics).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: Record<string, unknown>) => Promise<Result>;

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; startupMs: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BASE_URL: `http://127.0.0.1:${port}`,
      AUTH_SECRET: 'b'.repeat(40),
      SEED: 'demo',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = out.match(/ready at (http:\/\/[\d.]+:\d+)/);
      if (m) resolve({ child, url: m[1]!, startupMs: Math.round(performance.now() - t0) });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function measure(url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }); // warm-up
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: Math.round(r.requests.average), p50_ms: r.latency.p50, p99_ms: r.latency.p99 };
}

const dataDir = mkdtempSync(join(tmpdir(), 'laptop-haat-bench-'));
// First start creates and seeds the data; the measured start reuses it, as a restart would.
const first = await startServer(dataDir);
first.child.kill('SIGTERM');
await new Promise((r) => first.child.once('exit', r));
const server = await startServer(dataDir);

const body = Buffer.from(await (await fetch(`${server.url}/api/myProducts?advertise=true`)).arrayBuffer());
const raw = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
});
await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
const rawUrl = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/`;

try {
  const rawResult = await measure(rawUrl);
  const rows = [{ db: 'raw', route: 'node:http (same bytes)', ...rawResult, ratio_to_raw: 1 }];
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: 'buyer@laptophaat.test', password: 'Demo@1234' }),
  });
  if (!signIn.ok) throw new Error(`sign-in for the benchmark failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const routes: [string, Record<string, string>][] = [
    ['/api/myProducts?advertise=true', {}],
    ['/api/blog', {}],
    ['/api/services', {}],
    ['/api/categories/gaming', { cookie }],
  ];
  for (const [route, headers] of routes) {
    const r = await measure(`${server.url}${route}`, headers);
    rows.push({ db: 'pglite', route, ...r, ratio_to_raw: Number((r.rps / rawResult.rps).toFixed(2)) });
  }
  console.table(rows);
  writeFileSync(
    'bench/results.json',
    `${JSON.stringify({ api: rows.filter((r) => r.db !== 'raw'), raw: rawResult, startup_ms: server.startupMs }, null, 2)}\n`,
  );
  console.log(`start-up to first request: ${server.startupMs} ms; written bench/results.json`);
} finally {
  raw.close();
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
