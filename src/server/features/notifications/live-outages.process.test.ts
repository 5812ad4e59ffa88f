import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedApplicationName } from '../../platform/db/change-feed.ts';
import { adminDatabaseUrl, databaseUrlFor } from '../../test/env.ts';
import { type EventStreamReader, openEventStream } from '../../test/event-stream.ts';
import { validLaptopBody } from '../../test/fixtures.ts';
import { type RedisServer, startRedisServer } from '../../test/redis-server.ts';
import { type ServerProcess, signUpOver, startServerProcess } from '../../test/server-process.ts';

// No live notification is lost when the change feed loses messages (docs/operations.md#outages):
// two instances on one PostgreSQL database, a seller's stream open on one while buyers book on the
// other, first with their Redis stopped and started again, then (without Redis) with the other's
// LISTEN connection killed over and over. Every notification made meanwhile reaches the open stream,
// in order, each once, within 5 s of recovery. While Redis is away the sign-in limits still hold,
// per instance, and each instance says so once when Redis goes and once when it is back.

const run = `${process.pid}_${Date.now().toString(36)}`;
const name = `lh_test_live_${run}`;
const admin = new pg.Client({ connectionString: adminDatabaseUrl });
const cleanups: (() => Promise<unknown> | unknown)[] = [];
let redis: RedisServer;
// With Redis (the feed is Redis pub/sub) and without (the feed is PostgreSQL's LISTEN/NOTIFY).
let a: ServerProcess;
let b: ServerProcess;
let c: ServerProcess;
let d: ServerProcess;
type Four = [ServerProcess, ServerProcess, ServerProcess, ServerProcess];

const PER_IP = 10;
const METRICS_TOKEN = 'live-outages-metrics-token-0123456789abcdef';

beforeAll(async () => {
  redis = await startRedisServer();
  await admin.connect();
  await admin.query(`create database ${name}`);
  const env = {
    DATABASE_URL: databaseUrlFor(name),
    AUTH_SECRET: 'live-outages-share-this-secret-0123456789',
    // The lines saying Redis is back are at info.
    LOG_LEVEL: 'info',
  };
  const withRedis = {
    ...env,
    REDIS_URL: redis.url,
    REDIS_PREFIX: `lh-live-${run}:`,
    AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
    AUTH_FAILURES_PER_ACCOUNT: '2',
    METRICS_TOKEN,
  };
  const withoutRedis = { ...env, AUTH_RATE_LIMIT_PER_IP: '1000' };
  const dir = (x: string) => ({ DATA_DIR: mkdtempSync(join(tmpdir(), `lh-live-${x}-`)) });
  // All start at once: migrations run once, under their advisory lock.
  const started = await Promise.allSettled([
    startServerProcess({ ...withRedis, ...dir('a') }),
    startServerProcess({ ...withRedis, ...dir('b') }),
    startServerProcess({ ...withoutRedis, ...dir('c') }),
    startServerProcess({ ...withoutRedis, ...dir('d') }),
  ]);
  // Those that did start are stopped after, whichever did not.
  [a, b, c, d] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined)) as Four;
  for (const s of started) if (s.status === 'rejected') throw s.reason;
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const s of [a, b, c, d]) s?.child.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited, c?.exited, d?.exited]);
  await redis?.stop();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}, 60_000);

describe('live notifications through outages of the change feed', () => {
  it('reach a stream open on the other instance when Redis was stopped and started', async () => {
    const { seller, buyer, laptops, stream } = await sellerWatching({ booksOn: a, watchesOn: b, laptops: 14 });
    // The feed works: a booking on A reaches B's stream.
    await book(a, buyer, laptops[0]!);
    const before = Number((await stream.next(10_000)).id);

    await redis.stop();
    // Both instances notice (their connections close at once).
    for (const s of [a, b]) expect(await until(() => count(s, REDIS_GONE) === 1, 10_000)).toBe(true);

    // Ten bookings on A in two rounds, and one on B in each: B's own, newer than some of A's, must
    // not overtake them. While Redis is away the stream reads them from the database (every 3 s).
    const round = async (from: number) => {
      for (let i = from; i < from + 6; i++) await book(i === from + 3 ? b : a, buyer, laptops[i]!);
    };
    await round(1);
    const first = await notificationIdsAfter(a, seller, before);
    expect(first).toHaveLength(6);
    expect(await readIds(stream, first.length, Date.now() + 10_000)).toEqual(first);

    // The limits count in each instance's memory meanwhile: past PER_IP sign-ins a minute from one
    // address B refuses.
    const statuses: number[] = [];
    for (let i = 0; i < PER_IP + 2; i++) statuses.push((await signIn(b, `nobody-${run}-${i}@example.test`)).status);
    expect(statuses.slice(0, PER_IP).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(PER_IP)).toEqual([429, 429]);
    // And the delay after failed sign-ins: two failures, then even the right password waits.
    expect((await signIn(a, buyer.email, 'Wrong@123')).status).toBe(401);
    expect((await signIn(a, buyer.email, 'Wrong@123')).status).toBe(401);
    const slowed = await signIn(a, buyer.email, 'Secret@123');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);

    // The second round just before Redis is back: on the stream within 5 s of its return.
    await round(7);
    const made = await notificationIdsAfter(a, seller, first.at(-1)!);
    expect(made).toHaveLength(6);
    await redis.start();
    const recovered = Date.now();
    expect(await readIds(stream, made.length, recovered + 5_000)).toEqual(made);

    // Live again: the next booking on A comes through the feed.
    for (const s of [a, b]) expect(await until(() => count(s, REDIS_BACK) === 1, 10_000)).toBe(true);
    await book(a, buyer, laptops[13]!);
    const [after] = await notificationIdsAfter(a, seller, made.at(-1)!);
    expect(await readIds(stream, 1, Date.now() + 5_000)).toEqual([after]);
    stream.close();

    // One line when Redis went and one when it came back on each instance, not one per request;
    // the feed's own errors once per outage too.
    for (const s of [a, b]) {
      // The feed's 'back' line follows the last catch-up, which may end just after the stream's read.
      expect(await until(() => count(s, FEED_BACK) >= 1, 10_000)).toBe(true);
      expect(count(s, REDIS_GONE)).toBe(1);
      expect(count(s, REDIS_BACK)).toBe(1);
      expect(count(s, FEED_ERROR)).toBeLessThanOrEqual(1);
      expect(count(s, FEED_DOWN)).toBe(1);
      expect(count(s, FEED_BACK)).toBe(1);
    }
    // B's stream read the database when it opened, while Redis was away, and once it was back.
    const metrics = await (
      await fetch(`${b.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(Number(metrics.match(/^laptophaat_notification_catch_ups_total (\d+)$/m)?.[1])).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('reach a stream open on the other instance when its LISTEN connection is killed, again and again', async () => {
    const { seller, buyer, laptops, stream } = await sellerWatching({ booksOn: c, watchesOn: d, laptops: 11 });
    await book(c, buyer, laptops[0]!);
    const before = Number((await stream.next(10_000)).id);

    // D's listening connection, by the name it gives itself, killed every 20 ms while C takes nine
    // bookings: D's feed is down, back, down again, and messages sent meanwhile are lost to it.
    const listening = feedApplicationName(d.child.pid);
    const killer = new pg.Client({ connectionString: adminDatabaseUrl });
    await killer.connect();
    cleanups.push(() => killer.end());
    const kill = () =>
      killer.query<{ killed: boolean }>(
        'select pg_terminate_backend(pid) as killed from pg_stat_activity where application_name = $1',
        [listening],
      );
    expect((await kill()).rows).toEqual([{ killed: true }]);
    let killing = true;
    const killed = (async () => {
      let n = 1;
      while (killing) {
        n += (await kill()).rowCount ?? 0;
        await sleep(20);
      }
      return n;
    })();
    // One every 300 ms: the connection comes back and is killed again several times meanwhile.
    for (let i = 1; i <= 9; i++) {
      await book(c, buyer, laptops[i]!);
      await sleep(300);
    }
    killing = false;
    expect(await killed).toBeGreaterThan(2);
    const recovered = Date.now();
    const made = await notificationIdsAfter(c, seller, before);
    expect(made).toHaveLength(9);
    expect(await readIds(stream, made.length, recovered + 5_000)).toEqual(made);

    // Listening again: the next one comes live.
    const listens = async () =>
      (await killer.query('select 1 from pg_stat_activity where application_name = $1', [listening])).rowCount === 1;
    expect(await until(listens, 10_000)).toBe(true);
    await book(c, buyer, laptops[10]!);
    const [after] = await notificationIdsAfter(c, seller, made.at(-1)!);
    expect(await readIds(stream, 1, Date.now() + 5_000)).toEqual([after]);
    stream.close();
    expect(count(d, FEED_DOWN)).toBeGreaterThanOrEqual(1);
    expect(count(d, FEED_BACK)).toBe(count(d, FEED_DOWN));
  }, 120_000);
});

const REDIS_GONE = 'Redis is not reachable';
const REDIS_BACK = 'Redis is back';
const FEED_ERROR = 'change feed: other instances';
const FEED_DOWN = 'change feed down';
const FEED_BACK = 'change feed back';

/** Log lines of `server` saying `words`. */
function count(server: ServerProcess, words: string): number {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes(words)).length;
}

async function until(check: () => boolean | Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(50);
  }
  return check();
}

interface Account {
  email: string;
  cookie: string;
}

/** A seller with `laptops` listings (added on `booksOn`), a buyer, and the seller's stream on `watchesOn`. */
async function sellerWatching({
  booksOn,
  watchesOn,
  laptops: n,
}: {
  booksOn: ServerProcess;
  watchesOn: ServerProcess;
  laptops: number;
}) {
  const word = `${run}${booksOn.url.slice(-5)}`;
  const seller = { email: `live-seller-${word}@example.test`, cookie: '' };
  seller.cookie = await signUpOver(booksOn.url, 'seller', seller.email);
  const buyer = { email: `live-buyer-${word}@example.test`, cookie: '' };
  buyer.cookie = await signUpOver(booksOn.url, 'buyer', buyer.email);
  const laptops: string[] = [];
  for (let i = 0; i < n; i++) {
    const added = await fetch(`${booksOn.url}/api/addLaptop`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: booksOn.url, cookie: seller.cookie },
      body: JSON.stringify(validLaptopBody({ laptop_name: `Live ThinkPad ${word} ${i}` })),
    });
    expect(added.status).toBe(201);
    laptops.push(((await added.json()) as { _id: string })._id);
  }
  const stream = await openEventStream(
    { request: (path, init) => fetch(`${watchesOn.url}${path}`, init) },
    seller.cookie,
  );
  expect(stream.status).toBe(200);
  cleanups.push(() => stream.close());
  return { seller, buyer, laptops, stream };
}

async function book(server: ServerProcess, buyer: Account, laptopId: string): Promise<void> {
  const res = await fetch(`${server.url}/api/myOrders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: buyer.cookie },
    body: JSON.stringify({ laptop_id: laptopId, buyerPhoneNumber: '01712345678', meetingAddress: 'Banani 11' }),
  });
  expect(res.status).toBe(201);
}

function signIn(server: ServerProcess, email: string, password = 'Wrong@123') {
  return fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password }),
  });
}

/** The ids of `account`'s notifications after `afterId`, oldest first, as the database has them. */
async function notificationIdsAfter(server: ServerProcess, account: Account, afterId: number): Promise<number[]> {
  const res = await fetch(`${server.url}/api/notifications?limit=50`, { headers: { cookie: account.cookie } });
  expect(res.status).toBe(200);
  const { items } = (await res.json()) as { items: { _id: string }[] };
  return items
    .map((n) => Number(n._id))
    .filter((id) => id > afterId)
    .reverse();
}

/** The ids of the next `n` notification events, each by `deadline`. */
async function readIds(stream: EventStreamReader, n: number, deadline: number): Promise<number[]> {
  const ids: number[] = [];
  while (ids.length < n) {
    const event = await stream.next(Math.max(1, deadline - Date.now()));
    if (event.event === 'notification') ids.push(Number(event.id));
  }
  return ids;
}
