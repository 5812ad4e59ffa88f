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

/** Why the server ends a stream for good: the page must not open it again by itself. */
export type StopReason = 'too_many_streams';

export interface NotificationStream {
  userId: string;
  /** The cookie or token the stream was opened with: one check serves every stream of a session. */
  sessionKey: string;
  listener: Listener;
  /** Ends the stream (shutdown, its session is gone); with a reason the page is told to stop first. */
  close: (reason?: StopReason) => void;
  /** Whether the stream's session still belongs to its user. */
  stillValid: () => Promise<boolean>;
}

/** A sign-out somewhere re-checks the open streams this long after (several changes, one check). */
const RECHECK_DELAY_MS = 500;
/** Session checks under way at once when many streams are checked again: other requests go on meanwhile. */
const RECHECKS_AT_ONCE = 4;

const TOPIC = 'notification';
/** Deliveries per feed message: a NOTIFY payload must stay under 8 KB. */
const PER_MESSAGE = 16;

export class NotificationHub {
  /** Each user's open streams, oldest first (a Set keeps the order they were added in). */
  private readonly streams = new Map<string, Set<NotificationStream>>();
  private count = 0;
  private recheckTimer: NodeJS.Timeout | undefined;
  /** Whose streams the next check looks at; undefined: everyone's. */
  private toRecheck: Set<string> | undefined = new Set();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly limits: { perUser: number; max: number },
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
    return this.count;
  }

  /** True when this instance holds as many streams as it may (STREAMS_MAX): a new one is refused. */
  get full(): boolean {
    return this.count >= this.limits.max;
  }

  /** Sends committed notifications to their users' streams, here and on every other instance. */
  publish(deliveries: readonly Delivery[]): void {
    if (deliveries.length === 0) return;
    for (const d of deliveries) this.deliverHere(d);
    for (let i = 0; i < deliveries.length; i += PER_MESSAGE) {
      this.feed.publish({ topic: TOPIC, data: deliveries.slice(i, i + PER_MESSAGE) }).catch(this.onError);
    }
  }

  /**
   * Listens for a user's notifications until the returned function is called. A user holds at most
   * STREAMS_PER_USER streams here: a further one ends their oldest, which tells its page to stop.
   */
  subscribe(stream: NotificationStream): () => void {
    const { userId } = stream;
    for (const old of [...(this.streams.get(userId) ?? [])]) {
      if ((this.streams.get(userId)?.size ?? 0) < this.limits.perUser) break;
      old.close('too_many_streams');
    }
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    set.add(stream);
    this.count += 1;
    const own = set;
    return () => {
      if (!own.delete(stream)) return;
      this.count -= 1;
      if (own.size === 0 && this.streams.get(userId) === own) this.streams.delete(userId);
    };
  }

  /** Ends every open stream (shutdown): browsers reconnect elsewhere, with Last-Event-ID. */
  closeAll(): void {
    for (const set of [...this.streams.values()]) for (const stream of [...set]) stream.close();
  }

  /**
   * Sessions changed somewhere (of `users`, or of anyone when unknown): soon, the open streams of
   * those users check that their session still stands, one check per session.
   */
  recheckSoon(users?: readonly string[]): void {
    if (!users) this.toRecheck = undefined;
    else if (this.toRecheck) for (const u of users) this.toRecheck.add(u);
    if (this.recheckTimer) return;
    this.recheckTimer = setTimeout(() => {
      this.recheckTimer = undefined;
      const whose = this.toRecheck;
      this.toRecheck = new Set();
      this.recheck(whose).catch(this.onError);
    }, RECHECK_DELAY_MS);
    this.recheckTimer.unref();
  }

  private async recheck(whose: Set<string> | undefined): Promise<void> {
    const bySession = new Map<string, NotificationStream[]>();
    const sets = whose ? [...whose].map((u) => this.streams.get(u)) : [...this.streams.values()];
    for (const stream of sets.flatMap((set) => [...(set ?? [])])) {
      const list = bySession.get(stream.sessionKey);
      if (list) list.push(stream);
      else bySession.set(stream.sessionKey, [stream]);
    }
    const queue = [...bySession.values()];
    const worker = async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        // A check that cannot be made (the database is away) leaves the streams open: the next change checks again.
        const valid = await group[0]!.stillValid().catch((error: unknown) => {
          this.onError(error);
          return true;
        });
        if (!valid) for (const stream of group) stream.close();
      }
    };
    await Promise.all(Array.from({ length: RECHECKS_AT_ONCE }, worker));
  }

  private deliverHere({ userId, notification }: Delivery): void {
    for (const stream of this.streams.get(userId) ?? []) stream.listener(notification);
  }
}

export function registerNotifications(app: FastifyInstance, feed: ChangeFeed): NotificationHub {
  const hub = new NotificationHub(feed, app.config.streams, (error) =>
    app.log.warn({ err: error }, 'a live notification was not sent on'),
  );
  app.decorate('notificationHub', hub);
  // A session or account changed (here or on another instance): a stream opened with it may no
  // longer be entitled to its user's news.
  app.changes.on(({ identity, users }) => {
    if (identity) hub.recheckSoon(users);
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
