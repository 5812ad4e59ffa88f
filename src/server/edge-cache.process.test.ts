import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_FRESH_S } from './platform/http/cache.ts';
import { webDistDir } from './platform/paths.ts';
import { DEMO_PASSWORD } from './seed/demo-data.ts';
import { adminDatabaseUrl, databaseUrlFor } from './test/env.ts';
import { validLaptopBody } from './test/fixtures.ts';
import { freePort } from './test/ports.ts';
import { cookieFrom, type ServerProcess, signUpOver, startServerProcess } from './test/server-process.ts';

// Debian's nginx (`apt-get install -y nginx`) with docs/nginx/laptop-haat.conf, the file
// docs/operations.md#an-edge-cache gives operators, in front of two instances on one PostgreSQL:
// public answers and pages come from its cache, signed-in requests never do, and a write shows
// through within the edge lifetime the app gives (EDGE_FRESH_S).

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const name = `lh_test_edge_${process.pid}_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminDatabaseUrl });
const dir = mkdtempSync(join(tmpdir(), 'lh-edge-'));
let a: ServerProcess;
let b: ServerProcess;
let nginx: ChildProcess | undefined;
let nginxLog = '';
let edge = '';

/** The operators' file with this run's ports and cache directory, inside a main file of the run's own. */
function nginxConfig(port: number, upstreams: string[]): string {
  const site = readFileSync('docs/nginx/laptop-haat.conf', 'utf8')
    .replace('/var/cache/nginx/laptop-haat', join(dir, 'cache'))
    .replace('10.0.0.11:3000', upstreams[0]!)
    .replace('10.0.0.12:3000', upstreams[1]!)
    .replace('listen 80;', `listen 127.0.0.1:${port};`);
  if (!site.includes(upstreams[1]!) || !site.includes(`:${port};`)) throw new Error('the nginx file has changed shape');
  writeFileSync(join(dir, 'laptop-haat.conf'), site);
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) mkdirSync(join(dir, d));
  // Workers run as the master's user: nobody else may write in a mkdtemp directory.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  include ${join(dir, 'laptop-haat.conf')};
}
`;
}

async function startNginx(upstreams: string[]) {
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(port, upstreams));
  execFileSync(NGINX!, ['-t', '-q', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr']);
  nginx = spawn(NGINX!, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nginx.stderr!.on('data', (c: Buffer) => {
    nginxLog += c.toString();
  });
  edge = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    if (
      await fetch(`${edge}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer:\n${nginxLog}`);
}

beforeAll(async () => {
  if (!NGINX) throw new Error('nginx is not installed: apt-get install -y nginx');
  await admin.connect();
  await admin.query(`create database ${name}`);
  const env = {
    DATABASE_URL: databaseUrlFor(name),
    AUTH_SECRET: 'edge-instances-share-this-secret-0123456789',
    SEED: 'demo',
  };
  [a, b] = await Promise.all([
    startServerProcess({ ...env, DATA_DIR: mkdtempSync(join(dir, 'a-')) }),
    startServerProcess({ ...env, DATA_DIR: mkdtempSync(join(dir, 'b-')) }),
  ]);
  await startNginx([a.url, b.url].map((u) => new URL(u).host));
}, 120_000);

afterAll(async () => {
  // SIGQUIT: nginx's graceful stop; the master takes its worker with it.
  const running = nginx && nginx.exitCode === null && nginx.signalCode === null ? nginx : undefined;
  const stopped = running && new Promise((resolve) => running.once('exit', resolve));
  running?.kill('SIGQUIT');
  for (const s of [a, b]) s?.child.kill('SIGTERM');
  await Promise.all([stopped, a?.exited, b?.exited]);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
});

const status = (res: Response) => res.headers.get('x-cache-status') ?? '';
const ADVERTISED = '/api/myProducts?advertise=true';

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return cookieFrom(res);
}

/** Asks the edge every 100 ms until `seen` holds for an anonymous read of `path`; how long it took. */
async function msUntil(
  path: string,
  seen: (body: unknown) => boolean,
  limitMs: number,
  statuses: string[] = [],
): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    const res = await fetch(`${edge}${path}`);
    statuses.push(status(res));
    if (seen(await res.json())) return performance.now() - start;
    await new Promise((r) => setTimeout(r, 100));
  }
  return Number.POSITIVE_INFINITY;
}

describe('nginx in front of two instances (docs/nginx/laptop-haat.conf)', () => {
  it('answers a public answer from its cache the second time, and a 304 for its ETag', async () => {
    const first = await fetch(`${edge}${ADVERTISED}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
    const body = await first.text();
    const second = await fetch(`${edge}${ADVERTISED}`);
    expect(status(second)).toBe('HIT');
    expect(await second.text()).toBe(body);
    const etag = first.headers.get('etag')!;
    const conditional = await fetch(`${edge}${ADVERTISED}`, { headers: { 'if-none-match': etag } });
    expect(conditional.status).toBe(304);
    expect(status(conditional)).toBe('HIT');
  });

  it.skipIf(!existsSync(join(webDistDir, 'index.html')))(
    'answers a public page from its cache, a search rendered per request included',
    async () => {
      for (const path of ['/blog', '/search?q=thinkpad']) {
        const first = await fetch(`${edge}${path}`);
        expect(first.status, path).toBe(200);
        expect(first.headers.get('content-type'), path).toMatch(/text\/html/);
        const second = await fetch(`${edge}${path}`);
        expect(status(second), path).toBe('HIT');
        expect(await second.text(), path).toBe(await first.text());
      }
    },
  );

  it('never answers a signed-in request from its cache, nor stores what it was sent', async () => {
    const cookie = await signUpOver(edge, 'buyer', `edge-${Date.now().toString(36)}@example.test`);
    await fetch(`${edge}/api/blog`);
    expect(status(await fetch(`${edge}/api/blog`))).toBe('HIT');
    // Pages need the built web app (as the public-page test above); a clean checkout's unit run has none yet.
    const pages = existsSync(join(webDistDir, 'index.html')) ? ['/blog', '/dashboard'] : [];
    for (const path of ['/api/blog', ADVERTISED, ...pages]) {
      for (let i = 0; i < 2; i += 1) {
        const res = await fetch(`${edge}${path}`, { headers: { cookie } });
        expect(status(res), path).toBe('BYPASS');
        const cacheControl = res.headers.get('cache-control') ?? `no Cache-Control (status ${res.status})`;
        expect(cacheControl, path).toMatch(/^private/);
      }
    }
    const token = await fetch(`${edge}/api/blog`, {
      headers: { authorization: 'Bearer not-checked-on-a-public-route' },
    });
    expect(status(token)).toBe('BYPASS');
    // Another cookie (the language) does not stop the cache.
    await fetch(`${edge}/api/blog`, { headers: { cookie: 'lang=bn' } });
    expect(status(await fetch(`${edge}/api/blog`, { headers: { cookie: 'lang=bn' } }))).toBe('HIT');
  });

  it(`shows a new advertisement and a price change within ${EDGE_FRESH_S} s (2 s more for a busy machine), written on either instance`, async () => {
    const limit = (EDGE_FRESH_S + 2) * 1000;
    const seller = await signIn(b.url, 'seller@laptophaat.test');
    const write = (url: string, method: string, path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', origin: url, cookie: seller },
        body: JSON.stringify(body),
      });
    // The list is in the edge's cache before the writes.
    await fetch(`${edge}${ADVERTISED}`);
    expect(status(await fetch(`${edge}${ADVERTISED}`))).toBe('HIT');

    const added = await write(b.url, 'POST', '/api/addLaptop', validLaptopBody({ laptop_name: 'Edge Cache ThinkPad' }));
    expect(added.status).toBe(201);
    const { _id: id } = (await added.json()) as { _id: string };
    expect((await write(b.url, 'PUT', `/api/myProducts/${id}`, { advertise: true })).status).toBe(200);
    const listed = (list: unknown) => (list as { _id: string }[]).some((l) => l._id === id);
    expect(await msUntil(ADVERTISED, listed, limit)).toBeLessThan(limit);

    // The price changes on the other instance, whose own cache hears of it through the change feed.
    expect((await write(a.url, 'PUT', `/api/myProducts/${id}`, { resale_price: 30_500 })).status).toBe(200);
    const priced = (list: unknown) =>
      (list as { _id: string; resale_price: number }[]).some((l) => l._id === id && l.resale_price === 30_500);
    const statuses: string[] = [];
    const ms = await msUntil(ADVERTISED, priced, limit, statuses);
    expect(ms).toBeLessThan(limit);
    // The entry ran out while the edge was asked: it answered with the old one while it fetched the
    // new (the answers' must-revalidate, meant for browsers, does not stop nginx).
    expect(statuses.filter((s) => s === 'STALE' || s === 'UPDATING').length, statuses.join(' ')).toBeGreaterThan(0);
  }, 30_000);
});
