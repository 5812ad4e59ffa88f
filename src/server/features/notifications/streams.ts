import type { FastifyInstance } from 'fastify';
import type { LiveMessage } from '../../../shared/conversations.ts';
import type { Notification } from '../../../shared/notifications.ts';
import type { ChangeFeed } from '../../platform/db/change-feed.ts';
import {
  type Delivery,
  type MessageDelivery,
  type NotificationDelivery,
  newestNotificationId,
  notificationsAfter,
} from './notifications.ts';

// Live notifications (docs/product.md#notifications): the open streams of this instance, by user,
// and delivery to them. A notification written here goes to this instance's streams at once and to
// the other instances' through the change feed (PostgreSQL NOTIFY, or Redis; with PGlite there is
// one instance): whichever instance holds the user's stream sends it on.
//
// The feed can lose messages (its connection drops, Redis restarts). Every notification is in the
// database first, so a stream that may have missed some reads them from there, from the last id it
// sent (`catch-up`). Meanwhile it holds live ones back: it sends only ids above the last it sent, so
// a newer one sent before a missed older one would lose the older one for good, a Last-Event-ID
// resume included (docs/operations.md#outages).
//
// Chat messages travel the same way (docs/decisions/0036) but are not notifications: no id in the
// stream's sequence, nothing kept to catch up from. Each goes to the streams at once, even one that
// is catching up, and one the feed loses is not sent late (the page reads the thread again).

declare module 'fastify' {
  interface FastifyInstance {
    notificationHub: NotificationHub;
  }
}

/** Why the server ends a stream for good: the page must not open it again by itself. */
export type StopReason = 'too_many_streams';

export interface NotificationStream {
  userId: string;
  /** The cookie or token the stream was opened with: one check serves every stream of a session. */
  sessionKey: string;
  /** Writes one notification to the client; called in id order, each id once. */
  write: (notification: Notification) => void;
  /** Writes one chat message to the client (the `message` event), as it comes. */
  writeMessage: (message: LiveMessage) => void;
  /** Ends the stream (shutdown, its session is gone); with a reason the page is told to stop first. */
  close: (reason?: StopReason) => void;
  /** Whether the stream's session still belongs to its user. */
  stillValid: () => Promise<boolean>;
}

/** Where the hub reads what streams missed. */
export interface NotificationSource {
  /** A user's notifications after `afterId`, oldest first, at most `limit`. */
  after: (userId: string, afterId: number, limit: number) => Promise<Notification[]>;
  /** The newest notification id of anyone. */
  newest: () => Promise<number>;
}

/** What the hub tells the operator: each once per outage. */
export interface HubReports {
  error: (error: unknown) => void;
  /** Streams could not read what they missed (the database is away): they try again. */
  readFailed: (error: unknown) => void;
  /** The feed is down: streams read the database every CATCH_UP_EVERY_MS until it is back. */
  feedDown: (streams: number) => void;
  /** The feed is back and every stream has caught up (`failed` of them could not yet). */
  feedBack: (report: { streams: number; failed: number; ms: number }) => void;
}

/** A sign-out somewhere re-checks the open streams this long after (several changes, one check). */
const RECHECK_DELAY_MS = 500;
/** Session checks under way at once when many streams are checked again: other requests go on meanwhile. */
const RECHECKS_AT_ONCE = 4;
/** While the feed is down (or a catch-up failed), streams read the database this often. */
export const CATCH_UP_EVERY_MS = 3_000;
/** Catch-ups under way at once: a thousand streams must not take the whole pool. */
const CATCH_UPS_AT_ONCE = 4;
/** Notifications read per query of a catch-up (it reads until there are no more). */
const CATCH_UP_PAGE = 100;
/** Live notifications a stream keeps while behind; past it they go, and its catch-up reads them instead. */
const MAX_WAITING = 1_000;

const TOPIC = 'notification';
/** Deliveries per feed message: a NOTIFY payload must stay under 8 KB. */
const PER_MESSAGE = 16;

const byId = (a: Notification, b: Notification) => Number(a._id) - Number(b._id);

/** One open stream: what it has sent, and what waits while it catches up. */
class LiveStream {
  /** True while the database may hold notifications this stream has not sent: live ones wait. */
  behind = true;
  /** The newest notification id of anyone when its last successful catch-up began (-1: none yet). */
  checkedUpTo = -1;
  closed = false;
  private waiting: Notification[] = [];
  private running: Promise<boolean> | undefined;
  /** Something may have been missed while a catch-up was reading: it reads again before it ends. */
  private again = false;

  constructor(
    readonly stream: NotificationStream,
    private lastSent: number,
  ) {}

  deliver(n: Notification): void {
    if (!this.behind) {
      this.send(n);
      return;
    }
    // Each was committed before it was delivered, so a reading from now on finds it.
    if (this.waiting.length >= MAX_WAITING) {
      this.waiting = [];
      this.again = true;
    }
    this.waiting.push(n);
  }

  /** Messages may have been missed: live ones wait until the next catch-up. */
  fallBehind(): void {
    this.behind = true;
    if (this.running) this.again = true;
  }

  /**
   * Reads what the database holds after the last id sent, page by page, and sends it; then what
   * waited meanwhile. It stays behind when `stayBehind` says so (the feed is still down) or when
   * the database could not be read (false). One at a time: asked again while one runs, that one
   * reads once more before it ends.
   */
  catchUp(source: NotificationSource, newest: number, stayBehind: () => boolean): Promise<boolean> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run(source, newest, stayBehind);
    return this.running;
  }

  private async run(source: NotificationSource, newest: number, stayBehind: () => boolean): Promise<boolean> {
    try {
      do {
        this.again = false;
        for (;;) {
          const page = await source.after(this.stream.userId, this.lastSent, CATCH_UP_PAGE);
          if (this.closed) return true;
          for (const n of page) this.send(n);
          if (page.length < CATCH_UP_PAGE) break;
        }
        const waited = this.waiting.sort(byId);
        this.waiting = [];
        for (const n of waited) this.send(n);
      } while (this.again);
      this.checkedUpTo = newest;
      if (!stayBehind()) this.behind = false;
      return true;
    } finally {
      // Before the promise settles: a catch-up asked for from now on starts a new one.
      this.running = undefined;
    }
  }

  private send(n: Notification): void {
    const id = Number(n._id);
    if (this.closed || id <= this.lastSent) return;
    this.lastSent = id;
    this.stream.write(n);
  }
}

export class NotificationHub {
  /** Each user's open streams, oldest first (a Set keeps the order they were added in). */
  private readonly streams = new Map<string, Set<LiveStream>>();
  private count = 0;
  private recheckTimer: NodeJS.Timeout | undefined;
  /** Whose streams the next check looks at; undefined: everyone's. */
  private toRecheck: Set<string> | undefined = new Set();
  /** True from the feed's loss until it is back: every stream holds live ones and reads the database. */
  private feedDown: boolean;
  private catchUpTimer: NodeJS.Timeout | undefined;
  /** Catch-ups made so far (GET /metrics). */
  catchUps = 0;
  /** A failing database would say so for every stream every few seconds: once until one succeeds. */
  private failing = false;
  /** Closing: nothing more is scheduled. */
  private stopped = false;
  /** Told of the notifications published on this instance (web push sends them on). */
  private readonly listeners: ((deliveries: NotificationDelivery[]) => void)[] = [];

  constructor(
    private readonly feed: ChangeFeed,
    private readonly source: NotificationSource,
    private readonly limits: { perUser: number; max: number },
    private readonly reports: HubReports,
  ) {
    feed.onMessage((message) => {
      if (message.topic !== TOPIC || !Array.isArray(message.data)) return;
      for (const d of message.data as Partial<NotificationDelivery & MessageDelivery>[]) {
        if (typeof d?.userId === 'string' && (d.notification || d.message)) this.deliverHere(d as Delivery);
      }
    });
    feed.onGap(() => this.gap());
    this.feedDown = !feed.live;
  }

  /** How many streams are open on this instance. */
  get open(): number {
    return this.count;
  }

  /** True when this instance holds as many streams as it may (STREAMS_MAX): a new one is refused. */
  get full(): boolean {
    return this.count >= this.limits.max;
  }

  /** Sends committed notifications and chat messages to their users' streams, here and on every other instance. */
  publish(deliveries: readonly Delivery[]): void {
    if (deliveries.length === 0) return;
    for (const d of deliveries) this.deliverHere(d);
    const notifications = deliveries.filter((d): d is NotificationDelivery => 'notification' in d);
    if (notifications.length > 0) for (const listener of this.listeners) listener(notifications);
    for (let i = 0; i < notifications.length; i += PER_MESSAGE) {
      this.feed.publish({ topic: TOPIC, data: notifications.slice(i, i + PER_MESSAGE) }).catch(this.reports.error);
    }
    // A message's text alone may take 6 KB (2,000 Bangla characters): one to a feed message, which
    // the feed packs into as few NOTIFYs as fit.
    for (const d of deliveries) {
      if ('message' in d) this.feed.publish({ topic: TOPIC, data: [d] }).catch(this.reports.error);
    }
  }

  /**
   * Calls `listener` with the notifications (not chat messages) each publish here sends: those
   * committed on this instance, each once, whichever instance holds their users' streams.
   */
  onPublished(listener: (deliveries: NotificationDelivery[]) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Sends a user's notifications after `lastSent` to `stream` until the returned function is
   * called: first those the database holds, then live ones. A user holds at most STREAMS_PER_USER
   * streams here: a further one ends their oldest, which tells its page to stop.
   */
  subscribe(stream: NotificationStream, lastSent: number): () => void {
    const { userId } = stream;
    for (const old of [...(this.streams.get(userId) ?? [])]) {
      if ((this.streams.get(userId)?.size ?? 0) < this.limits.perUser) break;
      old.stream.close('too_many_streams');
    }
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    const live = new LiveStream(stream, lastSent);
    set.add(live);
    this.count += 1;
    const own = set;
    void this.catchUp(live, -1).then(() => {
      if (live.behind) this.catchUpSoon();
    });
    return () => {
      live.closed = true;
      if (!own.delete(live)) return;
      this.count -= 1;
      if (own.size === 0 && this.streams.get(userId) === own) this.streams.delete(userId);
    };
  }

  /** Ends every open stream (shutdown): browsers reconnect elsewhere, with Last-Event-ID. */
  closeAll(): void {
    this.stopped = true;
    clearTimeout(this.catchUpTimer);
    for (const set of [...this.streams.values()]) for (const live of [...set]) live.stream.close();
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
      this.recheck(whose).catch(this.reports.error);
    }, RECHECK_DELAY_MS);
    this.recheckTimer.unref();
  }

  private async recheck(whose: Set<string> | undefined): Promise<void> {
    const bySession = new Map<string, NotificationStream[]>();
    const sets = whose ? [...whose].map((u) => this.streams.get(u)) : [...this.streams.values()];
    for (const { stream } of sets.flatMap((set) => [...(set ?? [])])) {
      const list = bySession.get(stream.sessionKey);
      if (list) list.push(stream);
      else bySession.set(stream.sessionKey, [stream]);
    }
    await atMost(RECHECKS_AT_ONCE, [...bySession.values()], async (group) => {
      // A check that cannot be made (the database is away) leaves the streams open: the next change checks again.
      const valid = await group[0]!.stillValid().catch((error: unknown) => {
        this.reports.error(error);
        return true;
      });
      if (!valid) for (const stream of group) stream.close();
    });
  }

  private deliverHere(d: Delivery): void {
    for (const live of this.streams.get(d.userId) ?? []) {
      if ('notification' in d) live.deliver(d.notification);
      else if (!live.closed) live.stream.writeMessage(d.message);
    }
  }

  private all(): LiveStream[] {
    return [...this.streams.values()].flatMap((set) => [...set]);
  }

  /**
   * The feed may have lost messages. Every stream holds live ones back at once (one opened later
   * starts holding too); while the feed is down they read the database every CATCH_UP_EVERY_MS,
   * and when it is back they all catch up and send live ones again.
   */
  private gap(): void {
    const down = !this.feed.live;
    const streams = this.all();
    for (const live of streams) live.fallBehind();
    if (down) {
      if (!this.feedDown) this.reports.feedDown(streams.length);
      this.feedDown = true;
      this.catchUpSoon();
      return;
    }
    const wasDown = this.feedDown;
    this.feedDown = false;
    const started = Date.now();
    void this.catchUpAll(streams, -1).then((failed) => {
      if (wasDown) this.reports.feedBack({ streams: streams.length, failed, ms: Date.now() - started });
      if (failed > 0) this.catchUpSoon();
    });
  }

  /** Catches up the streams that are behind, in CATCH_UP_EVERY_MS, and again until none is. */
  private catchUpSoon(): void {
    if (this.catchUpTimer || this.stopped) return;
    this.catchUpTimer = setTimeout(() => {
      void this.catchUpBehind().finally(() => {
        this.catchUpTimer = undefined;
        if (this.all().some((live) => live.behind)) this.catchUpSoon();
      });
    }, CATCH_UP_EVERY_MS);
    this.catchUpTimer.unref();
  }

  /**
   * While the feed is down, only streams that have not read the database since it last grew; once
   * it is back, every stream still behind (its catch-up failed).
   */
  private async catchUpBehind(): Promise<void> {
    let newest: number;
    try {
      newest = await this.source.newest();
    } catch (error) {
      this.failed(error);
      return;
    }
    const due = this.all().filter((live) => live.behind && (!this.feedDown || live.checkedUpTo < newest));
    await this.catchUpAll(due, newest);
  }

  /** Catches up `streams`, a few at a time; gives how many failed. */
  private async catchUpAll(streams: LiveStream[], newest: number): Promise<number> {
    let failed = 0;
    await atMost(CATCH_UPS_AT_ONCE, streams, async (live) => {
      if (!(await this.catchUp(live, newest))) failed += 1;
    });
    return failed;
  }

  private async catchUp(live: LiveStream, newest: number): Promise<boolean> {
    if (live.closed) return true;
    this.catchUps += 1;
    try {
      await live.catchUp(this.source, newest, () => this.feedDown);
      this.failing = false;
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    }
  }

  private failed(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.reports.readFailed(error);
  }
}

/** Runs `work` on each item, at most `n` at once. */
async function atMost<T>(n: number, items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(n, queue.length) }, worker));
}

export function registerNotifications(app: FastifyInstance, feed: ChangeFeed): NotificationHub {
  const source: NotificationSource = {
    after: (userId, afterId, limit) => notificationsAfter(app.db, userId, afterId, limit),
    newest: () => newestNotificationId(app.db),
  };
  const hub = new NotificationHub(feed, source, app.config.streams, {
    error: (error) => app.log.warn({ err: error }, 'a live notification was not sent on'),
    readFailed: (error) =>
      app.log.warn(
        { err: error },
        `live notification streams could not read what they missed; they hold new ones and try again every ${CATCH_UP_EVERY_MS / 1000} s`,
      ),
    feedDown: (streams) =>
      app.log.warn(
        { streams },
        `change feed down: open streams get their notifications from the database every ${CATCH_UP_EVERY_MS / 1000} s until it is back`,
      ),
    feedBack: (report) =>
      app.log.info(report, 'change feed back: open streams caught up from the database and are live again'),
  });
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
