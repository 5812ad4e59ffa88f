import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

// Configuration is parsed once at start-up (DESIGN.md §2); nothing else reads process.env.
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a whole number from 0 to 65535' })
      .int('must be a whole number from 0 to 65535')
      .min(0, 'must be a whole number from 0 to 65535')
      .max(65535, 'must be a whole number from 0 to 65535')
      .default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    BASE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://laptophaat.com.bd' })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
    TRUST_PROXY: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('false'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    AUTH_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    SEED: z.enum(['demo', 'none']).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && !env.BASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['BASE_URL'], message: 'is required in production (the public https URL)' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      const missing = env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with its pair' });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  /** The public URL; unset outside production, where any local host and port is accepted. */
  baseUrl: string | undefined;
  /** Behind a TLS proxy: take the client's address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Shared rate-limit counters for several instances; unset means in-process counters. */
  redisUrl: string | undefined;
  /** Prefix of this deployment's keys in Redis. */
  redisPrefix: string;
  /** Sign-in and sign-up attempts per IP per minute, and failed sign-ins per account per 15 minutes. */
  authRateLimit: { perIpPerMinute: number; failuresPerAccount: number };
  google: { clientId: string; clientSecret: string } | undefined;
  seed: 'demo' | 'none';
  logLevel: string;
}

export class ConfigError extends Error {}

// Empty strings count as unset, as in most deploy tools.
function clean(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string
  >;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(clean(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    // Never echo the value: it may be a secret.
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.AUTH_SECRET ?? developmentSecret(dataDir),
    baseUrl: e.BASE_URL,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY === 'true',
    redisPrefix: 'laptop-haat:',
    authRateLimit: { perIpPerMinute: e.AUTH_RATE_LIMIT_PER_IP, failuresPerAccount: e.AUTH_FAILURES_PER_ACCOUNT },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    seed: e.SEED ?? (e.NODE_ENV === 'production' ? 'none' : 'demo'),
    logLevel: e.LOG_LEVEL,
  };
}

// Outside production a secret is generated once and kept beside the data, so sessions survive
// restarts without anyone having to configure one.
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
