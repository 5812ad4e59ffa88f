import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pushKeySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionQuerySchema,
  pushSubscriptionSchema,
} from '../../../shared/push.ts';
import { callerLocale } from '../../platform/http/language.ts';
import { noContent } from '../../platform/http/no-content.ts';
import { signedIn } from '../auth/access.ts';
import { PushOut } from './push-out.ts';
import { type PushSender, webPushSender } from './sender.ts';
import { subscribe, subscriptionOf, unsubscribe } from './subscriptions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pushOut: PushOut;
  }
}

/**
 * Every notification the bell shows also goes to its user's devices that allowed them
 * (docs/product.md#push-notifications): the hub tells us what it published on this instance.
 */
export function registerPush(app: FastifyInstance, sender: PushSender = webPushSender(app.config.vapid)) {
  const out = new PushOut(app.db, sender, app.log);
  app.decorate('pushOut', out);
  app.notificationHub.onPublished((deliveries) => out.notify(deliveries));
  // Sends under way finish (each is bounded by its timeout) before the database closes; what still
  // waits is dropped.
  app.addHook('preClose', () => out.stop());
}

// A browser's push subscription (docs/product.md#push-notifications). Not cached: every answer but
// the public key depends on who asks; a subscription changes no one's cached answers.
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = { publicKey: app.config.vapid.publicKey };
  app.get('/push/key', { schema: { response: { 200: pushKeySchema } }, config: { access: 'public' } }, () => key);

  app.post(
    '/push/subscriptions',
    {
      schema: {
        body: pushSubscriptionBodySchema(app.config.env !== 'production'),
        response: { 201: pushSubscriptionSchema },
      },
      config: { access: 'signedIn' },
    },
    async (request, reply) =>
      reply.code(201).send(
        await subscribe({
          db: app.db,
          actor: signedIn(request),
          input: request.body,
          requestLocale: callerLocale(request.raw),
        }),
      ),
  );

  // Whether this browser is subscribed for the caller in this sign-in: the browser keeps its
  // subscription after a sign-out, which ends it here (a later sign-in asks again).
  app.get(
    '/push/subscriptions',
    {
      schema: { querystring: pushSubscriptionQuerySchema, response: { 200: pushSubscriptionSchema } },
      config: { access: 'signedIn' },
    },
    (request) => subscriptionOf({ db: app.db, actor: signedIn(request), endpoint: request.query.endpoint }),
  );

  app.delete(
    '/push/subscriptions',
    {
      schema: { querystring: pushSubscriptionQuerySchema, response: { 204: noContent } },
      config: { access: 'signedIn' },
    },
    async (request, reply) => {
      await unsubscribe({ db: app.db, actor: signedIn(request), endpoint: request.query.endpoint });
      return reply.code(204).send(null);
    },
  );
};
