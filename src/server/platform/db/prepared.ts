import { PGlite, protocol } from '@electric-sql/pglite';
import { DrizzleQueryError, fillPlaceholders, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

// Statements whose text depends only on the shape of a request (which filters it has, its sort),
// built by Drizzle once per shape with placeholders (`sql.placeholder(name)`) where the values go,
// and run with each request's values. Building a search's statement was a fifth of its CPU time
// (docs/decisions/0018). The statements stay unnamed on the wire: PostgreSQL plans each run for its
// values, as it did before.

/** What Drizzle's `.prepare()` gives, for any driver. */
export interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R[]>;
  getQuery(): { sql: string; params: unknown[] };
}

/** A statement with its values: run it, or read its text and parameters (the EXPLAIN tests). */
export interface Statement<R> {
  execute(): Promise<R[]>;
  toSQL(): { sql: string; params: unknown[] };
}

/** Shapes kept per database at most; a request cannot invent shapes beyond its filters' combinations. */
const MAX_SHAPES = 2_000;

const byDb = new WeakMap<Db, Map<string, Prepared<unknown>>>();

/** The statements kept for `db` in `store`, an empty map the first time. */
function ofDb<T>(store: WeakMap<Db, Map<string, T>>, db: Db): Map<string, T> {
  let statements = store.get(db);
  if (!statements) {
    statements = new Map();
    store.set(db, statements);
  }
  return statements;
}

/** The statement of `shape` on `db`, built by `build` the first time that shape is asked for. */
export function preparedOnce<R>(
  db: Db,
  shape: string,
  build: () => { prepare(name: string): Prepared<R> },
): Prepared<R> {
  const shapes = ofDb(byDb, db);
  let prepared = shapes.get(shape) as Prepared<R> | undefined;
  if (!prepared) {
    // An empty name: an unnamed statement, parsed and planned by PostgreSQL on each run.
    prepared = build().prepare('');
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    shapes.set(shape, prepared as Prepared<unknown>);
  }
  return prepared;
}

/** `prepared` with `values` in its placeholders. */
export function withValues<R>(prepared: Prepared<R>, values: Record<string, unknown>): Statement<R> {
  return {
    execute: () => prepared.execute(values),
    toSQL() {
      const { sql, params } = prepared.getQuery();
      return { sql, params: fillPlaceholders(params, values) };
    },
  };
}

/** A statement run by name with each request's values: `rows` as `db.execute` gives them. */
export interface NamedStatement<R> {
  execute(values: Record<string, unknown>): Promise<{ rows: R[] }>;
}

const namedByDb = new WeakMap<Db, Map<string, NamedStatement<unknown>>>();

/**
 * The statement `build` gives (raw SQL with `sql.placeholder(name)` where the values go), parsed and
 * planned once per connection under `name` and run by that name after. Only for statements whose
 * plan cannot depend on their values (every table reached by its key): PostgreSQL may keep one
 * generic plan for them. Drizzle sends every statement unnamed, which PostgreSQL parses and plans
 * again on each run; for a booking that was 1.0 of its 1.8 ms on PGlite (docs/performance.md).
 * On PostgreSQL node-postgres prepares the name on each pooled connection the first time it runs
 * there; PGlite's one connection gets it through the wire protocol (pgliteNamed).
 */
export function namedOnce<R>(db: Db, name: string, build: () => SQL): NamedStatement<R> {
  const statements = ofDb(namedByDb, db);
  let statement = statements.get(name) as NamedStatement<R> | undefined;
  if (!statement) {
    const internals = db as unknown as DrizzleInternals;
    const query = internals.dialect.sqlToQuery(build());
    const client = internals.$client;
    if (client instanceof PGlite) statement = pgliteNamed<R>(client, name, query);
    else {
      const prepared = internals.session.prepareQuery(query, undefined, name, false);
      statement = { execute: (values) => prepared.execute(values) as Promise<{ rows: R[] }> };
    }
    statements.set(name, statement as NamedStatement<unknown>);
  }
  return statement;
}

/** What namedOnce needs of Drizzle beyond its typed surface (the same on every driver). */
interface DrizzleInternals {
  $client: unknown;
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(values: Record<string, unknown>): Promise<unknown> };
  };
}

/**
 * What Drizzle asks PGlite to leave as text (its pglite driver passes these parsers with every
 * query): dates, times and intervals and their arrays, which its columns read themselves. A
 * statement run by name answers the same rows as `db.execute` would.
 */
export const DRIZZLE_TEXT_TYPES = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231] as const;

type Message = { name: string; dataTypeIDs?: number[]; fields?: unknown[] };

/**
 * A named statement on PGlite, through the wire protocol as PGlite's own `query` speaks it (parse,
 * describe, bind, describe, execute, sync) but parsed once: the first run sends Parse with the name
 * and learns the parameters' types; every run sends Bind, Describe, Execute and Sync in one message,
 * holding PGlite's locks as `query` does, so no other statement comes between them.
 */
function pgliteNamed<R>(client: PGlite, name: string, query: { sql: string; params: unknown[] }): NamedStatement<R> {
  const { serialize } = protocol;
  const exclusive = <T>(run: () => Promise<T>) => client._runExclusiveTransaction(() => client._runExclusiveQuery(run));
  const send = async (...parts: Uint8Array[]) => {
    const message = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
    let at = 0;
    for (const part of parts) {
      message.set(part, at);
      at += part.length;
    }
    return (await client.execProtocol(message, {})).messages as unknown as Message[];
  };
  let parameterTypes: Promise<number[]> | undefined;
  const prepare = () => {
    parameterTypes ??= exclusive(() =>
      send(serialize.parse({ name, text: query.sql }), serialize.describe({ type: 'S', name }), serialize.sync()),
    ).then(
      (messages) => messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
      (error: unknown) => {
        parameterTypes = undefined;
        throw error;
      },
    );
    return parameterTypes;
  };
  const text = (value: unknown) => value;
  return {
    async execute(values) {
      await client._checkReady();
      const types = await prepare();
      const params = fillPlaceholders(query.params, values).map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      // A failure reaches the caller as Drizzle's would, the database's error as its cause.
      const messages = await exclusive(() =>
        send(
          serialize.bind({ statement: name, values: params as (string | null)[] }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ),
      ).catch((error: unknown) => {
        throw new DrizzleQueryError(query.sql, params, error as Error);
      });
      const columns =
        (messages.find((m) => m.name === 'rowDescription')?.fields as { name: string; dataTypeID: number }[]) ?? [];
      const parsers = columns.map((c) =>
        (DRIZZLE_TEXT_TYPES as readonly number[]).includes(c.dataTypeID) ? text : client.parsers[c.dataTypeID],
      );
      const rows = messages
        .filter((m) => m.name === 'dataRow')
        .map((m) =>
          Object.fromEntries(
            (m.fields as (string | null)[]).map((field, i) => {
              const parse = parsers[i];
              return [columns[i]!.name, field === null || !parse ? field : parse(field, columns[i]!.dataTypeID)];
            }),
          ),
        ) as R[];
      return { rows };
    },
  };
}
