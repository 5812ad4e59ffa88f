import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import {
  type FailureDelay,
  type FailureDelayOptions,
  MemoryFailureDelay,
  RedisFailureDelay,
} from '../lib/rate-limiter.ts';
import { connectRedis } from '../lib/redis.ts';

// Request limits are @fastify/rate-limit's, declared on routes (`config: { rateLimit }`), with its
// Redis store when REDIS_URL is set so every instance shares the counters. The failed sign-in
// delay is ours (lib/rate-limiter.ts): the library counts requests in fixed windows and cannot
// count only failures, forget them on success, or grow the wait with each one.

declare module 'fastify' {
  interface FastifyInstance {
    /** Failed attempts per key with growing delays, shared by every instance when REDIS_URL is set. */
    failureDelay(name: string, options: FailureDelayOptions): FailureDelay;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const tooMany = (seconds: number) =>
  new AppError('rate_limited', `Too many attempts. Please try again in ${seconds} seconds.`);

/**
 * Registers the limiter before the routes, and the per-user write limit on every API write route
 * registered after it (WRITE_RATE_LIMIT_PER_USER a minute, keyed by the signed-in user, who is
 * known by then: plugins/access.ts runs first).
 */
export async function registerRateLimits(app: FastifyInstance) {
  const { redisUrl, redisPrefix, writeRateLimitPerMinute } = app.config;
  // Fail fast rather than queue when Redis is away; the limits then let requests through.
  let warnedRedis = 0;
  const redis = redisUrl
    ? await connectRedis(app, redisUrl, {
        retries: 1,
        onError: (error) => {
          if (Date.now() - warnedRedis > 60_000)
            app.log.warn({ err: error }, 'Redis failed; rate limits let requests through');
          warnedRedis = Date.now();
        },
        onUnreachable: (error) =>
          app.log.error({ err: error }, 'Redis is not reachable; rate limits are per instance until it is'),
      })
    : undefined;

  // A failing Redis lets sign-ins through undelayed: say so, at most once a minute.
  let warned = 0;
  const onRedisError = (error: unknown) => {
    if (Date.now() - warned > 60_000) app.log.warn({ err: error }, 'failed sign-in delay: Redis failed; not delaying');
    warned = Date.now();
  };
  app.decorate('failureDelay', (name: string, options: FailureDelayOptions) =>
    redis
      ? new RedisFailureDelay(redis, `${redisPrefix}fd:${name}`, options, onRedisError)
      : new MemoryFailureDelay(options),
  );

  const writes = perUser(writeRateLimitPerMinute, 60_000, 'writes');
  // Added before @fastify/rate-limit's own onRoute hook, which reads `config.rateLimit`.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.rateLimit !== undefined) return;
    if (route.config?.access === 'public') return;
    if (![route.method].flat().some((m) => WRITES.has(m))) return;
    route.config = { ...route.config, rateLimit: writes };
  });

  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${redisPrefix}rl:`,
    // A limit is a safeguard, not a reason to refuse everyone while Redis is away.
    skipOnError: true,
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
}

/** Attempts per client address: `max` a minute (sign-in, sign-up). */
export function perAddress(max: number, groupId: string): RateLimitOptions {
  return { max, timeWindow: 60_000, groupId };
}

/** Requests per signed-in user: `max` per `windowMs` (writes, photo uploads). */
export function perUser(max: number, windowMs: number, groupId: string): RateLimitOptions {
  return {
    max,
    timeWindow: windowMs,
    groupId,
    keyGenerator: (request: FastifyRequest) => request.actor?.id ?? '',
    // Anonymous writes are refused before this (access) or limited per address (sign-in, sign-up).
    allowList: (request: FastifyRequest) => !request.actor,
  };
}
