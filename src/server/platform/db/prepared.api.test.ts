import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from './client.ts';
import { namedOnce } from './prepared.ts';

// A statement run by name must answer what `db.execute` answers for the same text and values, on
// PGlite (through the wire protocol, platform/db/prepared.ts) as on PostgreSQL (node-postgres).

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.execute(sql`create table named_probe (id text primary key, n int, at timestamptz, ok boolean)`);
});
afterAll(async () => {
  await database.db.execute(sql`drop table if exists named_probe`);
  await drop();
});

const insert = () => sql`
  insert into named_probe (id, n, at, ok) values (${sql.placeholder('id')}, ${sql.placeholder('n')}, now(), ${sql.placeholder('ok')})
  returning id, n, at, ok, ${sql.placeholder('note')}::text as note, null::int as nothing`;

describe('a statement run by name', () => {
  it('answers the rows db.execute answers, each run with its own values', async () => {
    const statement = namedOnce<Record<string, unknown>>(database.db, 'named_probe_insert', insert);
    const first = await statement.execute({ id: 'a', n: 1, ok: true, note: 'অগ্রিম' });
    const second = await statement.execute({ id: 'b', n: 2, ok: false, note: null });
    expect(first.rows).toEqual([{ id: 'a', n: 1, at: expect.any(String), ok: true, note: 'অগ্রিম', nothing: null }]);
    expect(second.rows).toMatchObject([{ id: 'b', n: 2, ok: false, note: null }]);
    // The same shape as db.execute gives: dates stay text for the caller to read.
    const { rows } = (await database.db.execute(
      sql`select id, n, at, ok from named_probe where id = 'a'`,
    )) as unknown as {
      rows: unknown[];
    };
    expect(rows[0]).toEqual({ id: 'a', n: 1, at: first.rows[0]!.at, ok: true });
    expect(namedOnce(database.db, 'named_probe_insert', insert)).toBe(statement);
  });

  it('fails as the database says, and the next run and other queries work after', async () => {
    const statement = namedOnce<{ id: string }>(database.db, 'named_probe_insert', insert);
    await expect(statement.execute({ id: 'a', n: 3, ok: true, note: null })).rejects.toMatchObject({
      cause: { code: '23505' },
    });
    await expect(statement.execute({ id: 'c', n: 3, ok: true, note: null })).resolves.toMatchObject({
      rows: [{ id: 'c' }],
    });
    await expect(database.db.execute(sql`select count(*)::int as count from named_probe`)).resolves.toMatchObject({
      rows: [{ count: 3 }],
    });
  });

  it('runs beside other queries without either taking the other’s answer', async () => {
    const statement = namedOnce<{ id: string; note: string }>(database.db, 'named_probe_insert', insert);
    const runs = Array.from({ length: 20 }, (_, i) =>
      i % 2
        ? statement.execute({ id: `p${i}`, n: i, ok: true, note: `run ${i}` }).then((r) => r.rows[0]!.note)
        : database.db
            .execute(sql`select ${`query ${i}`}::text as note`)
            .then((r) => (r as unknown as { rows: { note: string }[] }).rows[0]!.note),
    );
    expect(await Promise.all(runs)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? `run ${i}` : `query ${i}`)));
  });
});
