import { fillPlaceholders } from 'drizzle-orm';
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

/** The statement of `shape` on `db`, built by `build` the first time that shape is asked for. */
export function preparedOnce<R>(
  db: Db,
  shape: string,
  build: () => { prepare(name: string): Prepared<R> },
): Prepared<R> {
  let shapes = byDb.get(db);
  if (!shapes) {
    shapes = new Map();
    byDb.set(db, shapes);
  }
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
