import { fromNodeHeaders } from 'better-auth/node';
import { genericOAuth } from 'better-auth/plugins';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import {
  AUTH_MESSAGES,
  changePasswordSchema,
  loginSchema,
  signupSchema,
  updateAccountSchema,
} from '../../shared/auth.ts';
import { accessTokenKey, verifyAccessToken } from '../auth/access-token.ts';
import { AUTH_BASE_PATH, type Auth, createAuth } from '../auth/instance.ts';
import { createLocalOidc } from '../auth/local-oidc.ts';
import type { Actor } from '../domain/actor.ts';
import { findTokenActor } from '../domain/users.ts';
import { AppError } from '../errors.ts';
import {
  type FailureDelay,
  type FailureDelayOptions,
  MemoryFailureDelay,
  MemoryRateLimiter,
  type RateLimiter,
  RedisFailureDelay,
  RedisRateLimiter,
} from '../lib/rate-limiter.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import { CODE_BY_STATUS, sendError } from './error-handler.ts';
import { afterSuccessfulWrites, markUnchanged } from './write-hooks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    accessTokenKey: Uint8Array;
    actorCache: TtlCache<Actor | null>;
    /** Rate limiters shared by every instance when REDIS_URL is set. */
    limiters: Limiters;
  }
}

const actors = new WeakMap<FastifyRequest, Promise<Actor | null>>();

/**
 * The signed-in user of a request: from `Authorization: Bearer <accessToken>` when present,
 * else from the session cookie. Looked up once per request.
 */
export function getActor(request: FastifyRequest): Promise<Actor | null> {
  let actor = actors.get(request);
  if (!actor) {
    actor = resolveActor(request);
    actors.set(request, actor);
  }
  return actor;
}

// Who a cookie or token belongs to, remembered for a few seconds so signed-in reads do not look the
// session up per request (issue 8). Every successful write on this instance forgets everything
// (sign-out, deleted users, verification); other instances' writes show within ACTOR_TTL_MS.
const ACTOR_TTL_MS = 5_000;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Writes that can never change who a cookie or token belongs to (role, verification, existence):
// bookings and listings. Every other successful write (sign-in and -out, users, admin) forgets all
// remembered actors; keeping them across bookings is what lets those reach issue 8's rate.
const IDENTITY_NEUTRAL = ['/api/myOrders', '/api/booked/', '/api/addLaptop', '/api/myProducts/', '/api/allLaptops'];

function changesIdentity(request: FastifyRequest): boolean {
  const path = request.url;
  return !IDENTITY_NEUTRAL.some((prefix) => path.startsWith(prefix));
}

async function resolveActor(request: FastifyRequest): Promise<Actor | null> {
  const app = request.server;
  const key = request.headers.authorization ?? request.headers.cookie;
  if (!key) return null;
  const known = app.actorCache.get(key);
  if (known !== undefined) return known;
  // A sign-out or deletion answered while this lookup runs clears the cache; the generation keeps
  // this (possibly stale) answer from being remembered after it.
  const generation = app.actorCache.generation;
  const actor = await lookUpActor(request);
  app.actorCache.set(key, actor, generation);
  return actor;
}

async function lookUpActor(request: FastifyRequest): Promise<Actor | null> {
  const app = request.server;
  const authorization = request.headers.authorization;
  if (authorization) {
    const [scheme, token] = authorization.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new AppError('unauthenticated', 'The Authorization header must be "Bearer <accessToken>"');
    }
    const claims = await verifyAccessToken(app.accessTokenKey, token);
    if (!claims) throw new AppError('unauthenticated', 'The access token is invalid or has expired');
    const actor = await findTokenActor(app.db, claims);
    if (!actor) throw new AppError('unauthenticated', 'The access token is no longer valid: please log in again');
    return actor;
  }
  if (!request.headers.cookie) return null;
  const session = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const u = session.user as typeof session.user & { role: Actor['role']; verified: boolean };
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    verified: u.verified,
    sessionId: session.session.id,
    viaToken: false,
  };
}

export interface Limiters {
  counter(name: string, limit: number, windowMs: number): RateLimiter;
  failures(name: string, options: FailureDelayOptions): FailureDelay;
}

/** Counters in Redis when REDIS_URL is set (several instances), else in this process. */
export async function createLimiters(app: FastifyInstance): Promise<Limiters> {
  const { redisUrl, redisPrefix } = app.config;
  if (!redisUrl) {
    return {
      counter: (_name, limit, windowMs) => new MemoryRateLimiter(limit, windowMs),
      failures: (_name, options) => new MemoryFailureDelay(options),
    };
  }
  const { Redis } = await import('ioredis');
  // Fail fast rather than queue when Redis is away; the limiter then lets requests through.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  redis.on('error', () => {});
  await redis
    .connect()
    .catch((error) =>
      app.log.error({ err: error }, 'Redis is not reachable; rate limits are per instance until it is'),
    );
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  let warned = 0;
  const onError = (error: unknown) => {
    if (Date.now() - warned > 60_000)
      app.log.warn({ err: error }, 'rate limiter: Redis failed; letting the request through');
    warned = Date.now();
  };
  return {
    counter: (name, limit, windowMs) =>
      new RedisRateLimiter(redis, `${redisPrefix}rl:${name}`, limit, windowMs, onError),
    failures: (name, options) => new RedisFailureDelay(redis, `${redisPrefix}fd:${name}`, options, onError),
  };
}

export function tooMany(reply: FastifyReply, seconds: number) {
  reply.header('retry-after', String(seconds));
  return sendError(reply, 429, {
    error: { code: 'rate_limited', message: `Too many attempts. Please try again in ${seconds} seconds.` },
  });
}

// Requests better-auth gets only after these checks, by the path it routes on (request.url is
// already in its one canonical spelling: lib/canonical-url.ts).
const SIGN_IN = '/sign-in/email';
const SIGN_UP = '/sign-up/email';
const PER_IP_LIMITED = new Set([SIGN_IN, SIGN_UP]);
const BODY_SCHEMAS: Record<string, ZodType<object>> = {
  [SIGN_IN]: loginSchema,
  [SIGN_UP]: signupSchema,
  '/update-user': updateAccountSchema,
  '/change-password': changePasswordSchema,
};
// After these nothing another request sees has changed: no cache needs clearing.
const CHANGES_NOTHING_CACHED = new Set([SIGN_IN, '/sign-in/social', '/sign-in/oauth2']);

// better-auth answers errors as { code, message }; callers of /api/auth get our documented shape.
function authErrorBody(status: number, text: string, path: string) {
  let message = 'The request could not be completed';
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
  } catch {}
  if (path === SIGN_IN && status === 401) message = AUTH_MESSAGES.wrongCredentials;
  if (path === SIGN_UP && status === 422) message = 'An account with this e-mail already exists. Please log in.';
  return { error: { code: CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'validation'), message } };
}

/** Which sign-in provider the app offers besides e-mail and password. */
export type GoogleMode = 'google' | 'local' | 'none';

export function googleModeOf(config: FastifyInstance['config']): GoogleMode {
  if (config.google) return 'google';
  return config.env === 'production' ? 'none' : 'local';
}

export async function registerAuth(app: FastifyInstance) {
  const { config } = app;
  const mode = googleModeOf(config);
  let plugins: Parameters<typeof createAuth>[0]['plugins'] = [];
  if (mode === 'local') {
    const internalHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const local = await createLocalOidc({
      publicOrigin: config.baseUrl ?? `http://localhost:${config.port}`,
      internalOrigin: `http://${internalHost}:${config.port}`,
      secret: config.authSecret,
    });
    await local.register(app);
    plugins = [genericOAuth({ config: [local.client] })];
  }
  const auth = createAuth({
    db: app.db,
    config,
    plugins,
    socialProviders: config.google ? { google: { ...config.google, prompt: 'select_account' } } : undefined,
    log: (level, message) => app.log[level](message),
  });
  app.decorate('auth', auth);
  app.decorate('accessTokenKey', accessTokenKey(app.config.authSecret));
  app.decorate('actorCache', new TtlCache<Actor | null>(ACTOR_TTL_MS));
  afterSuccessfulWrites(app, (request) => {
    if (changesIdentity(request)) app.actorCache.clear();
  });

  const { perIpPerMinute, failuresPerAccount } = app.config.authRateLimit;
  const limiters = await createLimiters(app);
  app.decorate('limiters', limiters);
  const perIp = limiters.counter('ip:', perIpPerMinute, 60_000);
  // Failed sign-ins count per account *and* address: someone guessing the admin's password from
  // one address slows only themselves, never the admin signing in from another.
  const failures = limiters.failures('account-ip:', {
    free: failuresPerAccount,
    windowMs: 15 * 60_000,
    maxDelayMs: 15 * 60_000,
  });

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    async handler(request, reply) {
      const path = (request.url.split('?')[0] ?? '').slice(AUTH_BASE_PATH.length);
      let body = request.body;
      let failureKey: string | undefined;
      if (CHANGES_NOTHING_CACHED.has(path)) markUnchanged(reply);

      if (request.method === 'POST') {
        if (PER_IP_LIMITED.has(path)) {
          const ipKey = `${path}:${request.ip}`;
          const wait = await perIp.retryAfter(ipKey);
          if (wait) return tooMany(reply, wait);
          await perIp.hit(ipKey);
        }
        const schema = BODY_SCHEMAS[path];
        if (schema) {
          const parsed = schema.safeParse(body ?? {});
          if (!parsed.success) {
            const fields: Record<string, string> = {};
            for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
            throw new AppError('validation', Object.values(fields)[0] ?? 'Invalid request', fields);
          }
          body = { ...(body as object), ...parsed.data };
        }
        // A new password ends every other session, and with them every access token issued before.
        if (path === '/change-password') body = { ...(body as object), revokeOtherSessions: true };
        if (path === SIGN_IN) {
          failureKey = `${(body as { email: string }).email}|${request.ip}`;
          const wait = await failures.wait(failureKey);
          if (wait) return tooMany(reply, wait);
        }
      }

      const headers = fromNodeHeaders(request.headers);
      headers.delete('content-length');
      const response = await auth.handler(
        new Request(`${request.protocol}://${request.host}${request.url}`, {
          method: request.method,
          headers,
          body: request.method === 'POST' && body !== undefined ? JSON.stringify(body) : undefined,
        }),
      );

      if (failureKey) {
        if (response.status === 401) await failures.fail(failureKey);
        else if (response.ok) await failures.reset(failureKey);
      }

      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      const text = await response.text();
      if (response.status >= 400) {
        return reply.type('application/json; charset=utf-8').send(authErrorBody(response.status, text, path));
      }
      return reply.send(text);
    },
  });

  // Behind a proxy the public host is BASE_URL's, whatever Host header the proxy sends.
  const ownHost = config.baseUrl ? new URL(config.baseUrl).host : undefined;
  // Browsers name the page's origin on every cross-site write: refuse writes from other sites,
  // sign-in and sign-up included (login CSRF). Clients that are not browsers send no Origin.
  app.addHook('onRequest', (request, reply, done) => {
    if (READS.has(request.method) || !request.url.startsWith('/api/')) return done();
    const origin =
      request.headers.origin ?? (request.headers.cookie ? refererOrigin(request.headers.referer) : undefined);
    if (origin && safeHost(origin) !== (ownHost ?? request.host)) {
      // Answering here ends the request: done() is not called.
      sendError(reply, 403, { error: { code: 'forbidden', message: 'Cross-site request refused' } });
      return;
    }
    done();
  });
}

function refererOrigin(referer: string | undefined) {
  return referer ? safeOrigin(referer) : undefined;
}

function safeOrigin(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

function safeHost(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
