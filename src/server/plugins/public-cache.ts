import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { COMPRESS_MIN_BYTES, matchesEtag, preferredEncoding, ResponseCache } from '../lib/response-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: ResponseCache;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function registerPublicCache(app: FastifyInstance, kind: 'pglite' | 'postgres') {
  // PGlite has one process writing, which clears the cache itself; PostgreSQL may have others.
  app.decorate('publicCache', new ResponseCache(kind === 'postgres' ? 2_000 : 60_000));
  app.addHook('onSend', (request, reply, payload, done) => {
    if (WRITES.has(request.method) && reply.statusCode < 400 && request.url.startsWith('/api/'))
      app.publicCache.clear();
    done(null, payload);
  });
}

/**
 * Answers from the cache with an ETag; 304 when the client already has this version. The schema
 * shapes what is cached, so private columns are stripped exactly as the route's response schema would.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { key: string; schema: ZodType; load: () => Promise<unknown>; private?: boolean },
) {
  const entry = await request.server.publicCache.get(options.key, async () =>
    options.schema.parse(await options.load()),
  );
  reply
    .header('etag', entry.etag)
    .header('cache-control', options.private ? 'private, no-cache' : 'no-cache')
    .header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = entry.body.length >= COMPRESS_MIN_BYTES && preferredEncoding(request.headers['accept-encoding']);
  if (encoding) return reply.header('content-encoding', encoding).send(entry.encoded(encoding));
  return reply.send(entry.body);
}
