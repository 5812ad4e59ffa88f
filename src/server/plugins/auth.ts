import { fromNodeHeaders } from 'better-auth/node';
import { genericOAuth } from 'better-auth/plugins';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES, loginSchema, signupSchema } from '../../shared/auth.ts';
import { accessTokenKey, verifyAccessToken } from '../auth/access-token.ts';
import { AUTH_BASE_PATH, type Auth, createAuth } from '../auth/instance.ts';
import { createLocalOidc } from '../auth/local-oidc.ts';
import type { Actor } from '../domain/actor.ts';
import { findUserById, toActor } from '../domain/users.ts';
import { AppError } from '../errors.ts';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from '../lib/rate-limiter.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import { CODE_BY_STATUS, sendError } from './error-handler.ts';
import { afterSuccessfulWrites } from './write-hooks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    accessTokenKey: Uint8Array;
    actorCache: TtlCache<Actor | null>;
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
  const actor = await lookUpActor(request);
  app.actorCache.set(key, actor);
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
    const row = await findUserById(app.db, claims.userId);
    // A deleted user's tokens die with the user.
    return row ? toActor(row) : null;
  }
  if (!request.headers.cookie) return null;
  const session = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const u = session.user as typeof session.user & { role: Actor['role']; verified: boolean };
  return { id: u.id, email: u.email, name: u.name, role: u.role, verified: u.verified };
}

/** Counters in Redis when REDIS_URL is set (several instances), else in this process. */
async function rateLimiterFactory(app: FastifyInstance) {
  const { redisUrl, redisPrefix } = app.config;
  if (!redisUrl)
    return (_name: string, limit: number, windowMs: number): RateLimiter => new MemoryRateLimiter(limit, windowMs);
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
  return (name: string, limit: number, windowMs: number): RateLimiter =>
    new RedisRateLimiter(redis, `${redisPrefix}rl:${name}`, limit, windowMs, onError);
}

function tooMany(reply: FastifyReply, seconds: number) {
  reply.header('retry-after', String(seconds));
  return sendError(reply, 429, {
    error: { code: 'rate_limited', message: `Too many attempts. Please try again in ${seconds} seconds.` },
  });
}

// better-auth answers errors as { code, message }; callers of /api/auth get our documented shape.
function authErrorBody(status: number, text: string, path: string) {
  let message = 'The request could not be completed';
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) message = parsed.message;
  } catch {}
  if (path === '/sign-in/email' && status === 401) message = AUTH_MESSAGES.wrongCredentials;
  if (path === '/sign-up/email' && status === 422)
    message = 'An account with this e-mail already exists. Please log in.';
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
  const limiter = await rateLimiterFactory(app);
  const perIp = limiter('ip:', perIpPerMinute, 60_000);
  const failures = limiter('account:', failuresPerAccount, 15 * 60_000);

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    async handler(request, reply) {
      const path = (request.url.split('?')[0] ?? '').slice(AUTH_BASE_PATH.length);
      let body = request.body;
      let account: string | undefined;

      if (request.method === 'POST' && (path === '/sign-in/email' || path === '/sign-up/email')) {
        const ipKey = `${path}:${request.ip}`;
        const wait = await perIp.retryAfter(ipKey);
        if (wait) return tooMany(reply, wait);
        await perIp.hit(ipKey);
        const schema = path === '/sign-in/email' ? loginSchema : signupSchema;
        const parsed = schema.safeParse(body ?? {});
        if (!parsed.success) {
          const fields: Record<string, string> = {};
          for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
          throw new AppError('validation', Object.values(fields)[0] ?? 'Invalid request', fields);
        }
        body = { ...(body as object), ...parsed.data };
        if (path === '/sign-in/email') {
          account = parsed.data.email;
          const locked = await failures.retryAfter(account);
          if (locked) return tooMany(reply, locked);
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

      if (account) {
        if (response.status === 401) await failures.hit(account);
        else if (response.ok) await failures.reset(account);
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
