import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/common.ts';
import {
  advertisedQuerySchema,
  categoryParamsSchema,
  editLaptopSchema,
  laptopListSchema,
  laptopSchema,
  publicLaptopListSchema,
} from '../../../shared/laptops.ts';
import {
  laptopDetailSchema,
  laptopPageSchema,
  laptopSearchQuerySchema,
  pageQuerySchema,
} from '../../../shared/search.ts';
import { sendCached, sendCachedPage, sendOwn, sendOwnPage } from '../../platform/http/cache.ts';
import { signedIn } from '../auth/access.ts';
import { getActor } from '../auth/authentication.ts';
import { delivered } from '../notifications/streams.ts';
import { editLaptop, getLaptop, listAdvertised, listCategory, parseCategory } from './laptops.ts';
import { type SearchMemo, searchLaptops } from './search.ts';

declare module 'fastify' {
  interface FastifyInstance {
    searchMemo: SearchMemo;
  }
}

/** Search's memo of spelling suggestions and price bounds (docs/search.md), forgotten when any listing changes. */
export function registerSearchMemo(app: FastifyInstance, memo: SearchMemo) {
  app.decorate('searchMemo', memo);
  app.changes.on(({ tags }) => {
    if (tags?.includes('laptops')) memo.clear();
  });
}

export const laptopRoutes: FastifyPluginAsyncZod = async (app) => {
  // The response schema is the public one: seller e-mail and phone are stripped whatever the query returns.
  app.get(
    '/myProducts',
    {
      schema: { querystring: advertisedQuerySchema, response: { 200: publicLaptopListSchema } },
      config: { access: 'public', cache: { scope: 'public', tag: 'laptops' } },
    },
    async (request, reply) => {
      // One shared answer for everyone, but a user who blocked sellers gets one without theirs.
      const withoutSellers = await app.blockedSellers(request);
      if (withoutSellers.length) return sendOwn(request, reply, () => listAdvertised({ db: app.db, withoutSellers }));
      return sendCached(request, reply, () => listAdvertised({ db: app.db }));
    },
  );

  // Search and browse (docs/search.md): public fields only, whatever the caller; without the
  // listings of sellers the caller blocked.
  app.get(
    '/laptops',
    {
      schema: { querystring: laptopSearchQuerySchema, response: { 200: laptopPageSchema } },
      config: { access: 'public', cache: { scope: 'public', tag: 'laptops' } },
    },
    async (request, reply) => {
      const withoutSellers = await app.blockedSellers(request);
      if (withoutSellers.length) {
        const query = { ...request.query, withoutSellers };
        return sendOwn(request, reply, () => searchLaptops({ db: app.db, query, memo: app.searchMemo }));
      }
      return sendCached(request, reply, () =>
        searchLaptops({ db: app.db, query: request.query, memo: app.searchMemo }),
      );
    },
  );

  // Not cached: the answer depends on whether the caller is signed in.
  app.get(
    '/laptops/:id',
    {
      schema: { params: idParamsSchema, response: { 200: laptopDetailSchema } },
      config: { access: 'public' },
    },
    async (request) => getLaptop({ db: app.db, actor: await getActor(request), id: request.params.id }),
  );

  // The seller edits the whole listing (docs/product.md#edit-a-listing); an admin may not (403).
  app.put(
    '/laptops/:id',
    {
      schema: { params: idParamsSchema, body: editLaptopSchema, response: { 200: laptopSchema } },
      config: { access: 'seller', invalidates: ['laptops'] },
    },
    async (request) => {
      const change = await editLaptop({
        db: app.db,
        store: app.photoStore,
        actor: signedIn(request),
        id: request.params.id,
        input: request.body,
      });
      app.alerts.wake();
      return delivered(app, { result: change.laptop, deliveries: change.deliveries });
    },
  );

  app.get(
    '/categories/:name',
    // Private: the answers carry seller contact, for signed-in callers only.
    {
      schema: { params: categoryParamsSchema, querystring: pageQuerySchema, response: { 200: laptopListSchema } },
      config: { access: 'signedIn', cache: { scope: 'private', tag: 'laptops' } },
    },
    async (request, reply) => {
      const category = parseCategory(request.params.name);
      const withoutSellers = await app.blockedSellers(request);
      const list = () => listCategory({ db: app.db, category, page: request.query, withoutSellers });
      return withoutSellers.length ? sendOwnPage(request, reply, list) : sendCachedPage(request, reply, list);
    },
  );
};
