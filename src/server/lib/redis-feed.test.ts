import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChangeFeed, FeedMessage } from '../db/change-feed.ts';
import { redisFeed } from './redis-feed.ts';

// The change feed over a real Redis (TEST_REDIS_URL, else the local one), as two instances would use it.

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const channel = `lh-test-${process.pid}-${Date.now().toString(36)}:changes`;
const feeds: ChangeFeed[] = [];

async function open() {
  const errors: unknown[] = [];
  const feed = await redisFeed({ url: REDIS_URL, channel, onError: (e) => errors.push(e) });
  feeds.push(feed);
  const received: FeedMessage[] = [];
  feed.onMessage((m) => received.push(m));
  return { feed, received, errors };
}

async function until(check: () => boolean, withinMs = 3_000) {
  const deadline = Date.now() + withinMs;
  while (!check() && Date.now() < deadline) await sleep(10);
  return check();
}

afterAll(async () => {
  for (const f of feeds) await f.close();
});

describe('the change feed over Redis', () => {
  it("carries one instance's messages to the others, never back to itself", async () => {
    const a = await open();
    const b = await open();
    const c = await open();
    expect(a.feed.live && b.feed.live && c.feed.live).toBe(true);
    await a.feed.publish({ topic: 'change', data: { tags: ['laptops'] } });
    expect(await until(() => b.received.length === 1 && c.received.length === 1)).toBe(true);
    expect(b.received[0]).toEqual({ topic: 'change', data: { tags: ['laptops'] } });
    await sleep(50);
    expect(a.received).toEqual([]);
    expect([...a.errors, ...b.errors, ...c.errors]).toEqual([]);
  });

  it('keeps to its own channel: another deployment’s messages do not reach it', async () => {
    const mine = await open();
    const other = await redisFeed({ url: REDIS_URL, channel: `${channel}-other`, onError: () => {} });
    feeds.push(other);
    await other.publish({ topic: 'change', data: 1 });
    const sender = await open();
    await sender.feed.publish({ topic: 'mine', data: 2 });
    expect(await until(() => mine.received.length > 0)).toBe(true);
    expect(mine.received).toEqual([{ topic: 'mine', data: 2 }]);
  });
});
