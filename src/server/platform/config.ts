import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import webPush from 'web-push';
import { z } from 'zod';

// Configuration is parsed once at start-up (README.md, "Configuration", lists every setting); nothing else reads process.env.
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
    TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
    ALLOW_DEV_ON_NETWORK: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('false'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'must be 1–64 letters, digits or : . _ -')
      .default('laptop-haat:'),
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
    AUTH_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    WRITE_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(60),
    PHOTO_UPLOADS_PER_USER: z.coerce.number().int().min(1).default(40),
    STREAMS_PER_USER: z.coerce
      .number({ error: 'must be a whole number from 1 to 100' })
      .int('must be a whole number from 1 to 100')
      .min(1, 'must be a whole number from 1 to 100')
      .max(100, 'must be a whole number from 1 to 100')
      .default(5),
    STREAMS_MAX: z.coerce
      .number({ error: 'must be a whole number of at least 1' })
      .int('must be a whole number of at least 1')
      .min(1, 'must be a whole number of at least 1')
      .optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
    // Password-reset e-mail (docs/operations.md#mail): required in production; outside production
    // without it the messages are kept in memory and shown at /dev/mail.
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        error: 'must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com:465',
      })
      .optional(),
    MAIL_FROM: z
      .string()
      .max(200)
      .regex(
        /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
        "must be an address such as 'Laptop Haat <no-reply@laptophaat.com.bd>'",
      )
      .optional(),
    // Phone codes by SMS (docs/product.md#phone-verification): required in production; outside
    // production without them the messages are kept in memory and shown at /dev/sms.
    SMS_GATEWAY_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
    PHONE_VERIFICATION: z.enum(['required', 'optional'], { error: "must be 'required' or 'optional'" }).optional(),
    PHONE_CODES_PER_HOUR: z.coerce.number().int().min(1).default(3),
    // Listings a seller may post in 24 hours before the next is held for review (docs/product.md#moderation).
    LISTINGS_PER_DAY_BEFORE_REVIEW: z.coerce.number().int().min(1).default(10),
    // How often each instance looks for saved-search alert jobs left by other instances (docs/decisions/0042).
    ALERT_POLL_MS: z.coerce
      .number({ error: 'must be a whole number of milliseconds from 50 to 60000' })
      .int('must be a whole number of milliseconds from 50 to 60000')
      .min(50, 'must be a whole number of milliseconds from 50 to 60000')
      .max(60_000, 'must be a whole number of milliseconds from 50 to 60000')
      .default(1000),
    // Web push (docs/product.md#push-notifications): required in production; outside production a
    // key pair is generated once into DATA_DIR.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{87}$/,
        'must be the URL-safe base64 of a P-256 public key (npx web-push generate-vapid-keys)',
      )
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{43}$/,
        'must be the URL-safe base64 of a P-256 private key (npx web-push generate-vapid-keys)',
      )
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(
        /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
        'must be a mailto: address or an https: URL, e.g. mailto:help@laptophaat.com.bd',
      )
      .optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    SEED: z.enum(['demo', 'none']).optional(),
    // The Contact page's e-mail and phone (docs/product.md#footer-pages): required in production.
    CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
    CONTACT_PHONE: z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 -]{5,19}$/, 'must be a phone number of digits, spaces and dashes, e.g. +880 1711-000000')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // A bearer token (RFC 6750 characters), long enough not to be guessed.
    METRICS_TOKEN: z
      .string()
      .min(32, 'must be at least 32 characters')
      .regex(/^[\w.~+/-]+=*$/, 'must be letters, digits and - . _ ~ + / only (e.g. openssl rand -hex 32)')
      .optional(),
    METRICS_PORT: z.coerce
      .number({ error: 'must be a whole number from 1 to 65535' })
      .int('must be a whole number from 1 to 65535')
      .min(1, 'must be a whole number from 1 to 65535')
      .max(65535, 'must be a whole number from 1 to 65535')
      .optional(),
    // How long /readyz says 503 before the server stops taking requests, so a balancer polling it
    // moves traffic away first (docs/operations.md#health-probes).
    SHUTDOWN_DRAIN_MS: z.coerce
      .number({ error: 'must be a whole number of milliseconds from 0 to 60000' })
      .int('must be a whole number of milliseconds from 0 to 60000')
      .min(0, 'must be a whole number of milliseconds from 0 to 60000')
      .max(60_000, 'must be a whole number of milliseconds from 0 to 60000')
      .default(0),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && !env.BASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['BASE_URL'], message: 'is required in production (the public https URL)' });
    }
    for (const name of ['CONTACT_EMAIL', 'CONTACT_PHONE'] as const) {
      if (env.NODE_ENV === 'production' && !env[name]) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required in production (shown on the Contact page)',
        });
      }
    }
    // Outside production the app offers a stand-in Google that signs anyone in as any e-mail, and
    // demo accounts with a published password: never on an address other machines can reach.
    if (env.NODE_ENV !== 'production' && !isLoopback(env.HOST) && env.ALLOW_DEV_ON_NETWORK !== 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['HOST'],
        message:
          'is not a loopback address, but NODE_ENV is not production: set NODE_ENV=production for a deployment (or ALLOW_DEV_ON_NETWORK=true for a trusted test network)',
      });
    }
    // The bucket needs all four; a half-configured one would silently keep photos on local disk.
    const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const given = s3.filter((k) => env[k]);
    if (given.length > 0 && given.length < s3.length) {
      for (const k of s3.filter((k) => !env[k])) {
        ctx.addIssue({ code: 'custom', path: [k], message: `must be set with ${given.join(', ')} (photos in S3)` });
      }
    }
    if (env.S3_PUBLIC_URL && given.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_PUBLIC_URL'],
        message: 'needs S3_ENDPOINT, S3_BUCKET and the S3 keys',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required in production (password-reset e-mail)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.MAIL_FROM) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'is required in production (the sender of e-mail)',
      });
    }
    if (Boolean(env.SMS_GATEWAY_URL) !== Boolean(env.SMS_GATEWAY_TOKEN)) {
      const missing = env.SMS_GATEWAY_URL ? 'SMS_GATEWAY_TOKEN' : 'SMS_GATEWAY_URL';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with its pair' });
    } else if (env.NODE_ENV === 'production' && !env.SMS_GATEWAY_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_GATEWAY_URL'],
        message: 'is required in production (phone verification codes), with SMS_GATEWAY_TOKEN',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with its pair' });
    }
    for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const) {
      if (env.NODE_ENV === 'production' && !env[name]) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'is required in production (web push; npx web-push generate-vapid-keys makes a key pair)',
        });
      }
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      const missing = env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with its pair' });
    }
  });

/** The Contact page's stand-ins outside production (a reserved domain; no such number is in service). */
export const DEV_CONTACT = { email: 'help@laptophaat.test', phone: '+880 1700-000000' } as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  /** The public URL; unset outside production, where any local host and port is accepted. */
  baseUrl: string | undefined;
  /**
   * Which proxies in front may name the client in X-Forwarded-For: none (false), the nearest N hops,
   * or the proxies' own addresses and CIDR ranges.
   */
  trustProxy: TrustProxy;
  /** Shared rate-limit counters for several instances; unset means in-process counters. */
  redisUrl: string | undefined;
  /** Prefix of this deployment's keys in Redis. */
  redisPrefix: string;
  /** Sign-in and sign-up attempts per IP per minute, and failed sign-ins per account per 15 minutes. */
  /**
   * Sign-in and sign-up attempts per IP per minute; failed sign-ins per account and address before
   * each further attempt from that address waits (1 s, doubling up to 15 minutes).
   */
  authRateLimit: { perIpPerMinute: number; failuresPerAccount: number };
  /** API writes (bookings, listings, admin actions…) per signed-in user per minute. */
  writeRateLimitPerMinute: number;
  /** Photo uploads per seller per 10 minutes. */
  photoUploadsPerUser: number;
  /**
   * Live notification streams: open at once per account (a further one ends the account's oldest)
   * and on this instance in all (a further one is answered 503).
   */
  streams: { perUser: number; max: number };
  /** Photos in an S3-compatible bucket; unset: under DATA_DIR/photos (docs/photos.md#storage). */
  s3:
    | {
        endpoint: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        region: string | undefined;
        publicUrl: string | undefined;
      }
    | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  /** Web push's VAPID keys and contact (docs/product.md#push-notifications); generated outside production. */
  vapid: VapidKeys;
  /**
   * SMS out (phone codes): `POST {url}` with the bearer token; otherwise (never in production) kept
   * in memory and shown at /dev/sms.
   */
  sms: { url: string; token: string } | undefined;
  /** Phone verification: `required` to list or book, or `optional` (only the badge). */
  phoneVerification: 'required' | 'optional';
  /** Codes sent per number and per client address an hour. */
  phoneCodesPerHour: number;
  /** Listings a seller may post in 24 hours before the next is held for review (`burst`). */
  listingsPerDayBeforeReview: number;
  /** How often the saved-search alert worker looks for jobs when nothing on this instance woke it. */
  alertPollMs: number;
  /**
   * E-mail: over SMTP when `smtpUrl` is set; otherwise (never in production) kept in memory and
   * shown at /dev/mail.
   */
  mail: { smtpUrl: string | undefined; from: string };
  seed: 'demo' | 'none';
  /** How visitors reach the people behind the site (the Contact page); stand-ins outside production. */
  contact: { email: string; phone: string };
  logLevel: string;
  /** GET /metrics on the app's port with `Authorization: Bearer <token>` (docs/operations.md#metrics). */
  metricsToken: string | undefined;
  /** GET /metrics without a token on 127.0.0.1:<port>, a port of its own. */
  metricsPort: number | undefined;
  /** On SIGTERM, how long /readyz answers 503 while requests are still served, before closing. */
  shutdownDrainMs: number;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who runs this sender, for the push services: a mailto: address or an https: URL. */
  subject: string;
}

export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** Whether the hop `hop` away from us (0 = the socket's peer), at `address`, may name the next one. */
export type TrustFn = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as the function Fastify and proxy-addr take: no proxy, the nearest N hops, or proxies
 * at these addresses. Fastify itself treats a bare number as "trust nothing", so hops are a function.
 */
export function trustFunction(trust: TrustProxy): TrustFn | false {
  if (trust === false) return false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return proxyAddr.compile(trust.addresses);
}

export class ConfigError extends Error {}

/** The sender outside production when MAIL_FROM is unset. */
export const DEVELOPMENT_MAIL_FROM = 'Laptop Haat <no-reply@laptophaat.localhost>';

const TRUST_PROXY_HELP =
  "must be 'false', the number of proxies in front (e.g. 1), or their addresses/CIDRs separated by commas";

// Named ranges understood by proxy-addr, which Fastify uses to read X-Forwarded-For.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(value: string): boolean {
  if (NAMED_RANGES.has(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  if (value === 'false') return false;
  if (value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        "must not be 'true': that trusts every hop, so any client could pick its own address by sending X-Forwarded-For; set the number of proxies in front (e.g. 1) or their addresses/CIDRs",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 10) return { hops };
  }
  const addresses = value.split(',').map((a) => a.trim());
  if (addresses.every(isAddressOrCidr)) return { addresses };
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
  return z.NEVER;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

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
    trustProxy: e.TRUST_PROXY,
    redisPrefix: e.REDIS_PREFIX,
    authRateLimit: { perIpPerMinute: e.AUTH_RATE_LIMIT_PER_IP, failuresPerAccount: e.AUTH_FAILURES_PER_ACCOUNT },
    writeRateLimitPerMinute: e.WRITE_RATE_LIMIT_PER_USER,
    photoUploadsPerUser: e.PHOTO_UPLOADS_PER_USER,
    streams: { perUser: e.STREAMS_PER_USER, max: e.STREAMS_MAX ?? defaultStreamsMax() },
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            region: e.S3_REGION,
            publicUrl: e.S3_PUBLIC_URL,
          }
        : undefined,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    vapid: {
      ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : developmentVapidKeys(dataDir)),
      subject: e.VAPID_SUBJECT ?? `mailto:${e.CONTACT_EMAIL ?? DEV_CONTACT.email}`,
    },
    sms: e.SMS_GATEWAY_URL && e.SMS_GATEWAY_TOKEN ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN } : undefined,
    phoneVerification: e.PHONE_VERIFICATION ?? (e.NODE_ENV === 'production' ? 'required' : 'optional'),
    phoneCodesPerHour: e.PHONE_CODES_PER_HOUR,
    listingsPerDayBeforeReview: e.LISTINGS_PER_DAY_BEFORE_REVIEW,
    alertPollMs: e.ALERT_POLL_MS,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? DEVELOPMENT_MAIL_FROM },
    seed: e.SEED ?? (e.NODE_ENV === 'production' ? 'none' : 'demo'),
    contact: { email: e.CONTACT_EMAIL ?? DEV_CONTACT.email, phone: e.CONTACT_PHONE ?? DEV_CONTACT.phone },
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
  };
}

/**
 * Streams each hold a connection, so a file descriptor: by default at most 2,000, and never more
 * than half of what the process may open (the rest is for requests, the database and files).
 */
function defaultStreamsMax(): number {
  let descriptors = Number.POSITIVE_INFINITY;
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').match(/^Max open files\s+(\d+)/m);
    if (line) descriptors = Number(line[1]);
  } catch {
    // Not Linux: the default stands.
  }
  return Math.max(1, Math.min(2_000, Math.floor(descriptors / 2)));
}

// Outside production a secret is generated once and kept beside the data, so sessions survive
// restarts without anyone having to configure one. A file someone else could read, or wrote short,
// is not trusted: whoever knows the secret can sign sessions and tokens for any user.
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    if (statSync(file).mode & 0o077) {
      throw new ConfigError(
        `Invalid configuration: AUTH_SECRET file ${file} is readable by other users: chmod 600 it, or delete it to have a new one made`,
      );
    }
    const secret = readFileSync(file, 'utf8').trim();
    if (Buffer.byteLength(secret) < 32) {
      throw new ConfigError(
        `Invalid configuration: AUTH_SECRET file ${file} holds fewer than 32 bytes: delete it to have a new one made`,
      );
    }
    return secret;
  }
  const secret = randomBytes(32).toString('base64url');
  return writeOnce(file, `${secret}\n`) ? secret : (madeElsewhere(file), developmentSecret(dataDir));
}

/** After `writeOnce` found the name taken: the file another process made, or a name that is no file (a broken link). */
function madeElsewhere(file: string): void {
  if (!existsSync(file)) {
    throw new ConfigError(`Invalid configuration: ${file} exists but cannot be read (a broken link?): delete it`);
  }
}

/**
 * Writes `content` to `file` unless it exists, whole or not at all: several processes started at once
 * on a new DATA_DIR (a server and a maintenance command, tests in parallel) may each make one, and
 * one that reads while another writes must not see half a file. The content goes to a file of its
 * own first, then takes the name with link(2), which fails if the name is taken. False: another
 * process made it first, and its file stands.
 */
function writeOnce(file: string, content: string): boolean {
  mkdirSync(dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    // A file system without hard links: created exclusively instead, whole but for that moment.
    try {
      writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
      return true;
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw again;
    }
  } finally {
    unlinkSync(draft);
  }
}

// Outside production a VAPID key pair is generated once and kept beside the data, as the auth
// secret is: browsers subscribed with its public key, so a new pair would orphan every subscription.
function developmentVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    if (statSync(file).mode & 0o077) {
      throw new ConfigError(
        `Invalid configuration: VAPID_PRIVATE_KEY file ${file} is readable by other users: chmod 600 it, or delete it to have a new pair made`,
      );
    }
    let keys: { publicKey?: unknown; privateKey?: unknown } = {};
    try {
      keys = JSON.parse(readFileSync(file, 'utf8')) ?? {};
    } catch {
      // Not JSON: said below as a file without a key pair.
    }
    if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
      throw new ConfigError(
        `Invalid configuration: VAPID key file ${file} does not hold a key pair: delete it to have a new one made`,
      );
    }
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  }
  const keys = webPush.generateVAPIDKeys();
  return writeOnce(file, `${JSON.stringify(keys)}\n`) ? keys : (madeElsewhere(file), developmentVapidKeys(dataDir));
}
