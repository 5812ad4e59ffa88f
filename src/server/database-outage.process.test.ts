import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDatabaseUrl, databaseUrlFor } from './test/env.ts';
import { validLaptopBody } from './test/fixtures.ts';
import { type ServerProcess, signUpOver, startServerProcess } from './test/server-process.ts';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy.ts';

// The server on PostgreSQL while the database goes away for about 15 s (docs/operations.md#the-database):
// the database is reached through a TCP proxy that the test closes, as a stopped server's port is
// (ECONNREFUSED); the shared PostgreSQL itself is never touched. Clients get 503s with Retry-After,
// never 500s; cached public answers are served stale; the log does not grow per request and holds
// no statement values; everything acknowledged before is still there after, and writes work again.

const OUTAGE_MS = 15_000;
const name = `lh_test_outage_${process.pid}_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: adminDatabaseUrl });
let proxy: TcpProxy;
let server: ServerProcess;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${name}`);
  const real = new URL(databaseUrlFor(name));
  proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
  const viaProxy = new URL(real);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  server = await startServerProcess({
    DATABASE_URL: viaProxy.toString(),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lh-outage-')),
    SEED: 'demo',
    AUTH_RATE_LIMIT_PER_IP: '10000',
    AUTH_FAILURES_PER_ACCOUNT: '10000',
    WRITE_RATE_LIMIT_PER_USER: '10000',
  });
}, 120_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await proxy?.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}, 30_000);

const json = (cookie: string, body: unknown, method = 'POST') => ({
  method,
  headers: { 'content-type': 'application/json', origin: server.url, cookie },
  body: JSON.stringify(body),
});

interface Answer {
  what: string;
  status: number;
  retryAfter: string | null;
  stale: string | null;
  body: string;
}

async function ask(what: string, path: string, init?: RequestInit): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, init);
  return {
    what,
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    stale: res.headers.get('x-served-stale'),
    body: await res.text(),
  };
}

describe('a PostgreSQL outage', () => {
  it('answers 503s, not 500s, serves cached answers stale, and loses nothing acknowledged', async () => {
    const word = randomUUID().slice(0, 8);
    // Before: accounts, listings and bookings, all acknowledged.
    const sellerEmail = `outage-seller-${word}@example.test`;
    const buyerEmail = `outage-buyer-${word}@example.test`;
    const seller = await signUpOver(server.url, 'seller', sellerEmail);
    const buyer = await signUpOver(server.url, 'buyer', buyerEmail);
    const listed: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await fetch(
        `${server.url}/api/addLaptop`,
        json(seller, validLaptopBody({ laptop_name: `Outage ThinkPad ${word} ${i}` })),
      );
      expect(res.status).toBe(201);
      listed.push(((await res.json()) as { _id: string })._id);
    }
    const booked: string[] = [];
    for (const laptopId of listed.slice(0, 2)) {
      const res = await fetch(
        `${server.url}/api/myOrders`,
        json(buyer, { laptop_id: laptopId, buyerPhoneNumber: '01712345678', meetingAddress: 'Banani 11' }),
      );
      expect(res.status).toBe(201);
      booked.push(((await res.json()) as { _id: string })._id);
    }
    // Public answers warmed, then one write clears the listings' answers: while the database is
    // away they can only be served stale.
    const cachedPaths = ['/api/myProducts?advertise=true', '/api/blog', '/api/services', `/api/laptops?q=${word}`];
    for (const path of cachedPaths) expect((await ask(path, path)).status).toBe(200);
    const lastListing = await fetch(
      `${server.url}/api/addLaptop`,
      json(seller, validLaptopBody({ laptop_name: `Outage ThinkPad ${word} last` })),
    );
    expect(lastListing.status).toBe(201);
    listed.push(((await lastListing.json()) as { _id: string })._id);

    // During: every kind of request, over and over, for OUTAGE_MS.
    await proxy.down();
    const logBefore = server.output().length;
    const answers: Answer[] = [];
    const started = Date.now();
    let round = 0;
    while (Date.now() - started < OUTAGE_MS) {
      round += 1;
      const email = `outage-new-${word}-${round}@example.test`;
      answers.push(
        ...(await Promise.all([
          ...cachedPaths.map((path) => ask(`cached ${path}`, path)),
          ask('uncached read', `/api/laptops?q=${word}x${round}`),
          ask('listing', `/api/laptops/${listed[0]}`),
          ask('signed-in read', `/api/myOrders?buyerEmail=${buyerEmail}`, { headers: { cookie: buyer } }),
          ask(
            'booking',
            '/api/myOrders',
            json(buyer, { laptop_id: listed[2], buyerPhoneNumber: '01712345678', meetingAddress: 'Gulshan 2' }),
          ),
          ask('listing a laptop', '/api/addLaptop', json(seller, validLaptopBody({ laptop_name: `During ${word}` }))),
          ask('sign-up', '/api/auth/sign-up/email', {
            ...json('', { name: 'New buyer', email, password: 'Secret@123', role: 'buyer' }),
          }),
          ask('sign-in', '/api/auth/sign-in/email', json('', { email: buyerEmail, password: 'Secret@123' })),
        ])),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const readyDuring = await ask('readyz', '/readyz');
    const logDuring = server.output().slice(logBefore);

    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    const byWhat = (prefix: string) => answers.filter((a) => a.what.startsWith(prefix));
    // Public answers the cache held: 200 all through, the cleared ones marked stale.
    for (const a of byWhat('cached')) expect(a.status, a.what).toBe(200);
    expect(byWhat('cached /api/myProducts').every((a) => a.stale === '1')).toBe(true);
    expect(byWhat(`cached /api/laptops?q=${word}`).every((a) => a.stale === '1')).toBe(true);
    // Everything else: 503 with Retry-After and the error shape (a signed-in caller is not told to
    // log in again: 503, not 401).
    const refused = answers.filter((a) => !a.what.startsWith('cached'));
    expect(refused.length).toBeGreaterThan(50);
    for (const a of refused) {
      expect({ what: a.what, status: a.status }).toEqual({ what: a.what, status: 503 });
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(a.body)).toEqual({
        error: { code: 'unavailable', reason: 'unavailable', message: expect.any(String) },
      });
    }
    expect(readyDuring.status).toBe(503);
    expect(JSON.parse(readyDuring.body).checks.database).toBe('connection refused');

    // The log: a few lines for the whole outage, not one per request, and no statement values.
    const lines = logDuring.split('\n').filter(Boolean);
    expect(lines.length).toBeLessThan(Math.max(40, answers.length / 10));
    expect(logDuring.length).toBeLessThan(100_000);
    expect(logDuring).not.toContain('params:');
    expect(logDuring).not.toContain(buyerEmail);
    expect(logDuring).not.toContain(`outage-new-${word}`);
    expect(logDuring).toMatch(/connection refused/);

    // After: ready again, everything acknowledged is there, writes work.
    await proxy.up();
    const deadline = Date.now() + 30_000;
    while ((await ask('readyz', '/readyz')).status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect((await ask('readyz', '/readyz')).status).toBe(200);

    const direct = new pg.Client({ connectionString: databaseUrlFor(name) });
    await direct.connect();
    const laptops = await direct.query<{ id: string }>('select id from laptop where id = any($1)', [listed]);
    const orders = await direct.query<{ id: string }>('select id from "order" where id = any($1)', [booked]);
    const during = await direct.query<{ n: string }>(
      `select count(*) as n from "user" where email like 'outage-new-${word}-%'`,
    );
    await direct.end();
    expect(laptops.rows.map((r) => r.id).sort()).toEqual([...listed].sort());
    expect(orders.rows.map((r) => r.id).sort()).toEqual([...booked].sort());
    // Nothing answered 503 was half-done.
    expect(Number(during.rows[0]!.n)).toBe(0);

    const fresh = await ask('after', '/api/myProducts?advertise=true');
    expect(fresh.status).toBe(200);
    expect(fresh.stale).toBeNull();
    const bookedAfter = await ask(
      'booking after',
      '/api/myOrders',
      json(buyer, { laptop_id: listed[2], buyerPhoneNumber: '01712345678', meetingAddress: 'Gulshan 2' }),
    );
    expect(bookedAfter.status).toBe(201);
    const signedIn = await ask(
      'sign-in after',
      '/api/auth/sign-in/email',
      json('', { email: buyerEmail, password: 'Secret@123' }),
    );
    expect(signedIn.status).toBe(200);
  }, 120_000);
});
