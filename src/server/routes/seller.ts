import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedCountSchema, idParamsSchema, modifiedCountSchema } from '../../shared/common.ts';
import {
  addLaptopSchema,
  advertiseBodySchema,
  deleteLaptopBodySchema,
  laptopListSchema,
  laptopSchema,
  sellerEmailQuerySchema,
} from '../../shared/laptops.ts';
import { pageQuerySchema } from '../../shared/search.ts';

import { addLaptop, advertiseLaptop, deleteLaptop, listSellerLaptops } from '../domain/laptops.ts';
import { signedIn } from '../plugins/access.ts';
import { counted, sendPage } from '../plugins/cache.ts';

export const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/addLaptop',
    {
      schema: { body: addLaptopSchema, response: { 201: laptopSchema } },
      config: { access: 'seller', invalidates: ['laptops'] },
    },
    async (request, reply) => {
      const laptop = await addLaptop({ db: app.db, actor: signedIn(request), input: request.body });
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

  app.put(
    '/myProducts/:id',
    {
      schema: { params: idParamsSchema, body: advertiseBodySchema, response: { 200: modifiedCountSchema } },
      config: { access: 'seller', invalidates: ['laptops'] },
    },
    async (request, reply) =>
      counted(reply, await advertiseLaptop({ db: app.db, actor: signedIn(request), id: request.params.id })),
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
