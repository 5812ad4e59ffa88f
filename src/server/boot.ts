import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/seed.ts';
import type { PhotoStore } from './lib/photo-store.ts';

export async function openPglite(dataDir: string): Promise<Database> {
  // PGlite creates its own directory but not the parents (DATA_DIR may not exist yet).
  mkdirSync(dataDir, { recursive: true });
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
    : await openPglite(config.dataDir);
  try {
    await database.migrate();
    if (config.seed === 'demo' && (await seedDemoIfEmpty(database.db, new Date(), store))) log('seeded the demo data');
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
