import { parseArgs } from 'node:util';
import { openPglite } from './boot.ts';
import { backupToFile, type Manifest, restoreFromFile, withDataDir } from './features/operations/backup.ts';
import { photoStoreFor } from './features/photos/store.ts';
import { grantAdmin } from './features/users/users.ts';
import { type Config, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';
import { PRIVATE_UMASK } from './platform/private-files.ts';
import { generateCatalogue } from './seed/generate.ts';
import { seedDemoIfEmpty } from './seed/seed.ts';

// Maintenance commands: `migrate`, `seed [--laptops N] [--users N]`, `admin grant EMAIL`,
// `backup FILE`, `restore FILE [--force]`.
const USAGE = `usage: cli.ts migrate
       cli.ts seed [--laptops N] [--users N]
           the demo data into an empty database; with --laptops/--users, then also N generated
           laptops (with orders) and N users (default laptops/20), added to what is there
       cli.ts admin grant EMAIL
       cli.ts backup FILE
           the embedded database (PGlite) and its photos into FILE (a .tar.gz), taken by the running
           server when there is one (docs/operations.md#backups)
       cli.ts restore FILE [--force]
           a backup into DATA_DIR, with no server running; --force replaces a database already
           there, moving it aside into DATA_DIR/replaced-<time>/`;

const count = (v: string | undefined) => (v === undefined ? undefined : /^\d+$/.test(v) ? Number(v) : Number.NaN);

async function main(argv: string[]) {
  // The database, its backups and the photos are this user's alone (docs/operations.md#the-data-directory).
  process.umask(PRIVATE_UMASK);
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: { laptops: { type: 'string' }, users: { type: 'string' }, force: { type: 'boolean' } },
  });
  const [command, action, email] = positionals;
  if (command === 'backup' || command === 'restore') {
    const flagsOk = Object.keys(values).every((k) => command === 'restore' && k === 'force' && values.force === true);
    if (positionals.length !== 2 || !flagsOk) {
      console.error(USAGE);
      return 2;
    }
    return command === 'backup' ? backup(loadConfig(), action!) : restore(loadConfig(), action!, values.force === true);
  }
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
  const run = async () => {
    const database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openPglite(config.dataDir, (msg) => console.log(msg));
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
  };
  // PGlite opens a data directory from one process only: not while the server (or a restore) has it.
  if (config.databaseUrl) return run();
  return withDataDir(
    config.dataDir,
    `cli.ts ${command}`,
    run,
    'stop it first (PGlite opens a data directory from one process only)',
  );
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function contents(manifest: Manifest): string {
  const c = manifest.counts;
  const photos =
    manifest.photos.store === 'local'
      ? `${manifest.photos.files} photo files`
      : `the photo files stay in the S3 bucket "${manifest.photos.bucket}" (not in the archive)`;
  return `${c.users} users, ${c.laptops} laptops, ${c.orders} orders, ${c.photos} photos; ${photos}`;
}

async function backup(config: Config, file: string): Promise<number> {
  const b = await backupToFile(config, file);
  const by = b.byServer ? 'the running server' : 'this command (no server running)';
  console.log(`backup written to ${file} (${megabytes(b.bytes)}) by ${by}: ${contents(b.manifest)}`);
  console.log(`the database answered nothing else for ${b.pausedMs} ms, while the backup's last part was taken`);
  return 0;
}

async function restore(config: Config, file: string, force: boolean): Promise<number> {
  const r = await restoreFromFile(config, file, { force });
  console.log(`restored ${file} (taken ${r.manifest.createdAt}) into ${config.dataDir}: ${contents(r.manifest)}`);
  if (r.movedAside) console.log(`the data it replaced is in ${r.movedAside}`);
  for (const note of r.notes) console.log(`note: ${note}`);
  console.log('start the server to use it (it applies any newer migrations)');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
