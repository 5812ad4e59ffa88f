import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH } from '../auth/instance.ts';
import { getActor, tooMany } from './auth.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Each signed-in user may make WRITE_RATE_LIMIT_PER_USER API writes a minute (bookings, listings,
 * admin actions), counted across instances when REDIS_URL is set; past that, 429 with Retry-After.
 * Sign-in and sign-up have their own limits (plugins/auth.ts). Applies to the write routes
 * registered after this call; checked before the body is validated.
 */
export function registerWriteLimit(app: FastifyInstance) {
  const limiter = app.limiters.counter('writes:', app.config.writeRateLimitPerMinute, 60_000);
  const hook = async (request: FastifyRequest, reply: FastifyReply) => {
    const actor = await getActor(request);
    if (!actor) return;
    const wait = await limiter.retryAfter(actor.id);
    if (wait) return tooMany(reply, wait);
    await limiter.hit(actor.id);
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith(`${AUTH_BASE_PATH}/`)) return;
    if (![route.method].flat().some((m) => WRITES.has(m))) return;
    route.preValidation = [...[route.preValidation ?? []].flat(), hook];
  });
}
