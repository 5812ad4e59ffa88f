import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailParamsSchema } from '../../../shared/common.ts';
import { userListQuerySchema } from '../../../shared/search.ts';
import {
  accessTokenSchema,
  createUserBodySchema,
  isAdminSchema,
  isSellerSchema,
  meSchema,
  userListSchema,
  userSchema,
  verificationRequestBodySchema,
} from '../../../shared/users.ts';
import { markUnchanged, sendPage } from '../../platform/http/cache.ts';
import { signedIn } from '../auth/access.ts';
import {
  confirmUser,
  getMe,
  isAdmin,
  isSeller,
  issueAccessToken,
  listUsersByRole,
  lookupUser,
  requestVerification,
} from './users.ts';

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

  // The caller's own account: verification for the dashboard, the phone for the forms to prefill.
  app.get('/users/me', { schema: { response: { 200: meSchema } }, config: { access: 'signedIn' } }, async (request) =>
    getMe({ db: app.db, actor: signedIn(request) }),
  );

  // A seller asks the admin to verify them (docs/product.md#seller-verification).
  app.post(
    '/users/verification-request',
    { schema: { body: verificationRequestBodySchema, response: { 200: meSchema } }, config: { access: 'seller' } },
    async (request) => requestVerification({ db: app.db, actor: signedIn(request) }),
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
