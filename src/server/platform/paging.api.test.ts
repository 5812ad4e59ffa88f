import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laptopListSchema } from '../../shared/laptops.ts';
import { orderListSchema } from '../../shared/orders.ts';
import { userListSchema } from '../../shared/users.ts';
import { laptops } from '../features/laptops/schema.ts';
import { orders } from '../features/orders/schema.ts';
import { users } from '../features/users/schema.ts';
import { makeLaptop, makeOrder, makeUser } from '../seed/factories.ts';
import { DEMO, type Session, signIn, signUp } from '../test/sessions.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

// The spec's list routes answer arrays newest first, a page at a time, with
// `Link: <…>; rel="next"` while more rows remain (docs/search.md#cursors).

let t: TestApp;
let admin: Session;
let seller: Session;
let buyer: Session;
const moment = new Date('2026-06-01T08:00:00.000Z');
// A marker that no other row's name holds, written in mixed case to test case-insensitive search.
const MARK = `Quokka${process.pid}`;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t, DEMO.admin);
  seller = await signUp(t, { role: 'seller' });
  buyer = await signUp(t, { role: 'buyer' });
  const db = t.database.db;
  // Equal post and creation times on purpose: the id breaks ties, so nothing repeats or goes missing.
  const own = Array.from({ length: 7 }, (_, i) =>
    makeLaptop({ sellerId: seller.userId, category: 'premium', postedAt: i < 5 ? moment : new Date(+moment + i) }),
  );
  await db.insert(laptops).values(own);
  await db
    .insert(orders)
    .values(
      own.map((l) => makeOrder({ buyerId: buyer.userId, laptopId: l.id, sellerId: l.sellerId, createdAt: moment })),
    );
  await db
    .insert(users)
    .values([
      ...Array.from({ length: 6 }, (_, i) =>
        makeUser({ role: 'buyer', name: `${MARK} Buyer ${i}`, createdAt: moment }),
      ),
      ...Array.from({ length: 5 }, (_, i) =>
        makeUser({ role: 'seller', email: `${MARK.toLowerCase()}-${i}@example.test`, createdAt: moment }),
      ),
    ]);
  t.app.responseCache.clear();
});
afterAll(() => t?.close());

const LINK = /^<([^>]+)>; rel="next"$/;

/** Follows `Link: rel="next"` from `path` to the last page; fails on a page over `limit` or a repeat. */
async function walk(path: string, cookie: string, limit: number) {
  const seen: { _id: string }[] = [];
  let next: string | null = `${path}${path.includes('?') ? '&' : '?'}limit=${limit}`;
  let pages = 0;
  while (next) {
    const res = await t.request(next, { headers: { cookie } });
    expect(res.status, await res.clone().text()).toBe(200);
    const items = (await res.json()) as { _id: string }[];
    expect(Array.isArray(items)).toBe(true);
    expect(items.length).toBeLessThanOrEqual(limit);
    seen.push(...items);
    const link = res.headers.get('link');
    if (link) {
      const target = LINK.exec(link)?.[1];
      expect(target, link).toBeDefined();
      expect(target!.startsWith(path.split('?')[0]!)).toBe(true);
      // The cached answer carries the same Link.
      expect((await t.request(next, { headers: { cookie } })).headers.get('link')).toBe(link);
      next = target!;
    } else next = null;
    pages += 1;
    expect(pages).toBeLessThan(100);
  }
  expect(new Set(seen.map((s) => s._id)).size).toBe(seen.length);
  return seen;
}

const ROUTES = [
  {
    name: 'GET /api/categories/premium',
    path: () => '/api/categories/premium',
    as: () => buyer,
    schema: laptopListSchema,
  },
  {
    name: 'GET /api/allLaptops?email=',
    path: () => `/api/allLaptops?email=${encodeURIComponent(seller.email)}`,
    as: () => seller,
    schema: laptopListSchema,
  },
  {
    name: 'GET /api/myOrders?buyerEmail=',
    path: () => `/api/myOrders?buyerEmail=${encodeURIComponent(buyer.email)}`,
    as: () => buyer,
    schema: orderListSchema,
  },
  { name: 'GET /api/users/buyer', path: () => '/api/users/buyer', as: () => admin, schema: userListSchema },
  { name: 'GET /api/users/seller', path: () => '/api/users/seller', as: () => admin, schema: userListSchema },
  {
    name: 'GET /api/users/buyer?q=',
    path: () => `/api/users/buyer?q=${MARK.toUpperCase()}`,
    as: () => admin,
    schema: userListSchema,
  },
];

describe('paged list routes', () => {
  it.each(ROUTES)('$name: the Link pages are the whole list, newest first, without repeats or gaps', async (route) => {
    const whole = route.schema.parse(
      await (
        await t.request(`${route.path()}${route.path().includes('?') ? '&' : '?'}limit=100`, {
          headers: { cookie: route.as().cookie },
        })
      ).json(),
    );
    expect(whole.length).toBeGreaterThanOrEqual(5);
    expect(whole.length).toBeLessThan(100);
    for (const limit of [1, 2, 3]) {
      const walked = await walk(route.path(), route.as().cookie, limit);
      expect(walked.map((w) => w._id)).toEqual(whole.map((w) => w._id));
    }
  });

  it('answers 50 by default and never more than the page', async () => {
    const res = await t.request('/api/users/buyer', { headers: { cookie: admin.cookie } });
    const list = userListSchema.parse(await res.json());
    expect(list.length).toBeLessThanOrEqual(50);
    if (list.length === 50) expect(res.headers.get('link')).toMatch(LINK);
  });

  it('finds users by part of the name or e-mail, in any letter case, and nothing else', async () => {
    const byName = userListSchema.parse(
      await (
        await t.request(`/api/users/buyer?q=${MARK.toLowerCase()}%20buyer`, { headers: { cookie: admin.cookie } })
      ).json(),
    );
    expect(byName.map((u) => u.name).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `${MARK} Buyer ${i}`).sort());
    const byEmail = userListSchema.parse(
      await (await t.request(`/api/users/seller?q=${MARK}-`, { headers: { cookie: admin.cookie } })).json(),
    );
    expect(byEmail).toHaveLength(5);
    expect(byEmail.every((u) => u.role === 'seller')).toBe(true);
    // LIKE's wildcards are matched literally.
    for (const q of ['%', '_', '\\']) {
      const res = await t.request(`/api/users/buyer?q=${encodeURIComponent(q)}`, { headers: { cookie: admin.cookie } });
      expect(res.status).toBe(200);
      expect(userListSchema.parse(await res.json()).every((u) => u.name.includes(q) || u.email.includes(q))).toBe(true);
    }
  });

  it.each(ROUTES)('$name: refuses a bad cursor and a bad limit with 400 naming the field', async (route) => {
    const sep = route.path().includes('?') ? '&' : '?';
    for (const [query, field] of [
      ['cursor=nonsense', 'cursor'],
      [`cursor=${Buffer.from(JSON.stringify(['price_asc', 1, 'x'])).toString('base64url')}`, 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
    ] as const) {
      const res = await t.request(`${route.path()}${sep}${query}`, { headers: { cookie: route.as().cookie } });
      expect(res.status, query).toBe(400);
      expect((await res.json()).error.fields, query).toHaveProperty(field);
    }
  });

  it('keeps pages apart in the cache: each cursor gets its own answer', async () => {
    const first = await t.request('/api/categories/premium?limit=1', { headers: { cookie: buyer.cookie } });
    const next = LINK.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    const second = await t.request(next!, { headers: { cookie: buyer.cookie } });
    const [a] = laptopListSchema.parse(await first.json());
    const [b] = laptopListSchema.parse(await second.json());
    expect(a!._id).not.toBe(b!._id);
  });
});
