import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, modifiedCountSchema } from '../../../shared/common.ts';
import {
  createReportBodySchema,
  reportActionBodySchema,
  reportListQuerySchema,
  reportListSchema,
  reportSchema,
} from '../../../shared/reports.ts';
import { markUnchanged, sendPage } from '../../platform/http/cache.ts';
import { perUser } from '../../platform/http/rate-limits.ts';
import { signedIn } from '../auth/access.ts';
import { delivered } from '../notifications/streams.ts';
import { actOnReports, createReport, listOpenReports } from './reports.ts';

/** Reports per user per hour: enough for anyone honest, too few to flood the admin's list. */
export const REPORTS_PER_HOUR = 10;

// Reports and moderation (docs/product.md#reports).
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/reports',
    {
      schema: { body: createReportBodySchema, response: { 201: reportSchema } },
      // Nothing public changes until the admin acts, so no cache is cleared.
      config: { access: 'signedIn', rateLimit: perUser(REPORTS_PER_HOUR, 60 * 60_000, 'reports') },
    },
    async (request, reply) =>
      reply.code(201).send(await createReport({ db: app.db, actor: signedIn(request), input: request.body })),
  );

  // Uncached: the admin must see the list as it is after every action.
  app.get(
    '/reports',
    {
      schema: { querystring: reportListQuerySchema, response: { 200: reportListSchema } },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const { status: _open, ...page } = request.query;
      return sendPage(request, reply, await listOpenReports({ db: app.db, page }));
    },
  );

  app.put(
    '/reports/:id',
    {
      schema: { params: idParamsSchema, body: reportActionBodySchema, response: { 200: modifiedCountSchema } },
      // A hidden listing leaves the public lists and pages, and bookings on it are declined.
      config: { access: 'admin', invalidates: ['laptops', 'orders'] },
    },
    async (request, reply) => {
      const { action, note } = request.body;
      const change = await actOnReports({ db: app.db, id: request.params.id, action, note });
      // Dismissing changes nothing anyone else sees.
      if (action === 'dismiss') markUnchanged(reply);
      return delivered(app, change);
    },
  );
};
