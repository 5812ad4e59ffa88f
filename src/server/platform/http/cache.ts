import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { Page } from '../paging.ts';
import {
  CachedBody,
  COMPRESS_MIN_BYTES,
  type Loaded,
  matchesEtag,
  preferredEncoding,
  type ResponseCache,
  STALE_IF_ERROR_MS,
} from '../response-cache.ts';
import type { CacheTag, Changes } from './changes.ts';

// The one cache of API answers, driven by route config:
// - a GET declares `cache: { scope, tag }` and answers with `sendCached(request, reply, load)`;
//   `public` answers are the same for everyone, and an edge in front of the instances (nginx, a CDN)
//   may keep them for a few seconds (`s-maxage`, docs/operations.md#an-edge-cache); `private` ones
//   need a signed-in caller (`Cache-Control: private`);
// - a write declares `invalidates: [tags]`: once it succeeds (and changed something, see
//   `counted()` / `markUnchanged()` below) the answers under those tags are forgotten.
// Keys are the route, its validated parameters and query: a client inventing query strings
// cannot grow the cache. Other instances on the same database hear of each write through the change
// feed (platform/http/changes.ts) and clear the same tags; `cacheTtlMs` bounds what a lost message can cost.

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: { scope: 'public' | 'private'; tag: CacheTag };
    invalidates?: readonly CacheTag[];
  }
  interface FastifyInstance {
    responseCache: ResponseCache<CacheTag>;
    /** Whether a request carries a session or token (features/auth): its answers are never the edge's to keep. */
    carriesCredentials: (request: FastifyRequest) => boolean;
  }
}

/**
 * How long an edge may answer with a public answer without asking again. This, not the in-process
 * lifetime, bounds how long an anonymous visitor can see a listing after a write: an edge hears
 * of no change. Browsers revalidate each time (`max-age=0`, a 304 for an unchanged ETag), so a
 * person who has just changed something never sees their own browser's old copy: `must-revalidate`
 * keeps a browser from using `stale-while-revalidate` itself (Chromium does, for fetches and a
 * service worker's requests: a page showed a price 30 s old), while nginx serves stale answers by
 * its own directives (`proxy_cache_use_stale updating`, docs/operations.md#an-edge-cache).
 */
export const EDGE_FRESH_S = 5;
/** After that, how long the edge may still answer with it while it fetches a new one in the background. */
export const EDGE_STALE_WHILE_REVALIDATE_S = 30;

const PUBLIC_CACHE_CONTROL =
  `public, max-age=0, must-revalidate, s-maxage=${EDGE_FRESH_S}, ` +
  `stale-while-revalidate=${EDGE_STALE_WHILE_REVALIDATE_S}, stale-if-error=${STALE_IF_ERROR_MS / 1000}`;
const PRIVATE_CACHE_CONTROL = 'private, no-cache';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * How long an answer lives: a minute while every instance's writes reach this one as they happen (on
 * PGlite there is one instance), 2 s while the change feed is down and another's writes could be missed.
 */
export const cacheTtlMs = (changes: Pick<Changes, 'live'>) => (changes.live ? 60_000 : 2_000);

export function registerCache(
  app: FastifyInstance,
  {
    responseCache,
    carriesCredentials,
  }: { responseCache: ResponseCache<CacheTag>; carriesCredentials: (request: FastifyRequest) => boolean },
) {
  app.decorate('responseCache', responseCache);
  app.decorate('carriesCredentials', carriesCredentials);
  app.addHook('onRoute', (route) => {
    const reads = [route.method].flat().every((m) => m === 'GET' || m === 'HEAD');
    if (route.config?.cache && !reads) throw new Error(`${route.url}: only GET answers are cached`);
  });
  app.changes.on(({ tags }) => {
    if (!tags?.length) return;
    responseCache.clear([...tags, 'pages']);
  });
  afterSuccessfulWrites(app, (request) => {
    const tags = request.routeOptions.config.invalidates;
    const identity = request.routeOptions.config.changesIdentity;
    if (tags?.length || identity) app.changes.announce({ tags, identity });
  });
}

function keyOf(request: FastifyRequest): string {
  // A query the route does not validate is not part of its answer.
  const query = request.routeOptions.schema?.querystring ? JSON.stringify(request.query) : '';
  return `${request.routeOptions.url} ${JSON.stringify(request.params)} ${query}`;
}

/**
 * Answers from the cache with an ETag (304 when the client already has this version), compressed
 * when the client accepts it. The route's 200 response schema shapes what is cached, so private
 * columns are stripped exactly as the route's own serialization would. Ownership rules run in the
 * handler before this, so a cached private answer only reaches callers allowed to see it.
 */
export async function sendCached(request: FastifyRequest, reply: FastifyReply, load: () => Promise<unknown>) {
  const schema = responseSchemaOf(request);
  return sendCachedText(request, reply, {
    key: keyOf(request),
    ...cacheOf(request),
    type: JSON_TYPE,
    load: async () => JSON.stringify(schema.parse(await load())),
  });
}

/**
 * `sendCached` for a list route that pages (docs/search.md#cursors): the answer is the page's
 * items, and `Link: <…>; rel="next"` points at the next page; both are cached together.
 */
export async function sendCachedPage(request: FastifyRequest, reply: FastifyReply, load: () => Promise<Page<unknown>>) {
  const schema = responseSchemaOf(request);
  return sendCachedText(request, reply, {
    key: keyOf(request),
    ...cacheOf(request),
    type: JSON_TYPE,
    load: async () => {
      const page = await load();
      return { body: JSON.stringify(schema.parse(page.items)), headers: linkHeader(request, page.nextCursor) };
    },
  });
}

/**
 * An answer made for this caller alone (a public list without the sellers they blocked): shaped by
 * the route's response schema as `sendCached` is, kept by no cache of ours and sent `private`, so
 * the shared cached answer stays everyone else's.
 */
export async function sendOwn(request: FastifyRequest, reply: FastifyReply, load: () => Promise<unknown>) {
  const schema = responseSchemaOf(request);
  return sendText(request, reply, {
    scope: 'private',
    type: JSON_TYPE,
    body: JSON.stringify(schema.parse(await load())),
  });
}

/** `sendOwn` for a list route that pages: its items, and `Link` to the next page. */
export async function sendOwnPage(request: FastifyRequest, reply: FastifyReply, load: () => Promise<Page<unknown>>) {
  const schema = responseSchemaOf(request);
  const page = await load();
  for (const [name, value] of Object.entries(linkHeader(request, page.nextCursor))) reply.header(name, value);
  return sendText(request, reply, {
    scope: 'private',
    type: JSON_TYPE,
    body: JSON.stringify(schema.parse(page.items)),
  });
}

/** An uncached page: sets the `Link` header of the next page and answers the items. */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  for (const [name, value] of Object.entries(linkHeader(request, page.nextCursor))) reply.header(name, value);
  return page.items;
}

/**
 * `Link: </api/…?…&cursor=…>; rel="next"`: the same path and (validated) query with the next cursor,
 * each parameter URL-encoded; nothing on the last page.
 */
export function linkHeader(request: FastifyRequest, nextCursor: string | null): Record<string, string> {
  if (!nextCursor) return {};
  const path = request.url.split('?')[0]!;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (name !== 'cursor' && value !== undefined && value !== null) params.set(name, String(value));
  }
  params.set('cursor', nextCursor);
  return { link: `<${path}?${params.toString()}>; rel="next"` };
}

function cacheOf(request: FastifyRequest) {
  const { cache } = request.routeOptions.config;
  if (!cache) throw new Error(`${request.routeOptions.url} declares no cache`);
  return cache;
}

function responseSchemaOf(request: FastifyRequest): ZodType {
  const schema = (request.routeOptions.schema?.response as Record<number, ZodType> | undefined)?.[200];
  if (!schema) throw new Error(`${request.routeOptions.url} declares no 200 response schema`);
  return schema;
}

export interface CachedText {
  key: string;
  tag: CacheTag;
  scope: 'public' | 'private';
  /** The request headers the answer depends on (Vary); accept-encoding by default. */
  vary?: string;
  type: string;
  status?: number;
  load: () => Promise<Loaded>;
}

/** `sendCached` for any text under a key of the caller's (the server-rendered pages). */
export async function sendCachedText(request: FastifyRequest, reply: FastifyReply, text: CachedText) {
  const { value: entry, stale, ageMs } = await request.server.responseCache.serve(text.key, text.tag, text.load);
  return sendEntry(request, reply, entry, text, stale ? ageMs : undefined);
}

/**
 * A text made for this request alone (a search's page): kept by no cache of ours, so invented
 * addresses cannot fill it, but sent as a cached one is (ETag, 304, compression, Cache-Control),
 * so an edge may keep it.
 */
export function sendText(
  request: FastifyRequest,
  reply: FastifyReply,
  text: Omit<CachedText, 'key' | 'tag' | 'load'> & { body: string },
) {
  return sendEntry(request, reply, new CachedBody(text.body), text);
}

function sendEntry(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
  text: Pick<CachedText, 'scope' | 'vary' | 'type' | 'status'>,
  /** How old an answer served stale is; undefined for a current one. */
  staleMs?: number,
) {
  const stale = staleMs !== undefined;
  reply
    .code(text.status ?? 200)
    .header('etag', entry.etag)
    .header('cache-control', cacheControl(request, text.scope, stale))
    .header('vary', text.vary ?? 'accept-encoding');
  // An old answer, served because loading a current one failed with an outage (stale-if-error):
  // it says so, and how old it is; no cache may keep it, so the next request tries to load again.
  if (stale) reply.header('x-served-stale', '1').header('age', String(Math.floor(staleMs / 1000)));
  for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type(text.type);
  const encoding = entry.body.length >= COMPRESS_MIN_BYTES && preferredEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? entry.encoded(encoding) : entry.plain());
}

/**
 * Public answers may be kept by an edge for EDGE_FRESH_S. Never what a request with a session or
 * token was sent, even a public answer: our nginx bypasses its cache for those, and this tells any
 * cache that does not. Nor an old answer served during an outage: the edge has its own copy for
 * that (`stale-if-error`).
 */
function cacheControl(request: FastifyRequest, scope: 'public' | 'private', stale: boolean): string {
  if (scope === 'private' || request.server.carriesCredentials(request)) return PRIVATE_CACHE_CONTROL;
  return stale ? 'no-cache' : PUBLIC_CACHE_CONTROL;
}

// What a write changed: the hooks that run after successful writes, for this cache and for the
// actor cache (features/auth/authentication.ts).

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
 * path, never pass through it (docs/decisions/0013).
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
