import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PhotoStore } from './features/photos/store.ts';
import type { Config } from './platform/config.ts';
import { type Database, openDatabase } from './platform/db/client.ts';
import { describeLoose, makePrivate } from './platform/private-files.ts';
import { seedDemoIfEmpty } from './seed/seed.ts';

/**
 * Opens the database in DATA_DIR/pglite. What in DATA_DIR other users could read or write (left so
 * by an older version) is first made its owner's alone, and `log` told in one line
 * (docs/operations.md#the-data-directory).
 */
export async function openPglite(dataDir: string, log: (msg: string) => void): Promise<Database> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const opened = makePrivate(dataDir);
  if (opened.length) {
    log(
      `DATA_DIR ${dataDir}: other users could read or write ${describeLoose(opened, dataDir)}; ` +
        "made them its owner's alone (directories 700, files 600)",
    );
  }
  return openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
}

/**
 * Opens the configured database, applies migrations and seeds the demo data on an empty one (its
 * photos into `store`).
 */
export async function prepareDatabase(
  config: Config,
  log: (msg: string) => void,
  store?: PhotoStore,
): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openPglite(config.dataDir, log);
  try {
    await database.migrate();
    if (config.seed === 'demo' && (await seedDemoIfEmpty(database.db, new Date(), store))) log('seeded the demo data');
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
