import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoLaptops } from './db/seed/demo-data.ts';
import { startServerProcess } from './test/server-process.ts';

// Runs the real server.ts as a process, as `npm start` does (through tsx instead of the build).
const dataDir = mkdtempSync(join(tmpdir(), 'laptop-haat-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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
    expect(server.output()).toContain('seeded the demo data');
    expect(await gamingCount(server.url)).toBe(demoLaptops.filter((l) => l.category === 'gaming').length);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('reuses the data on a second start and does not seed again', async () => {
    const server = await start({});
    expect(server.output()).not.toContain('seeded');
    expect(await gamingCount(server.url)).toBe(demoLaptops.filter((l) => l.category === 'gaming').length);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('creates a missing DATA_DIR in production, where no secret is generated into it', async () => {
    const server = await start({
      NODE_ENV: 'production',
      AUTH_SECRET: 'p'.repeat(40),
      BASE_URL: 'http://localhost',
      SEED: 'demo',
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
