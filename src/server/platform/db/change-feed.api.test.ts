import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import {
  type ChangeFeed,
  FEED_CHANNEL,
  type FeedMessage,
  feedApplicationName,
  MAX_PAYLOAD_BYTES,
} from './change-feed.ts';
import type { Database } from './client.ts';

// Two feeds on one PostgreSQL database stand for two app instances (the process test
// two-instances.process.test.ts shows the caches they clear). PGlite has one instance: no feed.

async function until(check: () => boolean, withinMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (!check() && Date.now() < deadline) await sleep(10);
  return check();
}

describe.runIf(inject('dbKind') === 'postgres')('the change feed on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const feeds: ChangeFeed[] = [];
  const open = async () => {
    const errors: unknown[] = [];
    const feed = await database.openFeed((e) => errors.push(e));
    feeds.push(feed);
    const received: FeedMessage[] = [];
    let gaps = 0;
    feed.onMessage((m) => received.push(m));
    feed.onGap(() => {
      gaps += 1;
    });
    return { feed, received, gaps: () => gaps, errors };
  };

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    for (const f of feeds) await f.close();
    await database.close();
    await drop();
  });

  it("carries one instance's messages to the others, never back to itself", async () => {
    const a = await open();
    const b = await open();
    expect(a.feed.live && b.feed.live).toBe(true);
    await a.feed.publish({ topic: 'change', data: { tags: ['laptops'] } });
    expect(await until(() => b.received.length === 1)).toBe(true);
    expect(b.received[0]).toEqual({ topic: 'change', data: { tags: ['laptops'] } });
    await sleep(50);
    expect(a.received).toEqual([]);
  });

  it('refuses a message too long for NOTIFY, sending nothing', async () => {
    const a = await open();
    const b = await open();
    await expect(a.feed.publish({ topic: 'big', data: 'x'.repeat(MAX_PAYLOAD_BYTES) })).rejects.toThrow(
      /over the limit/,
    );
    await a.feed.publish({ topic: 'small', data: 1 });
    expect(await until(() => b.received.length > 0)).toBe(true);
    expect(b.received.map((m) => m.topic)).toEqual(['small']);
  });

  it('sends a burst as few NOTIFYs, in order, each distinct message once, however long the burst', async () => {
    const a = await open();
    const b = await open();
    // A burst of writes in one turn: 200 notifications of about 100 bytes (more than one NOTIFY
    // holds) and the same cache change after each.
    const sent = Array.from({ length: 200 }, (_, i) => ({
      topic: 'notification',
      data: { n: i, pad: 'x'.repeat(80) },
    }));
    await Promise.all(
      sent.flatMap((m) => [a.feed.publish(m), a.feed.publish({ topic: 'change', data: { tags: ['orders'] } })]),
    );
    expect(await until(() => b.received.length === 201)).toBe(true);
    expect(b.received.filter((m) => m.topic === 'notification')).toEqual(sent);
    expect(b.received.filter((m) => m.topic === 'change')).toEqual([{ topic: 'change', data: { tags: ['orders'] } }]);
    await sleep(50);
    expect(b.received).toHaveLength(201);
  });

  it('says when messages may have been missed, listens again, and carries messages after', async () => {
    const a = await open();
    const b = await open();
    // Ends the listening connections of this process (found by the name they give themselves), as
    // a PostgreSQL restart or a network cut would.
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${feedApplicationName()}`,
    );
    expect(await until(() => b.gaps() >= 1)).toBe(true);
    // Back: a second gap (what was sent meanwhile is lost), and live again.
    expect(await until(() => b.feed.live && b.gaps() >= 2)).toBe(true);
    await a.feed.publish({ topic: 'after', data: null });
    expect(await until(() => b.received.some((m) => m.topic === 'after'))).toBe(true);
    // Said once, not once per attempt.
    expect(b.errors).toHaveLength(1);
  });

  it('ignores payloads that are not its messages', async () => {
    const b = await open();
    await database.db.execute(sql`select pg_notify(${FEED_CHANNEL}, 'not json'), pg_notify(${FEED_CHANNEL}, '{}')`);
    const a = await open();
    await a.feed.publish({ topic: 'real', data: 2 });
    expect(await until(() => b.received.length > 0)).toBe(true);
    expect(b.received).toEqual([{ topic: 'real', data: 2 }]);
  });
});
