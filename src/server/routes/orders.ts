import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookedBodySchema,
  buyerEmailQuerySchema,
  createOrderBodySchema,
  deletedCountSchema,
  idParamsSchema,
  laptopIdParamsSchema,
  modifiedCountSchema,
  orderListSchema,
  orderSchema,
} from '../../shared/orders.ts';
import { cancelOrder, createOrder, getOrder, listOrders, setBooked } from '../domain/orders.ts';
import { getActor } from '../plugins/auth.ts';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/myOrders',
    { schema: { querystring: buyerEmailQuerySchema, response: { 200: orderListSchema } } },
    async (request) => listOrders({ db: app.db, actor: await getActor(request), buyerEmail: request.query.buyerEmail }),
  );

  app.get('/myOrders/:id', { schema: { params: idParamsSchema, response: { 200: orderSchema } } }, async (request) =>
    getOrder({ db: app.db, actor: await getActor(request), id: request.params.id }),
  );

  app.post(
    '/myOrders',
    { schema: { body: createOrderBodySchema, response: { 201: orderSchema } } },
    async (request, reply) => {
      const order = await createOrder({ db: app.db, actor: await getActor(request), input: request.body });
      return reply.code(201).send(order);
    },
  );

  app.delete(
    '/myOrders/:id',
    { schema: { params: idParamsSchema, response: { 200: deletedCountSchema } } },
    async (request) => cancelOrder({ db: app.db, actor: await getActor(request), id: request.params.id }),
  );

  app.put(
    '/booked/:laptopId',
    { schema: { params: laptopIdParamsSchema, body: bookedBodySchema, response: { 200: modifiedCountSchema } } },
    async (request) =>
      setBooked({
        db: app.db,
        actor: await getActor(request),
        laptopId: request.params.laptopId,
        booked: request.body.booked,
      }),
  );
};
