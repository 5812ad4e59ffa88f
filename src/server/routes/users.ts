import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailParamsSchema } from '../../shared/common.ts';
import { userListQuerySchema } from '../../shared/search.ts';
import {
  accessTokenSchema,
  createUserBodySchema,
  isAdminSchema,
  isSellerSchema,
  userListSchema,
  userSchema,
} from '../../shared/users.ts';
import { confirmUser, isAdmin, isSeller, issueAccessToken, listUsersByRole, lookupUser } from '../domain/users.ts';
import { signedIn } from '../plugins/access.ts';
import { markUnchanged, sendPage } from '../plugins/cache.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jwt',
    {
      schema: { querystring: emailParamsSchema, response: { 200: accessTokenSchema } },
      config: { access: 'signedIn' },
    },
    async (request) =>
      issueAccessToken({ key: app.accessTokenKey, actor: signedIn(request), email: request.query.email }),
  );

  // The account already exists (sign-up made it): confirming it writes nothing.
  app.post(
    '/users',
    { schema: { body: createUserBodySchema, response: { 200: userSchema } }, config: { access: 'signedIn' } },
    async (request, reply) => {
      markUnchanged(reply);
      return confirmUser({ db: app.db, actor: signedIn(request), input: request.body });
    },
  );

  app.get(
    '/users/admin/:email',
    { schema: { params: emailParamsSchema, response: { 200: isAdminSchema } }, config: { access: 'signedIn' } },
    async (request) => isAdmin({ db: app.db, actor: signedIn(request), email: request.params.email }),
  );

  app.get(
    '/users/seller/:email',
    { schema: { params: emailParamsSchema, response: { 200: isSellerSchema } }, config: { access: 'signedIn' } },
    async (request) => isSeller({ db: app.db, actor: signedIn(request), email: request.params.email }),
  );

  app.get(
    '/users/buyer/:email',
    { schema: { params: emailParamsSchema, response: { 200: userListSchema } }, config: { access: 'signedIn' } },
    async (request) => lookupUser({ db: app.db, actor: signedIn(request), email: request.params.email }),
  );

  const adminList = {
    schema: { querystring: userListQuerySchema, response: { 200: userListSchema } },
    config: { access: 'admin' },
  } as const;
  for (const role of ['buyer', 'seller'] as const) {
    app.get(`/users/${role}`, adminList, async (request, reply) =>
      sendPage(request, reply, await listUsersByRole({ db: app.db, role, query: request.query })),
    );
  }
};
