import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedCountSchema, idParamsSchema, modifiedCountSchema } from '../../../shared/common.ts';
import {
  orderReviewStateSchema,
  ownReviewSchema,
  reportedReviewPageSchema,
  reviewBodySchema,
} from '../../../shared/reviews.ts';
import { pageQuerySchema } from '../../../shared/search.ts';
import { counted, markUnchanged } from '../../platform/http/cache.ts';
import { noContent } from '../../platform/http/no-content.ts';
import { perUser } from '../../platform/http/rate-limits.ts';
import { signedIn } from '../auth/access.ts';
import {
  keepReview,
  listReportedReviews,
  publishDueReviews,
  removeReview,
  reportReview,
  reviewStateOf,
  writeReview,
} from './reviews.ts';

/** Reports of reviews per user an hour: as for listings (features/reports/routes.ts). */
export const REVIEW_REPORTS_PER_HOUR = 10;
/** How often the server publishes the reviews nobody answered within seven days. */
export const REVIEW_SWEEP_INTERVAL_MS = 60_000;

// Ratings from completed deals (docs/product.md#ratings). A review changes what the public sees
// (the seller's stars on cards, their page) only when it is published, so only then are the
// 'laptops' answers cleared.
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:id/review',
    {
      schema: { params: idParamsSchema, body: reviewBodySchema, response: { 201: ownReviewSchema } },
      config: { access: 'signedIn', invalidates: ['laptops'] },
    },
    async (request, reply) => {
      const { review, published } = await writeReview({
        db: app.db,
        actor: signedIn(request),
        orderId: request.params.id,
        input: request.body,
      });
      if (!published) markUnchanged(reply);
      return reply.code(201).send(review);
    },
  );

  app.get(
    '/orders/:id/review',
    { schema: { params: idParamsSchema, response: { 200: orderReviewStateSchema } }, config: { access: 'signedIn' } },
    (request) => reviewStateOf({ db: app.db, actor: signedIn(request), orderId: request.params.id }),
  );

  app.post(
    '/reviews/:id/report',
    {
      schema: { params: idParamsSchema, response: { 204: noContent } },
      // Nothing public changes until the admin acts.
      config: { access: 'signedIn', rateLimit: perUser(REVIEW_REPORTS_PER_HOUR, 60 * 60_000, 'review-reports') },
    },
    async (request, reply) => {
      await reportReview({ db: app.db, actor: signedIn(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  // Uncached: the admin must see the list as it is after every action.
  app.get(
    '/reviews/reported',
    {
      schema: { querystring: pageQuerySchema, response: { 200: reportedReviewPageSchema } },
      config: { access: 'admin' },
    },
    (request) => listReportedReviews({ db: app.db, page: request.query }),
  );

  app.delete(
    '/reviews/:id',
    {
      schema: { params: idParamsSchema, response: { 200: deletedCountSchema } },
      config: { access: 'admin', invalidates: ['laptops'] },
    },
    async (request, reply) => counted(reply, await removeReview({ db: app.db, id: request.params.id })),
  );

  // The admin keeps a reported review: it leaves the list, nothing public changes.
  app.delete(
    '/reviews/:id/report',
    { schema: { params: idParamsSchema, response: { 200: modifiedCountSchema } }, config: { access: 'admin' } },
    (request) => keepReview({ db: app.db, id: request.params.id }),
  );

  registerReviewSweep(app);
};

/** Publishes due reviews every minute, and clears the public answers showing stars when it did. */
function registerReviewSweep(app: FastifyInstance) {
  const sweep = () =>
    publishDueReviews(app.db)
      .then((published) => {
        if (published) app.changes.announce({ tags: ['laptops'] });
      })
      .catch((error) => app.log.warn({ err: error }, 'publishing due reviews failed; it runs again within a minute'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, REVIEW_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
