import { parseArgs } from 'node:util';
import { openPglite } from './boot.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { generateCatalogue } from './db/seed/generate.ts';
import { seedDemoIfEmpty } from './db/seed/seed.ts';
import { grantAdmin } from './domain/users.ts';
import { photoStoreFor } from './lib/photo-store.ts';

// Maintenance commands: `migrate`, `seed [--laptops N] [--users N]`, `admin grant EMAIL`.
const USAGE = `usage: cli.ts migrate
       cli.ts seed [--laptops N] [--users N]
           the demo data into an empty database; with --laptops/--users, then also N generated
           laptops (with orders) and N users (default laptops/20), added to what is there
       cli.ts admin grant EMAIL`;

const count = (v: string | undefined) => (v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : Number.NaN);

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: { laptops: { type: 'string' }, users: { type: 'string' } },
  });
  const [command, action, email] = positionals;
  const laptops = count(values.laptops as string | undefined);
  const users = count(values.users as string | undefined);
  const adminOk = command === 'admin' && action === 'grant' && Boolean(email);
  const flagsOk = (command === 'seed' || (laptops === undefined && users === undefined)) && positionals.length >= 1;
  if (
    (command !== 'migrate' && command !== 'seed' && !adminOk) ||
    !flagsOk ||
    Number.isNaN(laptops) ||
    Number.isNaN(users) ||
    Object.keys(values).some((k) => k !== 'laptops' && k !== 'users')
  ) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openPglite(config.dataDir);
  try {
    await database.migrate();
    if (command === 'migrate') {
      console.log(`migrations applied (${database.kind})`);
    } else if (command === 'admin') {
      const user = await grantAdmin(database.db, email!);
      console.log(`${user.email} (${user.name}) is now an admin`);
    } else {
      const seeded = await seedDemoIfEmpty(database.db, new Date(), await photoStoreFor(config));
      console.log(seeded ? 'demo data seeded' : 'the database is not empty: no demo data seeded');
      if (laptops !== undefined || users !== undefined) {
        const g = await generateCatalogue(database.db, { laptops: laptops ?? 0, users });
        console.log(
          `generated ${g.laptops} laptops, ${g.users} users (${g.sellers} sellers) and ${g.orders} orders ` +
            `on ${database.kind} in ${(g.ms / 1000).toFixed(1)} s (VACUUM ANALYZE ${(g.vacuumMs / 1000).toFixed(1)} s)`,
        );
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
