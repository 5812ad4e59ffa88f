import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteOf } from '../platform/db/client.ts';
import { seedDemoIfEmpty } from '../seed/seed.ts';
import { adminDatabaseUrl, databaseUrlFor } from './env.ts';

// Migrates and seeds one database per run, which every test file then copies: a PGlite dump, or a
// PostgreSQL template database. Each test file gets its own fresh copy.
export default async function setup(project: TestProject) {
  if (project.name === 'api-pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'laptop-haat-api-'));
    const database = await openDatabase({ kind: 'pglite' });
    await database.migrate();
    await seedDemoIfEmpty(database.db);
    const dump = await pgliteOf(database).dumpDataDir('none');
    await database.close();
    const file = join(dir, 'snapshot.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshot', file);
    return () => rm(dir, { recursive: true, force: true });
  }

  const admin = new pg.Client({ connectionString: adminDatabaseUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${adminDatabaseUrl} (${(error as Error).message}). ` +
        'Start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_DATABASE_URL.',
    );
  }
  const template = `lh_test_tpl_${process.pid}_${Date.now().toString(36)}`;
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrlFor(template), poolSize: 2 });
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  await database.close();
  project.provide('pgTemplate', template);
  return async () => {
    // Per-file copies are dropped by their files; this also sweeps any a crashed run left behind.
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like 'lh_test_%' and datname like $1`,
      [`%_${process.pid}_%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}
