import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../shared/notifications.ts';
import type { ChangeFeed, FeedMessage } from '../../platform/db/change-feed.ts';
import type { Delivery, MessageDelivery, NotificationDelivery } from './notifications.ts';
import { CATCH_UP_EVERY_MS, NotificationHub, type NotificationSource } from './streams.ts';

// The hub's part in "no live notification lost" (docs/operations.md#outages): when the change feed
// loses messages, every open stream catches up from the database from the last id it sent, in
// order, each once, and live ones wait meanwhile. The feed and the database are stand-ins here; the
// real ones, stopped and killed, are in src/server/live-outages.process.test.ts.

/** A change feed this test takes down and brings back. */
class FakeFeed implements ChangeFeed {
  live = true;
  readonly published: FeedMessage[] = [];
  private readonly messageHandlers: ((m: FeedMessage) => void)[] = [];
  private readonly gapHandlers: (() => void)[] = [];
  async publish(message: FeedMessage) {
    this.published.push(message);
  }
  onMessage(handler: (m: FeedMessage) => void) {
    this.messageHandlers.push(handler);
  }
  onGap(handler: () => void) {
    this.gapHandlers.push(handler);
  }
  async close() {}
  /** Another instance's notifications (or chat messages), as the feed carries them. */
  arrive(deliveries: Delivery[]) {
    for (const h of this.messageHandlers) h({ topic: 'notification', data: deliveries });
  }
  down() {
    this.live = false;
    for (const h of this.gapHandlers) h();
  }
  /** Back; `meanwhile` arrives after it listens again and before it reports the gap. */
  up(meanwhile: NotificationDelivery[] = []) {
    this.live = true;
    if (meanwhile.length > 0) this.arrive(meanwhile);
    for (const h of this.gapHandlers) h();
  }
}

/** The notifications table: ids grow across users. */
class FakeDatabase implements NotificationSource {
  private rows: NotificationDelivery[] = [];
  private nextId = 1;
  failing = false;
  reads = 0;

  add(userId: string): NotificationDelivery {
    const id = String(this.nextId++);
    const notification: Notification = {
      _id: id,
      kind: 'order_requested',
      laptop_id: null,
      laptop_name: `Laptop ${id}`,
      order_id: null,
      amount: null,
      note: null,
      created_at: new Date(0).toISOString(),
      read: false,
    };
    const d = { userId, notification };
    this.rows.push(d);
    return d;
  }

  after = async (userId: string, afterId: number, limit: number) => {
    this.reads += 1;
    await Promise.resolve();
    if (this.failing) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    return this.rows
      .filter((r) => r.userId === userId && Number(r.notification._id) > afterId)
      .slice(0, limit)
      .map((r) => r.notification);
  };

  newest = async () => {
    if (this.failing) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    return this.nextId - 1;
  };
}

function setUp({ live = true } = {}) {
  const feed = new FakeFeed();
  feed.live = live;
  const db = new FakeDatabase();
  const errors: unknown[] = [];
  const downs: number[] = [];
  const backs: { streams: number; failed: number }[] = [];
  const hub = new NotificationHub(
    feed,
    db,
    { perUser: 5, max: 100 },
    {
      error: (e) => errors.push(e),
      readFailed: (e) => errors.push(e),
      feedDown: (n) => downs.push(n),
      feedBack: ({ streams, failed }) => backs.push({ streams, failed }),
    },
  );
  const open = (userId: string, lastSent = 0) => {
    const sent: string[] = [];
    let closed = false;
    const unsubscribe = hub.subscribe(
      {
        userId,
        sessionKey: userId,
        write: (n) => {
          if (closed) throw new Error('written after close');
          sent.push(n._id);
        },
        writeMessage: (m) => {
          if (closed) throw new Error('written after close');
          sent.push(`message ${m.message._id}`);
        },
        close: () => {
          closed = true;
          unsubscribe();
        },
        stillValid: async () => true,
      },
      lastSent,
    );
    return {
      sent,
      close: () => {
        closed = true;
        unsubscribe();
      },
    };
  };
  return { feed, db, hub, errors, downs, backs, open };
}

const ids = (list: NotificationDelivery[]) => list.map((d) => d.notification._id);
/** A chat message `id` for `userId`'s streams. */
const chat = (userId: string, id: string): MessageDelivery => ({
  userId,
  message: {
    conversation_id: 'c1',
    laptop_id: 'l1',
    from: { _id: 'w1', name: 'Writer' },
    message: {
      _id: id,
      from_me: false,
      text: 'Is it still for sale?',
      sent_at: new Date(0).toISOString(),
      warnings: [],
      sender_id: 'w1',
    },
  },
});
/** Lets pending promise chains (catch-ups) run. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

afterEach(() => {
  vi.useRealTimers();
});

describe('the notification hub', () => {
  it('sends what the database holds after the last id, then live ones, in order and each once', async () => {
    const { db, hub, feed, open } = setUp();
    const before = [db.add('u'), db.add('u'), db.add('u')];
    const stream = open('u', Number(before[0]!.notification._id));
    // Live ones arriving while the missed ones are read wait for them.
    const local = db.add('u');
    hub.publish([local]);
    feed.arrive([before[2]!]);
    await settle();
    expect(stream.sent).toEqual([...ids(before.slice(1)), local.notification._id]);
    const remote = db.add('u');
    feed.arrive([remote]);
    expect(stream.sent.at(-1)).toBe(remote.notification._id);
    expect(new Set(stream.sent).size).toBe(stream.sent.length);
  });

  it('sends chat messages at once, even to a stream still catching up, and on to the other instances one each', async () => {
    const { db, hub, feed, open } = setUp();
    const stream = open('u');
    // Its first catch-up has not ended: a notification would wait, a chat message does not.
    const here = [chat('u', 'm1'), chat('v', 'm1')];
    hub.publish(here);
    expect(stream.sent).toEqual(['message m1']);
    expect(feed.published).toEqual(here.map((d) => ({ topic: 'notification', data: [d] })));
    feed.arrive([chat('u', 'm2')]);
    expect(stream.sent).toEqual(['message m1', 'message m2']);
    // Notifications go on in their own order, messages taking no part in it.
    const n = db.add('u');
    hub.publish([n]);
    await settle();
    expect(stream.sent).toEqual(['message m1', 'message m2', n.notification._id]);
    // A feed outage reads notifications again, never messages.
    feed.down();
    feed.up();
    await settle();
    expect(stream.sent).toEqual(['message m1', 'message m2', n.notification._id]);
    stream.close();
    feed.arrive([chat('u', 'm3')]);
    expect(stream.sent).toHaveLength(3);
  });

  it('catches up every stream when the feed is back, in order, without duplicates', async () => {
    const { db, hub, feed, open, downs, backs } = setUp();
    const a = open('a');
    const b = open('b');
    const c = open('a');
    await settle();
    feed.down();
    expect(downs).toEqual([3]);
    // Another instance writes while the feed is down: lost to the feed.
    const missed = [db.add('a'), db.add('b'), db.add('a')];
    // One written here meanwhile is newer than the missed ones: it must not go first.
    const local = db.add('a');
    hub.publish([local]);
    await settle();
    expect(a.sent).toEqual([]);
    // Right after the feed listens again, before it reports the gap, a message arrives.
    const early = db.add('a');
    feed.up([early]);
    await settle();
    const forA = [missed[0]!, missed[2]!, local, early];
    expect(a.sent).toEqual(ids(forA));
    expect(c.sent).toEqual(ids(forA));
    expect(b.sent).toEqual(ids([missed[1]!]));
    expect(backs).toEqual([{ streams: 3, failed: 0 }]);
    // Live again: the next one goes at once, and a repeat of an old one is skipped.
    const next = db.add('a');
    feed.arrive([missed[0]!, next]);
    expect(a.sent).toEqual(ids([...forA, next]));
  });

  it('reads a long gap in pages until there are no more', async () => {
    const { db, feed, open } = setUp();
    const stream = open('u');
    await settle();
    feed.down();
    const missed = Array.from({ length: 250 }, () => db.add('u'));
    feed.up();
    await settle();
    expect(stream.sent).toEqual(ids(missed));
  });

  it('while the feed stays down, reads the database every few seconds, only when it has grown', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { db, hub, feed, open } = setUp();
    const stream = open('u');
    await settle();
    feed.down();
    const first = db.add('u');
    await vi.advanceTimersByTimeAsync(CATCH_UP_EVERY_MS);
    await settle();
    expect(stream.sent).toEqual(ids([first]));
    // One written here waits for the next reading, behind any older one another instance wrote.
    const remote = db.add('u');
    const local = db.add('u');
    hub.publish([local]);
    expect(stream.sent).toEqual(ids([first]));
    await vi.advanceTimersByTimeAsync(CATCH_UP_EVERY_MS);
    await settle();
    expect(stream.sent).toEqual(ids([first, remote, local]));
    // Nothing new anywhere: the streams are not read again.
    const reads = db.reads;
    await vi.advanceTimersByTimeAsync(CATCH_UP_EVERY_MS * 2);
    await settle();
    expect(db.reads).toBe(reads);
    feed.up();
    await settle();
    const live = db.add('u');
    feed.arrive([live]);
    expect(stream.sent).toEqual(ids([first, remote, local, live]));
  });

  it('keeps a bounded number of live ones while holding, and reads the rest from the database', async () => {
    const { db, hub, feed, open } = setUp();
    const stream = open('u');
    await settle();
    feed.down();
    const local = Array.from({ length: 2_500 }, () => db.add('u'));
    for (const d of local) hub.publish([d]);
    feed.up();
    await settle();
    expect(stream.sent).toEqual(ids(local));
  });

  it('holds a stream opened while the feed is down as it holds the others', async () => {
    const { db, hub, feed, open } = setUp({ live: false });
    const stream = open('u');
    await settle();
    const missed = db.add('u');
    const local = db.add('u');
    hub.publish([local]);
    await settle();
    expect(stream.sent).toEqual([]);
    feed.up();
    await settle();
    expect(stream.sent).toEqual(ids([missed, local]));
  });

  it('keeps a stream whose catch-up fails, holding, and catches it up later; says so once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { db, feed, open, errors, backs } = setUp();
    const stream = open('u');
    await settle();
    feed.down();
    const missed = db.add('u');
    db.failing = true;
    feed.up();
    await settle();
    expect(backs).toEqual([{ streams: 1, failed: 1 }]);
    // Still holding: a newer live one must not jump ahead of the missed one.
    const live = db.add('u');
    feed.arrive([live]);
    expect(stream.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(CATCH_UP_EVERY_MS * 3);
    await settle();
    expect(stream.sent).toEqual([]);
    expect(errors).toHaveLength(1);
    db.failing = false;
    await vi.advanceTimersByTimeAsync(CATCH_UP_EVERY_MS);
    await settle();
    expect(stream.sent).toEqual(ids([missed, live]));
    const after = db.add('u');
    feed.arrive([after]);
    expect(stream.sent).toEqual(ids([missed, live, after]));
  });

  it('reads again when the feed drops during a catch-up', async () => {
    const { db, feed, open } = setUp();
    const stream = open('u');
    await settle();
    feed.down();
    const first = db.add('u');
    feed.up();
    // Down and back again before the catch-up has finished: what was written meanwhile is read too.
    feed.down();
    const second = db.add('u');
    feed.up();
    await settle();
    expect(stream.sent).toEqual(ids([first, second]));
  });

  it('writes nothing to a stream closed during its catch-up', async () => {
    const { db, feed, open } = setUp();
    const stream = open('u');
    await settle();
    feed.down();
    db.add('u');
    feed.up();
    stream.close();
    await settle();
    expect(stream.sent).toEqual([]);
  });
});
