import { openPglite } from './boot.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoIfEmpty } from './db/seed/seed.ts';
import { grantAdmin } from './domain/users.ts';

// Maintenance commands: `migrate`, `seed`, `admin grant EMAIL`.
const USAGE = 'usage: cli.ts migrate | seed | admin grant EMAIL';

async function main(argv: string[]) {
  const [command, action, email] = argv;
  const adminOk = command === 'admin' && action === 'grant' && Boolean(email);
  if (command !== 'migrate' && command !== 'seed' && !adminOk) {
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
      const seeded = await seedDemoIfEmpty(database.db);
      console.log(seeded ? 'demo data seeded' : 'the database is not empty: nothing seeded');
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
