import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, openAsBlob } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { z } from 'zod';
import { photoFileKeys } from '../../../shared/photo-files.ts';
import type { Config } from '../../platform/config.ts';
import { type Database, openDatabase, pgliteOf } from '../../platform/db/client.ts';
import { shippedMigrations } from '../../platform/paths.ts';
import { makePrivate } from '../../platform/private-files.ts';
import { PHOTO_KEY } from '../photos/store.ts';
import { ask, claimDataDir, type DataDirClaim } from './control-socket.ts';

// Backups of the embedded database and its photos (docs/operations.md#backups): one .tar.gz holding
// manifest.json, an online copy of PGlite's data directory (pglite.tar, decision 0022) and the
// photo files under photos/. A running server makes it itself, asked over DATA_DIR/control.sock (control-socket.ts);
// with no server running, `db:backup` opens the database. PostgreSQL has pg_dump for this.
// An archive holds every password hash: it, and everything written on the way, is its owner's alone
// (directories 0700, files 0600), whatever the umask or the modes its entries carry.

export const BACKUP_FORMAT = 'laptop-haat-backup';
export const BACKUP_VERSION = 1;
const MANIFEST = 'manifest.json';
const DUMP = 'pglite.tar';
const PHOTOS = 'photos';

const countsSchema = z.object({
  users: z.number().int().min(0),
  laptops: z.number().int().min(0),
  orders: z.number().int().min(0),
  photos: z.number().int().min(0),
});
export type Counts = z.infer<typeof countsSchema>;

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  database: z.literal('pglite'),
  createdAt: z.iso.datetime(),
  /** Migrations applied to the database: a newer build's backup is not restored by an older one. */
  migrations: z.number().int().min(0),
  counts: countsSchema,
  photos: z.discriminatedUnion('store', [
    z.object({
      store: z.literal('local'),
      /** Files under photos/ in the archive. */
      files: z.number().int().min(0),
      /** Files the database names that were already missing on disk when the backup was taken. */
      missing: z.array(z.string()),
    }),
    z.object({ store: z.literal('s3'), bucket: z.string() }),
  ]),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Where the photos are: files under DATA_DIR/photos go into the archive; a bucket's stay there. */
export type PhotoSource = { store: 'local'; root: string } | { store: 's3'; bucket: string };

export const photoSourceFor = (config: Pick<Config, 's3' | 'dataDir'>): PhotoSource =>
  config.s3 ? { store: 's3', bucket: config.s3.bucket } : { store: 'local', root: join(config.dataDir, PHOTOS) };

export const POSTGRES_HELP = (command: 'backup' | 'restore') =>
  `DATABASE_URL is set: the database is PostgreSQL, which db:${command} does not handle. ` +
  (command === 'backup'
    ? 'Use pg_dump -Fc "$DATABASE_URL" -f FILE.dump (or your provider\'s backups and point-in-time recovery); '
    : 'Use pg_restore --clean --if-exists -d "$DATABASE_URL" FILE.dump; ') +
  'photos in S3 are backed up with the bucket (versioning, aws s3 sync or rclone). See docs/operations.md#backups.';

// What the manifest counts, read again after a restore to check the database came back whole.
const STATS_SQL = `select
  (select count(*)::int from "user") as users,
  (select count(*)::int from laptop) as laptops,
  (select count(*)::int from "order") as orders,
  (select count(*)::int from photo) as photos,
  (select count(*)::int from drizzle.__drizzle_migrations) as migrations`;

type Query = (sql: string) => Promise<{ rows: unknown[] }>;

async function stats(query: Query): Promise<{ counts: Counts; migrations: number }> {
  const { migrations, ...counts } = (await query(STATS_SQL)).rows[0] as Counts & { migrations: number };
  return { counts: countsSchema.parse(counts), migrations };
}

async function photoFiles(query: Query): Promise<string[]> {
  const { rows } = await query('select id, width, widths from photo order by id');
  return (rows as { id: string; width: number; widths: number[] }[])
    .filter((r) => /^[a-f0-9]{32}$/.test(r.id))
    .flatMap((r) => photoFileKeys(r.id, r));
}

/**
 * The photo files of a backup, linked under `into` (a copy where the file system has no hard links).
 * A link is made at once and keeps the file even if the photo is removed a moment later; photo files
 * never change once written (photo-store.ts), so the link is the file as the database knew it.
 */
class LinkedPhotos {
  private readonly linked = new Set<string>();
  private readonly dirs = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly into: string,
  ) {}

  /** Makes the set of linked files `keys`: links those not yet linked, unlinks those no longer named. */
  async match(keys: string[]): Promise<{ files: number; missing: string[] }> {
    const wanted = new Set(keys);
    for (const key of this.linked) {
      if (wanted.has(key)) continue;
      await rm(join(this.into, key), { force: true });
      this.linked.delete(key);
    }
    const missing: string[] = [];
    for (const key of keys) {
      if (this.linked.has(key)) continue;
      if (await this.link(key)) this.linked.add(key);
      else missing.push(key);
    }
    return { files: this.linked.size, missing };
  }

  private async link(key: string): Promise<boolean> {
    const dir = join(this.into, key.slice(0, key.indexOf('/')));
    if (!this.dirs.has(dir)) await mkdir(dir, { recursive: true, mode: 0o700 });
    this.dirs.add(dir);
    try {
      await link(join(this.root, key), join(this.into, key));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return false;
      if (code === 'EXDEV' || code === 'EPERM' || code === 'ENOTSUP')
        await copyFile(join(this.root, key), join(this.into, key));
      else throw error;
    }
    return true;
  }
}

// What a copy of a running PostgreSQL's data directory leaves out (PostgreSQL's "Making a Base
// Backup Using the Low Level API"): the WAL, copied apart, what the server remakes as it starts,
// and temporary files.
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init', 'backup_label.old']);
const EMPTIED = new Set([
  'pg_wal',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const CONTROL_FILE = join('global', 'pg_control');
// What tar reads of a file at a time: each read is handled in this thread, between requests.
const READ_SIZE = 1 << 20;

/**
 * Copies the files under `from` into `to` as they are now, a file at a time, without holding the
 * database: files may change while they are read, which replaying the WAL from the backup's start
 * repairs. A file removed before it is read is left out (the WAL says it was removed).
 */
async function copyDataFiles(from: string, to: string, relative = ''): Promise<void> {
  await mkdir(join(to, relative), { recursive: true, mode: 0o700 });
  const entries = await readdir(join(from, relative), { withFileTypes: true }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    const path = join(relative, entry.name);
    if (SKIPPED.has(entry.name) || entry.name.startsWith('pgsql_tmp') || path === CONTROL_FILE) continue;
    if (entry.isDirectory()) {
      if (EMPTIED.has(path)) await mkdir(join(to, path), { mode: 0o700 });
      else await copyDataFiles(from, to, path);
    } else if (entry.isFile()) {
      await copyFile(join(from, path), join(to, path)).catch((error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      });
    }
  }
}

/** WAL segment file names from `first` to `last` (both given by `pg_walfile_name`), in order. */
function walSegments(first: string, last: string, segmentBytes: number): string[] {
  const perId = 2 ** 32 / segmentBytes;
  const number = (name: string) => Number.parseInt(name.slice(8, 16), 16) * perId + Number.parseInt(name.slice(16), 16);
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');
  const timeline = first.slice(0, 8);
  const names: string[] = [];
  for (let n = number(first); n <= number(last); n += 1)
    names.push(`${timeline}${hex(Math.floor(n / perId))}${hex(n % perId)}`);
  return names;
}

/** Copies the WAL segments `names` not yet in `to`; false if one is gone (recycled by a checkpoint). */
async function copyWal(from: string, to: string, names: string[]): Promise<boolean> {
  for (const name of names) {
    if (existsSync(join(to, name))) continue;
    try {
      await copyFile(join(from, name), join(to, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
  return true;
}

/**
 * Copies the WAL segment `name` that the database is writing, up to `end` (rounded up to a whole
 * page), and fills the rest with zeros, as a new segment is: replay stops at the first page that
 * holds no WAL. False if the segment is gone.
 */
async function copyWalHead(
  from: string,
  to: string,
  name: string,
  end: number,
  segmentBytes: number,
  pageBytes: number,
): Promise<boolean> {
  const source = await open(join(from, name), 'r').catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  });
  if (!source) return false;
  try {
    const head = Buffer.alloc(Math.min(segmentBytes, Math.ceil(end / pageBytes) * pageBytes));
    let read = 0;
    while (read < head.length) {
      const { bytesRead } = await source.read(head, read, head.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    await writeFile(join(to, name), head.subarray(0, read), { mode: 0o600 });
    await truncate(join(to, name), segmentBytes);
    return true;
  } finally {
    await source.close();
  }
}

export interface PreparedBackup {
  manifest: Manifest;
  /** How long the database answered nothing else while the backup's last part was taken. */
  pausedMs: number;
  /** The archive, gzipped; read it once. */
  archive(): Readable;
  /** Removes the parts gathered for the archive. */
  dispose(): Promise<void>;
}

// One backup at a time per process: PostgreSQL allows one backup under way per session, and PGlite
// has one session.
let previous: Promise<unknown> = Promise.resolve();

/**
 * Gathers a backup of the open database `pg`, whose data directory is `pgDir`, into a work directory
 * under `dataDir`: PostgreSQL's online base backup (`pg_backup_start`, a copy of the files while the
 * database keeps serving, `pg_backup_stop`), which PGlite opens as a database recovering from a
 * crash and replays its WAL from the backup's start. The shop is held only at the end, inside one
 * PGlite transaction (which holds every other query and transaction of this process): while it
 * counts the rows, links the photo files the database names that are not linked yet, and copies the
 * WAL written since, so that the copy, the counts and the photos are of that one moment. No
 * transaction is half done then: a photo's files are written before its row is committed and
 * removed in the transaction that deletes the row (features/photos/photos.ts), so every file the copy names
 * is on disk. Compressing and sending happen after the database is free again.
 */
export function prepareBackup(
  pg: PGlite,
  pgDir: string,
  photos: PhotoSource,
  dataDir: string,
): Promise<PreparedBackup> {
  const run = previous.then(
    () => gather(pg, pgDir, photos, dataDir),
    () => gather(pg, pgDir, photos, dataDir),
  );
  previous = run.catch(() => {});
  return run;
}

async function gather(pg: PGlite, pgDir: string, photos: PhotoSource, dataDir: string): Promise<PreparedBackup> {
  const work = join(dataDir, `.backup-${randomUUID()}`);
  const copy = join(work, 'pglite');
  await mkdir(work, { recursive: true, mode: 0o700 });
  let started = false;
  try {
    const photoLinks = photos.store === 'local' ? new LinkedPhotos(photos.root, join(work, PHOTOS)) : undefined;
    const { segmentBytes, pageBytes } = (
      await pg.query<{ segmentBytes: number; pageBytes: number }>(
        `select (select setting::int from pg_settings where name = 'wal_segment_size') as "segmentBytes",
          (select setting::int from pg_settings where name = 'wal_block_size') as "pageBytes"`,
      )
    ).rows[0]!;
    // Ended in any case (below): a backup left under way would refuse the next one.
    started = true;
    const { first } = (
      await pg.query<{ first: string }>(`select pg_walfile_name(pg_backup_start('laptop-haat', true)) as first`)
    ).rows[0]!;
    await copyDataFiles(pgDir, copy);
    // Last, as pg_basebackup does: the control file as of the end of the copy.
    await copyFile(join(pgDir, CONTROL_FILE), join(copy, CONTROL_FILE));
    if (photoLinks) await photoLinks.match(await photoFiles((sql) => pg.query(sql)));
    const stop = (
      await pg.query<{ labelfile: string; spcmapfile: string; last: string }>(
        'select labelfile, spcmapfile, pg_walfile_name(lsn) as last from pg_backup_stop(false)',
      )
    ).rows[0]!;
    started = false;
    // Where recovery starts: without it, PGlite would take the copy for a crashed database and start
    // from the control file's checkpoint, which may be later than some of the files.
    await writeFile(join(copy, 'backup_label'), stop.labelfile, { mode: 0o600 });
    if (stop.spcmapfile) await writeFile(join(copy, 'tablespace_map'), stop.spcmapfile, { mode: 0o600 });
    const wal = join(pgDir, 'pg_wal');
    const recycled = () =>
      new Error('the database reused WAL the backup needs (a checkpoint during the copy): take the backup again');
    // The WAL up to the end of the backup, written and not changing any more, while the shop serves.
    if (!(await copyWal(wal, join(copy, 'pg_wal'), walSegments(first, stop.last, segmentBytes)))) throw recycled();
    let pausedAt = 0;
    let takenAt = new Date();
    const frozen = await pg.transaction(async (tx) => {
      pausedAt = performance.now();
      takenAt = new Date();
      const query: Query = (sql) => tx.query(sql);
      const { counts, migrations } = await stats(query);
      const { current, end } = (
        await tx.query<{ current: string; end: number }>(
          'select file_name as current, file_offset as end from pg_walfile_name_offset(pg_current_wal_insert_lsn())',
        )
      ).rows[0]!;
      // The WAL written since the backup ended: whole segments, then the one being written as far
      // as it is written (a few pages, not the segment's 16 MB).
      const between = walSegments(stop.last, current, segmentBytes).filter((name) => name !== current);
      const whole =
        (await copyWal(wal, join(copy, 'pg_wal'), between)) &&
        (await copyWalHead(wal, join(copy, 'pg_wal'), current, end, segmentBytes, pageBytes));
      const linked = photoLinks ? await photoLinks.match(await photoFiles(query)) : undefined;
      return { counts, migrations, linked, whole };
    });
    const pausedMs = Math.round(performance.now() - pausedAt);
    if (!frozen.whole) throw recycled();
    // PGlite's own format for a data directory to load (`loadDataDir`): a plain tar of its files.
    await tar.create(
      { cwd: copy, file: join(work, DUMP), portable: true, noPax: true, maxReadSize: READ_SIZE },
      await readdir(copy),
    );
    await rm(copy, { recursive: true, force: true });
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      database: 'pglite',
      createdAt: takenAt.toISOString(),
      migrations: frozen.migrations,
      counts: frozen.counts,
      photos:
        photos.store === 'local'
          ? { store: 'local', files: frozen.linked!.files, missing: frozen.linked!.missing }
          : { store: 's3', bucket: photos.bucket },
    };
    await writeFile(join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const parts = [MANIFEST, DUMP, ...(existsSync(join(work, PHOTOS)) ? [PHOTOS] : [])];
    return {
      manifest,
      pausedMs,
      // The manifest first: a reader learns what the file is from its first bytes.
      archive: () => {
        // Compressed by Node's zlib, in its worker threads: tar's own gzip runs in this thread, a
        // read (16 MB by default) at a time, and held every request for as long.
        const gzip = createGzip();
        const pack = tar.create({ cwd: work, portable: true, maxReadSize: READ_SIZE }, parts);
        pack.on('error', (error) => gzip.destroy(error as Error));
        return pack.pipe(gzip);
      },
      dispose: () => rm(work, { recursive: true, force: true }),
    };
  } catch (error) {
    if (started) await pg.query('select pg_backup_stop(false)').catch(() => {});
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The running server's side: answers `backup` on its control socket with the archive, and reports
 * each one taken to `log`.
 */
export async function serveBackups(
  claim: DataDirClaim,
  database: Database,
  config: Pick<Config, 's3' | 'dataDir'>,
  log: (info: { pausedMs: number; counts: Counts }) => void,
): Promise<void> {
  await removeLeftovers(config.dataDir);
  claim.handle('backup', async (socket, reply) => {
    const pgDir = join(config.dataDir, 'pglite');
    const backup = await prepareBackup(pgliteOf(database), pgDir, photoSourceFor(config), config.dataDir);
    try {
      reply({ ok: true, manifest: backup.manifest, pausedMs: backup.pausedMs });
      await pipeline(backup.archive(), socket);
      log({ pausedMs: backup.pausedMs, counts: backup.manifest.counts });
    } finally {
      await backup.dispose();
    }
  });
}

/**
 * Leftovers of backups and restores cut short (the process killed): whoever holds DATA_DIR alone
 * may remove them.
 */
export async function removeLeftovers(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of entries) {
    if (/^\.(?:backup|restore)-[\w-]+$/.test(name)) await rm(join(dataDir, name), { recursive: true, force: true });
  }
}

export interface BackupResult {
  manifest: Manifest;
  bytes: number;
  /** Taken by the running server (else by this process, with no server running). */
  byServer: boolean;
  pausedMs: number;
}

/**
 * `db:backup FILE`: asks the server running on DATA_DIR for the archive, or, with none running,
 * claims DATA_DIR and makes it here. FILE appears only once complete and read back whole.
 */
export async function backupToFile(config: Config, file: string): Promise<BackupResult> {
  if (config.databaseUrl) throw new Error(POSTGRES_HELP('backup'));
  const partial = `${file}.partial`;
  // A new file each time: one left by a run cut short would keep the mode it was made with.
  await rm(partial, { force: true });
  const writePartial = () => createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    const fromServer = await ask(config.dataDir, 'backup');
    let result: Omit<BackupResult, 'bytes'>;
    if (fromServer) {
      const { header, socket } = fromServer;
      if (!header.ok) {
        socket.destroy();
        throw new Error(`no backup: ${header.error}; try again when it is ready`);
      }
      try {
        await pipeline(socket, writePartial());
        const manifest = await inspectArchive(partial);
        result = { manifest, byServer: true, pausedMs: Number(header.pausedMs) };
      } catch (error) {
        throw new Error(`the backup from the server did not arrive whole (did it stop?): ${(error as Error).message}`);
      }
    } else {
      result = await withDataDir(config.dataDir, 'db:backup', async () => {
        const dir = join(config.dataDir, 'pglite');
        if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error(`there is no database in ${dir} to back up`);
        await removeLeftovers(config.dataDir);
        const database = await openDatabase({ kind: 'pglite', dataDir: dir });
        try {
          const backup = await prepareBackup(pgliteOf(database), dir, photoSourceFor(config), config.dataDir);
          try {
            await pipeline(backup.archive(), writePartial());
          } finally {
            await backup.dispose();
          }
          return { manifest: await inspectArchive(partial), byServer: false, pausedMs: backup.pausedMs };
        } finally {
          await database.close();
        }
      });
    }
    await rename(partial, file);
    return { ...result, bytes: (await stat(file)).size };
  } finally {
    await rm(partial, { force: true });
  }
}

/** Runs `work` holding DATA_DIR (control-socket.ts); another holder's refusal ends with `advice`. */
export async function withDataDir<T>(
  dataDir: string,
  holder: string,
  work: () => Promise<T>,
  advice = 'try again when it has finished',
): Promise<T> {
  const claim = await claimDataDir(dataDir, holder, advice);
  try {
    return await work();
  } finally {
    await claim.close();
  }
}

/**
 * Reads the whole archive at `file` and returns its manifest, or throws saying plainly what is wrong:
 * not a backup, cut short or damaged, or a format version this build does not read.
 */
export async function inspectArchive(file: string): Promise<Manifest> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new Error(`${file}: no such file`);
  const notBackup = (why: string) => new Error(`${file} is not a Laptop Haat backup (${why})`);
  let entries = 0;
  let first = '';
  let manifestText = '';
  let dumpBytes = -1;
  let photoFiles = 0;
  const unexpected: string[] = [];
  try {
    await tar.list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        entries += 1;
        const path = entry.path.replace(/\/$/, '');
        if (entries === 1) first = path;
        if (path === MANIFEST && entry.type === 'File') entry.on('data', (chunk: Buffer) => (manifestText += chunk));
        else if (path === DUMP && entry.type === 'File') dumpBytes = entry.size;
        else if (
          entry.type === 'File' &&
          path.startsWith(`${PHOTOS}/`) &&
          PHOTO_KEY.test(path.slice(PHOTOS.length + 1))
        )
          photoFiles += 1;
        else if (!(entry.type === 'Directory' && /^photos(?:\/[a-f0-9]{32})?$/.test(path))) unexpected.push(path);
      },
    });
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'Z_BUF_ERROR' || /unexpected end|truncated/i.test(message))
      throw new Error(`${file} is incomplete: it ends early (cut short while being written or copied)`);
    if (entries === 0) throw notBackup('not a .tar.gz archive');
    throw new Error(`${file} is damaged: ${message}`);
  }
  if (first !== MANIFEST) throw notBackup(`it starts with ${first}, not ${MANIFEST}`);
  if (unexpected.length)
    throw notBackup(`it holds ${unexpected.slice(0, 3).join(', ')}${unexpected.length > 3 ? '…' : ''}`);
  let raw: { format?: unknown; version?: unknown };
  try {
    raw = JSON.parse(manifestText);
  } catch {
    throw notBackup('its manifest.json is not JSON');
  }
  if (raw?.format !== BACKUP_FORMAT) throw notBackup('its manifest names no Laptop Haat backup');
  if (raw.version !== BACKUP_VERSION) {
    throw new Error(
      `${file} is a version ${String(raw.version)} backup; this build of Laptop Haat reads version ${BACKUP_VERSION}` +
        (Number(raw.version) > BACKUP_VERSION ? ': restore it with the version that made it' : ''),
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`${file} has a damaged manifest: ${parsed.error.issues[0]!.message}`);
  const manifest = parsed.data;
  if (dumpBytes <= 0) throw new Error(`${file} is incomplete: it holds no database copy (${DUMP})`);
  const expected = manifest.photos.store === 'local' ? manifest.photos.files : 0;
  if (photoFiles !== expected)
    throw new Error(`${file} is incomplete: its manifest lists ${expected} photo files, it holds ${photoFiles}`);
  return manifest;
}

const isNonEmptyDir = async (path: string) => ((await readdir(path).catch(() => [])) as string[]).length > 0;

export interface RestoreResult {
  manifest: Manifest;
  /** Where the data it replaced went (with --force). */
  movedAside: string | undefined;
  /** What the operator should know: photos left in a bucket, the sign-in secret. */
  notes: string[];
}

/**
 * `db:restore FILE [--force]`: checks the archive whole, loads the database copy beside the data and
 * checks it against the manifest (counts, photo files), then puts it and the photos in place. With
 * no server running only; an existing database is replaced only with `force`, and moved aside then.
 */
export async function restoreFromFile(config: Config, file: string, { force = false } = {}): Promise<RestoreResult> {
  if (config.databaseUrl) throw new Error(POSTGRES_HELP('restore'));
  const { dataDir } = config;
  return withDataDir(
    dataDir,
    'db:restore',
    async () => {
      const manifest = await inspectArchive(file);
      const shipped = shippedMigrations();
      if (manifest.migrations > shipped) {
        throw new Error(
          `${file} was made by a newer Laptop Haat (${manifest.migrations} migrations applied; this build has ${shipped}): restore it with that version`,
        );
      }
      const localPhotos = manifest.photos.store === 'local';
      const replaced = [];
      if (await isNonEmptyDir(join(dataDir, 'pglite'))) replaced.push('pglite');
      if (localPhotos && (await isNonEmptyDir(join(dataDir, PHOTOS)))) replaced.push(PHOTOS);
      if (replaced.length && !force) {
        throw new Error(
          `${dataDir} already holds a database (${replaced.join(', ')}): db:restore does not replace it unless given --force, which moves it aside into ${dataDir}/replaced-<time>/ first`,
        );
      }
      await removeLeftovers(dataDir);
      const work = join(dataDir, `.restore-${randomUUID()}`);
      await mkdir(work, { mode: 0o700 });
      try {
        await tar.extract({ file, cwd: work, strict: true });
        // Not the modes the archive's entries carry (the database PGlite loads is made private as it opens).
        makePrivate(work);
        await checkRestored(file, work, manifest);
        await rm(join(work, DUMP));
        let movedAside: string | undefined;
        if (replaced.length) {
          movedAside = join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
          await mkdir(movedAside, { mode: 0o700 });
          for (const name of replaced) await rename(join(dataDir, name), join(movedAside, name));
        }
        await rm(join(dataDir, 'pglite'), { recursive: true, force: true }); // empty, or absent
        await rename(join(work, 'pglite'), join(dataDir, 'pglite'));
        if (localPhotos && existsSync(join(work, PHOTOS))) {
          await rm(join(dataDir, PHOTOS), { recursive: true, force: true }); // empty, or absent
          await rename(join(work, PHOTOS), join(dataDir, PHOTOS));
        }
        return { manifest, movedAside, notes: restoreNotes(config, manifest) };
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
    'stop it first (a restore replaces the database under it), then run db:restore again',
  );
}

/** Opens the restored copy beside the data: it must hold what the manifest counted, and its photos. */
async function checkRestored(file: string, work: string, manifest: Manifest): Promise<void> {
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: join(work, 'pglite'),
    loadDataDir: await openAsBlob(join(work, DUMP)),
  });
  try {
    const query: Query = (sql) => pgliteOf(database).query(sql);
    const { counts } = await stats(query);
    const differ = (Object.keys(counts) as (keyof Counts)[]).filter((k) => counts[k] !== manifest.counts[k]);
    if (differ.length) {
      throw new Error(
        `${file} is damaged: its database holds ${differ.map((k) => `${counts[k]} ${k}`).join(', ')}, its manifest counted ${differ.map((k) => manifest.counts[k]).join(', ')}`,
      );
    }
    if (manifest.photos.store === 'local') {
      const known = new Set(manifest.photos.missing);
      const absent = (await photoFiles(query)).filter((key) => !known.has(key) && !existsSync(join(work, PHOTOS, key)));
      if (absent.length)
        throw new Error(`${file} is incomplete: it lacks photo files (${absent.slice(0, 3).join(', ')}…)`);
    }
  } finally {
    await database.close();
  }
}

function restoreNotes(config: Config, manifest: Manifest): string[] {
  const notes: string[] = [];
  if (manifest.photos.store === 's3') {
    notes.push(
      `the photos were in the S3 bucket "${manifest.photos.bucket}" and are not in the archive: point S3_* at that bucket (or a copy of it)`,
    );
  } else if (config.s3) {
    notes.push(
      `the photos were on disk and are restored to ${join(config.dataDir, PHOTOS)}, but S3 is configured: copy them to the bucket (aws s3 sync ${join(config.dataDir, PHOTOS)} s3://${config.s3.bucket})`,
    );
  }
  if (manifest.photos.store === 'local' && manifest.photos.missing.length) {
    notes.push(`${manifest.photos.missing.length} photo files were already missing when the backup was taken`);
  }
  notes.push('sessions stay signed in only if the server keeps the same AUTH_SECRET (the archive holds no secrets)');
  return notes;
}
