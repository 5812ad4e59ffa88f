import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const unchanged = new WeakSet<FastifyReply>();

/**
 * Says that this successful write changed nothing another request could see (a repeated confirm,
 * a sign-in), so no cache is cleared: clearing on such writes would let anyone keep caches cold.
 */
export function markUnchanged(reply: FastifyReply): void {
  unchanged.add(reply);
}

/** Passes a `{ modifiedCount }` or `{ deletedCount }` answer through, marked unchanged when it is 0. */
export function counted<T extends { modifiedCount: number } | { deletedCount: number }>(
  reply: FastifyReply,
  result: T,
): T {
  const count = 'modifiedCount' in result ? result.modifiedCount : result.deletedCount;
  if (count === 0) markUnchanged(reply);
  return result;
}

/**
 * Calls `afterWrite` once a successful API write has been answered (status below 400), for the
 * write routes registered after this call. It is a route hook, not a global one: reads, the hot
 * path, never pass through it (issue 8).
 */
export function afterSuccessfulWrites(
  app: FastifyInstance,
  afterWrite: (request: FastifyRequest, reply: FastifyReply) => void,
) {
  const hook = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (e: null, p: unknown) => void,
  ) => {
    if (WRITES.has(request.method) && reply.statusCode < 400 && !unchanged.has(reply)) afterWrite(request, reply);
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || ![route.method].flat().some((m) => WRITES.has(m))) return;
    route.onSend = [...[route.onSend ?? []].flat(), hook];
  });
}
