import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDatabaseUrl, databaseUrlFor } from './test/env.ts';
import { validLaptopBody } from './test/fixtures.ts';
import { cookieFrom, type ServerProcess, signUpOver, startServerProcess } from './test/server-process.ts';

// Two app processes on one PostgreSQL database: sessions, access tokens and the one-order rule hold
// across them, and with REDIS_URL so do the sign-in rate limits (docs/security.md#rate-limits).

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const name = `lh_test_two_${process.pid}_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminDatabaseUrl });
let a: ServerProcess;
let b: ServerProcess;
// Two more on the same database without Redis: their change feed is PostgreSQL's LISTEN/NOTIFY.
let c: ServerProcess;
let d: ServerProcess;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${name}`);
  const env = {
    DATABASE_URL: databaseUrlFor(name),
    REDIS_URL,
    // Keys of this run alone: counts of an earlier run (kept up to 15 minutes) must not decide this one.
    REDIS_PREFIX: `lh-test-${process.pid}-${Date.now().toString(36)}:`,
    AUTH_SECRET: 'two-instances-share-this-secret-0123456789',
    AUTH_RATE_LIMIT_PER_IP: '20',
    AUTH_FAILURES_PER_ACCOUNT: '2',
    SEED: 'demo',
  };
  const { REDIS_URL: _redis, REDIS_PREFIX: _prefix, ...withoutRedis } = env;
  // All start at once: migrations and the seed run once, under their advisory locks.
  [a, b, c, d] = await Promise.all([
    startServerProcess({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'lh-two-a-')) }),
    startServerProcess({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'lh-two-b-')) }),
    startServerProcess({ ...withoutRedis, DATA_DIR: mkdtempSync(join(tmpdir(), 'lh-two-c-')) }),
    startServerProcess({ ...withoutRedis, DATA_DIR: mkdtempSync(join(tmpdir(), 'lh-two-d-')) }),
  ]);
}, 90_000);

afterAll(async () => {
  for (const s of [a, b, c, d]) s?.child.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited, c?.exited, d?.exited]);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('two instances on one PostgreSQL database', () => {
  it('seeded the demo data exactly once', async () => {
    const client = new pg.Client({ connectionString: databaseUrlFor(name) });
    await client.connect();
    const { rows } = await client.query<{ n: string }>('select count(*) as n from "user" where email like $1', [
      '%@laptophaat.test',
    ]);
    await client.end();
    expect(Number(rows[0]!.n)).toBe(4);
  });

  it('accepts a session and an access token made on the other instance', async () => {
    const email = `two-${Date.now().toString(36)}@example.test`;
    const cookie = await signUpOver(a.url, 'buyer', email);
    expect((await fetch(`${b.url}/api/categories/gaming`, { headers: { cookie } })).status).toBe(200);
    const { accessToken } = await (await fetch(`${a.url}/api/jwt?email=${email}`, { headers: { cookie } })).json();
    expect(
      (await fetch(`${b.url}/api/categories/gaming`, { headers: { authorization: `Bearer ${accessToken}` } })).status,
    ).toBe(200);
  });

  it('gives one order for simultaneous bookings across both', async () => {
    const email = `two-race-${Date.now().toString(36)}@example.test`;
    const cookie = await signUpOver(a.url, 'buyer', email);
    const laptops = (await (await fetch(`${a.url}/api/categories/casual`, { headers: { cookie } })).json()) as {
      _id: string;
    }[];
    const laptopId = laptops[0]!._id;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const server = i % 2 ? a : b;
        return fetch(`${server.url}/api/myOrders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url, cookie },
          body: JSON.stringify({ laptop_id: laptopId, buyerPhoneNumber: '01712345678', meetingAddress: 'Banani 11' }),
        });
      }),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const orders = await (await fetch(`${b.url}/api/myOrders?buyerEmail=${email}`, { headers: { cookie } })).json();
    expect(orders).toHaveLength(1);
  });

  it("shows one instance's new listing in the other's cached search at once", () => newListingShowsAtOnce(a, b));

  it('ends a signed-out session on the other instance at once', async () => {
    const email = `two-out-${Date.now().toString(36)}@example.test`;
    const cookie = await signUpOver(a.url, 'buyer', email);
    const onB = () => fetch(`${b.url}/api/myOrders?buyerEmail=${email}`, { headers: { cookie } });
    // B remembers who this cookie is (for up to 5 s without the feed).
    expect((await onB()).status).toBe(200);
    const out = await fetch(`${a.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url, cookie },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect(await waitFor(async () => (await onB()).status === 401, 700)).toBe(true);
  });

  it("streams a booking made on one instance to the seller's stream on the other", () =>
    bookingReachesOtherStream(a, b));

  it("streams a message written on one instance to the other person's stream on the other", () =>
    messageReachesOtherStream(a, b));

  it('counts failed sign-ins across instances through Redis', async () => {
    const email = `two-fail-${Date.now().toString(36)}@example.test`;
    await signUpOver(a.url, 'buyer', email);
    const attempt = (server: ServerProcess, password: string) =>
      fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email, password }),
      });
    expect((await attempt(a, 'Wrong@123')).status).toBe(401);
    expect((await attempt(b, 'Wrong@123')).status).toBe(401);
    // Two failures from this address, one on each instance: the next attempt here waits.
    const slowed = await attempt(a, 'Secret@123');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('holds the per-IP sign-in limit across instances through Redis', async () => {
    const attempt = (server: ServerProcess) =>
      fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'buyer@laptophaat.test', password: 'Demo@1234' }),
      });
    // Earlier tests here used some of the 20 sign-in and sign-up attempts a minute; spend the rest
    // alternating instances, then a few more.
    const statuses: number[] = [];
    for (let i = 0; i < 20 && !statuses.includes(429); i++) statuses.push((await attempt(i % 2 ? a : b)).status);
    expect(statuses).toContain(429);
    for (let i = 0; i < 3; i++) statuses.push((await attempt(i % 2 ? b : a)).status);
    const firstRefused = statuses.indexOf(429);
    expect(statuses.slice(firstRefused).every((s) => s === 429)).toBe(true);
    const refused = await attempt(a);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(cookieFrom(refused)).toBe('');
  });
});

/** Polls `check` until it holds or `withinMs` has passed. */
async function waitFor(check: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

describe('two instances without Redis: PostgreSQL LISTEN/NOTIFY carries their changes', () => {
  it("shows one instance's new listing in the other's cached search at once", () => newListingShowsAtOnce(c, d));
  it("streams a booking made on one instance to the seller's stream on the other", () =>
    bookingReachesOtherStream(c, d));
  it("streams a message written on one instance to the other person's stream on the other", () =>
    messageReachesOtherStream(c, d));
});

async function newListingShowsAtOnce(x: ServerProcess, y: ServerProcess) {
  // Unlike any other laptop's words, even by similarity (a word no laptop has is matched as a typo).
  const word = `zq${randomUUID().replaceAll('-', '').slice(0, 14)}`;
  const search = async () =>
    ((await (await fetch(`${y.url}/api/laptops?q=${word}`)).json()) as { total: number }).total;
  // B remembers its answer: no laptop has this word.
  expect(await search()).toBe(0);
  const cookie = await signUpOver(x.url, 'seller', `two-seller-${word}@example.test`);
  const added = await fetch(`${x.url}/api/addLaptop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: x.url, cookie },
    body: JSON.stringify(validLaptopBody({ laptop_name: `ThinkPad ${word}` })),
  });
  expect(added.status).toBe(201);
  // Told through PostgreSQL's NOTIFY, not left to B's cache lifetime (2 s without the feed).
  const seen = await waitFor(async () => (await search()) === 1, 700);
  expect(seen).toBe(true);
}

async function bookingReachesOtherStream(x: ServerProcess, y: ServerProcess) {
  const word = Date.now().toString(36);
  const sellerCookie = await signUpOver(x.url, 'seller', `two-stream-seller-${word}@example.test`);
  const buyerCookie = await signUpOver(y.url, 'buyer', `two-stream-buyer-${word}@example.test`);
  const added = await fetch(`${x.url}/api/addLaptop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: x.url, cookie: sellerCookie },
    body: JSON.stringify(validLaptopBody({ laptop_name: `Stream ThinkPad ${word}` })),
  });
  const laptop = (await added.json()) as { _id: string };

  // The seller watches on B; the buyer books on A.
  const stream = await streamOn(y, sellerCookie);
  const booked = await fetch(`${x.url}/api/myOrders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: x.url, cookie: buyerCookie },
    body: JSON.stringify({ laptop_id: laptop._id, buyerPhoneNumber: '01712345678', meetingAddress: 'Gulshan 1' }),
  });
  expect(booked.status).toBe(201);
  const text = await stream.until('event: notification', 5_000);
  stream.close();
  expect(text).toContain('event: notification');
  expect(text).toContain('"kind":"order_requested"');
  expect(text).toContain(`"laptop_id":"${laptop._id}"`);
}

/** A user's notification stream on `server`, read as text. */
async function streamOn(server: ServerProcess, cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${server.url}/api/notifications/stream`, { headers: { cookie }, signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  // One read at a time; one that outlives a wait is kept, and its text with it.
  let reading: Promise<void> | undefined;
  let ended = false;
  const readMore = () =>
    (reading ??= reader.read().then(
      ({ value, done }) => {
        reading = undefined;
        if (value) text += value;
        if (done) ended = true;
      },
      // Closed by the test (aborted) or by the server.
      () => {
        ended = true;
      },
    ));
  return {
    /** What the stream has said once it says `words`, or when `withinMs` has passed. */
    async until(words: string, withinMs: number): Promise<string> {
      const deadline = Date.now() + withinMs;
      while (!text.includes(words) && !ended && Date.now() < deadline) {
        await Promise.race([readMore(), new Promise((r) => setTimeout(r, deadline - Date.now()))]);
      }
      return text;
    },
    close: () => controller.abort(),
  };
}

/** `path` posted as JSON to `server` with `cookie`: its status and body. */
async function postOver(server: ServerProcess, cookie: string, path: string, body: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { _id: string } };
}

async function messageReachesOtherStream(x: ServerProcess, y: ServerProcess) {
  const word = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const sellerCookie = await signUpOver(x.url, 'seller', `two-chat-seller-${word}@example.test`);
  const buyerCookie = await signUpOver(y.url, 'buyer', `two-chat-buyer-${word}@example.test`);
  const added = await postOver(x, sellerCookie, '/api/addLaptop', validLaptopBody({ laptop_name: `Chat ${word}` }));
  expect(added.status).toBe(201);

  // The seller reads on B; the buyer writes on A, then the seller answers on B to the buyer on A.
  const sellerStream = await streamOn(y, sellerCookie);
  const buyerStream = await streamOn(x, buyerCookie);
  const question = `Is it still for sale? ${word}`;
  const sent = performance.now();
  const started = await postOver(x, buyerCookie, '/api/conversations', { laptop_id: added.body._id, text: question });
  expect(started.status).toBe(201);
  const seen = await sellerStream.until(question, 2_000);
  expect(performance.now() - sent).toBeLessThan(1_000);
  expect(seen).toContain('event: message');
  expect(seen).toContain(`"conversation_id":"${started.body._id}"`);
  expect(seen).toContain('"from_me":false');
  // A chat message is not a notification.
  expect(seen).not.toContain('event: notification');

  const answer = `Yes, come to Dhanmondi 27 ${word}`;
  const answered = await postOver(y, sellerCookie, `/api/conversations/${started.body._id}/messages`, {
    text: answer,
  });
  expect(answered.status).toBe(201);
  expect(await buyerStream.until(answer, 2_000)).toContain(`"text":"${answer}","sent_at"`);
  sellerStream.close();
  buyerStream.close();
}
