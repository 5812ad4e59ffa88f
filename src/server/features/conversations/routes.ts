import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/common.ts';
import {
  blockListSchema,
  blockParamsSchema,
  conversationDetailSchema,
  conversationPageSchema,
  conversationSchema,
  messagePageSchema,
  messageSchema,
  reportConversationBodySchema,
  reportedConversationPageSchema,
  sendMessageBodySchema,
  startConversationBodySchema,
} from '../../../shared/conversations.ts';
import { pageQuerySchema } from '../../../shared/search.ts';
import { noContent } from '../../platform/http/no-content.ts';
import { perUser } from '../../platform/http/rate-limits.ts';
import { Memo } from '../../platform/memo.ts';
import { signedIn } from '../auth/access.ts';
import { getActor } from '../auth/authentication.ts';
import { delivered } from '../notifications/streams.ts';
import {
  block,
  blockedIds,
  closeConversationReport,
  getConversation,
  listBlocks,
  listConversations,
  listMessages,
  listReportedConversations,
  markConversationRead,
  reportConversation,
  sendMessage,
  startConversation,
  unblock,
} from './conversations.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The sellers the request's signed-in caller blocked, whose listings they are not shown; none
     * for a visitor, and for most users (docs/decisions/0036).
     */
    blockedSellers(request: FastifyRequest): Promise<readonly string[]>;
  }
}

/**
 * How long a user's blocks are remembered. Blocking and unblocking forget them at once, on every
 * instance through the change feed (and all of them after a gap in it); this bounds the rest.
 */
export const BLOCKS_MEMO_TTL_MS = 60_000;
const NONE: readonly string[] = Object.freeze([]);

/**
 * `app.blockedSellers`: the lists and search ask it on every request with a session, so it is one
 * lookup per user a minute, not per request (the actor comes from the actor cache). A visitor's
 * request costs nothing.
 */
export function registerBlockedSellers(app: FastifyInstance) {
  const memo = new Memo<{ userId: string; ids: readonly string[] }>(BLOCKS_MEMO_TTL_MS);
  app.changes.on(({ identity, users, blockers }) => {
    if (blockers) memo.forget((v) => v !== null && blockers.includes(v.userId));
    // A gap in the feed (or any change of identity not naming whose): anything may have changed.
    else if (identity && !users) memo.clear();
  });
  app.decorate('blockedSellers', async (request: FastifyRequest) => {
    if (!app.carriesCredentials(request)) return NONE;
    // A broken cookie or token on a public list is a visitor's request, as before.
    const actor = await getActor(request).catch(() => null);
    if (!actor) return NONE;
    const known = memo.get(actor.id);
    if (known) return known.ids;
    const generation = memo.generation;
    const ids = await blockedIds(app.db, actor.id);
    memo.set(actor.id, { userId: actor.id, ids: ids.length ? ids : NONE }, generation);
    return ids;
  });
}

/** Messages per user a minute: a fast typist's pace, too slow to flood someone (docs/security.md#rate-limits). */
export const MESSAGES_PER_MINUTE = 30;
/** New conversations per user an hour: enough to ask about ten laptops, too few to spam every seller. */
export const CONVERSATIONS_PER_HOUR = 10;
/** Conversation reports per user an hour: as many as a listing's (features/reports), counted apart. */
export const CONVERSATION_REPORTS_PER_HOUR = 10;

// Conversations between a buyer and a seller about a listing (docs/product.md#conversations). Not
// cached: every answer depends on who asks and changes with every message; none changes what anyone
// else's cached answers say, so nothing is invalidated. Any signed-in role may take part; the admin
// may also read one that stands reported. A new
// message goes live to both people's open streams (the `message` event) once it has committed.
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/conversations',
    {
      schema: { body: startConversationBodySchema, response: { 200: conversationSchema, 201: conversationSchema } },
      // Every start counts, a new conversation or not: the web app writes in an existing one by its id.
      config: { access: 'signedIn', rateLimit: perUser(CONVERSATIONS_PER_HOUR, 60 * 60_000, 'conversations') },
    },
    async (request, reply) => {
      const { conversation, created } = delivered(
        app,
        await startConversation({ db: app.db, actor: signedIn(request), input: request.body }),
      );
      return reply.code(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/conversations',
    {
      schema: { querystring: pageQuerySchema, response: { 200: conversationPageSchema } },
      config: { access: 'signedIn' },
    },
    (request) => listConversations({ db: app.db, actor: signedIn(request), page: request.query }),
  );

  // Its two people; the admin too while it stands reported (docs/product.md#conversations).
  app.get(
    '/conversations/:id',
    {
      schema: { params: idParamsSchema, response: { 200: conversationDetailSchema } },
      config: { access: 'signedIn' },
    },
    (request) => getConversation({ db: app.db, actor: signedIn(request), id: request.params.id }),
  );

  app.get(
    '/conversations/:id/messages',
    {
      schema: {
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: messagePageSchema },
      },
      config: { access: 'signedIn' },
    },
    (request) => listMessages({ db: app.db, actor: signedIn(request), id: request.params.id, page: request.query }),
  );

  app.post(
    '/conversations/:id/messages',
    {
      schema: { params: idParamsSchema, body: sendMessageBodySchema, response: { 201: messageSchema } },
      config: { access: 'signedIn', rateLimit: perUser(MESSAGES_PER_MINUTE, 60_000, 'messages') },
    },
    async (request, reply) => {
      const actor = signedIn(request);
      const { id } = request.params;
      return reply
        .code(201)
        .send(delivered(app, await sendMessage({ db: app.db, actor, id, text: request.body.text })));
    },
  );

  app.put(
    '/conversations/:id/read',
    { schema: { params: idParamsSchema, response: { 204: noContent } }, config: { access: 'signedIn' } },
    async (request, reply) => {
      await markConversationRead({ db: app.db, actor: signedIn(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};

// Reported conversations: one of the two people reports it; the admin reads it, then closes the
// report. Nothing cached changes (the admin's list is uncached, as the listing reports' is).
export const conversationReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/conversations/:id/report',
    {
      schema: { params: idParamsSchema, body: reportConversationBodySchema, response: { 204: noContent } },
      config: {
        access: 'signedIn',
        rateLimit: perUser(CONVERSATION_REPORTS_PER_HOUR, 60 * 60_000, 'conversation-reports'),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await reportConversation({ db: app.db, actor: signedIn(request), id, input: request.body });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/reports/conversations',
    {
      schema: { querystring: pageQuerySchema, response: { 200: reportedConversationPageSchema } },
      config: { access: 'admin' },
    },
    (request) => listReportedConversations({ db: app.db, page: request.query }),
  );

  app.delete(
    '/reports/conversations/:id',
    { schema: { params: idParamsSchema, response: { 204: noContent } }, config: { access: 'admin' } },
    async (request, reply) => {
      await closeConversationReport({ db: app.db, id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};

// Blocks: whom the caller blocked. A blocked person cannot message the blocker nor book their laptops.
export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/blocks', { schema: { response: { 200: blockListSchema } }, config: { access: 'signedIn' } }, (request) =>
    listBlocks({ db: app.db, actor: signedIn(request) }),
  );

  app.put(
    '/blocks/:userId',
    { schema: { params: blockParamsSchema, response: { 204: noContent } }, config: { access: 'signedIn' } },
    async (request, reply) => {
      const actor = signedIn(request);
      await block({ db: app.db, actor, userId: request.params.userId });
      // The blocker's lists leave out the blocked person's listings from now on.
      app.changes.announce({ blockers: [actor.id] });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/blocks/:userId',
    { schema: { params: blockParamsSchema, response: { 204: noContent } }, config: { access: 'signedIn' } },
    async (request, reply) => {
      const actor = signedIn(request);
      await unblock({ db: app.db, actor, userId: request.params.userId });
      app.changes.announce({ blockers: [actor.id] });
      return reply.code(204).send(null);
    },
  );
};
