import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedCountSchema, idParamsSchema, modifiedCountSchema } from '../../../shared/common.ts';
import {
  answerOrderBodySchema,
  bookedBodySchema,
  buyerEmailQuerySchema,
  createOrderBodySchema,
  laptopIdParamsSchema,
  orderIdParamsSchema,
  orderListSchema,
  orderSchema,
} from '../../../shared/orders.ts';
import { pageQuerySchema } from '../../../shared/search.ts';
import { requireSelfOrAdmin } from '../../platform/actor.ts';
import { counted, sendCachedPage, sendPage } from '../../platform/http/cache.ts';
import { signedIn } from '../auth/access.ts';
import { delivered } from '../notifications/streams.ts';
import { requireVerifiedPhone } from '../phone/phone.ts';
import { answerOrder, cancelOrder, createOrder, getOrder, listMyBuyers, listOrders, setBooked } from './orders.ts';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/myOrders',
    {
      schema: { querystring: buyerEmailQuerySchema.extend(pageQuerySchema.shape), response: { 200: orderListSchema } },
      config: { access: 'signedIn', cache: { scope: 'private', tag: 'orders' } },
    },
    async (request, reply) => {
      const actor = signedIn(request);
      const { buyerEmail, ...page } = request.query;
      // Check before the cache: a cached list is only ever handed to its buyer or an admin.
      requireSelfOrAdmin(actor, buyerEmail);
      return sendCachedPage(request, reply, () => listOrders({ db: app.db, actor, buyerEmail, page }));
    },
  );

  app.get(
    '/myOrders/:id',
    { schema: { params: idParamsSchema, response: { 200: orderSchema } }, config: { access: 'signedIn' } },
    async (request) => getOrder({ db: app.db, actor: signedIn(request), id: request.params.id }),
  );

  app.post(
    '/myOrders',
    {
      schema: { body: createOrderBodySchema, response: { 201: orderSchema } },
      config: { access: 'signedIn', invalidates: ['laptops', 'orders'] },
    },
    async (request, reply) => {
      const actor = signedIn(request);
      await requireVerifiedPhone(app.db, actor, app.config.phoneVerification === 'required');
      const order = delivered(app, await createOrder({ db: app.db, actor, input: request.body }));
      return reply.code(201).send(order);
    },
  );

  app.delete(
    '/myOrders/:id',
    {
      schema: { params: idParamsSchema, response: { 200: deletedCountSchema } },
      config: { access: 'signedIn', invalidates: ['laptops', 'orders'] },
    },
    async (request, reply) =>
      counted(
        reply,
        delivered(app, await cancelOrder({ db: app.db, actor: signedIn(request), id: request.params.id })),
      ),
  );

  // My Buyers (docs/product.md#deals): the bookings on the seller's laptops, and the seller's answer.
  app.get(
    '/myBuyers',
    {
      schema: { querystring: pageQuerySchema, response: { 200: orderListSchema } },
      config: { access: 'seller' },
    },
    async (request, reply) =>
      sendPage(request, reply, await listMyBuyers({ db: app.db, actor: signedIn(request), page: request.query })),
  );

  app.put(
    '/myBuyers/:orderId',
    {
      schema: { params: orderIdParamsSchema, body: answerOrderBodySchema, response: { 200: modifiedCountSchema } },
      config: { access: 'seller', invalidates: ['laptops', 'orders'] },
    },
    async (request) =>
      delivered(
        app,
        await answerOrder({
          db: app.db,
          actor: signedIn(request),
          orderId: request.params.orderId,
          status: request.body.status,
        }),
      ),
  );

  app.put(
    '/booked/:laptopId',
    {
      schema: { params: laptopIdParamsSchema, body: bookedBodySchema, response: { 200: modifiedCountSchema } },
      config: { access: 'signedIn', invalidates: ['laptops'] },
    },
    async (request, reply) =>
      counted(
        reply,
        await setBooked({
          db: app.db,
          actor: signedIn(request),
          laptopId: request.params.laptopId,
          booked: request.body.booked,
        }),
      ),
  );
};
