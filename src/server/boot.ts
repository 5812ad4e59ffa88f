import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/seed.ts';

/** Opens the configured database, applies migrations and seeds the demo data on an empty one. */
export async function prepareDatabase(config: Config, log: (msg: string) => void): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: `${config.dataDir}/pglite` });
  try {
    await database.migrate();
    if (config.seed === 'demo' && (await seedDemoIfEmpty(database.db))) log('seeded the demo data');
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
