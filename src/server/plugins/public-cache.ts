import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { FrontCache } from '../lib/front-cache.ts';
import { COMPRESS_MIN_BYTES, matchesEtag, preferredEncoding, type ResponseCache } from '../lib/response-cache.ts';
import { afterSuccessfulWrites } from './write-hooks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: ResponseCache;
    frontCache: FrontCache;
  }
}

/** How long a cached answer lives: PGlite has one process writing, which clears the cache itself; PostgreSQL may have others. */
export const publicCacheTtlMs = (kind: 'pglite' | 'postgres') => (kind === 'postgres' ? 2_000 : 60_000);

export function registerPublicCache(app: FastifyInstance, publicCache: ResponseCache, frontCache: FrontCache) {
  app.decorate('publicCache', publicCache);
  app.decorate('frontCache', frontCache);
  frontCache.setLogger(app.log);
  app.addHook('preClose', (done) => {
    frontCache.close();
    done();
  });
  afterSuccessfulWrites(app, () => publicCache.clear());
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
  if (encoding) reply.header('content-encoding', encoding);
  const body = encoding ? entry.encoded(encoding) : entry.body;
  // Public answers are the same for everyone: later GETs of this URL are replayed before routing.
  if (!options.private) request.server.frontCache.remember(reply, options.key, entry, body);
  return reply.send(body);
}
