import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedCountSchema, idParamsSchema, modifiedCountSchema } from '../../shared/common.ts';
import {
  bookedBodySchema,
  buyerEmailQuerySchema,
  createOrderBodySchema,
  laptopIdParamsSchema,
  orderListSchema,
  orderSchema,
} from '../../shared/orders.ts';
import { pageQuerySchema } from '../../shared/search.ts';
import { requireSelfOrAdmin } from '../domain/actor.ts';
import { cancelOrder, createOrder, getOrder, listOrders, setBooked } from '../domain/orders.ts';
import { signedIn } from '../plugins/access.ts';
import { counted, sendCachedPage } from '../plugins/cache.ts';

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
      const order = await createOrder({ db: app.db, actor: signedIn(request), input: request.body });
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
      counted(reply, await cancelOrder({ db: app.db, actor: signedIn(request), id: request.params.id })),
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
