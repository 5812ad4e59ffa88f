import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { adminDatabaseUrl, databaseUrlFor } from '../../test/env.ts';
import { migrationsDir } from '../paths.ts';
import { type Database, openDatabase } from './client.ts';

// Migrations that change what rows hold, on rows written before them: a new database is migrated up
// to the migration under test, given rows as the app wrote them then, and migrated the rest of the
// way, on PGlite and on PostgreSQL.

let opened: { database: Database; drop: () => Promise<void> } | undefined;
afterEach(async () => {
  await opened?.database.close();
  await opened?.drop();
  opened = undefined;
});

/** An empty database of the project's engine, removed after the test. */
async function emptyDatabase(): Promise<Database> {
  if (inject('dbKind') === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    opened = { database, drop: async () => {} };
    return database;
  }
  const name = `lh_test_migrations_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminDatabaseUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrlFor(name), poolSize: 2 });
  opened = { database, drop: () => admin(`drop database if exists ${name} with (force)`) };
  return database;
}

/** Applies the migrations before `tag` (`0013_photo_widths`): a copy of the folder with a shorter journal. */
async function migrateBefore(database: Database, tag: string) {
  const folder = mkdtempSync(join(tmpdir(), 'lh-migrations-'));
  try {
    cpSync(migrationsDir, folder, { recursive: true });
    const journalFile = join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === tag);
    expect(at, tag).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    if (database.kind === 'pglite')
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('0013_photo_widths', () => {
  it('gives photos stored before it, and listings’ covers, the widths they were stored at: 320, 640 and 1280', async () => {
    const database = await emptyDatabase();
    await migrateBefore(database, '0013_photo_widths');
    const id = 'a'.repeat(32);
    await database.db.execute(sql`insert into "user" (id, name, email) values ('s1', 'Seller', 's1@example.test')`);
    await database.db.execute(
      sql`insert into photo (id, url, width, height, bytes) values (${id}, ${`/photos/${id}/1280.webp`}, 1280, 800, 40000)`,
    );
    const laptop = (laptopId: string, cover: string | null) => sql`
      insert into laptop (id, seller_id, category, name, image_url, description, location, resale_price,
        original_price, usage_years, condition, seller_mobile, cover_photo_id, cover_width, cover_height)
      values (${laptopId}, 's1', 'casual', 'ThinkPad', ${`/photos/${id}/1280.webp`}, 'A laptop', 'dhaka', 30000,
        60000, 1, 'good', '01700000000', ${cover}, ${cover ? 1280 : null}, ${cover ? 800 : null})`;
    await database.db.execute(laptop('with-photo', id));
    await database.db.execute(laptop('without-photo', null));

    await database.migrate();

    expect(await rowsOf(database, sql`select id, widths from photo`)).toEqual([{ id, widths: [320, 640, 1280] }]);
    expect(await rowsOf(database, sql`select id, cover_widths from laptop order by id`)).toEqual([
      { id: 'with-photo', cover_widths: [320, 640, 1280] },
      { id: 'without-photo', cover_widths: null },
    ]);
    // A photo stored from now on names its own widths: the old set is no default.
    expect(
      await rowsOf(
        database,
        sql`select column_default from information_schema.columns where table_name = 'photo' and column_name = 'widths'`,
      ),
    ).toEqual([{ column_default: null }]);
  });
});
