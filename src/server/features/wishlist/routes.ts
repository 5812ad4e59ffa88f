import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedCountSchema } from '../../../shared/common.ts';
import { pageQuerySchema } from '../../../shared/search.ts';
import { wishlistItemSchema, wishlistParamsSchema, wishlistSchema } from '../../../shared/wishlist.ts';
import { counted, sendPage } from '../../platform/http/cache.ts';
import { signedIn } from '../auth/access.ts';
import { listWishlist, removeLaptop, saveLaptop } from './wishlist.ts';

// The caller's own wishlist (docs/product.md#my-wishlist). Not cached: the answer depends on who
// asks, and no query names them. A wishlist changes no other answer, so nothing is invalidated.
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wishlist',
    {
      schema: { querystring: pageQuerySchema, response: { 200: wishlistSchema } },
      config: { access: 'signedIn' },
    },
    async (request, reply) =>
      sendPage(request, reply, await listWishlist({ db: app.db, actor: signedIn(request), page: request.query })),
  );

  app.put(
    '/wishlist/:laptopId',
    {
      schema: { params: wishlistParamsSchema, response: { 200: wishlistItemSchema } },
      config: { access: 'signedIn' },
    },
    async (request) => saveLaptop({ db: app.db, actor: signedIn(request), laptopId: request.params.laptopId }),
  );

  app.delete(
    '/wishlist/:laptopId',
    {
      schema: { params: wishlistParamsSchema, response: { 200: deletedCountSchema } },
      config: { access: 'signedIn' },
    },
    async (request, reply) =>
      counted(reply, await removeLaptop({ db: app.db, actor: signedIn(request), laptopId: request.params.laptopId })),
  );
};
