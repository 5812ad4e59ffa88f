// `npm run bench:headers`: what setting the security headers costs per request, three ways, on a
// minimal Fastify route shaped like our hot path (one callback onRequest hook), for
// docs/decisions/0012: no headers (the yardstick), helmet's headers computed once and set as one
// frozen object (what the app does, platform/http/security.ts), and @fastify/helmet running helmet's
// middlewares on every request. The server runs in its own process; rounds alternate the variants
// so a busy machine slows all three alike.
import { spawn } from 'node:child_process';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { SECURITY_HEADERS } from '../src/server/features/pages/headers.ts';
import { autocannon, checked, DURATION, WARMUP } from './harness.ts';

type Variant = 'none' | 'precomputed' | 'fastify-helmet';
const VARIANTS: Variant[] = ['none', 'precomputed', 'fastify-helmet'];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BODY = { status: 'ok', items: [1, 2, 3] };

// The same headers as SECURITY_HEADERS, produced by @fastify/helmet per request.
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: Object.fromEntries(
      SECURITY_HEADERS['content-security-policy']!.split(';').map((d) => {
        const [name, ...values] = d.split(' ');
        return [name!.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()), values];
      }),
    ),
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  strictTransportSecurity: false,
  global: true,
};

async function serve(variant: Variant) {
  const app = Fastify({ logger: false });
  if (variant === 'precomputed')
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(SECURITY_HEADERS);
      done();
    });
  else {
    app.addHook('onRequest', (_request, _reply, done) => done());
    if (variant === 'fastify-helmet') await app.register(fastifyHelmet, HELMET_OPTIONS);
  }
  app.get('/', () => BODY);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(typeof address === 'object' && address ? address.port : 0);
}

async function run(variant: Variant) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/security-headers.ts', 'serve', variant], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve) => child.stdout!.once('data', (d) => resolve(Number(String(d)))));
  const url = `http://127.0.0.1:${port}/`;
  const headers = (await fetch(url)).headers;
  const sent = Object.keys(SECURITY_HEADERS).filter((h) => headers.get(h) === SECURITY_HEADERS[h]).length;
  await autocannon({ url, connections: 50, duration: WARMUP });
  const r = checked(await autocannon({ url, connections: 50, duration: DURATION }), variant);
  child.kill();
  return { rps: Math.round(r.requests.average), p99_ms: r.latency.p99, headers: sent };
}

if (process.argv[2] === 'serve') await serve(process.argv[3] as Variant);
else {
  const runs: Record<Variant, { rps: number; p99_ms: number; headers: number }[]> = {
    none: [],
    precomputed: [],
    'fastify-helmet': [],
  };
  for (let round = 0; round < ROUNDS; round++) for (const v of VARIANTS) runs[v].push(await run(v));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const base = median(runs.none.map((r) => r.rps));
  for (const v of VARIANTS) {
    const rps = median(runs[v].map((r) => r.rps));
    console.log(
      `${v.padEnd(15)} ${String(rps).padStart(7)} req/s (median of ${ROUNDS}; ${(rps / base).toFixed(2)}× no headers), ` +
        `p99 ${median(runs[v].map((r) => r.p99_ms))} ms, ${runs[v][0]!.headers}/${Object.keys(SECURITY_HEADERS).length} headers as the app's`,
    );
  }
}
