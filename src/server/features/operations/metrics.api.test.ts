import { connect, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test/env.ts';
import { signUp } from '../../test/sessions.ts';
import { openTestDatabase, startTestApp, type TestApp } from '../../test/test-app.ts';

// GET /metrics (features/operations/metrics-route.ts, docs/operations.md#metrics): who may read it, and that what it
// reports follows what the real app did, on PGlite and on PostgreSQL.

const TOKEN = 'metrics-test-token-0123456789abcdef0123456789';
const withToken = { authorization: `Bearer ${TOKEN}` };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ config: { metricsToken: TOKEN } });
});
afterAll(() => t?.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, the lines this app writes: `name{a="x",b="y"} value`. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const res = await t.request('/metrics', { headers: withToken });
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, samples: parse(text) };
}

/** The sum of the samples named `name` whose labels include `labels`. */
function sum(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((total, s) => total + s.value, 0);
}

async function until(check: () => Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('who may read /metrics', () => {
  it.each([
    ['no Authorization header', {}],
    ['a wrong token', { authorization: 'Bearer not-the-metrics-token-0123456789abcdef' }],
    ['the token cut short', { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['the token and more', { authorization: `Bearer ${TOKEN}x` }],
    [
      'the token as Basic credentials',
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
    ],
    ['the token without the scheme', { authorization: TOKEN }],
    ['the token as a cookie', { cookie: `token=${TOKEN}` }],
  ])('answers 401 in the error shape to %s, never stored', async (_name, headers) => {
    const res = await t.request('/metrics', { headers });
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await res.json()).toMatchObject({ error: { code: 'unauthenticated', message: expect.any(String) } });
  });

  it('answers the token with Prometheus text, never stored (the scheme in any case)', async () => {
    for (const scheme of ['Bearer', 'bearer']) {
      const res = await t.request('/metrics', { headers: { authorization: `${scheme} ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('what /metrics reports', () => {
  it('has every metric family, with its type', async () => {
    const { text } = await scrape();
    const families = new Map([...text.matchAll(/^# TYPE (\w+) (\w+)$/gm)].map((m) => [m[1], m[2]]));
    expect(Object.fromEntries(families)).toMatchObject({
      http_requests_total: 'counter',
      http_request_duration_seconds: 'histogram',
      http_client_errors_total: 'counter',
      laptophaat_cache_hits_total: 'counter',
      laptophaat_cache_misses_total: 'counter',
      laptophaat_notification_streams_open: 'gauge',
      laptophaat_db_queries_in_flight: 'gauge',
      laptophaat_db_query_duration_seconds: 'histogram',
      // Process metrics (prom-client's defaults).
      process_cpu_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
      nodejs_gc_duration_seconds: 'histogram',
    });
    const pool = [
      'laptophaat_db_pool_connections',
      'laptophaat_db_pool_idle_connections',
      'laptophaat_db_pool_waiting_requests',
      'laptophaat_db_pool_max_connections',
    ];
    // PGlite has one connection and no pool.
    for (const name of pool) expect(families.get(name)).toBe(t.database.kind === 'postgres' ? 'gauge' : undefined);
    for (const cache of ['response', 'search_typos', 'search_prices', 'actors']) {
      expect(text).toContain(`laptophaat_cache_hits_total{cache="${cache}"}`);
    }
  });

  it('counts requests under their route pattern, never their URL', async () => {
    const list = await (await t.request('/api/laptops?limit=1')).json();
    const id: string = list.items[0]._id;
    const missing = '00000000-0000-4000-8000-00000000abcd';
    const route = { route: '/api/laptops/:id', method: 'GET' };
    const before = (await scrape()).samples;

    expect((await t.request(`/api/laptops/${id}`)).status).toBe(200);
    expect((await t.request(`/api/laptops/${id}`)).status).toBe(200);
    expect((await t.request(`/api/laptops/${missing}`)).status).toBe(404);
    expect((await t.request('/no-such-place-7f3e', { method: 'POST' })).status).toBe(404);

    const { text, samples } = await scrape();
    const ok = { ...route, status_code: '200' };
    expect(sum(samples, 'http_requests_total', ok) - sum(before, 'http_requests_total', ok)).toBe(2);
    const notFound = { ...route, status_code: '404' };
    expect(sum(samples, 'http_requests_total', notFound) - sum(before, 'http_requests_total', notFound)).toBe(1);
    const timed = 'http_request_duration_seconds_count';
    expect(sum(samples, timed, ok) - sum(before, timed, ok)).toBe(2);
    const bucket = { ...ok, le: '+Inf' };
    expect(sum(samples, 'http_request_duration_seconds_bucket', bucket)).toBe(sum(samples, timed, ok));
    const unmatched = { route: 'unmatched', method: 'POST', status_code: '404' };
    expect(sum(samples, 'http_requests_total', unmatched)).toBeGreaterThanOrEqual(1);
    for (const raw of [id, missing, 'no-such-place']) expect(text).not.toContain(raw);
  });

  it('counts requests the HTTP parser refused, by status: they reach no route', async () => {
    const before = (await scrape()).samples;
    expect((await t.request(`/api/categories/${'x'.repeat(20_000)}`)).status).toBe(431);
    const malformed = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(t.url).port), '127.0.0.1', () => socket.end('NOT HTTP AT ALL\r\n\r\n'));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    const { samples } = await scrape();
    const counted = (status: string) =>
      sum(samples, 'http_client_errors_total', { status_code: status }) -
      sum(before, 'http_client_errors_total', { status_code: status });
    expect(counted('431')).toBe(1);
    expect(counted('400')).toBe(1);
  });

  it('counts every answer as a request, and response-cache hits', async () => {
    const blog = { route: '/api/blog', method: 'GET', status_code: '200' };
    const response = { cache: 'response' };
    const before = (await scrape()).samples;

    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await t.request('/api/blog'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // A conditional request is answered from the response cache too.
    const etag = answers[0]!.headers.get('etag')!;
    expect((await t.request('/api/blog', { headers: { 'if-none-match': etag } })).status).toBe(304);

    const after = (await scrape()).samples;
    const grew = (name: string, labels: Record<string, string>) => sum(after, name, labels) - sum(before, name, labels);
    expect(grew('http_requests_total', blog)).toBe(3);
    expect(grew('http_request_duration_seconds_count', blog)).toBe(3);
    expect(grew('http_requests_total', { ...blog, status_code: '304' })).toBe(1);
    expect(grew('laptophaat_cache_hits_total', response)).toBeGreaterThanOrEqual(3);
  });

  it('counts the search memo: the same words under another order are found there', async () => {
    const typos = { cache: 'search_typos' };
    const before = (await scrape()).samples;
    expect((await t.request('/api/laptops?q=thinkpd%20carbon&sort=price_asc')).status).toBe(200);
    expect((await t.request('/api/laptops?q=thinkpd%20carbon&sort=price_desc')).status).toBe(200);
    const after = (await scrape()).samples;
    expect(sum(after, 'laptophaat_cache_misses_total', typos)).toBeGreaterThan(
      sum(before, 'laptophaat_cache_misses_total', typos),
    );
    expect(sum(after, 'laptophaat_cache_hits_total', typos)).toBeGreaterThan(
      sum(before, 'laptophaat_cache_hits_total', typos),
    );
  });

  it('shows notification streams open, up while one is open and down once it closes', async () => {
    const open = async () => sum((await scrape()).samples, 'laptophaat_notification_streams_open');
    expect(await open()).toBe(0);
    const buyer = await signUp(t);
    const controller = new AbortController();
    const res = await t.request('/api/notifications/stream', {
      headers: { cookie: buyer.cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    expect(await open()).toBe(1);
    controller.abort();
    await reader.cancel().catch(() => {});
    await until(async () => (await open()) === 0);
  });

  it('counts a stream the server ends as a request, but keeps how long it lasted out of the latencies', async () => {
    const stream = { route: '/api/notifications/stream', method: 'GET', status_code: '200' };
    const before = (await scrape()).samples;
    const buyer = await signUp(t);
    const res = await t.request('/api/notifications/stream', {
      headers: { cookie: buyer.cookie, accept: 'text/event-stream' },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    // Signing out ends the streams of that session (features/notifications/streams.ts).
    const out = await t.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie: buyer.cookie, origin: t.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    while (!(await reader.read()).done);
    let after = before;
    await until(async () => {
      after = (await scrape()).samples;
      return sum(after, 'http_requests_total', stream) > sum(before, 'http_requests_total', stream);
    });
    expect(sum(after, 'http_requests_total', stream) - sum(before, 'http_requests_total', stream)).toBe(1);
    expect(sum(after, 'http_request_duration_seconds_count', stream)).toBe(0);
  });

  it('times database queries, and on PostgreSQL shows the pool', async () => {
    const queries = 'laptophaat_db_query_duration_seconds_count';
    const before = (await scrape()).samples;
    expect((await t.request('/api/laptops/00000000-0000-4000-8000-00000000abce')).status).toBe(404);
    const after = (await scrape()).samples;
    expect(sum(after, queries)).toBeGreaterThan(sum(before, queries));
    expect(sum(after, 'laptophaat_db_queries_in_flight')).toBeGreaterThanOrEqual(0);
    if (t.database.kind === 'postgres') {
      expect(sum(after, 'laptophaat_db_pool_max_connections')).toBe(5);
      expect(sum(after, 'laptophaat_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sum(after, 'laptophaat_db_pool_waiting_requests')).toBe(0);
    }
  });
});

describe('METRICS_PORT', () => {
  it('answers on 127.0.0.1 without a token, while the public port does not serve /metrics', async () => {
    const app = await startTestApp({ config: { metricsPort: 0 } });
    try {
      const address = app.app.metricsServer?.address();
      if (!address || typeof address !== 'object') throw new Error('the metrics server is not listening');
      expect(address.address).toBe('127.0.0.1');
      const metricsUrl = `http://127.0.0.1:${address.port}`;
      expect((await app.request('/api/blog')).status).toBe(200);

      const res = await fetch(`${metricsUrl}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const samples = parse(await res.text());
      expect(sum(samples, 'http_requests_total', { route: '/api/blog', status_code: '200' })).toBe(1);

      const elsewhere = await fetch(`${metricsUrl}/api/blog`);
      expect(elsewhere.status).toBe(404);
      expect((await elsewhere.json()).error.code).toBe('not_found');

      for (const headers of [{}, withToken]) {
        const publicPort = await app.request('/metrics', { headers });
        expect(publicPort.status).toBe(404);
        expect((await publicPort.json()).error.code).toBe('not_found');
      }
    } finally {
      await app.close();
    }
  });

  it('stops the start-up, naming it, when the port is taken', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    const { port } = taken.address() as { port: number };
    const { database, drop } = await openTestDatabase();
    const app = await buildApp({ config: testConfig({ metricsPort: port }), database, logger: false });
    try {
      await expect(app.listen({ port: 0, host: '127.0.0.1' })).rejects.toThrow(
        new RegExp(`^METRICS_PORT ${port}: listen EADDRINUSE`),
      );
    } finally {
      await app.close();
      await database.close();
      await drop();
      taken.close();
    }
  });

  it('is not served at all with neither METRICS_TOKEN nor METRICS_PORT', async () => {
    const app = await startTestApp();
    try {
      expect(app.app.metricsServer).toBeUndefined();
      const res = await app.request('/metrics', { headers: withToken });
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    } finally {
      await app.close();
    }
  });
});
