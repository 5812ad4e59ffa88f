import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { describeLoose, looseEntries } from './platform/private-files.ts';
import { DEMO_PASSWORD, demoLaptops } from './seed/demo-data.ts';
import { startServerProcess } from './test/server-process.ts';

// Runs the real server.ts as a process, as `npm start` does (through tsx instead of the build), from
// a usual shell's umask (022): what the server keeps private it does not owe to its caller's umask.
const umask = process.umask(0o022);
const dataDir = mkdtempSync(join(tmpdir(), 'laptop-haat-process-'));
afterAll(() => {
  process.umask(umask);
  rmSync(dataDir, { recursive: true, force: true });
});
const looseIn = (dir: string) => describeLoose(looseEntries(dir), dir);

const start = (env: Record<string, string>) => startServerProcess({ DATA_DIR: dataDir, ...env });

async function gamingCount(url: string) {
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'buyer@laptophaat.test', password: DEMO_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${url}/api/categories/gaming`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as unknown[]).length;
}

describe('the server process', () => {
  it('migrates and seeds an empty data dir, and stops cleanly on SIGTERM', async () => {
    const server = await start({});
    try {
      expect(server.output()).toContain('seeded the demo data');
      expect(await gamingCount(server.url)).toBe(demoLaptops.filter((l) => l.category === 'gaming').length);
      // The database with every password hash in it, its WAL, the photos: other users reach none of it.
      expect(looseIn(dataDir)).toBe('none');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    expect(looseIn(dataDir)).toBe('none');
    expect(server.output()).not.toMatch(/other users could/);
  }, 60_000);

  it('reuses the data on a second start and does not seed again', async () => {
    const server = await start({});
    try {
      expect(server.output()).not.toContain('seeded');
      // What PGlite rewrites at every open is made private without a word: nothing older was open.
      expect(server.output()).not.toMatch(/other users could/);
      expect(await gamingCount(server.url)).toBe(demoLaptops.filter((l) => l.category === 'gaming').length);
    } finally {
      server.child.kill('SIGINT');
    }
    expect(await server.exited).toBe(0);
  }, 60_000);

  it("takes other users' access off a data dir an older version left open, saying so in one line", async () => {
    // As versions before this one left it: directories 755, files 644, PGlite's own 666. The secrets
    // (the auth secret, the VAPID keys) stay 600: start-up refuses ones others can read (config.ts).
    const loosen = (path: string, isDir: boolean) => {
      chmodSync(path, isDir ? 0o755 : path.endsWith('pg_control') ? 0o666 : 0o644);
      if (!isDir) return;
      for (const e of readdirSync(path, { withFileTypes: true }))
        if (e.name !== 'auth-secret' && e.name !== 'vapid-keys.json') loosen(join(path, e.name), e.isDirectory());
    };
    loosen(dataDir, true);
    const before = looseEntries(dataDir).length;
    expect(before).toBeGreaterThan(100);

    const server = await start({});
    try {
      const said = server
        .output()
        .split('\n')
        .filter((line) => line.includes('other users could'));
      expect(said).toEqual([
        `DATA_DIR ${dataDir}: other users could read or write ${before} files and directories ` +
          "(755 ., 755 pglite, 644 pglite/PG_VERSION, …); made them its owner's alone (directories 700, files 600)",
      ]);
      expect(looseIn(dataDir)).toBe('none');
      expect(await gamingCount(server.url)).toBe(demoLaptops.filter((l) => l.category === 'gaming').length);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('drains on SIGTERM: /readyz says 503 while requests are still served for SHUTDOWN_DRAIN_MS, then it exits', async () => {
    const server = await start({ SHUTDOWN_DRAIN_MS: '2000' });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    let readyz = await fetch(`${server.url}/readyz`);
    while (readyz.status === 200 && Date.now() - signalled < 1_000) readyz = await fetch(`${server.url}/readyz`);
    expect(readyz.status).toBe(503);
    expect((await readyz.json()).status).toBe('shutting_down');
    // Still serving: the balancer has the drain to notice.
    expect((await fetch(`${server.url}/api/services`)).status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2_000);
  }, 60_000);

  it('creates a missing DATA_DIR in production, where no secret is generated into it', async () => {
    const server = await start({
      NODE_ENV: 'production',
      AUTH_SECRET: 'p'.repeat(40),
      BASE_URL: 'http://localhost',
      CONTACT_EMAIL: 'help@laptophaat.example',
      CONTACT_PHONE: '+880 1711-000000',
      SEED: 'demo',
      // Required in production; nothing here sends e-mail, and nothing connects until something does.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Laptop Haat <no-reply@laptophaat.test>',
      // Required in production; nothing here sends an SMS.
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
      SMS_GATEWAY_TOKEN: 'unused',
      // Required in production; nothing here sends a push notification.
      VAPID_PUBLIC_KEY: 'BEZfeqKnNHBiPKaYzQP-aBAGV0FjhtARR3Od9kbtzg5XYm-oL-MnWQU1Ufzmzxl0_kCYIzYjggrYSntvDbi1SJk',
      VAPID_PRIVATE_KEY: 'vGHs241XU8ecf7WYADTF4GXqA1dF9h4KZnA_DHtLVik',
      VAPID_SUBJECT: 'mailto:help@laptophaat.test',
      DATA_DIR: join(dataDir, 'prod', 'nested'),
    });
    expect((await fetch(`${server.url}/api/services`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('stops at once on bad configuration with one line naming the variable', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', './scripts/lingui-register.mjs', 'src/server/server.ts'],
      {
        env: { ...process.env, PORT: 'abc', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: PORT /)]);
  }, 30_000);
});

describe('its log lines', () => {
  it('are readable in a terminal (pino-pretty) and JSON when piped', async () => {
    // `script` gives the server a terminal of its own, as a developer's shell does.
    const command = 'node --import tsx --import ./scripts/lingui-register.mjs src/server/server.ts';
    const ttyDir = mkdtempSync(join(tmpdir(), 'laptop-haat-tty-'));
    const child = spawn('script', ['-qefc', command, '/dev/null'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: '0',
        LOG_LEVEL: 'info',
        DATA_DIR: ttyDir,
        DATABASE_URL: '',
        BASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      await expect.poll(() => out, { timeout: 45_000 }).toMatch(/ready at http/);
      // pino-pretty's lines: '[12:00:00.000] INFO: ready', coloured.
      const plain = () => stripVTControlCharacters(out);
      await expect.poll(plain, { timeout: 10_000 }).toMatch(/^\[[\d:.]+\] INFO: ready/m);
      expect(out).not.toMatch(/\{"level":30/);
    } finally {
      // `script` goes, and the terminal's hang-up stops the server under it.
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      rmSync(ttyDir, { recursive: true, force: true });
    }

    // Piped (a collector, these tests): one JSON object per line.
    const piped = await start({ LOG_LEVEL: 'info' });
    await expect.poll(() => piped.output(), { timeout: 10_000 }).toMatch(/"msg":"ready"/);
    piped.child.kill('SIGTERM');
    expect(await piped.exited).toBe(0);
  }, 90_000);
});
