import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { articleListSchema } from '../../shared/blog.ts';
import { serviceListSchema } from '../../shared/services.ts';
import { listArticles, listServices } from '../domain/content.ts';
import { sendCached } from '../plugins/public-cache.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/blog',
    { schema: { response: { 200: articleListSchema } }, config: { access: 'public' } },
    (request, reply) =>
      sendCached(request, reply, { key: 'blog', schema: articleListSchema, load: () => listArticles({ db: app.db }) }),
  );
  app.get(
    '/services',
    { schema: { response: { 200: serviceListSchema } }, config: { access: 'public' } },
    (request, reply) =>
      sendCached(request, reply, {
        key: 'services',
        schema: serviceListSchema,
        load: () => listServices({ db: app.db }),
      }),
  );
};
