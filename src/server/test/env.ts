import type { Config } from '../platform/config.ts';

/** Where the API tests find PostgreSQL: TEST_DATABASE_URL, else the local server. */
export const adminDatabaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrlFor(name: string): string {
  const url = new URL(adminDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    databaseUrl: undefined,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    baseUrl: undefined,
    redisUrl: undefined,
    trustProxy: false,
    redisPrefix: `laptop-haat-test:${process.pid}:${Math.random().toString(36).slice(2)}:`,
    authRateLimit: { perIpPerMinute: 10_000, failuresPerAccount: 10_000 },
    writeRateLimitPerMinute: 10_000,
    photoUploadsPerUser: 10_000,
    streams: { perUser: 5, max: 2_000 },
    s3: undefined,
    google: undefined,
    // A pair for the tests only (the local push service checks the VAPID signature against it).
    vapid: {
      publicKey: 'BEZfeqKnNHBiPKaYzQP-aBAGV0FjhtARR3Od9kbtzg5XYm-oL-MnWQU1Ufzmzxl0_kCYIzYjggrYSntvDbi1SJk',
      privateKey: 'vGHs241XU8ecf7WYADTF4GXqA1dF9h4KZnA_DHtLVik',
      subject: 'mailto:help@laptophaat.test',
    },
    sms: undefined,
    phoneVerification: 'optional',
    phoneCodesPerHour: 10_000,
    listingsPerDayBeforeReview: 10_000,
    alertPollMs: 250,
    mail: { smtpUrl: undefined, from: 'Laptop Haat <no-reply@laptophaat.test>' },
    seed: 'none',
    contact: { email: 'help@laptophaat.test', phone: '+880 1700-000000' },
    logLevel: 'silent',
    metricsToken: undefined,
    metricsPort: undefined,
    shutdownDrainMs: 0,
    ...overrides,
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbKind: 'pglite' | 'postgres';
    /** pglite: a tarball of a migrated, seeded data dir. */
    pgliteSnapshot: string;
    /** postgres: a migrated, seeded database to copy per test file. */
    pgTemplate: string;
  }
}
