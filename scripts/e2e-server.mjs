// Starts the built server for the browser tests on a fresh embedded database with the demo data.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eMailDir, startE2eSmtp } from './e2e-mail.mjs';

const port = process.env.E2E_PORT ?? '3100';
const dataDir = mkdtempSync(join(tmpdir(), 'laptop-haat-e2e-'));
// E-mail goes over real SMTP to a server of the tests' own (scripts/e2e-mail.mjs).
const mail = await startE2eSmtp(e2eMailDir(port));
const child = spawn(process.execPath, ['dist/server/server.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    BASE_URL: '',
    // The browser tests sign up and sign in many users from one address.
    AUTH_RATE_LIMIT_PER_IP: '10000',
    AUTH_FAILURES_PER_ACCOUNT: '10000',
    WRITE_RATE_LIMIT_PER_USER: '10000',
    // The demo seller lists dozens of laptops across the suite; the burst check has its API tests.
    LISTINGS_PER_DAY_BEFORE_REVIEW: '10000',
    SMTP_URL: mail.url,
    MAIL_FROM: 'Laptop Haat <no-reply@laptophaat.test>',
  },
});
const stop = (signal) => child.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  mail.stop();
  process.exit(code ?? 0);
});
