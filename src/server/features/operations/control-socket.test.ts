import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { ask, claimDataDir, controlSocketPath, DataDirHeld, whoHolds } from './control-socket.ts';

// The control socket (docs/operations.md#backups): one process at a time on DATA_DIR, and what it answers.

const root = mkdtempSync(join(tmpdir(), 'lh-control-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshDir = () => join(root, `d${++n}`);

describe('claimDataDir', () => {
  it('lets one holder at a time have DATA_DIR, and names it to the next', async () => {
    const dataDir = freshDir();
    const claim = await claimDataDir(dataDir, 'the server');
    const refused = await claimDataDir(dataDir, 'db:restore').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DataDirHeld);
    expect((refused as Error).message).toBe(`DATA_DIR (${dataDir}) is in use by the server (pid ${process.pid})`);
    expect(await whoHolds(dataDir)).toEqual({ holder: 'the server', pid: process.pid });
    await claim.close();
    expect(await whoHolds(dataDir)).toBeUndefined();
    await (await claimDataDir(dataDir, 'db:restore')).close();
  });

  it('takes over a socket file left by a process that died', async () => {
    const dataDir = freshDir();
    await (await claimDataDir(dataDir, 'first')).close();
    // What a killed process leaves: a path nobody listens on.
    writeFileSync(controlSocketPath(dataDir), '');
    expect(await whoHolds(dataDir)).toBeUndefined();
    const claim = await claimDataDir(dataDir, 'second');
    expect(await whoHolds(dataDir)).toEqual({ holder: 'second', pid: process.pid });
    await claim.close();
  });

  it('answers the commands it was given a handler for, with a header and a payload; others it refuses by name', async () => {
    const dataDir = freshDir();
    const claim = await claimDataDir(dataDir, 'the server');
    claim.handle('echo', async (socket, reply) => {
      reply({ ok: true, size: 5 });
      socket.end('hello');
    });
    const echo = await ask(dataDir, 'echo');
    expect(echo?.header).toEqual({ ok: true, size: 5 });
    expect(await text(echo!.socket)).toBe('hello');
    const other = await ask(dataDir, 'backup');
    other?.socket.destroy();
    expect(other?.header).toEqual({
      ok: false,
      error: `DATA_DIR is in use by the server (pid ${process.pid}), which does not take "backup" now`,
    });
    await claim.close();
  });

  it('keeps the socket of a DATA_DIR too deep for a socket path in a private directory, the same for every process', async () => {
    const dataDir = join(root, 'x'.repeat(120));
    const claim = await claimDataDir(dataDir, 'the server');
    expect(claim.path).toBe(controlSocketPath(dataDir));
    expect(claim.path.startsWith(dataDir)).toBe(false);
    expect(statSync(dirname(claim.path)).mode & 0o777).toBe(0o700);
    expect(statSync(claim.path).mode & 0o777).toBe(0o600);
    // The same DATA_DIR spelled another way is the same socket.
    expect(controlSocketPath(`${dataDir}/`)).toBe(claim.path);
    await expect(claimDataDir(join(dataDir, '.'), 'db:restore')).rejects.toBeInstanceOf(DataDirHeld);
    expect(await whoHolds(dataDir)).toEqual({ holder: 'the server', pid: process.pid });
    await claim.close();
  });
});
