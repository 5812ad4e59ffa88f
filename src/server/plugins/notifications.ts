import type { FastifyInstance } from 'fastify';
import type { Notification } from '../../shared/notifications.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Delivery } from '../domain/notifications.ts';

// Live notifications (docs/product.md#notifications): the open streams of this instance, by user,
// and delivery to them. A notification written here goes to this instance's streams at once and to
// the other instances' through the change feed (PostgreSQL NOTIFY, or Redis; with PGlite there is
// one instance): whichever instance holds the user's stream sends it on.

declare module 'fastify' {
  interface FastifyInstance {
    notificationHub: NotificationHub;
  }
}

type Listener = (notification: Notification) => void;

export interface NotificationStream {
  listener: Listener;
  /** Ends the stream (shutdown, or its session is gone). */
  close: () => void;
  /** Checks that the stream's session still belongs to its user, and closes it if not. */
  recheck: () => Promise<void>;
}

/** A sign-out somewhere re-checks the open streams this long after (several changes, one check). */
const RECHECK_DELAY_MS = 500;

const TOPIC = 'notification';
/** Deliveries per feed message: a NOTIFY payload must stay under 8 KB. */
const PER_MESSAGE = 16;

export class NotificationHub {
  private readonly streams = new Map<string, Set<NotificationStream>>();
  private recheckTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly onError: (error: unknown) => void,
  ) {
    feed.onMessage((message) => {
      if (message.topic !== TOPIC || !Array.isArray(message.data)) return;
      for (const d of message.data as Delivery[]) {
        if (typeof d?.userId === 'string' && d.notification) this.deliverHere(d);
      }
    });
  }

  /** How many streams are open on this instance. */
  get open(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /** Sends committed notifications to their users' streams, here and on every other instance. */
  publish(deliveries: readonly Delivery[]): void {
    if (deliveries.length === 0) return;
    for (const d of deliveries) this.deliverHere(d);
    for (let i = 0; i < deliveries.length; i += PER_MESSAGE) {
      this.feed.publish({ topic: TOPIC, data: deliveries.slice(i, i + PER_MESSAGE) }).catch(this.onError);
    }
  }

  /** Listens for a user's notifications until the returned function is called. */
  subscribe(userId: string, stream: NotificationStream): () => void {
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0) this.streams.delete(userId);
    };
  }

  /** Ends every open stream (shutdown): browsers reconnect elsewhere, with Last-Event-ID. */
  closeAll(): void {
    for (const set of [...this.streams.values()]) for (const stream of [...set]) stream.close();
  }

  /** Sessions changed somewhere: soon, every open stream checks that its session still stands. */
  recheckSoon(): void {
    if (this.recheckTimer) return;
    this.recheckTimer = setTimeout(() => {
      this.recheckTimer = undefined;
      for (const set of [...this.streams.values()]) {
        for (const stream of [...set]) stream.recheck().catch(this.onError);
      }
    }, RECHECK_DELAY_MS);
    this.recheckTimer.unref();
  }

  private deliverHere({ userId, notification }: Delivery): void {
    for (const stream of this.streams.get(userId) ?? []) stream.listener(notification);
  }
}

export function registerNotifications(app: FastifyInstance, feed: ChangeFeed): NotificationHub {
  const hub = new NotificationHub(feed, (error) => app.log.warn({ err: error }, 'a live notification was not sent on'));
  app.decorate('notificationHub', hub);
  // A session or account changed (here or on another instance): a stream opened with it may no
  // longer be entitled to its user's news.
  app.changes.on(({ identity }) => {
    if (identity) hub.recheckSoon();
  });
  // Streams never end by themselves: close them first, so the server can finish closing.
  app.addHook('preClose', (done) => {
    hub.closeAll();
    done();
  });
  return hub;
}

/** Sends a committed change's notifications on, and gives back what the route answers. */
export function delivered<T>(app: FastifyInstance, change: { result: T; deliveries: Delivery[] }): T {
  app.notificationHub.publish(change.deliveries);
  return change.result;
}
