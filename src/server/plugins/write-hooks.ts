import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
    if (WRITES.has(request.method) && reply.statusCode < 400) afterWrite(request, reply);
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || ![route.method].flat().some((m) => WRITES.has(m))) return;
    route.onSend = [...[route.onSend ?? []].flat(), hook];
  });
}
