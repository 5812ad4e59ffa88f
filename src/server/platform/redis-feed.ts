import { randomUUID } from 'node:crypto';
import { type ChangeFeed, type FeedMessage, onceUntilWorking } from './db/change-feed.ts';

// The change feed (platform/db/change-feed.ts) over Redis pub/sub, for deployments that set REDIS_URL: the
// instances already share Redis for their rate limits, and a Redis channel takes the cache
// invalidations and live notifications off the database. Same promises as the PostgreSQL feed:
// messages never come back to their sender, and a dropped connection is reported as a gap twice
// (when it drops, and when it is listening again).
//
// Messages published while Redis is away wait (the newest MAX_WAITING of them) and go out in order
// once it is back: an instance whose listening connection came back before this one's publishing
// connection has caught up already, and would miss them otherwise.

/** Messages kept while Redis is away; beyond it the oldest go (the streams catch up from the database). */
export const MAX_WAITING = 1_000;

export async function redisFeed({
  url,
  channel,
  onError,
}: {
  url: string;
  /** The channel, under the deployment's key prefix. */
  channel: string;
  /** Said once per outage: the first error after the feed last worked. */
  onError: (error: unknown) => void;
}): Promise<ChangeFeed> {
  const { Redis } = await import('ioredis');
  const self = randomUUID();
  const messageHandlers: ((m: FeedMessage) => void)[] = [];
  const gapHandlers: (() => void)[] = [];
  const gap = () => {
    for (const handler of gapHandlers) handler();
  };
  // A subscribed connection can do nothing else: one to listen, one to publish. The listening one
  // subscribes again itself after a reconnection (not ioredis' autoResubscribe), so `live` and the
  // gap come once the subscription stands, not before it is asked for.
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true, autoResubscribe: false });
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  let live = false;
  let closed = false;
  /** True during the connection at start-up: its success is no gap. */
  let starting = true;
  /** Errors are said once until both connections work again. */
  const errors = onceUntilWorking(onError);
  const report = errors.report;
  const working = () => {
    if (live && publisher.status === 'ready') errors.working();
  };

  subscriber.on('message', (from: string, payload: string) => {
    if (from !== channel) return;
    let parsed: { from?: string; topic?: unknown; data?: unknown };
    try {
      parsed = JSON.parse(payload);
    } catch (error) {
      onError(error);
      return;
    }
    if (parsed.from === self || typeof parsed.topic !== 'string') return;
    for (const handler of messageHandlers) handler({ topic: parsed.topic, data: parsed.data });
  });
  subscriber.on('error', report);
  publisher.on('error', report);
  subscriber.on('close', () => {
    if (!live) return;
    live = false;
    gap();
  });

  async function listen(): Promise<void> {
    try {
      await subscriber.subscribe(channel);
    } catch (error) {
      // The connection dropped again: its next 'ready' tries again.
      report(error);
      return;
    }
    if (closed || live) return;
    live = true;
    working();
    if (!starting) gap();
  }
  let listening: Promise<void> = Promise.resolve();
  subscriber.on('ready', () => {
    listening = listen();
  });

  // Published messages in order; while Redis is away they wait here.
  const waiting: { payload: string; done: () => void }[] = [];
  let sending = false;
  async function send(): Promise<void> {
    if (sending) return;
    sending = true;
    try {
      while (waiting.length > 0 && publisher.status === 'ready') {
        const next = waiting[0]!;
        try {
          await publisher.publish(channel, next.payload);
        } catch (error) {
          // Kept, and sent again when the publishing connection is back (a repeat is harmless:
          // caches clear twice, streams skip ids they sent).
          report(error);
          return;
        }
        waiting.shift();
        next.done();
      }
    } finally {
      sending = false;
    }
  }
  publisher.on('ready', () => {
    working();
    void send();
  });

  // Either may fail: ioredis keeps reconnecting it; until then the caches live 2 s (platform/http/cache.ts)
  // and the live notification streams read the database (features/notifications/streams.ts).
  await Promise.all([subscriber.connect().then(() => listening, report), publisher.connect().catch(report)]);
  starting = false;

  return {
    get live() {
      return live;
    },
    /** Resolves once the message is sent, or dropped after waiting among too many others. */
    publish(message) {
      if (closed) return Promise.resolve();
      const payload = JSON.stringify({ from: self, topic: message.topic, data: message.data });
      return new Promise<void>((resolve) => {
        waiting.push({ payload, done: resolve });
        if (waiting.length > MAX_WAITING) waiting.shift()!.done();
        void send();
      });
    },
    onMessage(handler) {
      messageHandlers.push(handler);
    },
    onGap(handler) {
      gapHandlers.push(handler);
    },
    async close() {
      closed = true;
      live = false;
      for (const w of waiting.splice(0)) w.done();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
