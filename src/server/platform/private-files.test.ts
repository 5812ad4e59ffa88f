import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteOf } from './db/client.ts';
import { describeLoose, looseEntries, makePrivate } from './private-files.ts';

// DATA_DIR is its owner's alone (docs/operations.md#the-data-directory). The umask of a usual shell,
// 022, so nothing here passes because of the entry points' umask.

const umask = process.umask(0o022);
const root = mkdtempSync(join(tmpdir(), 'lh-private-'));
afterAll(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;
const looseIn = (dir: string) => describeLoose(looseEntries(dir), dir);
const walSegments = (dataDir: string) => readdirSync(join(dataDir, 'pg_wal')).filter((n) => /^[0-9A-F]{24}$/.test(n));

describe('makePrivate', () => {
  it('takes group and other permissions off a tree, and leaves what links point at alone', () => {
    const dir = join(root, 'tree');
    mkdirSync(join(dir, 'sub'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, 'a'), 'a', { mode: 0o644 });
    writeFileSync(join(dir, 'sub', 'b'), 'b');
    chmodSync(join(dir, 'sub', 'b'), 0o666);
    writeFileSync(join(dir, 'mine'), 'c', { mode: 0o600 });
    const outside = join(root, 'outside');
    writeFileSync(outside, 'shared', { mode: 0o644 });
    symlinkSync(outside, join(dir, 'link'));

    expect(looseIn(dir)).toBe('4 files and directories (755 ., 644 a, 755 sub, …)');
    const changed = makePrivate(dir);
    expect(changed.map((e) => [e.path, e.mode.toString(8)]).sort()).toEqual(
      [
        [dir, '755'],
        [join(dir, 'a'), '644'],
        [join(dir, 'sub'), '755'],
        [join(dir, 'sub', 'b'), '666'],
      ].sort(),
    );
    expect([dir, join(dir, 'sub')].map(modeOf)).toEqual([0o700, 0o700]);
    expect([join(dir, 'a'), join(dir, 'sub', 'b'), join(dir, 'mine')].map(modeOf)).toEqual([0o600, 0o600, 0o600]);
    expect(modeOf(outside)).toBe(0o644);
    expect(looseIn(dir)).toBe('none');
    expect(makePrivate(dir)).toEqual([]);
    expect(makePrivate(join(root, 'absent'))).toEqual([]);
  });
});

describe('the embedded database', () => {
  it('keeps its files to their owner under umask 022: at its first start, with new WAL segments, reopened', async () => {
    const dataDir = join(root, 'pglite');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    let firstSegments: string[] = [];
    try {
      expect(looseIn(dataDir)).toBe('none');
      await database.migrate();
      const pg = pgliteOf(database);
      firstSegments = walSegments(dataDir);
      // About 40 MB of WAL: segments are 16 MB, so new ones are made (or old ones renamed) while it runs.
      await pg.exec('create table filler (s text)');
      for (let i = 0; i < 4; i++) {
        await pg.exec(`insert into filler select repeat(md5(g::text), 30) from generate_series(1, 10000) g`);
      }
      await pg.exec('CHECKPOINT');
      expect(walSegments(dataDir).filter((n) => !firstSegments.includes(n)).length).toBeGreaterThan(0);
      expect(looseIn(dataDir)).toBe('none');
    } finally {
      await database.close();
    }
    expect(looseIn(dataDir)).toBe('none');

    // Every open rewrites pg_internal.init (PGlite makes it 0644).
    const again = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(looseIn(dataDir)).toBe('none');
    } finally {
      await again.close();
    }
  }, 120_000);

  it('keeps a database loaded from a copy (as db:restore loads one) to its owner', async () => {
    const source = await openDatabase({ kind: 'pglite' });
    const dump = await pgliteOf(source).dumpDataDir('none');
    await source.close();
    const dataDir = join(root, 'loaded');
    const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: dump });
    try {
      expect(looseIn(dataDir)).toBe('none');
    } finally {
      await database.close();
    }
  }, 60_000);
});
