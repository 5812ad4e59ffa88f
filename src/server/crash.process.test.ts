import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminDatabaseUrl, databaseUrlFor } from './test/env.ts';
import { validLaptopBody } from './test/fixtures.ts';
import { type ServerProcess, signUpOver, startServerProcess } from './test/server-process.ts';

// Crash safety (docs/security.md#crash-safety): SIGKILL the server while it acknowledges bookings
// and listings, start it again on the same data, and check that every acknowledged write is there,
// whole.

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const form = (n: number) =>
  validLaptopBody({
    laptop_name: `Crash Test Laptop ${n}`,
    resale_price: 20_000 + n,
    laptopDesc: `Listing number ${n}.`,
  });

async function hammer(server: ServerProcess) {
  const run = Date.now().toString(36);
  const sellerCookie = await signUpOver(server.url, 'seller', `crash-seller-${run}@example.test`);
  const sellerEmail = `crash-seller-${run}@example.test`;
  const buyers = await Promise.all(
    [1, 2, 3].map(async (i) => {
      const email = `crash-buyer-${run}-${i}@example.test`;
      return { email, cookie: await signUpOver(server.url, 'buyer', email) };
    }),
  );
  const ackLaptops = new Map<string, number>();
  const ackOrders = new Map<string, { laptopId: string; buyer: string }>();
  let n = 0;
  let stop = false;
  const post = (path: string, cookie: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify(body),
    });

  const writer = async () => {
    while (!stop) {
      n += 1;
      const mine = n;
      try {
        const res = await post('/api/addLaptop', sellerCookie, form(mine));
        if (res.status !== 201) continue;
        const laptop = (await res.json()) as { _id: string };
        ackLaptops.set(laptop._id, mine);
        for (const b of buyers) {
          const booked = await post('/api/myOrders', b.cookie, {
            laptop_id: laptop._id,
            buyerPhoneNumber: '01812345678',
            meetingAddress: 'Farmgate',
          });
          if (booked.status === 201) {
            const order = (await booked.json()) as { _id: string };
            ackOrders.set(order._id, { laptopId: laptop._id, buyer: b.email });
          }
        }
      } catch {
        // The server died mid-request: that write was never acknowledged.
      }
    }
  };
  const writers = [writer(), writer(), writer(), writer()];
  // Let writes pile up, then pull the plug without warning.
  while (ackOrders.size < 15) await new Promise((r) => setTimeout(r, 50));
  server.child.kill('SIGKILL');
  await server.exited;
  stop = true;
  await Promise.all(writers);
  return { sellerEmail, sellerCookie, buyers, ackLaptops, ackOrders };
}

async function verify(env: Record<string, string>, w: Awaited<ReturnType<typeof hammer>>) {
  const server = await startServerProcess(env);
  cleanups.push(() => {
    server.child.kill('SIGKILL');
  });
  // Sessions survive the crash too.
  const laptopsRes = await fetch(`${server.url}/api/allLaptops?email=${w.sellerEmail}`, {
    headers: { cookie: w.sellerCookie },
  });
  expect(laptopsRes.status).toBe(200);
  const listed = (await laptopsRes.json()) as {
    _id: string;
    laptop_name: string;
    resale_price: number;
    booked: boolean;
  }[];
  const byId = new Map(listed.map((l) => [l._id, l]));
  for (const [id, n] of w.ackLaptops) {
    const laptop = byId.get(id);
    expect(laptop, `acknowledged laptop ${n} is missing`).toBeDefined();
    // Whole, not half-written.
    expect(laptop).toMatchObject({ laptop_name: `Crash Test Laptop ${n}`, resale_price: 20_000 + n });
  }
  for (const b of w.buyers) {
    const res = await fetch(`${server.url}/api/myOrders?buyerEmail=${b.email}`, { headers: { cookie: b.cookie } });
    const orders = (await res.json()) as { _id: string; laptop_id: string; laptop_name: string }[];
    const ids = new Set(orders.map((o) => o._id));
    for (const [id, o] of w.ackOrders)
      if (o.buyer === b.email) expect(ids.has(id), `acknowledged order ${id} is missing`).toBe(true);
    // An order always points at a laptop that exists, marked booked.
    for (const o of orders) expect(byId.get(o.laptop_id)?.booked).toBe(true);
  }
  // And the app serves normally.
  expect((await fetch(`${server.url}/api/blog`)).status).toBe(200);
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

describe('crash safety', () => {
  it('keeps every acknowledged write through a SIGKILL on PGlite', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'laptop-haat-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, SEED: 'none', AUTH_RATE_LIMIT_PER_IP: '10000' };
    const written = await hammer(await startServerProcess(env));
    expect(written.ackOrders.size).toBeGreaterThanOrEqual(15);
    await verify(env, written);
  }, 120_000);

  it('keeps every acknowledged write through a SIGKILL on PostgreSQL', async () => {
    const name = `lh_test_crash_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminDatabaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const env = {
      DATABASE_URL: databaseUrlFor(name),
      SEED: 'none',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lh-crash-pg-')),
      AUTH_RATE_LIMIT_PER_IP: '10000',
    };
    const written = await hammer(await startServerProcess(env));
    await verify(env, written);
  }, 120_000);
});
