import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

// What one instance tells the others on the same PostgreSQL database (docs/operations.md#several-instances):
// small JSON messages by topic, carried by PostgreSQL's LISTEN/NOTIFY, so no other server is needed.
// A write on one instance clears the caches of every instance within milliseconds, instead of each
// instance's copy living out a short time-to-live. A message sent while an instance's listening
// connection is down is lost to it: the feed then says so (`onGap`) once it is back, and the
// caches drop everything they hold.

export interface FeedMessage {
  topic: string;
  data: unknown;
}

export interface ChangeFeed {
  /** True while every other instance's messages reach this one (always, with one instance). */
  readonly live: boolean;
  /** Sends a message to the other instances (never back to this one). */
  publish(message: FeedMessage): Promise<void>;
  /** Calls `handler` with each message another instance sends. */
  onMessage(handler: (message: FeedMessage) => void): void;
  /** Calls `handler` when messages may have been missed: the feed was down and is back, or is down now. */
  onGap(handler: () => void): void;
  close(): Promise<void>;
}

/** PGlite: one process per data directory, so no one else to tell. */
export function singleInstanceFeed(): ChangeFeed {
  return {
    live: true,
    publish: async () => {},
    onMessage: () => {},
    onGap: () => {},
    close: async () => {},
  };
}

/** NOTIFY's payload must stay under 8,000 bytes. */
export const MAX_PAYLOAD_BYTES = 7_900;

export const FEED_CHANNEL = 'laptop_haat_changes';

export interface PostgresFeedOptions {
  url: string;
  /** Sends NOTIFY (any connection of the app's pool will do). */
  query: (text: string, values: unknown[]) => Promise<unknown>;
  onError?: (error: unknown) => void;
  /** Waits between reconnection attempts (grows to the last). */
  retryMs?: readonly number[];
}

/** LISTEN on one connection of its own, reconnecting with growing waits when it drops. */
export async function postgresFeed(options: PostgresFeedOptions): Promise<ChangeFeed> {
  const self = randomUUID();
  const retryMs = options.retryMs ?? [100, 250, 500, 1_000, 2_000, 5_000];
  const messageHandlers: ((m: FeedMessage) => void)[] = [];
  const gapHandlers: (() => void)[] = [];
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let everConnected = false;

  const report = (error: unknown) => options.onError?.(error);
  const gap = () => {
    for (const handler of gapHandlers) handler();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.url });
    next.on('notification', (n) => {
      if (n.channel !== FEED_CHANNEL || !n.payload) return;
      let parsed: { from?: string; topic?: string; data?: unknown };
      try {
        parsed = JSON.parse(n.payload);
      } catch (error) {
        report(error);
        return;
      }
      if (parsed.from === self || typeof parsed.topic !== 'string') return;
      for (const handler of messageHandlers) handler({ topic: parsed.topic, data: parsed.data });
    });
    // A connection error or end: anything sent from now on may be missed until we listen again.
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (error) report(error);
      if (client === next) client = undefined;
      live = false;
      if (closed) return;
      gap();
      void reconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    await next.connect();
    await next.query(`listen ${FEED_CHANNEL}`);
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    live = true;
    // Back after a drop: what was sent meanwhile is gone, so whatever it would have cleared goes now.
    if (everConnected) gap();
    everConnected = true;
  }

  let reconnecting = false;
  async function reconnect(): Promise<void> {
    if (reconnecting) return;
    reconnecting = true;
    try {
      for (let attempt = 0; !closed; attempt++) {
        await sleep(retryMs[Math.min(attempt, retryMs.length - 1)]!);
        if (closed) return;
        try {
          await connect();
          return;
        } catch (error) {
          report(error);
        }
      }
    } finally {
      reconnecting = false;
    }
  }

  try {
    await connect();
  } catch (error) {
    // The app can serve without it (short cache lifetimes cover the gap): keep trying in the background.
    report(error);
    void reconnect();
  }

  return {
    get live() {
      return live;
    },
    async publish(message) {
      const payload = JSON.stringify({ from: self, topic: message.topic, data: message.data });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        throw new Error(`a change-feed message of ${Buffer.byteLength(payload)} bytes is over the limit`);
      }
      await options.query('select pg_notify($1, $2)', [FEED_CHANNEL, payload]);
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
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
