import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  advertisedQuerySchema,
  categoryParamsSchema,
  laptopListSchema,
  publicLaptopListSchema,
} from '../../shared/laptops.ts';
import { listAdvertised, listCategory, parseCategory } from '../domain/laptops.ts';
import { sendCached } from '../plugins/public-cache.ts';

export const laptopRoutes: FastifyPluginAsyncZod = async (app) => {
  // The response schema is the public one: seller e-mail and phone are stripped whatever the query returns.
  app.get(
    '/myProducts',
    {
      schema: { querystring: advertisedQuerySchema, response: { 200: publicLaptopListSchema } },
      config: { access: 'public' },
    },
    (request, reply) =>
      sendCached(request, reply, {
        key: 'advertised',
        schema: publicLaptopListSchema,
        load: () => listAdvertised({ db: app.db }),
      }),
  );

  app.get(
    '/categories/:name',
    { schema: { params: categoryParamsSchema, response: { 200: laptopListSchema } }, config: { access: 'signedIn' } },
    async (request, reply) => {
      const category = parseCategory(request.params.name);
      return sendCached(request, reply, {
        key: `category:${category}`,
        schema: laptopListSchema,
        load: () => listCategory({ db: app.db, category }),
        private: true,
      });
    },
  );
};
