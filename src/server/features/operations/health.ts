import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../platform/db/client.ts';
import { type OutageCause, outageCause } from '../../platform/outage.ts';
import { shippedMigrations } from '../../platform/paths.ts';
import { connectRedis } from '../../platform/redis.ts';

// Probes for a load balancer and an orchestrator (docs/operations.md): /healthz says the process
// answers (no database call), /readyz that it can serve: the database answers, every migration is
// applied, Redis answers when REDIS_URL is set, and it is not shutting down. Outside /api: no
// session, no rate limit, never cached.

const CHECK_TIMEOUT_MS = 2_000;

/**
 * A check's answer, in a fixed word anyone may read: `ok`, or why it fails (an outage's cause, platform/outage.ts;
 * migrations not yet applied; or `error`). The error itself goes to the log only.
 */
export type CheckResult = 'ok' | 'not configured' | OutageCause | 'pending migrations' | 'error';
type CheckName = keyof Readiness['checks'];
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

class TimeoutError extends Error {}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

class PendingMigrations extends Error {}

async function check(
  name: CheckName,
  work: () => Promise<unknown>,
  report: (name: CheckName, error: unknown) => void,
  connectionError?: () => unknown,
): Promise<CheckResult> {
  try {
    await withTimeout(work());
    return 'ok';
  } catch (error) {
    report(name, error);
    if (error instanceof PendingMigrations) return 'pending migrations';
    if (error instanceof TimeoutError) return 'timeout';
    // A command refused while the connection is down says less than the connection's own error.
    return outageCause(connectionError?.()) ?? outageCause(error) ?? 'error';
  }
}

async function checkMigrations(db: Db, shipped: number): Promise<void> {
  const { rows } = (await db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as {
    rows: { applied: number }[];
  };
  const applied = rows[0]?.applied ?? 0;
  if (applied < shipped) throw new PendingMigrations(`${applied} of ${shipped} migrations applied`);
}

export async function readiness(
  db: Db,
  redis: { client: Redis; lastError: () => unknown } | undefined,
  shipped: number,
  report: (name: CheckName, error: unknown) => void = () => {},
): Promise<Readiness> {
  const [database, migrations, redisCheck] = await Promise.all([
    check('database', () => db.execute(sql`select 1`), report),
    check('migrations', () => checkMigrations(db, shipped), report),
    redis
      ? check('redis', () => redis.client.ping(), report, redis.lastError)
      : Promise.resolve<CheckResult>('not configured'),
  ]);
  const checks = { database, migrations, redis: redisCheck };
  // Redis is not needed to serve (limits fall back to this instance's memory, the change feed's
  // streams read the database): its outage is named, but the instance stays in the balancer's
  // rotation. Every instance shares one Redis, so a 503 here would take them all out at once.
  const ready = database === 'ok' && migrations === 'ok';
  return { status: ready ? 'ready' : 'not_ready', checks };
}

export async function registerHealth(app: FastifyInstance) {
  app.decorate('shuttingDown', false);
  const shipped = shippedMigrations();
  // A connection of the probe's own; its failures are /readyz's answer (the rate limiter logs them).
  // The connection's own error says why ("connect ECONNREFUSED"); a command refused meanwhile, and
  // the failed first connect, only that it is closed.
  let lastRedisError: unknown;
  const client = app.config.redisUrl
    ? await connectRedis(app, app.config.redisUrl, {
        retries: 0,
        onError: (error) => {
          lastRedisError = error;
        },
        onUnreachable: (error) => {
          lastRedisError ??= error;
        },
      })
    : undefined;
  const redis = client ? { client, lastError: () => lastRedisError } : undefined;
  // What failed, with the error, in the log: once a minute per check, not at every probe.
  const reported = new Map<CheckName, number>();
  const report = (name: CheckName, error: unknown) => {
    if (Date.now() - (reported.get(name) ?? 0) < 60_000) return;
    reported.set(name, Date.now());
    app.log.warn({ err: error, check: name }, `readiness: the ${name} check fails`);
  };
  const noStore = { 'cache-control': 'no-store' };

  app.get('/healthz', { config: { rateLimit: false } }, (_request, reply) => {
    reply.headers(noStore).send({ status: 'ok' });
  });

  app.get('/readyz', { config: { rateLimit: false } }, async (_request, reply) => {
    const result = await readiness(app.db, redis, shipped, report);
    if (app.shuttingDown) result.status = 'shutting_down';
    reply
      .code(result.status === 'ready' ? 200 : 503)
      .headers(noStore)
      .send(result);
  });
}
