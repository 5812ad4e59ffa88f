import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths.ts';
import { type ChangeFeed, postgresFeed, singleInstanceFeed } from './change-feed.ts';
import * as schema from './schema/index.ts';

/**
 * Ids are opaque strings on the wire (docs/product.md#api); UUIDs give no hint of order or volume.
 */
export const newId = () => randomUUID();

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  /** Lets queries under way finish, then closes (see `drain`). */
  close(): Promise<void>;
  /** What this instance and the others on the same database tell each other (db/change-feed.ts); close it before the database. */
  openFeed(onError: (error: unknown) => void): Promise<ChangeFeed>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

// Any number held in one place so two app instances never migrate at the same time.
const MIGRATION_LOCK = 7_133_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {});
    await pool.query('select 1');
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder: migrationsDir });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      async close() {
        await drain(pool);
        await pool.end();
      },
      openFeed: (onError) =>
        postgresFeed({ url: options.url, query: (text, values) => pool.query(text, values), onError }),
    };
  }
  // pg_trgm: typo-tolerant search (docs/search.md), the same extension PostgreSQL ships.
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    close: () => client.close(),
    openFeed: async () => singleInstanceFeed(),
  };
}

/**
 * Waits until no client of the pool is checked out or awaited, for `quietMs` in a row (at most
 * `maxMs`). On shutdown, `server.close()` waits only for requests whose connection is still open:
 * a handler whose client has gone away (a benchmark ending, a closed tab) may still be querying or
 * between two queries, and ending the pool under it failed that work with "Cannot use a pool after
 * calling end on the pool". PGlite needs none of this: its queries queue inside the one instance.
 */
export async function drain(pool: pg.Pool, { quietMs = 50, maxMs = 5_000 } = {}): Promise<void> {
  const busy = () => pool.waitingCount > 0 || pool.idleCount < pool.totalCount;
  const deadline = Date.now() + maxMs;
  let quietSince: number | undefined;
  while (Date.now() < deadline) {
    if (busy()) quietSince = undefined;
    else {
      quietSince ??= Date.now();
      if (Date.now() - quietSince >= quietMs) return;
    }
    await sleep(5);
  }
}

/** The raw PGlite instance, for tests that snapshot a migrated database. */
export function pgliteOf(database: Database): PGlite {
  return (database.db as unknown as { $client: PGlite }).$client;
}
