import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'laptop-haat-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir: dir, seed: 'demo', env: 'development' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.google).toBeUndefined();
  });

  it('generates a development secret once and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SEED: 'everything' }, 'SEED'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) }, 'BASE_URL'],
    [{ BASE_URL: 'ftp://example.com' }, 'BASE_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'abc' }, 'GOOGLE_CLIENT_SECRET'],
  ])('stops on %o with one line naming %s', (env, name) => {
    const run = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('never repeats a bad value, which may be a secret', () => {
    expect(() => loadConfig({ AUTH_SECRET: 'hunter2-secret' })).toThrow(/^(?!.*hunter2)/);
  });

  it('seeds nothing by default in production and takes PostgreSQL from DATABASE_URL', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      BASE_URL: 'https://laptophaat.example/',
      DATABASE_URL: 'postgres://u@db:5432/haat',
    });
    expect(config.seed).toBe('none');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/haat');
    expect(config.baseUrl).toBe('https://laptophaat.example');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000 });
  });
});
