import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../../shared/errors.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { errorBody } from '../../platform/http/error-handler.ts';
import { Metrics, UNMATCHED_ROUTE } from '../../platform/metrics.ts';

// GET /metrics in Prometheus' text format (docs/operations.md#metrics, docs/decisions/0021): with
// `Authorization: Bearer $METRICS_TOKEN` on the app's own port, and without a token on
// 127.0.0.1:METRICS_PORT. With neither set nothing is measured and /metrics is an unknown path.
// Never rate limited, never cached.

export const METRICS_PATH = '/metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is a long-lived stream (SSE): counted as a request, but how long it lasts is no latency. */
    stream?: boolean;
  }
  interface FastifyInstance {
    /** The server on 127.0.0.1:METRICS_PORT (listening once the app is ready), when METRICS_PORT is set. */
    metricsServer: Server | undefined;
    /**
     * Called with the status (400 or 431) of each request Node's HTTP parser refused, once answered
     * (app.ts): counted when metrics are kept, else nothing.
     */
    clientErrorAnswered: (status: number) => void;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether `header` is `Bearer <token>`, compared in constant time (digests of equal length). */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const given = header === undefined ? undefined : /^bearer +(\S+) *$/i.exec(header)?.[1];
  return given !== undefined && timingSafeEqual(sha256(given), expected);
}

const noStore = { 'cache-control': 'no-store' };

/** An error on the metrics port, in the documented shape (that server is plain node:http). */
function sendRawError(res: ServerResponse, status: number, error: ErrorBody['error']) {
  res
    .writeHead(status, { ...noStore, 'content-type': 'application/json; charset=utf-8' })
    .end(JSON.stringify({ error }));
}

/** Registers after the caches (platform/http/cache.ts) and before the routes, so its hook sees every one. */
export function registerMetrics(app: FastifyInstance, database: Database) {
  const { metricsToken, metricsPort } = app.config;
  app.decorate('metricsServer', undefined);
  app.decorate('clientErrorAnswered', (_status: number) => {});
  if (!metricsToken && metricsPort === undefined) return;

  const metrics = new Metrics({
    caches: () => ({
      response: app.responseCache,
      search_typos: app.searchMemo.typos,
      search_prices: app.searchMemo.prices,
      actors: app.actorCache,
    }),
    notificationStreams: () => app.notificationHub.open,
    notificationCatchUps: () => app.notificationHub.catchUps,
    queries: database.queries,
    pool: database.pool,
  });
  // Requests Node's parser refused never reach Fastify's hooks: no route, no method it could read.
  app.clientErrorAnswered = (status) => metrics.clientError(status);
  // A callback hook after the answer has gone: no promise, no onSend pass (docs/decisions/0013).
  // Fastify has timed the request already (reply.elapsedTime).
  app.addHook('onResponse', (request, reply, done) => {
    const { url, config } = request.routeOptions;
    const seconds = config.stream ? undefined : reply.elapsedTime / 1000;
    metrics.request(url ?? UNMATCHED_ROUTE, request.method, reply.statusCode, seconds);
    done();
  });
  app.addHook('onClose', (_app, done) => {
    metrics.close();
    done();
  });

  const scrape = async () => ({ type: metrics.contentType, text: await metrics.text() });

  if (metricsToken) {
    const expected = sha256(metricsToken);
    app.get(
      METRICS_PATH,
      {
        config: { rateLimit: false },
        // Checked on arrival, before anything about the request is validated (as API routes are: features/auth/access.ts).
        onRequest: (request, reply, done) => {
          reply.headers(noStore);
          if (bearerMatches(request.headers.authorization, expected)) return done();
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          done(new AppError('metrics_token'));
        },
      },
      async (_request, reply) => {
        const { type, text } = await scrape();
        return reply.type(type).send(text);
      },
    );
  }

  if (metricsPort !== undefined) {
    const server = createServer((req, res) => {
      const path = req.url?.split('?')[0];
      if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
        return sendRawError(
          res,
          404,
          errorBody('en', 'no_route', { method: req.method ?? '', path: path ?? '' }).error,
        );
      }
      scrape().then(
        ({ type, text }) =>
          res.writeHead(200, { ...noStore, 'content-type': type }).end(req.method === 'GET' ? text : ''),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics: scrape failed');
          sendRawError(res, 500, errorBody('en', 'internal').error);
        },
      );
    });
    app.metricsServer = server;
    // Loopback only, whatever HOST is: whoever can reach it can read the metrics without a token.
    // It listens when the app starts (app.listen in server.ts, or the tests'), not when it is built,
    // and a port already taken fails the start-up.
    app.addHook('onReady', (done) => {
      const failed = (error: Error) => done(new Error(`METRICS_PORT ${metricsPort}: ${error.message}`));
      server.once('error', failed);
      server.listen(metricsPort, '127.0.0.1', () => {
        server.off('error', failed);
        server.on('error', (error) => app.log.error({ err: error }, 'metrics server failed'));
        done();
      });
    });
    app.addHook('onClose', (_app, done) => {
      if (!server.listening) return done();
      server.close(() => done());
      // A scraper keeps its connection open between scrapes.
      server.closeAllConnections();
    });
  }
}
