import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicLaptopListSchema } from '../shared/laptops.ts';
import * as pages from '../web/app/entry-server.tsx';
import type { Database } from './platform/db/client.ts';
import { DEMO, jsonPost, signIn } from './test/sessions.ts';
import { openTestDatabase, startTestApp, type TestApp } from './test/test-app.ts';

// The database goes away under a running app (closed here; database-outage.process.test.ts takes a
// real PostgreSQL away for 15 s): what the cache holds is served stale, pages included; everything
// else answers 503 with Retry-After in the error shape, or the app's shell with status 503 for a
// page; never a 500, and a signed-in caller is not told to log in again.

const webDir = mkdtempSync(join(tmpdir(), 'laptop-haat-outage-'));
writeFileSync(join(webDir, 'index.html'), readFileSync('index.html', 'utf8'));

let t: TestApp;
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  t = await startTestApp({ database, webDir, pages });
});
afterAll(async () => {
  await t?.app.close();
  await drop?.();
});

describe('while the database is away', () => {
  it('serves what the cache held stale and answers the rest 503', async () => {
    // Before: a page, public answers and a signed-in caller, all seen once.
    const ads = publicLaptopListSchema.parse(await (await t.request('/api/myProducts?advertise=true')).json());
    const home = await t.request('/');
    expect(home.status).toBe(200);
    const homeHtml = await home.text();
    expect((await t.request('/api/blog')).status).toBe(200);
    const buyer = await signIn(t, DEMO.buyer);
    const laptop = ads[0]!;

    // A write clears what it changed (here: everything), and the caller's session is looked up again.
    t.app.responseCache.clear();
    t.app.actorCache.clear();
    await database.close();

    // Cached answers and pages: the last good ones, marked stale, never remembered as current.
    for (let i = 0; i < 2; i += 1) {
      const answer = await t.request('/api/myProducts?advertise=true');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-served-stale')).toBe('1');
      expect(Number(answer.headers.get('age'))).toBeGreaterThanOrEqual(0);
      expect(publicLaptopListSchema.parse(await answer.json())).toEqual(ads);

      const page = await t.request('/');
      expect(page.status).toBe(200);
      expect(page.headers.get('x-served-stale')).toBe('1');
      expect(await page.text()).toBe(homeHtml);
    }
    // A page never rendered whose answers the cache held: rendered from them, marked, not cached.
    const blog = await t.request('/blog');
    expect(blog.status).toBe(200);
    expect(blog.headers.get('x-served-stale')).toBe('1');
    expect(await blog.text()).toContain('How do I check a used laptop before I pay?');

    // A page whose data was never cached: the app's shell, 503, try again in a few seconds.
    const detailPath = new RegExp(`href="(/laptops/${laptop._id}[^"]*)"`).exec(homeHtml)?.[1];
    expect(detailPath, "the home page links the listing's page").toBeDefined();
    const detail = await t.request(detailPath!);
    expect(detail.status).toBe(503);
    expect(Number(detail.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(detail.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await detail.text()).toContain('<div id="root">');

    // Everything else: 503 in the error shape with Retry-After, for anonymous and signed-in callers.
    const refused = [
      await t.request(`/api/laptops/${laptop._id}`),
      await t.request('/api/laptops?q=thinkpad'),
      await t.request(`/api/myOrders?buyerEmail=${buyer.email}`, { headers: { cookie: buyer.cookie } }),
      await jsonPost(
        t,
        '/api/myOrders',
        { laptop_id: laptop._id, buyerPhoneNumber: '01712345678', meetingAddress: 'Banani 11' },
        { cookie: buyer.cookie },
      ),
      await jsonPost(t, '/api/auth/sign-in/email', { email: DEMO.seller, password: 'Demo@1234' }),
    ];
    for (const res of refused) {
      expect({ url: res.url, status: res.status }).toEqual({ url: res.url, status: 503 });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toMatchObject({ error: { code: 'unavailable', message: expect.any(String) } });
    }
    expect(t.app.responseCache.stale).toBeGreaterThanOrEqual(3);
  });
});
