import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigSchema } from '../../shared/auth.ts';
import { googleModeOf } from '../plugins/authentication.ts';

export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = { googleSignIn: googleModeOf(app.config) };
  app.get(
    '/client-config',
    { schema: { response: { 200: clientConfigSchema } }, config: { access: 'public' } },
    () => body,
  );
};
