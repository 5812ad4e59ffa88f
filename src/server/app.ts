import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminRoutes } from './features/admin/routes.ts';
import { registerAccess } from './features/auth/access.ts';
import { carriesCredentials, registerAuthentication } from './features/auth/authentication.ts';
import { registerOriginCheck } from './features/auth/origin-check.ts';
import { contentRoutes } from './features/content/routes.ts';
import {
  blockRoutes,
  conversationReportRoutes,
  conversationRoutes,
  registerBlockedSellers,
} from './features/conversations/routes.ts';
import { laptopRoutes, registerSearchMemo } from './features/laptops/routes.ts';
import { SEARCH_MEMO_TTL_MS, SearchMemo } from './features/laptops/search.ts';
import { sellerRoutes } from './features/laptops/seller-routes.ts';
import { moderationRoutes } from './features/moderation/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { registerNotifications } from './features/notifications/streams.ts';
import { registerApiDocs } from './features/operations/api-docs.ts';
import { registerHealth } from './features/operations/health.ts';
import { registerMetrics } from './features/operations/metrics-route.ts';
import { orderRoutes } from './features/orders/routes.ts';
import { canonicalUrl } from './features/pages/canonical-url.ts';
import { SECURITY_HEADERS } from './features/pages/headers.ts';
import { type PageRenderer, registerPages } from './features/pages/pages.ts';
import { phoneRoutes, registerSms } from './features/phone/routes.ts';
import { photoRoutes } from './features/photos/routes.ts';
import { registerPhotos } from './features/photos/serve-photos.ts';
import { type PhotoStore, photoStoreFor } from './features/photos/store.ts';
import { priceGuideRoutes } from './features/price-guide/routes.ts';
import { pushRoutes, registerPush } from './features/push/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { reviewRoutes } from './features/reviews/routes.ts';
import { registerAlerts, savedSearchRoutes } from './features/saved-searches/routes.ts';
import type { AlertWorkerOptions } from './features/saved-searches/worker.ts';
import { sellerPageRoutes } from './features/sellers/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { wishlistRoutes } from './features/wishlist/routes.ts';
import { type Config, trustFunction } from './platform/config.ts';
import type { Database, Db } from './platform/db/client.ts';
import { cacheTtlMs, registerCache } from './platform/http/cache.ts';
import { type CacheTag, Changes, registerChanges } from './platform/http/changes.ts';
import { errorBody, registerErrorHandler, sendError } from './platform/http/error-handler.ts';
import { registerRateLimits } from './platform/http/rate-limits.ts';
import { registerInputGuards, registerSecurity } from './platform/http/security.ts';
import { loggerOptions } from './platform/logging.ts';
import { redisFeed } from './platform/redis-feed.ts';
import { ResponseCache } from './platform/response-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** The built web app (dist/web); without it only the API is served. */
  webDir?: string;
  /** Renders the web app's pages on the server; without it pages go out unrendered. */
  pages?: PageRenderer;
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Where photos go; by default the config's S3 bucket, or DATA_DIR/photos. */
  photoStore?: PhotoStore;
  /** The saved-search alert worker's options beyond the config's (tests: a matcher that fails once). */
  alerts?: Partial<AlertWorkerOptions>;
}

export const BODY_LIMIT = 100 * 1024;
const REQUEST_ID_HEADER = 'x-request-id';

// Requests Node's HTTP parser refuses (headers or URL over 16 KB, broken syntax) never reach
// Fastify's routes; they too get the documented error shape, and are counted when metrics are kept
// (`clientErrorAnswered`, features/operations/metrics-route.ts).
function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  // No request to read a language from: English.
  const body = JSON.stringify(errorBody('en', tooLarge ? 'headers_too_large' : 'malformed_request'));
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
  this.clientErrorAnswered(status);
}

// Builds the app without listening, so tests can drive it on any port.
export async function buildApp({
  config,
  database,
  webDir,
  pages,
  logger,
  photoStore,
  alerts,
}: AppOptions): Promise<FastifyInstance> {
  // Errors of the change feed are logged once the app's logger exists.
  let logFeedError = (_error: unknown) => {};
  // Redis when the deployment has it (docs/operations.md), else the database's own LISTEN/NOTIFY.
  const feed = config.redisUrl
    ? await redisFeed({
        url: config.redisUrl,
        channel: `${config.redisPrefix}changes`,
        onError: (e) => logFeedError(e),
      })
    : await database.openFeed((error) => logFeedError(error));
  const changes = new Changes(feed, (error) => logFeedError(error));
  const responseCache = new ResponseCache<CacheTag>(() => cacheTtlMs(changes));
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT,
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: () => randomUUID(),
    trustProxy: trustFunction(config.trustProxy),
    // Every route, hook and guard sees one spelling of a path (features/pages/canonical-url.ts).
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Idle keep-alive connections outlive a proxy's (nginx keeps upstream connections 60 s by default),
    // so the proxy, not this server, closes them, and never sends on a connection closed under it.
    keepAliveTimeout: 72_000,
    requestTimeout: 30_000,
    connectionTimeout: 30_000,
    // Malformed URLs and bad headers fail before any route: answer them in the documented shape too.
    clientErrorHandler: answerClientError,
    frameworkErrors: (_error, _request, reply) => sendError(reply, 'malformed_request'),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate('config', config);
  logFeedError = (error) =>
    app.log.warn({ err: error }, "change feed: other instances' writes reach this one only as cached answers expire");
  app.addHook('onClose', () => feed.close());
  registerChanges(app, changes);
  registerNotifications(app, feed);
  registerAlerts(app, alerts);
  registerPush(app);
  // Hooks on every request are callback-style and set headers up front: no promise and no onSend
  // pass per request on the hot path (docs/decisions/0013). API answers are not stored unless a route says so.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });

  registerErrorHandler(app);
  registerSecurity(app, SECURITY_HEADERS);
  registerInputGuards(app);
  registerCache(app, { responseCache, carriesCredentials });
  registerSearchMemo(app, new SearchMemo(SEARCH_MEMO_TTL_MS));
  registerMetrics(app, database);
  registerOriginCheck(app);
  registerAccess(app);
  // Before any route: the reference collects every route registered after it.
  await registerApiDocs(app);
  await registerRateLimits(app);
  await registerAuthentication(app);
  registerBlockedSellers(app);
  registerPhotos(app, photoStore ?? (await photoStoreFor(config)));
  registerSms(app);
  await app.register(
    async (api) => {
      await api.register(contentRoutes);
      await api.register(laptopRoutes);
      await api.register(userRoutes);
      await api.register(orderRoutes);
      await api.register(sellerRoutes);
      await api.register(adminRoutes);
      await api.register(photoRoutes);
      await api.register(notificationRoutes);
      await api.register(wishlistRoutes);
      await api.register(reportRoutes);
      await api.register(conversationRoutes);
      await api.register(conversationReportRoutes);
      await api.register(blockRoutes);
      await api.register(phoneRoutes);
      await api.register(sellerPageRoutes);
      await api.register(reviewRoutes);
      await api.register(moderationRoutes);
      await api.register(priceGuideRoutes);
      await api.register(savedSearchRoutes);
      await api.register(pushRoutes);
    },
    { prefix: '/api' },
  );
  await registerHealth(app);
  await registerPages(app, webDir, pages);
  return app;
}
