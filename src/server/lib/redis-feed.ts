import { randomUUID } from 'node:crypto';
import type { ChangeFeed, FeedMessage } from '../db/change-feed.ts';

// The change feed (db/change-feed.ts) over Redis pub/sub, for deployments that set REDIS_URL: the
// instances already share Redis for their rate limits, and a Redis channel takes the cache
// invalidations and live notifications off the database. Same promises as the PostgreSQL feed:
// messages never come back to their sender, and a dropped connection is reported as a gap twice
// (when it drops, and when it is back).

export async function redisFeed({
  url,
  channel,
  onError,
}: {
  url: string;
  /** The channel, under the deployment's key prefix. */
  channel: string;
  onError: (error: unknown) => void;
}): Promise<ChangeFeed> {
  const { Redis } = await import('ioredis');
  const self = randomUUID();
  const messageHandlers: ((m: FeedMessage) => void)[] = [];
  const gapHandlers: (() => void)[] = [];
  const gap = () => {
    for (const handler of gapHandlers) handler();
  };
  // A subscribed connection can do nothing else: one to listen, one to publish.
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true });
  const publisher = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
  let live = false;
  let everReady = false;

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
  subscriber.on('error', onError);
  publisher.on('error', onError);
  subscriber.on('close', () => {
    if (!live) return;
    live = false;
    gap();
  });
  // ioredis subscribes again by itself after a reconnection; 'ready' says it is listening again.
  subscriber.on('ready', () => {
    live = true;
    if (everReady) gap();
    everReady = true;
  });

  try {
    await Promise.all([subscriber.connect(), publisher.connect()]);
    await subscriber.subscribe(channel);
  } catch (error) {
    // ioredis keeps reconnecting; until then the caches live 2 s (plugins/cache.ts).
    onError(error);
  }

  return {
    get live() {
      return live;
    },
    async publish(message) {
      await publisher.publish(channel, JSON.stringify({ from: self, topic: message.topic, data: message.data }));
    },
    onMessage(handler) {
      messageHandlers.push(handler);
    },
    onGap(handler) {
      gapHandlers.push(handler);
    },
    async close() {
      live = false;
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
