import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
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
import { makePrivate } from '../private-files.ts';
import { type ChangeFeed, postgresFeed, singleInstanceFeed } from './change-feed.ts';
import { DRIZZLE_TEXT_TYPES } from './prepared.ts';
import * as schema from './schema.ts';

/**
 * Ids are opaque strings on the wire (docs/product.md#api); UUIDs give no hint of order or volume.
 */
export const newId = () => randomUUID();

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The queries this process has sent and not yet had answered, and who hears each one's duration
 * (the metrics plugin, docs/operations.md#metrics). Timed at the driver, so transactions count too.
 */
export class QueryStats {
  inFlight = 0;
  private readonly listeners = new Set<(seconds: number) => void>();

  /** Call as a query is sent; pass what it returns to `end`. */
  begin(): number {
    this.inFlight += 1;
    return performance.now();
  }

  end(started: number): void {
    this.inFlight -= 1;
    if (this.listeners.size === 0) return;
    const seconds = (performance.now() - started) / 1000;
    for (const listener of this.listeners) listener(seconds);
  }

  /** Hears every query's duration until the returned function is called. */
  onQuery(listener: (seconds: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** A PostgreSQL pool's connections (node-postgres' own counts). */
export interface PoolStats {
  /** Open connections, busy or idle. */
  total: number;
  idle: number;
  /** Callers waiting for a connection because all `max` are busy. */
  waiting: number;
  max: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  queries: QueryStats;
  /** PostgreSQL's pool; PGlite has one connection and no pool. */
  pool?: () => PoolStats;
  /** Applies pending migrations; safe to call from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  /** Lets queries under way finish, then closes (see `drain`). */
  close(): Promise<void>;
  /** What this instance and the others on the same database tell each other (platform/db/change-feed.ts); close it before the database. */
  openFeed(onError: (error: unknown) => void): Promise<ChangeFeed>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; connectTimeoutMs?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * How long a query waits for a connection: to open one (a server that accepts and never answers, a
 * dropped packet) or for one of the pool's to be free. Past it the query fails as an outage (503 with
 * Retry-After, platform/outage.ts) instead of holding its request, and a connection, forever.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

// Any number held in one place so two app instances never migrate at the same time.
const MIGRATION_LOCK = 7_133_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.url,
      max,
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    });
    const queries = new QueryStats();
    // Every query, in a transaction or not, runs on one of the pool's connections.
    pool.on('connect', (client) => {
      timeQueries(client, queries);
      // A connection lost while its client is checked out (between a transaction's statements, as
      // the alert worker's are every poll) is told to the client itself, which then has no other
      // listener: its statement fails with the error instead, the pool drops the broken client on
      // release, and the process lives on.
      client.on('error', () => {});
    });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {});
    await pool.query('select 1');
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      queries,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
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
  // Its directory is its owner's alone before PGlite writes a file into it, whatever the umask.
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  // pg_trgm: typo-tolerant search (docs/search.md), the same extension PostgreSQL ships.
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  await client.waitReady;
  // PGlite writes the files of a new (or loaded) database 0666 and pg_internal.init 0644 at every
  // open, whatever the umask; what its Postgres creates later, WAL segments among them, is 0600
  // (platform/private-files.ts).
  if (options.dataDir) makePrivate(options.dataDir);
  setDrizzleParsers(client);
  const queries = new QueryStats();
  timePglite(client, queries);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    queries,
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    close: () => client.close(),
    openFeed: async () => singleInstanceFeed(),
  };
}

type PgQuery = (...args: unknown[]) => unknown;

/** Times each query of a pooled connection: called with a callback (pool.query) or as a promise (drizzle). */
function timeQueries(client: pg.PoolClient, stats: QueryStats): void {
  const query = client.query as unknown as PgQuery;
  const timed: PgQuery = function (this: pg.PoolClient, ...args) {
    // Cursors and streams (a `submit` method) report their own progress: not timed.
    if (typeof (args[0] as { submit?: unknown } | undefined)?.submit === 'function') return query.apply(this, args);
    const started = stats.begin();
    const last = args.length - 1;
    const callback = args[last];
    try {
      if (typeof callback === 'function') {
        args[last] = (error: unknown, result: unknown) => {
          stats.end(started);
          callback(error, result);
        };
        return query.apply(this, args);
      }
      const result = query.apply(this, args) as Promise<unknown>;
      const end = () => stats.end(started);
      result.then(end, end);
      return result;
    } catch (error) {
      stats.end(started);
      throw error;
    }
  };
  client.query = timed as unknown as pg.PoolClient['query'];
}

/**
 * Drizzle's parsers set once on the instance: Drizzle passes them with every query, and PGlite
 * merged them into its table of about 300 parsers each time, a tenth of a millisecond per statement
 * (more than `select 1` itself). They are the same few every time (dates, times and intervals left
 * as text: DRIZZLE_TEXT_TYPES), so `withoutDrizzleParsers` drops them from each query.
 */
function setDrizzleParsers(client: PGlite): void {
  const leaveAsText = (value: string) => value;
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = leaveAsText;
}

const isDrizzles = (parsers: object) =>
  Object.keys(parsers).every((type) => (DRIZZLE_TEXT_TYPES as readonly number[]).includes(Number(type)));

/** `query` without the parsers setDrizzleParsers put in place; a query that brings others keeps them. */
function withoutDrizzleParsers<Q extends PGlite['query']>(query: Q): Q {
  return ((text: string, params?: unknown[], options?: Parameters<Q>[2]) => {
    if (options?.parsers && isDrizzles(options.parsers)) {
      const { parsers: _drizzles, ...rest } = options;
      return query(text, params, rest);
    }
    return query(text, params, options);
  }) as Q;
}

/**
 * Times PGlite's queries, in transactions too. Its one connection runs one query at a time, so a
 * query's time includes waiting for the queries before it.
 */
function timePglite(client: PGlite, stats: QueryStats): void {
  const timed =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = stats.begin();
      try {
        return await run(...args);
      } finally {
        stats.end(started);
      }
    };
  const transaction = client.transaction.bind(client);
  client.query = timed(withoutDrizzleParsers(client.query.bind(client))) as PGlite['query'];
  client.execProtocol = timed(client.execProtocol.bind(client));
  client.exec = timed(client.exec.bind(client));
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => {
      tx.query = timed(withoutDrizzleParsers(tx.query)) as typeof tx.query;
      tx.exec = timed(tx.exec);
      return callback(tx);
    })) as PGlite['transaction'];
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
