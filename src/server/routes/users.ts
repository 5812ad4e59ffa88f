import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessTokenSchema,
  createUserBodySchema,
  emailParamsSchema,
  emailQuerySchema,
  isAdminSchema,
  isSellerSchema,
  userListSchema,
  userSchema,
} from '../../shared/users.ts';
import { issueAccessToken } from '../domain/access.ts';
import { confirmUser, isAdmin, isSeller, listUsersByRole, lookupUser } from '../domain/users.ts';
import { getActor } from '../plugins/auth.ts';
import { markUnchanged } from '../plugins/write-hooks.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jwt',
    { schema: { querystring: emailQuerySchema, response: { 200: accessTokenSchema } } },
    async (request) =>
      issueAccessToken({ key: app.accessTokenKey, actor: await getActor(request), email: request.query.email }),
  );

  // The account already exists (sign-up made it): confirming it writes nothing.
  app.post(
    '/users',
    { schema: { body: createUserBodySchema, response: { 200: userSchema } } },
    async (request, reply) => {
      markUnchanged(reply);
      return confirmUser({ db: app.db, actor: await getActor(request), input: request.body });
    },
  );

  app.get(
    '/users/admin/:email',
    { schema: { params: emailParamsSchema, response: { 200: isAdminSchema } } },
    async (request) => isAdmin({ db: app.db, actor: await getActor(request), email: request.params.email }),
  );

  app.get(
    '/users/seller/:email',
    { schema: { params: emailParamsSchema, response: { 200: isSellerSchema } } },
    async (request) => isSeller({ db: app.db, actor: await getActor(request), email: request.params.email }),
  );

  app.get(
    '/users/buyer/:email',
    { schema: { params: emailParamsSchema, response: { 200: userListSchema } } },
    async (request) => lookupUser({ db: app.db, actor: await getActor(request), email: request.params.email }),
  );

  app.get('/users/buyer', { schema: { response: { 200: userListSchema } } }, async (request) =>
    listUsersByRole({ db: app.db, actor: await getActor(request), role: 'buyer' }),
  );

  app.get('/users/seller', { schema: { response: { 200: userListSchema } } }, async (request) =>
    listUsersByRole({ db: app.db, actor: await getActor(request), role: 'seller' }),
  );
};
