import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { LIST_LIMIT } from '../../shared/rules.ts';
import { AppError } from './errors.ts';

// Keyset pagination (docs/search.md#cursors): a page ends at its last row's sort key and id; the
// next page starts strictly after that pair. A cursor is that pair, base64url-encoded JSON, with
// the name of the order it belongs to so a cursor of one order is refused by another.

export type CursorKey = string | number;

/** A page of rows and the cursor of the next page (null on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const badCursor = () => new AppError('invalid_request', {}, { cursor: { code: 'invalid_cursor' } });

export function encodeCursor(order: string, key: CursorKey, id: string): string {
  return Buffer.from(JSON.stringify([order, key, id])).toString('base64url');
}

// A timestamp key as `timestampKey` writes it: microseconds kept (a JavaScript Date would drop them).
const TIMESTAMP = /^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The key and id of a cursor made by `encodeCursor(order, …)`, or a 400 naming `cursor`. */
export function decodeCursor(
  cursor: string,
  order: string,
  kind: 'timestamp' | 'integer',
): { key: CursorKey; id: string } {
  let value: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 3) throw badCursor();
  const [o, key, id] = value as unknown[];
  if (o !== order || typeof id !== 'string' || id.length === 0 || id.length > 100) throw badCursor();
  if (kind === 'integer') {
    if (typeof key !== 'number' || !Number.isSafeInteger(key)) throw badCursor();
    return { key, id };
  }
  // The round trip through Date refuses impossible dates (February 30th) that PostgreSQL would fail on.
  if (typeof key !== 'string' || !TIMESTAMP.test(key)) throw badCursor();
  const millis = `${key.slice(0, 23)}Z`;
  const date = new Date(millis);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== millis) throw badCursor();
  return { key, id };
}

/** A timestamp column as exact UTC text (microseconds), for cursors. */
export const timestampKey = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Newest first, as the indexes hold it: Drizzle writes an index's `.desc()` as `DESC NULLS LAST`,
 * while a plain `ORDER BY … DESC` means `NULLS FIRST` and could not walk that index (the columns are
 * NOT NULL, so the order is the same).
 */
export const newestFirst = (column: AnyColumn | SQL) => sql`${column} desc nulls last`;

/** Rows strictly after (`>`) or before (`<`) the cursor's (key, id) pair. */
export function afterKey(key: SQL | AnyColumn, id: AnyColumn, direction: 'asc' | 'desc', cursor: SQL): SQL {
  return direction === 'desc' ? sql`(${key}, ${id}) < ${cursor}` : sql`(${key}, ${id}) > ${cursor}`;
}

/**
 * Turns `limit + 1` fetched rows into a page: the extra row only says that another page exists.
 * `keyOf` reads the sort key of a row.
 */
export function toPage<R extends { id: string }, T>(
  rows: R[],
  limit: number,
  order: string,
  keyOf: (row: R) => CursorKey,
  map: (row: R) => T,
): Page<T> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return {
    items: shown.map(map),
    nextCursor: more && last ? encodeCursor(order, keyOf(last), last.id) : null,
  };
}

/** A cursor's key and id, or the placeholders they go in (platform/db/prepared.ts). */
type CursorValues = { key: CursorKey | Placeholder; id: string | Placeholder };

/** The `(timestamp, id)` pair a timestamp cursor points at, as a row value. */
export const timestampCursor = (c: CursorValues) => sql`(${c.key}::timestamptz, ${c.id}::text)`;
/** The `(integer, id)` pair an integer cursor points at, as a row value. */
export const integerCursor = (c: CursorValues) => sql`(${c.key}::integer, ${c.id}::text)`;

/** Placeholders for a cursor's key and id, filled from `cursorValues`. */
export const CURSOR_PLACEHOLDERS: CursorValues = { key: sql.placeholder('cursorKey'), id: sql.placeholder('cursorId') };

/** The values of `CURSOR_PLACEHOLDERS` for a cursor (none without one). */
export function cursorValues(c: { key: CursorKey; id: string } | undefined): Record<string, unknown> {
  return c ? { cursorKey: c.key, cursorId: c.id } : {};
}

/**
 * A page's size (`LIST_LIMIT.default` unless asked) and where it starts: the rows strictly after
 * the cursor's (timestamp, id) pair in `direction`, or from the first without a cursor; a cursor of
 * another order is a 400 naming `cursor`.
 */
export function pageAfter(
  page: { limit?: number | undefined; cursor?: string | undefined },
  order: string,
  key: AnyColumn,
  id: AnyColumn,
  direction: 'asc' | 'desc',
): { limit: number; after: SQL | undefined } {
  const cursor = page.cursor ? decodeCursor(page.cursor, order, 'timestamp') : undefined;
  return {
    limit: page.limit ?? LIST_LIMIT.default,
    after: cursor ? afterKey(key, id, direction, timestampCursor(cursor)) : undefined,
  };
}
