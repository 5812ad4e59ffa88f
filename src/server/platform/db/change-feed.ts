import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

// What one instance tells the others on the same PostgreSQL database (docs/operations.md#several-instances):
// small JSON messages by topic, carried by PostgreSQL's LISTEN/NOTIFY, so no other server is needed.
// A write on one instance clears the caches of every instance within milliseconds, instead of each
// instance's copy living out a short time-to-live. A message sent while an instance's listening
// connection is down is lost to it: the feed says so (`onGap`) when the connection drops and again
// once it is back; the caches drop everything they hold, and live notification streams catch up
// from the database (features/notifications/streams.ts).

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
  /**
   * Calls `handler` when messages may have been missed: when the feed goes down (`live` is false),
   * and when it is back (`live` is true; messages may already have arrived before the call). A
   * feed down at start-up says so only when it comes up.
   */
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
/** `{"from":"<uuid>","messages":[]}` around a batch's messages. */
const ENVELOPE_BYTES = 64;

export const FEED_CHANNEL = 'laptop_haat_changes';

export interface PostgresFeedOptions {
  url: string;
  /** Sends NOTIFY (any connection of the app's pool will do). */
  query: (text: string, values: unknown[]) => Promise<unknown>;
  /** Said once per outage: the first error after the connection was last listening. */
  onError?: (error: unknown) => void;
  /** Waits between reconnection attempts (grows to the last). */
  retryMs?: readonly number[];
}

/**
 * What the listening connection calls itself in `pg_stat_activity`, so an operator (or a test) can
 * tell it from the pool's: `laptop-haat feed <process id>`.
 */
/**
 * A feed's errors, said once until it works again (`working()`): a reconnecting loop would repeat
 * the same error every few seconds for as long as the outage lasts.
 */
export function onceUntilWorking(onError: ((error: unknown) => void) | undefined) {
  let quiet = false;
  return {
    report(error: unknown) {
      if (quiet) return;
      quiet = true;
      onError?.(error);
    },
    working() {
      quiet = false;
    },
  };
}

export const feedApplicationName = (pid = process.pid) => `laptop-haat feed ${pid}`;

/** LISTEN on one connection of its own, reconnecting with growing waits when it drops. */
export async function postgresFeed(options: PostgresFeedOptions): Promise<ChangeFeed> {
  const self = randomUUID();
  const retryMs = options.retryMs ?? [100, 250, 500, 1_000, 2_000, 5_000];
  const messageHandlers: ((m: FeedMessage) => void)[] = [];
  const gapHandlers: (() => void)[] = [];
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  /** True during the connection at start-up: its success is no gap. */
  let starting = true;
  /** Errors are said once until the feed listens again. */
  const errors = onceUntilWorking(options.onError);
  const report = errors.report;

  // Messages published in one turn of the event loop go out together: under load a burst of writes
  // costs one NOTIFY (one round trip on the pool) instead of one or two each.
  let pending = new Map<string, number>();
  let flushing: Promise<void> | undefined;
  async function sendPending(): Promise<void> {
    const batch = pending;
    pending = new Map();
    flushing = undefined;
    const payloads: string[] = [];
    let parts: string[] = [];
    let size = ENVELOPE_BYTES;
    for (const [one, bytes] of batch) {
      if (parts.length > 0 && size + bytes + 1 > MAX_PAYLOAD_BYTES) {
        payloads.push(envelope(parts));
        parts = [];
        size = ENVELOPE_BYTES;
      }
      parts.push(one);
      size += bytes + 1;
    }
    if (parts.length > 0) payloads.push(envelope(parts));
    // One NOTIFY after another, and each batch after the one before: a stream skips notifications
    // older than the last it sent, so they must arrive in the order they were written.
    const send = sent.then(async () => {
      for (const payload of payloads) await options.query('select pg_notify($1, $2)', [FEED_CHANNEL, payload]);
    });
    sent = send.catch(() => {});
    await send;
  }
  let sent: Promise<void> = Promise.resolve();
  const envelope = (parts: string[]) => `{"from":${JSON.stringify(self)},"messages":[${parts.join(',')}]}`;
  const gap = () => {
    for (const handler of gapHandlers) handler();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.url, application_name: feedApplicationName() });
    next.on('notification', (n) => {
      if (n.channel !== FEED_CHANNEL || !n.payload) return;
      let parsed: { from?: string; messages?: unknown; topic?: unknown; data?: unknown };
      try {
        parsed = JSON.parse(n.payload);
      } catch (error) {
        report(error);
        return;
      }
      if (parsed.from === self) return;
      // A batch (`messages`), or one message as an instance before batching sent it.
      const messages = Array.isArray(parsed.messages) ? parsed.messages : [parsed];
      for (const m of messages as { topic?: unknown; data?: unknown }[]) {
        if (typeof m?.topic !== 'string') continue;
        for (const handler of messageHandlers) handler({ topic: m.topic, data: m.data });
      }
    });
    // A connection error or end: anything sent from now on may be missed until we listen again.
    let lost = false;
    const onLost = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (error) report(error);
      if (client !== next) return;
      client = undefined;
      live = false;
      if (closed) return;
      gap();
      void reconnect();
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      await next.query(`listen ${FEED_CHANNEL}`);
      if (lost) throw new Error('the listening connection closed as it started');
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    live = true;
    errors.working();
    // Back after a drop (or after failing at start-up): what was sent meanwhile is gone, so whatever
    // it would have cleared goes now. Notifications received since LISTEN answered came before this
    // call: whoever needs them in order must hold them from the gap when the feed went down.
    if (!starting) gap();
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
  } finally {
    starting = false;
  }

  return {
    get live() {
      return live;
    },
    publish(message) {
      const one = JSON.stringify({ topic: message.topic, data: message.data });
      const bytes = Buffer.byteLength(one);
      if (bytes + ENVELOPE_BYTES > MAX_PAYLOAD_BYTES) {
        return Promise.reject(new Error(`a change-feed message of ${bytes} bytes is over the limit`));
      }
      // The same message twice in one batch says nothing more (fifty bookings: one "laptops changed").
      if (!pending.has(one)) pending.set(one, bytes);
      flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(sendPending);
      return flushing;
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
