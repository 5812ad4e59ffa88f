import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletedCountSchema, emailParamsSchema, idParamsSchema, modifiedCountSchema } from '../../../shared/common.ts';

import { deleteUserBodySchema, verifyBodySchema } from '../../../shared/users.ts';
import { counted } from '../../platform/http/cache.ts';
import { signedIn } from '../auth/access.ts';
import { deleteUser, verifySeller, verifySellerLaptops } from './admin.ts';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/users',
    {
      schema: { body: deleteUserBodySchema, response: { 200: deletedCountSchema } },
      config: { access: 'admin', changesIdentity: true, invalidates: ['laptops', 'orders'] },
    },
    async (request, reply) =>
      counted(
        reply,
        await deleteUser({ db: app.db, store: app.photoStore, actor: signedIn(request), id: request.body.id }),
      ),
  );

  app.put(
    '/users/:id',
    {
      schema: { params: idParamsSchema, body: verifyBodySchema, response: { 200: modifiedCountSchema } },
      config: { access: 'admin', changesIdentity: true, invalidates: ['laptops'] },
    },
    async (request, reply) =>
      counted(
        reply,
        await verifySeller({ db: app.db, actor: signedIn(request), id: request.params.id, note: request.body.note }),
      ),
  );

  app.put(
    '/allLaptop/:email',
    {
      schema: { params: emailParamsSchema, body: verifyBodySchema, response: { 200: modifiedCountSchema } },
      config: { access: 'admin', invalidates: ['laptops'] },
    },
    async (request, reply) =>
      counted(
        reply,
        await verifySellerLaptops({
          db: app.db,
          actor: signedIn(request),
          email: request.params.email,
          note: request.body.note,
        }),
      ),
  );
};
