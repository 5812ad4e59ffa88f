import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer, type TcpProxy, tcpProxy } from '../test/redis-server.ts';
import type { ChangeFeed, FeedMessage } from './db/change-feed.ts';
import { redisFeed } from './redis-feed.ts';

// The change feed over a real Redis (TEST_REDIS_URL, else the local one), as two instances would use it;
// through outages, over a Redis of the test's own that it stops, or cuts one feed off from.

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

describe('the change feed over Redis through outages', () => {
  let server: RedisServer;
  const proxies: TcpProxy[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    for (const p of proxies) await p.close();
    await server?.stop();
  });

  async function openOn(url: string) {
    const errors: unknown[] = [];
    const feed = await redisFeed({ url, channel, onError: (e) => errors.push(e) });
    feeds.push(feed);
    const received: FeedMessage[] = [];
    /** `live` at each gap: false when it went down, true when it listens again. */
    const gaps: boolean[] = [];
    feed.onMessage((m) => received.push(m));
    feed.onGap(() => gaps.push(feed.live));
    return { feed, received, gaps, errors };
  }

  it('keeps what it publishes while cut off from Redis and sends it, in order, once it is back', async () => {
    const proxy = await tcpProxy(server.port);
    proxies.push(proxy);
    const a = await openOn(proxy.url);
    const b = await openOn(server.url);
    expect(a.feed.live && b.feed.live).toBe(true);
    await proxy.cut();
    expect(await until(() => !a.feed.live)).toBe(true);
    expect(a.gaps).toEqual([false]);
    const sent = [1, 2, 3].map((n) => a.feed.publish({ topic: 'meanwhile', data: n }));
    // Several reconnection attempts fail meanwhile: said once.
    await sleep(1_500);
    expect(b.received).toEqual([]);
    expect(a.errors).toHaveLength(1);
    await proxy.mend();
    await Promise.all(sent);
    expect(await until(() => b.received.length === 3)).toBe(true);
    expect(b.received.map((m) => m.data)).toEqual([1, 2, 3]);
    // Listening again, and said so once it is.
    expect(await until(() => a.feed.live)).toBe(true);
    expect(a.gaps).toEqual([false, true]);
    await b.feed.publish({ topic: 'after', data: null });
    expect(await until(() => a.received.some((m) => m.topic === 'after'))).toBe(true);
    expect(b.gaps).toEqual([]);
  });

  it('says when Redis goes and when it listens again, and listens after starting without Redis', async () => {
    const a = await openOn(server.url);
    await server.stop();
    expect(await until(() => a.gaps.length === 1)).toBe(true);
    expect(a.feed.live).toBe(false);
    // Started while Redis is away: not live, and no gap until it is.
    const late = await openOn(server.url);
    expect(late.feed.live).toBe(false);
    await server.start();
    expect(await until(() => a.feed.live && late.feed.live, 10_000)).toBe(true);
    expect(a.gaps).toEqual([false, true]);
    expect(late.gaps).toEqual([true]);
    await a.feed.publish({ topic: 'back', data: 1 });
    expect(await until(() => late.received.length === 1)).toBe(true);
    expect(late.received).toEqual([{ topic: 'back', data: 1 }]);
  });
});
