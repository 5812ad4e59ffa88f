import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { describeLoose, looseEntries } from '../../platform/private-files.ts';
import { DEMO_PASSWORD, demoLaptops } from '../../seed/demo-data.ts';
import { validLaptopBody } from '../../test/fixtures.ts';
import { photoLike } from '../../test/photos.ts';
import { cookieFrom, type ServerProcess, startServerProcess } from '../../test/server-process.ts';
import { DEMO } from '../../test/sessions.ts';
import { claimDataDir } from './control-socket.ts';

// Backups of the embedded database (docs/operations.md#backups): `npm run db:backup` taken from the
// running server while sellers keep writing, restored into a fresh DATA_DIR with `npm run db:restore`;
// every write acknowledged before the backup started must come back, with its photos. Then what
// db:restore refuses, and a round trip with no server running. The tests share one archive, in order.
// Commands and servers start from a usual shell's umask (022): an archive holds every password hash,
// and the files they write are their owner's alone whatever the umask.

const umask = process.umask(0o022);
const root = mkdtempSync(join(tmpdir(), 'lh-backup-'));
afterAll(() => {
  process.umask(umask);
  rmSync(root, { recursive: true, force: true });
}, 60_000);
const dir = (name: string) => join(root, name);
const archive = dir('backup.tgz');
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
const looseIn = (path: string) => describeLoose(looseEntries(path), path);

const ENV = {
  // The same secret on every server: the sessions in the backup stay good after the restore.
  AUTH_SECRET: 'backup-test-secret-0123456789-abcdefghij',
  WRITE_RATE_LIMIT_PER_USER: '100000',
  PHOTO_UPLOADS_PER_USER: '100000',
  AUTH_RATE_LIMIT_PER_IP: '10000',
};
const start = (dataDir: string) => startServerProcess({ ...ENV, DATA_DIR: dataDir });

/** `npm run db:backup|db:restore -- …` as an operator types it; its exit code and output. */
function npmRun(script: 'db:backup' | 'db:restore', args: string[], env: Record<string, string>) {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', BASE_URL: '', ...ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c));
  child.stderr.on('data', (c: Buffer) => (out += c));
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out: out.replace(/^npm warn .*\n/gm, '') })),
  );
}

interface Listing {
  _id: string;
  laptop_name: string;
  resale_price: number;
  laptop_img: string;
}

async function signInSeller(url: string) {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: DEMO.seller, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

/** The seller's listings, every page (`Link: rel="next"`). */
async function listingsOf(url: string, cookie: string): Promise<Map<string, Listing>> {
  const all = new Map<string, Listing>();
  let next: string | undefined = `/api/allLaptops?email=${DEMO.seller}&limit=100`;
  while (next) {
    const res: Response = await fetch(`${url}${next}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    for (const l of (await res.json()) as Listing[]) all.set(l._id, l);
    next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1]?.replace(/^https?:\/\/[^/]+/, '');
  }
  return all;
}

const countIn = (out: string, what: string) => Number(new RegExp(`(\\d+) ${what}`).exec(out)?.[1]);

function filesUnder(path: string): number {
  if (!existsSync(path)) return 0;
  return readdirSync(path, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/**
 * Sellers writing until stopped, each a listing at a time (one of them uploading a photo for each
 * first): what was acknowledged, when it was sent and when acknowledged.
 */
function writeLoad(server: ServerProcess, cookie: string) {
  const acked = new Map<string, { n: number; sentAt: number; at: number; photo: boolean }>();
  let sent = 0;
  let stopped = false;
  const post = (path: string, body: BodyInit, json = true) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { origin: server.url, cookie, ...(json ? { 'content-type': 'application/json' } : {}) },
      body,
    });
  const list = async (withPhoto: boolean) => {
    sent += 1;
    const n = sent;
    const sentAt = performance.now();
    let photos: string[] | undefined;
    if (withPhoto) {
      const form = new FormData();
      const jpeg = await photoLike(400, 300)
        .linear(1, n % 200)
        .jpeg()
        .toBuffer();
      form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
      const up = await post('/api/photos', form, false);
      expect(up.status, await up.clone().text()).toBe(201);
      photos = [((await up.json()) as { id: string }).id];
    }
    const body = validLaptopBody({ laptop_name: `Backup Test Laptop ${n}`, resale_price: 20_000 + n, photos });
    const res = await post('/api/addLaptop', JSON.stringify(body));
    expect(res.status, await res.clone().text()).toBe(201);
    acked.set(((await res.json()) as { _id: string })._id, { n, sentAt, at: performance.now(), photo: withPhoto });
  };
  const writer = async (withPhoto: boolean) => {
    while (!stopped) {
      await list(withPhoto);
      // A breath between writes: the backup command shares the (two, in CI) cores with the server.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const writers = [writer(false), writer(false), writer(false), writer(true)];
  return {
    acked,
    stop: async () => {
      stopped = true;
      await Promise.all(writers);
    },
  };
}

describe('db:backup and db:restore (PGlite)', () => {
  let backupOut = '';

  it('restores a backup taken from the running server under write load, with every write acknowledged before it', async () => {
    const server = await start(dir('a'));
    const load = writeLoad(server, await signInSeller(server.url));
    // Enough writes, one with a photo among them (an upload is slow on a busy machine), before the backup.
    const enough = () => load.acked.size >= 24 && [...load.acked.values()].some((w) => w.photo);
    await expect.poll(enough, { timeout: 40_000, interval: 50 }).toBe(true);

    const backupStarted = performance.now();
    const backup = await npmRun('db:backup', [archive], { DATA_DIR: dir('a') });
    const backupEnded = performance.now();
    await load.stop();
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/backup written to .* by the running server/);
    backupOut = backup.out;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(modeOf(archive)).toBe('600');
    expect(looseIn(dir('a'))).toBe('none');

    const before = [...load.acked].filter(([, w]) => w.at < backupStarted);
    const during = [...load.acked].filter(([, w]) => w.at >= backupStarted && w.at <= backupEnded);
    expect(before.some(([, w]) => w.photo)).toBe(true);
    // Writes went on while the backup was taken (the server held them only at its end).
    expect(during.length).toBeGreaterThan(0);

    const restore = await npmRun('db:restore', [archive], { DATA_DIR: dir('b') });
    expect(restore.code, restore.out).toBe(0);
    // Whatever modes the archive's entries carry.
    expect(looseIn(dir('b'))).toBe('none');
    const restored = await start(dir('b'));
    try {
      const cookie = await signInSeller(restored.url);
      const listings = await listingsOf(restored.url, cookie);
      for (const [id, w] of before) {
        expect(listings.get(id), `listing ${w.n}, acknowledged before the backup, is missing`).toMatchObject({
          laptop_name: `Backup Test Laptop ${w.n}`,
          resale_price: 20_000 + w.n,
        });
      }
      // Nothing restored that no writer was told was written, and the database as the manifest counted it.
      const ours = [...listings.values()].filter((l) => l.laptop_name.startsWith('Backup Test Laptop'));
      for (const l of ours) expect(load.acked.has(l._id)).toBe(true);
      // One moment's copy: with a listing, every listing acknowledged before it was sent.
      const latestSent = Math.max(...ours.map((l) => load.acked.get(l._id)!.sentAt));
      for (const [id, w] of load.acked) {
        if (w.at < latestSent) expect(listings.has(id), `listing ${w.n} is missing, a later one is there`).toBe(true);
      }
      expect(countIn(backup.out, 'laptops')).toBe(demoLaptops.length + ours.length);
      expect(filesUnder(join(dir('b'), 'photos'))).toBe(countIn(backup.out, 'photo files'));
      // The photos of the restored listings are served.
      const withPhotos = ours.filter((l) => load.acked.get(l._id)!.photo);
      expect(withPhotos.length).toBeGreaterThan(0);
      for (const l of withPhotos) {
        const photo = await fetch(`${restored.url}${l.laptop_img}`);
        expect(photo.status, l.laptop_img).toBe(200);
        expect(photo.headers.get('content-type')).toBe('image/webp');
      }

      // Refused while a server holds DATA_DIR, which keeps serving.
      const busy = await npmRun('db:restore', [archive, '--force'], { DATA_DIR: dir('b') });
      expect(busy.code).not.toBe(0);
      expect(busy.out).toMatch(/in use by the server \(pid \d+\): stop it first/);
      expect((await fetch(`${restored.url}/readyz`)).status).toBe(200);
    } finally {
      restored.child.kill('SIGTERM');
      await restored.exited;
    }
  }, 180_000);

  it('does not replace a database without --force, and moves it aside with it', async () => {
    const refused = await npmRun('db:restore', [archive], { DATA_DIR: dir('b') });
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/already holds a database .* unless given --force/);

    const forced = await npmRun('db:restore', [archive, '--force'], { DATA_DIR: dir('b') });
    expect(forced.code, forced.out).toBe(0);
    const aside = readdirSync(dir('b')).filter((n) => n.startsWith('replaced-'));
    expect(aside).toHaveLength(1);
    expect(readdirSync(join(dir('b'), aside[0]!)).sort()).toEqual(['pglite', 'photos']);
    expect(looseIn(dir('b'))).toBe('none');
  }, 60_000);

  it('backs up with no server running and restores that elsewhere, the same data', async () => {
    const again = dir('again.tgz');
    const backup = await npmRun('db:backup', [again], { DATA_DIR: dir('b') });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/by this command \(no server running\)/);
    expect(modeOf(again)).toBe('600');
    const restore = await npmRun('db:restore', [again], { DATA_DIR: dir('c') });
    expect(restore.code, restore.out).toBe(0);
    expect(looseIn(dir('c'))).toBe('none');
    const contents = (out: string) => /: (\d+ users, .* photo files)/.exec(out)?.[1];
    expect(contents(backup.out)).toBe(contents(backupOut));
    expect(contents(restore.out)).toBe(contents(backupOut));
    expect(filesUnder(join(dir('c'), 'photos'))).toBe(countIn(backupOut, 'photo files'));
  }, 60_000);

  it('restores an archive of the first kind (the dump PGlite makes of its files) as before', async () => {
    // Made as earlier builds made it: the same manifest and photos, the database as `dumpDataDir` gives it.
    const parts = dir('first-kind');
    mkdirSync(parts);
    await tar.extract({ file: archive, cwd: parts });
    const pg = new PGlite({
      dataDir: dir('first-kind-db'),
      loadDataDir: await openAsBlob(join(parts, 'pglite.tar')),
      extensions: { pg_trgm },
    });
    // Ready first: a dump asked for while the copied directory was still opening hung now and then.
    await pg.waitReady;
    const dump = await pg.dumpDataDir('none');
    await pg.close();
    writeFileSync(join(parts, 'pglite.tar'), new Uint8Array(await dump.arrayBuffer()));
    const firstKind = dir('first-kind.tgz');
    await tar.create({ gzip: true, file: firstKind, cwd: parts, portable: true }, [
      'manifest.json',
      'pglite.tar',
      'photos',
    ]);

    const restore = await npmRun('db:restore', [firstKind], { DATA_DIR: dir('g') });
    expect(restore.code, restore.out).toBe(0);
    const contents = (out: string) => /: (\d+ users, .* photo files)/.exec(out)?.[1];
    expect(contents(restore.out)).toBe(contents(backupOut));
    // db:restore opened it and found what the manifest counts, and every photo file.
    expect(filesUnder(join(dir('g'), 'photos'))).toBe(countIn(backupOut, 'photo files'));
  }, 180_000);

  it('refuses what is not a whole backup of this version, and PostgreSQL, touching nothing', async () => {
    const whole = readFileSync(archive);
    writeFileSync(dir('notes.txt'), 'shopping list\n'.repeat(100));
    writeFileSync(dir('half.tgz'), whole.subarray(0, whole.length >> 1));
    // A later format: the same parts, the manifest's version raised.
    const v2 = dir('v2');
    mkdirSync(v2);
    await tar.extract({ file: archive, cwd: v2, filter: (p) => p === 'manifest.json' });
    const manifest = JSON.parse(readFileSync(join(v2, 'manifest.json'), 'utf8'));
    writeFileSync(join(v2, 'manifest.json'), JSON.stringify({ ...manifest, version: 2 }));
    writeFileSync(join(v2, 'pglite.tar'), 'later');
    await tar.create({ gzip: true, file: dir('v2.tgz'), cwd: v2 }, ['manifest.json', 'pglite.tar']);
    const postgres = { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none', DATA_DIR: dir('pg') };

    const [notes, half, later, pgBackup, pgRestore] = await Promise.all([
      npmRun('db:restore', [dir('notes.txt')], { DATA_DIR: dir('d') }),
      npmRun('db:restore', [dir('half.tgz')], { DATA_DIR: dir('e') }),
      npmRun('db:restore', [dir('v2.tgz')], { DATA_DIR: dir('f') }),
      npmRun('db:backup', [dir('pg.tgz')], postgres),
      npmRun('db:restore', [archive], postgres),
    ]);
    expect(notes).toMatchObject({ code: 1, out: expect.stringMatching(/notes\.txt is not a Laptop Haat backup/) });
    expect(half).toMatchObject({ code: 1, out: expect.stringMatching(/half\.tgz is incomplete: it ends early/) });
    expect(later).toMatchObject({
      code: 1,
      out: expect.stringMatching(/v2\.tgz is a version 2 backup; this build of Laptop Haat reads version 1/),
    });
    expect(pgBackup).toMatchObject({ code: 1, out: expect.stringMatching(/pg_dump .*docs\/operations\.md/) });
    expect(pgRestore).toMatchObject({ code: 1, out: expect.stringMatching(/pg_restore .*docs\/operations\.md/) });
    for (const d of ['d', 'e', 'f', 'pg']) expect(existsSync(join(dir(d), 'pglite'))).toBe(false);
    expect(existsSync(dir('pg.tgz'))).toBe(false);
  }, 60_000);

  it('keeps a server from starting while a restore holds DATA_DIR', async () => {
    const claim = await claimDataDir(dir('held'), 'db:restore');
    try {
      await expect(start(dir('held'))).rejects.toThrow(/DATA_DIR \(.*\) is in use by db:restore \(pid \d+\)/);
    } finally {
      await claim.close();
    }
  }, 30_000);
});
