import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/common.ts';
import { reviewPageSchema } from '../../../shared/reviews.ts';
import { pageQuerySchema } from '../../../shared/search.ts';
import { sellerLaptopPageSchema, sellerSchema } from '../../../shared/sellers.ts';
import { sendCached } from '../../platform/http/cache.ts';
import { getSeller, listSellerLaptops, listSellerReviews } from './sellers.ts';

// Seller pages (docs/product.md#seller-pages): public and the same for everyone, so cached and kept
// by an edge. Listings, sales, verification and published reviews all clear the 'laptops' tag.
const cached = { access: 'public', cache: { scope: 'public', tag: 'laptops' } } as const;

export const sellerPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sellers/:id',
    { schema: { params: idParamsSchema, response: { 200: sellerSchema } }, config: cached },
    (request, reply) => sendCached(request, reply, () => getSeller({ db: app.db, id: request.params.id })),
  );

  app.get(
    '/sellers/:id/reviews',
    {
      schema: { params: idParamsSchema, querystring: pageQuerySchema, response: { 200: reviewPageSchema } },
      config: cached,
    },
    (request, reply) =>
      sendCached(request, reply, () => listSellerReviews({ db: app.db, id: request.params.id, page: request.query })),
  );

  app.get(
    '/sellers/:id/laptops',
    {
      schema: { params: idParamsSchema, querystring: pageQuerySchema, response: { 200: sellerLaptopPageSchema } },
      config: cached,
    },
    (request, reply) =>
      sendCached(request, reply, () => listSellerLaptops({ db: app.db, id: request.params.id, page: request.query })),
  );
};
