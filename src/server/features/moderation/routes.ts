import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, idSchema } from '../../../shared/common.ts';
import { listingReviewSchema } from '../../../shared/laptops.ts';
import {
  moderationDecisionSchema,
  moderationListSchema,
  proofBodySchema,
  reviewStatusAnswerSchema,
} from '../../../shared/moderation.ts';
import { pageQuerySchema } from '../../../shared/search.ts';
import { z } from '../../../shared/z.ts';
import { sendPage } from '../../platform/http/cache.ts';
import { signedIn } from '../auth/access.ts';
import { delivered } from '../notifications/streams.ts';
import { addProof, decide, listPending } from './moderation.ts';

// Moderation (docs/product.md#moderation): the admin's queue of listings held for review, and the
// seller's proof of possession.
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Uncached: the admin must see the queue as it is after every decision.
  app.get(
    '/moderation',
    {
      schema: { querystring: pageQuerySchema, response: { 200: moderationListSchema } },
      config: { access: 'admin' },
    },
    async (request, reply) => sendPage(request, reply, await listPending({ db: app.db, page: request.query })),
  );

  app.put(
    '/moderation/:laptopId',
    {
      schema: {
        params: z.object({ laptopId: idSchema('laptopId') }),
        body: moderationDecisionSchema,
        response: { 200: reviewStatusAnswerSchema },
      },
      // An approved listing joins the public lists.
      config: { access: 'admin', invalidates: ['laptops'] },
    },
    async (request) => {
      const change = await decide({
        db: app.db,
        actor: signedIn(request),
        laptopId: request.params.laptopId,
        decision: request.body,
      });
      // An approved listing left a job for the saved searches' alerts.
      app.alerts.wake();
      return delivered(app, change);
    },
  );

  app.put(
    '/laptops/:id/proof',
    {
      schema: { params: idParamsSchema, body: proofBodySchema, response: { 200: listingReviewSchema } },
      config: { access: 'seller' },
    },
    async (request) =>
      addProof({ db: app.db, actor: signedIn(request), laptopId: request.params.id, photoId: request.body.photo_id }),
  );
};
