import { chmodSync, type Dirent, lstatSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// DATA_DIR holds the database (every password hash is in its tables and WAL), backups while they
// are made, and the photos: nothing in it is for other users of the machine
// (docs/operations.md#the-data-directory). The entry points set `PRIVATE_UMASK`, which covers what
// Node writes and the directories PGlite makes. PGlite's file system chmods each new file to the
// mode its Postgres asked for, whatever the umask: 0666 for a new or loaded database's files, 0644
// for pg_internal.init (rewritten at every open), 0600 for what it creates while running, WAL
// segments among them. So each open is followed by `makePrivate` (platform/db/client.ts).

/** What the server and the maintenance commands create files with: theirs alone. */
export const PRIVATE_UMASK = 0o077;

export interface LooseEntry {
  path: string;
  /** Its permission bits (0o644…). */
  mode: number;
}

/**
 * `path` and everything under it that a group or other users may read, write or enter. Links are
 * not followed (what they point at is not ours to judge); `path` itself may be one. Entries that
 * vanish during the walk (a file PGlite renames or deletes) are passed over.
 */
export function looseEntries(path: string): LooseEntry[] {
  const loose: LooseEntry[] = [];
  const visit = (at: string, mode: number, isDir: boolean) => {
    if (mode & 0o077) loose.push({ path: at, mode: mode & 0o7777 });
    if (!isDir) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    // In name order, so messages name the same entries first on every file system.
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      if (entry.isSymbolicLink()) continue;
      const child = join(at, entry.name);
      const stats = statOrNothing(child, lstatSync);
      if (stats) visit(child, stats.mode, stats.isDirectory());
    }
  };
  const root = statOrNothing(path, statSync);
  if (root) visit(path, root.mode, root.isDirectory());
  return loose;
}

/**
 * Takes group and other permissions off `path` and everything under it (directories become 0700,
 * files 0600); returns what it changed. About 6 ms per thousand entries, synchronously.
 */
export function makePrivate(path: string): LooseEntry[] {
  const changed: LooseEntry[] = [];
  for (const entry of looseEntries(path)) {
    try {
      chmodSync(entry.path, entry.mode & ~0o077);
      changed.push(entry);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return changed;
}

/**
 * For messages: "none", or how many and the first few with their modes, relative to `root`:
 * "998 files and directories (755 ., 666 pglite/PG_VERSION, 755 pglite/base, …)".
 */
export function describeLoose(entries: LooseEntry[], root: string, shown = 3): string {
  if (entries.length === 0) return 'none';
  const first = entries.slice(0, shown).map((e) => `${e.mode.toString(8)} ${relative(root, e.path) || '.'}`);
  const what = entries.length === 1 ? 'file or directory' : 'files and directories';
  return `${entries.length} ${what} (${first.join(', ')}${entries.length > shown ? ', …' : ''})`;
}

function statOrNothing(path: string, stat: typeof lstatSync) {
  try {
    return stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
