import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'laptop-haat-config-'));

const PRODUCTION_MAIL = {
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  MAIL_FROM: 'Laptop Haat <no-reply@laptophaat.com.bd>',
  SMS_GATEWAY_URL: 'https://sms.example.com/send',
  SMS_GATEWAY_TOKEN: 'sms-token',
};
const PRODUCTION_PUSH = {
  VAPID_PUBLIC_KEY: 'BEZfeqKnNHBiPKaYzQP-aBAGV0FjhtARR3Od9kbtzg5XYm-oL-MnWQU1Ufzmzxl0_kCYIzYjggrYSntvDbi1SJk',
  VAPID_PRIVATE_KEY: 'vGHs241XU8ecf7WYADTF4GXqA1dF9h4KZnA_DHtLVik',
  VAPID_SUBJECT: 'mailto:help@laptophaat.example',
};
const PRODUCTION_CONTACT = { CONTACT_EMAIL: 'help@laptophaat.example', CONTACT_PHONE: '+880 1711-000000' };

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

  it('generates a development VAPID key pair once, readable only by its owner, and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).vapid;
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe('mailto:help@laptophaat.test');
    expect(statSync(join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(first);
    chmodSync(join(dir, 'vapid-keys.json'), 0o644);
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(
      /^Invalid configuration: VAPID_PRIVATE_KEY file .* readable by other users/,
    );
  });

  it('gives processes started at once on a new DATA_DIR the same secret and keys, never half a file', async () => {
    const dir = dataDir();
    const load = `import('./src/server/platform/config.ts').then(({ loadConfig }) => {
      const c = loadConfig({ DATA_DIR: process.env.DIR });
      console.log(JSON.stringify([c.authSecret, c.vapid.publicKey, c.vapid.privateKey]));
    })`;
    const runs = await Promise.all(
      Array.from({ length: 6 }, () =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', load], { env: { ...process.env, DIR: dir } }),
      ),
    );
    const seen = new Set(runs.map((r) => r.stdout.trim()));
    expect(seen.size).toBe(1);
    const [secret, publicKey] = JSON.parse([...seen][0]!) as string[];
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8').trim()).toBe(secret);
    expect(JSON.parse(readFileSync(join(dir, 'vapid-keys.json'), 'utf8')).publicKey).toBe(publicKey);
    // Nothing left over from the processes that lost.
    expect(readdirSync(dir).sort()).toEqual(['auth-secret', 'vapid-keys.json']);
  }, 60_000);

  it('says so when the secret file is a broken link, instead of trying forever', () => {
    const dir = dataDir();
    symlinkSync(join(dir, 'nowhere'), join(dir, 'auth-secret'));
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/auth-secret exists but cannot be read \(a broken link\?\)/);
  });

  it('says so when the VAPID key file holds no key pair', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'vapid-keys.json'), '{"publicKey":', { mode: 0o600 });
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(
      /^Invalid configuration: VAPID key file .* does not hold a key pair: delete it/,
    );
  });

  it('takes the VAPID keys from the environment when given', () => {
    const { vapid } = loadConfig({ DATA_DIR: dataDir(), ...PRODUCTION_PUSH });
    expect(vapid).toEqual({
      publicKey: PRODUCTION_PUSH.VAPID_PUBLIC_KEY,
      privateKey: PRODUCTION_PUSH.VAPID_PRIVATE_KEY,
      subject: PRODUCTION_PUSH.VAPID_SUBJECT,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SEED: 'everything' }, 'SEED'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) }, 'BASE_URL'],
    [{ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), BASE_URL: 'https://laptophaat.example' }, 'CONTACT_EMAIL'],
    [
      {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        BASE_URL: 'https://laptophaat.example',
        CONTACT_EMAIL: 'help@laptophaat.example',
      },
      'CONTACT_PHONE',
    ],
    [{ CONTACT_EMAIL: 'help at laptophaat' }, 'CONTACT_EMAIL'],
    [{ CONTACT_PHONE: 'call us' }, 'CONTACT_PHONE'],
    [{ BASE_URL: 'ftp://example.com' }, 'BASE_URL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'abc' }, 'GOOGLE_CLIENT_SECRET'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY'],
    [{ HOST: '0.0.0.0' }, 'HOST'],
    [{ HOST: '192.168.1.10', NODE_ENV: 'test' }, 'HOST'],
    [{ WRITE_RATE_LIMIT_PER_USER: '0' }, 'WRITE_RATE_LIMIT_PER_USER'],
    [{ PHOTO_UPLOADS_PER_USER: '-3' }, 'PHOTO_UPLOADS_PER_USER'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_PUBLIC_URL: 'https://cdn.example.com' }, 'S3_PUBLIC_URL'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: `${'x'.repeat(32)} y` }, 'METRICS_TOKEN'],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT'],
    [{ METRICS_PORT: 'nine' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT'],
    [{ SHUTDOWN_DRAIN_MS: '-1' }, 'SHUTDOWN_DRAIN_MS'],
    [{ SHUTDOWN_DRAIN_MS: '5s' }, 'SHUTDOWN_DRAIN_MS'],
    [{ SHUTDOWN_DRAIN_MS: '90000' }, 'SHUTDOWN_DRAIN_MS'],
    [
      {
        ...PRODUCTION_CONTACT,
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        BASE_URL: 'https://laptophaat.example',
      },
      'SMTP_URL',
    ],
    [
      {
        ...PRODUCTION_CONTACT,
        ...PRODUCTION_MAIL,
        ...PRODUCTION_PUSH,
        MAIL_FROM: '',
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        BASE_URL: 'https://laptophaat.example',
      },
      'MAIL_FROM',
    ],
    [
      {
        ...PRODUCTION_CONTACT,
        ...PRODUCTION_MAIL,
        ...PRODUCTION_PUSH,
        SMS_GATEWAY_URL: '',
        SMS_GATEWAY_TOKEN: '',
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        BASE_URL: 'https://laptophaat.example',
      },
      'SMS_GATEWAY_URL',
    ],
    [{ SMS_GATEWAY_URL: 'https://sms.example.com/send' }, 'SMS_GATEWAY_TOKEN'],
    [{ SMS_GATEWAY_TOKEN: 'abc' }, 'SMS_GATEWAY_URL'],
    [{ SMS_GATEWAY_URL: 'sms.example.com', SMS_GATEWAY_TOKEN: 'abc' }, 'SMS_GATEWAY_URL'],
    [{ PHONE_VERIFICATION: 'sometimes' }, 'PHONE_VERIFICATION'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp.example.com:587' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'Laptop Haat' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'a@b.c\r\nBcc: x@y.z' }, 'MAIL_FROM'],
    [
      {
        ...PRODUCTION_CONTACT,
        ...PRODUCTION_MAIL,
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        BASE_URL: 'https://laptophaat.example',
      },
      'VAPID_PUBLIC_KEY',
    ],
    [
      {
        ...PRODUCTION_CONTACT,
        ...PRODUCTION_MAIL,
        ...PRODUCTION_PUSH,
        VAPID_SUBJECT: '',
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        BASE_URL: 'https://laptophaat.example',
      },
      'VAPID_SUBJECT',
    ],
    [{ VAPID_PUBLIC_KEY: PRODUCTION_PUSH.VAPID_PUBLIC_KEY }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: PRODUCTION_PUSH.VAPID_PRIVATE_KEY }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_SUBJECT: 'help@laptophaat.example' }, 'VAPID_SUBJECT'],
  ])('stops on %o with one line naming %s', (env, name) => {
    const run = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('keeps photos under DATA_DIR unless all four S3 settings are given', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).s3).toBeUndefined();
    const s3 = {
      S3_ENDPOINT: 'https://s3.example.com',
      S3_BUCKET: 'laptop-haat',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.com/photos/',
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...s3 }).s3).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'laptop-haat',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      region: undefined,
      publicUrl: 'https://cdn.example.com/photos',
    });
    // A half-set bucket would quietly keep photos on one instance's disk: start-up stops instead.
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'laptop-haat' })).toThrow(
      /^Invalid configuration: S3_ENDPOINT must be set with S3_BUCKET/,
    );
  });

  it('refuses TRUST_PROXY=true with a message that says what to set instead', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY must not be 'true'.*number of proxies/,
    );
  });

  it('takes TRUST_PROXY as a hop count or as proxy addresses and CIDRs', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '127.0.0.1', '::1', 'loopback'],
    });
  });

  it('serves development mode on a network address only when told to', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0' })).toThrow(/HOST .*NODE_ENV=production/);
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', ALLOW_DEV_ON_NETWORK: 'true' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: 'localhost' }).host).toBe('localhost');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '::1' }).host).toBe('::1');
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      BASE_URL: 'https://laptophaat.example',
      ...PRODUCTION_MAIL,
      ...PRODUCTION_PUSH,
      CONTACT_EMAIL: 'help@laptophaat.example',
      CONTACT_PHONE: '+880 1711-000000',
    };
    expect(loadConfig({ ...production, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('refuses a generated secret file that is short or readable by others', () => {
    const short = dataDir();
    writeFileSync(join(short, 'auth-secret'), 'abc\n', { mode: 0o600 });
    expect(() => loadConfig({ DATA_DIR: short })).toThrow(
      /^Invalid configuration: AUTH_SECRET file .* fewer than 32 bytes/,
    );
    const open = dataDir();
    loadConfig({ DATA_DIR: open });
    chmodSync(join(open, 'auth-secret'), 0o644);
    expect(() => loadConfig({ DATA_DIR: open })).toThrow(
      /^Invalid configuration: AUTH_SECRET file .* readable by other users/,
    );
    chmodSync(join(open, 'auth-secret'), 0o600);
    expect(loadConfig({ DATA_DIR: open }).authSecret.length).toBeGreaterThanOrEqual(32);
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
      ...PRODUCTION_MAIL,
      ...PRODUCTION_PUSH,
      CONTACT_EMAIL: 'help@laptophaat.example',
      CONTACT_PHONE: ' +880 1711-000000 ',
    });
    expect(config.seed).toBe('none');
    expect(config.contact).toEqual({ email: 'help@laptophaat.example', phone: '+880 1711-000000' });
    expect(config.databaseUrl).toBe('postgres://u@db:5432/haat');
    expect(config.baseUrl).toBe('https://laptophaat.example');
  });

  it('sends e-mail over SMTP_URL from MAIL_FROM; outside production without them, keeps it with a local sender', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).mail).toEqual({
      smtpUrl: undefined,
      from: 'Laptop Haat <no-reply@laptophaat.localhost>',
    });
    expect(loadConfig({ DATA_DIR: dataDir(), ...PRODUCTION_MAIL }).mail).toEqual({
      smtpUrl: PRODUCTION_MAIL.SMTP_URL,
      from: PRODUCTION_MAIL.MAIL_FROM,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), MAIL_FROM: 'no-reply@laptophaat.com.bd' }).mail.from).toBe(
      'no-reply@laptophaat.com.bd',
    );
  });

  it('sends SMS through the gateway when both settings are given, and needs a verified phone by default in production only', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ sms: undefined, phoneVerification: 'optional' });
    const production = loadConfig({
      ...PRODUCTION_CONTACT,
      ...PRODUCTION_MAIL,
      ...PRODUCTION_PUSH,
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      BASE_URL: 'https://laptophaat.example',
    });
    expect(production.sms).toEqual({ url: 'https://sms.example.com/send', token: 'sms-token' });
    expect(production.phoneVerification).toBe('required');
    expect(loadConfig({ DATA_DIR: dataDir(), PHONE_VERIFICATION: 'required' }).phoneVerification).toBe('required');
  });

  it('has stand-in contact details outside production', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).contact).toEqual({
      email: 'help@laptophaat.test',
      phone: '+880 1700-000000',
    });
  });

  it('serves no metrics unless METRICS_TOKEN or METRICS_PORT is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ metricsToken: undefined, metricsPort: undefined });
    const token = 'f3a1c0de'.repeat(8);
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: token, METRICS_PORT: '9464' })).toMatchObject({
      metricsToken: token,
      metricsPort: 9464,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: '9464', METRICS_PORT: '9464' })).toThrow(
      /^Invalid configuration: METRICS_PORT must differ from PORT$/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'hunter2-metrics' })).toThrow(
      /^Invalid configuration: METRICS_TOKEN must be at least 32 characters$/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000 });
  });
});
