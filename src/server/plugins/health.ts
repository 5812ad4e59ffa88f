import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { connectRedis } from '../lib/redis.ts';
import { shippedMigrations } from '../paths.ts';

// Probes for a load balancer and an orchestrator (docs/operations.md): /healthz says the process
// answers (no database call), /readyz that it can serve: the database answers, every migration is
// applied, Redis answers when REDIS_URL is set, and it is not shutting down. Outside /api: no
// session, no rate limit, never cached.

const CHECK_TIMEOUT_MS = 2_000;

export type CheckResult = 'ok' | 'not configured' | `failing: ${string}`;
export interface Readiness {
  status: 'ready' | 'not_ready' | 'shutting_down';
  checks: Record<'database' | 'migrations' | 'redis', CheckResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process starts to shut down: /readyz answers 503 so the balancer drains this instance first. */
    shuttingDown: boolean;
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function check(work: () => Promise<unknown>): Promise<CheckResult> {
  try {
    await withTimeout(work());
    return 'ok';
  } catch (error) {
    return `failing: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function checkMigrations(db: Db, shipped: number): Promise<void> {
  const { rows } = (await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as {
    rows: { applied: number }[];
  };
  const applied = rows[0]?.applied ?? 0;
  if (applied < shipped) throw new Error(`${applied} of ${shipped} applied`);
}

export async function readiness(db: Db, redis: Redis | undefined, shipped: number): Promise<Readiness> {
  const [database, migrations, redisCheck] = await Promise.all([
    check(() => db.execute(sql`select 1`)),
    check(() => checkMigrations(db, shipped)),
    redis ? check(() => redis.ping()) : Promise.resolve<CheckResult>('not configured'),
  ]);
  const checks = { database, migrations, redis: redisCheck };
  const ready = Object.values(checks).every((c) => c === 'ok' || c === 'not configured');
  return { status: ready ? 'ready' : 'not_ready', checks };
}

export async function registerHealth(app: FastifyInstance) {
  app.decorate('shuttingDown', false);
  const shipped = shippedMigrations();
  // A connection of the probe's own; its failures are /readyz's answer (the rate limiter logs them).
  const ignore = () => {};
  const redis = app.config.redisUrl
    ? await connectRedis(app, app.config.redisUrl, { retries: 0, onError: ignore, onUnreachable: ignore })
    : undefined;
  const noStore = { 'cache-control': 'no-store' };

  app.get('/healthz', { config: { rateLimit: false } }, (_request, reply) => {
    reply.headers(noStore).send({ status: 'ok' });
  });

  app.get('/readyz', { config: { rateLimit: false } }, async (_request, reply) => {
    const result = await readiness(app.db, redis, shipped);
    if (app.shuttingDown) result.status = 'shutting_down';
    reply
      .code(result.status === 'ready' ? 200 : 503)
      .headers(noStore)
      .send(result);
  });
}
