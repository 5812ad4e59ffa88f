import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { articleListSchema } from '../../shared/blog.ts';
import { serviceListSchema } from '../../shared/services.ts';
import { listArticles, listServices } from '../domain/content.ts';
import { sendCached } from '../plugins/cache.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'public', cache: { scope: 'public', tag: 'content', replay: true } } as const;
  app.get('/blog', { schema: { response: { 200: articleListSchema } }, config }, (request, reply) =>
    sendCached(request, reply, () => listArticles({ db: app.db })),
  );
  app.get('/services', { schema: { response: { 200: serviceListSchema } }, config }, (request, reply) =>
    sendCached(request, reply, () => listServices({ db: app.db })),
  );
};
