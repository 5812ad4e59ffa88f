import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedCountSchema, idParamsSchema, modifiedCountSchema } from '../../../shared/common.ts';
import {
  addLaptopSchema,
  deleteLaptopBodySchema,
  laptopListSchema,
  laptopSchema,
  productUpdateSchema,
  sellerEmailQuerySchema,
} from '../../../shared/laptops.ts';
import { pageQuerySchema } from '../../../shared/search.ts';
import { counted, sendPage } from '../../platform/http/cache.ts';
import { signedIn } from '../auth/access.ts';
import { delivered } from '../notifications/streams.ts';
import { markSold } from '../orders/orders.ts';
import { addLaptop, advertiseLaptop, deleteLaptop, listSellerLaptops, setPrice } from './laptops.ts';

export const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/addLaptop',
    {
      schema: { body: addLaptopSchema, response: { 201: laptopSchema } },
      config: { access: 'seller', invalidates: ['laptops'] },
    },
    async (request, reply) => {
      // Without a verified phone where one is required, the listing is held for review
      // (features/moderation) rather than refused: nothing the seller wrote is lost.
      const laptop = await addLaptop({
        db: app.db,
        actor: signedIn(request),
        input: request.body,
        rules: {
          phoneRequired: app.config.phoneVerification === 'required',
          perDay: app.config.listingsPerDayBeforeReview,
        },
      });
      // A listing published at once left a job for the saved searches' alerts: look at it now.
      app.alerts.wake();
      return reply.code(201).send(laptop);
    },
  );

  app.get(
    '/allLaptops',
    {
      schema: {
        querystring: sellerEmailQuerySchema.extend(pageQuerySchema.shape),
        response: { 200: laptopListSchema },
      },
      config: { access: 'signedIn' },
    },
    async (request, reply) => {
      const { email, ...page } = request.query;
      return sendPage(request, reply, await listSellerLaptops({ db: app.db, actor: signedIn(request), email, page }));
    },
  );

  // One change at a time (docs/product.md#deals): advertise it, mark it sold, or set its price.
  app.put(
    '/myProducts/:id',
    {
      schema: { params: idParamsSchema, body: productUpdateSchema, response: { 200: modifiedCountSchema } },
      config: { access: 'seller', invalidates: ['laptops', 'orders'] },
    },
    async (request, reply) => {
      const actor = signedIn(request);
      const { id } = request.params;
      const body = request.body;
      if (body.salesStatus === 'sold') {
        return counted(
          reply,
          delivered(app, await markSold({ db: app.db, actor, laptopId: id, orderId: body.orderId })),
        );
      }
      if (body.resale_price !== undefined) {
        const change = await setPrice({ db: app.db, actor, id, price: body.resale_price });
        app.alerts.wake();
        return counted(reply, delivered(app, change));
      }
      return counted(reply, await advertiseLaptop({ db: app.db, actor, id }));
    },
  );

  app.delete(
    '/allLaptops',
    {
      schema: { body: deleteLaptopBodySchema, response: { 200: deletedCountSchema } },
      config: { access: 'signedIn', invalidates: ['laptops', 'orders'] },
    },
    async (request, reply) =>
      counted(
        reply,
        await deleteLaptop({
          db: app.db,
          store: app.photoStore,
          actor: signedIn(request),
          id: request.body.laptopId,
        }),
      ),
  );
};
