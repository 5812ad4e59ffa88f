import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { articleListSchema } from '../../shared/blog.ts';
import { serviceListSchema } from '../../shared/services.ts';
import { listArticles, listServices } from '../domain/content.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/blog', { schema: { response: { 200: articleListSchema } } }, () => listArticles({ db: app.db }));
  app.get('/services', { schema: { response: { 200: serviceListSchema } } }, () => listServices({ db: app.db }));
};
