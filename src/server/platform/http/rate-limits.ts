import rateLimit, { type FastifyRateLimitStore, normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import {
  type Counters,
  type FailureDelay,
  type FailureDelayOptions,
  MemoryFailureDelay,
  RedisFailureDelay,
  RedisLink,
  SharedCounters,
} from '../rate-limiter.ts';
import { connectRedis } from '../redis.ts';

// Request limits are @fastify/rate-limit's, declared on routes (`config: { rateLimit }`), counted
// in `Counters` (platform/rate-limiter.ts): one counter per limit and per user or address, whichever route
// counts it, shared by every instance through Redis when REDIS_URL is set and kept per instance
// while Redis is away. Every API write by a signed-in user also counts toward their writes a minute,
// on top of the route's own limit. The failed sign-in delay is ours (platform/rate-limiter.ts).

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed attempts per key with growing delays, shared by every instance when REDIS_URL is set. */
    failureDelay(name: string, options: FailureDelayOptions): FailureDelay;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const tooMany = (seconds: number) => new AppError('too_many_attempts', { seconds });

/** The limiter's store over our counters: every route's child is the same store, so counts are per key only. */
function sharedStore(counters: Counters) {
  const store: FastifyRateLimitStore = {
    incr(key, callback, timeWindow) {
      counters.incr(key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error, { current: 0, ttl: 0 }),
      );
    },
    child: () => store,
  };
  return class {
    constructor() {
      // biome-ignore lint/correctness/noConstructorReturn: @fastify/rate-limit takes a store class; ours is one shared instance
      return store;
    }
  } as unknown as new () => FastifyRateLimitStore;
}

/**
 * Registers the limiter before the routes, and the per-user write limit on every API write route
 * registered after it (WRITE_RATE_LIMIT_PER_USER a minute, keyed by the signed-in user, who is
 * known by then: features/auth/access.ts runs first).
 */
export async function registerRateLimits(app: FastifyInstance) {
  const { redisUrl, redisPrefix, writeRateLimitPerMinute } = app.config;
  const redis = redisUrl
    ? await connectRedis(app, redisUrl, {
        retries: 0,
        // Said once per outage by the link below.
        onError: () => {},
        onUnreachable: () => {},
      })
    : undefined;
  const link = redis
    ? new RedisLink(redis, {
        wentDown: (error) =>
          app.log.warn(
            { err: error },
            'Redis is not reachable: rate limits and sign-in delays are counted per instance until it is back',
          ),
        cameBack: () =>
          app.log.info('Redis is back: rate limits and sign-in delays are shared between instances again'),
      })
    : undefined;
  if (redis && !link?.up) link?.lost();

  app.decorate('failureDelay', (name: string, options: FailureDelayOptions) =>
    link ? new RedisFailureDelay(link, `${redisPrefix}fd:${name}`, options) : new MemoryFailureDelay(options),
  );

  // Every write by a signed-in user counts toward their one writes counter: as the route's limit
  // where it has none, or beside its own (photos, reports, sign-in's per address). Added before
  // @fastify/rate-limit's own onRoute hook, which reads `config.rateLimit`.
  const writes = perUser(writeRateLimitPerMinute, 60_000, 'writes');
  let countWrite: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (![route.method].flat().some((m) => WRITES.has(m))) return;
    if (route.config?.rateLimit === undefined) {
      if (route.config?.access !== 'public') route.config = { ...route.config, rateLimit: writes };
      return;
    }
    if (route.config.rateLimit === false) return;
    route.onRequest = [
      ...[route.onRequest ?? []].flat(),
      async (request, reply) => {
        const result = await countWrite!(request);
        if (!result.isAllowed && result.isExceeded) {
          const seconds = Math.max(1, result.ttlInSeconds);
          reply.header('retry-after', String(seconds));
          throw tooMany(seconds);
        }
      },
    ];
  });

  await app.register(rateLimit, {
    global: false,
    store: sharedStore(new SharedCounters(link, `${redisPrefix}rl:`)),
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: (_request, context) => tooMany(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  countWrite = app.createRateLimit(writes);
}

/** Attempts per client address: `max` a minute, one count for every route naming the same `group`. */
export function perAddress(max: number, group: string): RateLimitOptions {
  return {
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `${group}:ip:${normalizeIP(request.ip)}`,
  };
}

/** Requests per signed-in user: `max` per `windowMs`, one count for every route naming the same `group`. */
export function perUser(max: number, windowMs: number, group: string): RateLimitOptions {
  return {
    max,
    timeWindow: windowMs,
    keyGenerator: (request: FastifyRequest) => `${group}:user:${request.actor?.id ?? ''}`,
    // Anonymous writes are refused before this (access) or limited per address (sign-in, sign-up).
    allowList: (request: FastifyRequest) => !request.actor,
  };
}
