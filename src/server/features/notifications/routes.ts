import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { modifiedCountSchema } from '../../../shared/common.ts';
import type { LiveMessage } from '../../../shared/conversations.ts';
import {
  markReadBodySchema,
  type Notification,
  notificationPageQuerySchema,
  notificationPageSchema,
  notificationStreamQuerySchema,
} from '../../../shared/notifications.ts';
import { z } from '../../../shared/z.ts';
import { AppError } from '../../platform/errors.ts';
import { signedIn } from '../auth/access.ts';
import { getActor } from '../auth/authentication.ts';
import { latestNotificationId, listNotifications, markRead } from './notifications.ts';
import type { StopReason } from './streams.ts';

/** A comment line every so often keeps proxies (and our own idle timeout) from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** When the instance holds all the streams it may: when to try again. */
const STREAM_RETRY_AFTER_S = 30;

// Notifications (docs/product.md#notifications): the list, marking read, and the live stream.
// How the stream is described in the API reference, and counted but not timed by the metrics.
const STREAM_CONFIG = {
  access: 'signedIn',
  stream: true,
  answers: {
    200: {
      description:
        "Server-sent events: `retry: 3000`, then one `notification` event (its `id` the notification's, " +
        'its `data` a notification as in GET /api/notifications) per notification after `after` (the newest ' +
        'the client shows; without it, the newest there is), in id order, each once, also across an outage of ' +
        "the instances' change feed (they come late, never lost); send `Last-Event-ID` to resume. One `message` " +
        "event (no id) per new message in one of the caller's conversations, its `data` `{ conversation_id, " +
        'laptop_id, from: { _id, name }, message }`, `message` as in GET /api/conversations/{id}/messages ' +
        "(`from_me` true in the sender's own streams): live only, never a notification (the unread count does " +
        'not change), and one sent while the change feed is down is not sent late. An account ' +
        'holds at most STREAMS_PER_USER streams (5): a further one ends its oldest with a `stop` event ' +
        '(`data: {"reason":"too_many_streams"}`), after which the client must not reconnect by itself. ' +
        'An instance holding STREAMS_MAX streams answers 503 with Retry-After.',
      content: { 'text/event-stream': { schema: z.string() } },
    },
  },
} as const;

const STREAM_SCHEMA = { querystring: notificationStreamQuerySchema };

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      schema: { querystring: notificationPageQuerySchema, response: { 200: notificationPageSchema } },
      config: { access: 'signedIn' },
    },
    (request) => listNotifications({ db: app.db, actor: signedIn(request), ...request.query }),
  );

  app.put(
    '/notifications/read',
    {
      schema: { body: markReadBodySchema, response: { 200: modifiedCountSchema } },
      config: { access: 'signedIn' },
    },
    (request) => markRead({ db: app.db, actor: signedIn(request), ids: request.body.ids }),
  );

  // Server-Sent Events: one `notification` event per notification, its id the notification's, so a
  // browser that reconnects (EventSource does by itself) sends Last-Event-ID and gets what it missed.
  // A first connection starts after `after`, the newest notification the client's list shows, so one
  // made between the list's answer and the stream's opening is sent too; without it, after the newest
  // there is. Neither may start past the newest there is: a later one would then never be sent.
  app.get('/notifications/stream', { schema: STREAM_SCHEMA, config: STREAM_CONFIG }, async (request, reply) => {
    const actor = signedIn(request);
    // Each stream holds a connection and a file descriptor: past STREAMS_MAX the instance would
    // starve every other request (docs/security.md#live-streams).
    if (app.notificationHub.full) {
      reply.header('retry-after', String(STREAM_RETRY_AFTER_S));
      throw new AppError('streams_busy');
    }
    const given = Number(request.headers['last-event-id']);
    const latest = await latestNotificationId(app.db, actor.id);
    const from = Number.isSafeInteger(given) && given >= 0 ? given : (request.query.after ?? latest);
    const res = reply.raw;
    reply.hijack();
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Proxies (nginx) must pass each event on at once, not buffer the stream.
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');

    const write = (n: Notification) => {
      res.write(`id: ${n._id}\nevent: notification\ndata: ${JSON.stringify(n)}\n\n`);
    };
    // No `id:`: the browser's Last-Event-ID must stay the newest notification's, where a resume starts.
    const writeMessage = (m: LiveMessage) => {
      res.write(`event: message\ndata: ${JSON.stringify(m)}\n\n`);
    };
    let closed = false;
    const close = (reason?: StopReason) => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      // The page closes its EventSource on `stop` instead of reconnecting (a newer page has the stream).
      if (reason) res.write(`event: stop\ndata: ${JSON.stringify({ reason })}\n\n`);
      res.end();
    };
    // The hub sends what the database holds after `from`, then live ones, in order, each once, and
    // catches up again whenever the change feed may have lost some (features/notifications/streams.ts).
    const unsubscribe = app.notificationHub.subscribe(
      {
        userId: actor.id,
        sessionKey: request.headers.authorization ?? request.headers.cookie ?? '',
        write,
        writeMessage,
        close,
        stillValid: async () => (await getActor(request).catch(() => null))?.id === actor.id,
      },
      Math.min(from, latest),
    );
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    request.raw.on('close', close);
  });
};
