import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigSchema } from '../../../shared/auth.ts';
import { articleListSchema } from '../../../shared/blog.ts';
import { contentQuerySchema } from '../../../shared/content.ts';
import { serviceListSchema } from '../../../shared/services.ts';
import { sendCached } from '../../platform/http/cache.ts';
import { googleModeOf } from '../auth/authentication.ts';
import { listArticles, listServices } from './content.ts';

// What every visitor reads: the blog, the services, and the settings the browser app starts with.
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const clientConfig = { googleSignIn: googleModeOf(app.config), contact: app.config.contact };
  app.get(
    '/client-config',
    { schema: { response: { 200: clientConfigSchema } }, config: { access: 'public' } },
    () => clientConfig,
  );
  // `?lang=bn` answers the Bangla texts (docs/i18n.md); the validated query is part of the cache key.
  const config = { access: 'public', cache: { scope: 'public', tag: 'content' } } as const;
  app.get(
    '/blog',
    { schema: { querystring: contentQuerySchema, response: { 200: articleListSchema } }, config },
    (request, reply) => sendCached(request, reply, () => listArticles({ db: app.db, locale: request.query.lang })),
  );
  app.get(
    '/services',
    { schema: { querystring: contentQuerySchema, response: { 200: serviceListSchema } }, config },
    (request, reply) => sendCached(request, reply, () => listServices({ db: app.db, locale: request.query.lang })),
  );
};
