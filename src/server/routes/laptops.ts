import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  advertisedQuerySchema,
  categoryParamsSchema,
  laptopListSchema,
  publicLaptopListSchema,
} from '../../shared/laptops.ts';
import { listAdvertised, listCategory, parseCategory } from '../domain/laptops.ts';
import { sendCached } from '../plugins/cache.ts';

export const laptopRoutes: FastifyPluginAsyncZod = async (app) => {
  // The response schema is the public one: seller e-mail and phone are stripped whatever the query returns.
  app.get(
    '/myProducts',
    {
      schema: { querystring: advertisedQuerySchema, response: { 200: publicLaptopListSchema } },
      config: { access: 'public', cache: { scope: 'public', tag: 'laptops', replay: true } },
    },
    (request, reply) => sendCached(request, reply, () => listAdvertised({ db: app.db })),
  );

  app.get(
    '/categories/:name',
    // Private: the answers carry seller contact, for signed-in callers only.
    {
      schema: { params: categoryParamsSchema, response: { 200: laptopListSchema } },
      config: { access: 'signedIn', cache: { scope: 'private', tag: 'laptops' } },
    },
    async (request, reply) => {
      const category = parseCategory(request.params.name);
      return sendCached(request, reply, () => listCategory({ db: app.db, category }));
    },
  );
};
