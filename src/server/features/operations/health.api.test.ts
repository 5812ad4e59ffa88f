import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDatabaseUrl } from '../../test/env.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

// /healthz and /readyz (features/operations/health.ts, docs/operations.md): what a load balancer and an
// orchestrator read, on the real database and the real Redis.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function readyz(app: TestApp = t) {
  const res = await app.request('/readyz');
  return { status: res.status, cacheControl: res.headers.get('cache-control'), body: await res.json() };
}

describe('GET /healthz', () => {
  it('answers 200 while the process is up, never stored', async () => {
    const res = await t.request('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('answers 200 when the database answers and every migration is applied (no Redis configured)', async () => {
    expect(await readyz()).toEqual({
      status: 200,
      cacheControl: 'no-store',
      body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'not configured' } },
    });
  });

  it('answers 503 naming the migrations while one is missing, and 200 once it is back', async () => {
    const db = t.database.db;
    const { rows } = (await db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning *`,
    )) as { rows: Record<string, unknown>[] };
    try {
      const { status, body } = await readyz();
      expect(status).toBe(503);
      expect(body.status).toBe('not_ready');
      expect(body.checks.database).toBe('ok');
      expect(body.checks.migrations).toBe('pending migrations');
    } finally {
      const row = rows[0]!;
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await readyz()).status).toBe(200);
  });

  it('answers 503 while the instance is shutting down, so the balancer drains it first', async () => {
    t.app.shuttingDown = true;
    try {
      const { status, body } = await readyz();
      expect(status).toBe(503);
      expect(body.status).toBe('shutting_down');
    } finally {
      t.app.shuttingDown = false;
    }
    expect((await readyz()).status).toBe(200);
  });

  it('checks Redis when REDIS_URL is set: ok with the real Redis; named when it does not answer, still ready (the instance serves without it)', async () => {
    const withRedis = await startTestApp({ config: { redisUrl: 'redis://127.0.0.1:6379' } });
    try {
      expect((await readyz(withRedis)).body.checks.redis).toBe('ok');
    } finally {
      await withRedis.close();
    }
    // Nothing listens on port 1.
    const noRedis = await startTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' } });
    try {
      const { status, body } = await readyz(noRedis);
      expect(status).toBe(200);
      expect(body.status).toBe('ready');
      // The cause in a fixed word; the error's text (hosts, ports) goes to the log only.
      expect(body.checks.redis).toBe('connection refused');
      expect(body.checks.database).toBe('ok');
    } finally {
      await noRedis.close();
    }
  });

  it('on PostgreSQL: 503 naming the database while it refuses connections, 200 when it is back', async (ctx) => {
    if (t.database.kind !== 'postgres') return ctx.skip();
    const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    const name = rows[0]!.name;
    const admin = new pg.Client({ connectionString: adminDatabaseUrl });
    await admin.connect();
    try {
      // As good as stopped, for this instance: no new connections, and its open ones cut.
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      const down = await readyz();
      expect(down.status).toBe(503);
      expect(down.body.status).toBe('not_ready');
      expect(['not accepting connections', 'connection lost']).toContain(down.body.checks.database);
      expect(JSON.stringify(down.body)).not.toMatch(new RegExp(`${name}|select`, 'i'));
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
    await expect.poll(async () => (await readyz()).status, { timeout: 10_000 }).toBe(200);
  }, 30_000);
});
