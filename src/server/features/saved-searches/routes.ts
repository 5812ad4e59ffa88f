import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  newSavedSearchSchema,
  savedSearchChangeSchema,
  savedSearchListSchema,
  savedSearchParamsSchema,
  savedSearchSchema,
} from '../../../shared/saved-searches.ts';
import { noContent } from '../../platform/http/no-content.ts';
import { signedIn } from '../auth/access.ts';
import { changeSavedSearch, createSavedSearch, deleteSavedSearch, listSavedSearches } from './saved-searches.ts';
import { AlertWorker, type AlertWorkerOptions } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The saved searches' alert worker of this instance (jobs.ts). */
    alerts: AlertWorker;
  }
}

// Saved searches (docs/product.md#saved-searches): the caller's own, for any signed-in role. Not
// cached: every answer depends on who asks. Writes count toward the caller's writes a minute
// (platform/http/rate-limits.ts); the list is at most SAVED_SEARCH_MAX long.
export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/savedSearches',
    {
      schema: { body: newSavedSearchSchema, response: { 201: savedSearchSchema } },
      config: { access: 'signedIn' },
    },
    async (request, reply) =>
      reply.code(201).send(await createSavedSearch({ db: app.db, actor: signedIn(request), input: request.body })),
  );

  app.get(
    '/savedSearches',
    { schema: { response: { 200: savedSearchListSchema } }, config: { access: 'signedIn' } },
    async (request) => listSavedSearches({ db: app.db, actor: signedIn(request) }),
  );

  app.patch(
    '/savedSearches/:id',
    {
      schema: { params: savedSearchParamsSchema, body: savedSearchChangeSchema, response: { 200: savedSearchSchema } },
      config: { access: 'signedIn' },
    },
    async (request) =>
      changeSavedSearch({ db: app.db, actor: signedIn(request), id: request.params.id, change: request.body }),
  );

  app.delete(
    '/savedSearches/:id',
    { schema: { params: savedSearchParamsSchema, response: { 204: noContent } }, config: { access: 'signedIn' } },
    async (request, reply) => {
      await deleteSavedSearch({ db: app.db, actor: signedIn(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};

/**
 * Starts this instance's alert worker with the app and stops it as the app closes (before the
 * database goes). `options` beyond the poll interval are for tests (a matcher that fails once).
 */
export function registerAlerts(app: FastifyInstance, options: Partial<AlertWorkerOptions> = {}): AlertWorker {
  const worker = new AlertWorker(
    app.db,
    (deliveries) => app.notificationHub.publish(deliveries),
    {
      attemptFailed: ({ jobId, laptopId, attempts, gaveUp, error }) => {
        if (gaveUp) app.log.error({ err: error, jobId, laptopId, attempts }, 'saved-search alert job failed for good');
        else
          app.log.warn({ err: error, jobId, laptopId, attempts }, 'saved-search alert job failed; it will be retried');
      },
      unreachable: (error) =>
        app.log.warn({ err: error }, 'saved-search alerts cannot read their jobs; they try again every poll'),
      back: () => app.log.info('saved-search alerts read their jobs again'),
    },
    { pollMs: app.config.alertPollMs, ...options },
  );
  app.decorate('alerts', worker);
  app.addHook('onReady', (ready) => {
    worker.start();
    ready();
  });
  app.addHook('onClose', () => worker.stop());
  return worker;
}
