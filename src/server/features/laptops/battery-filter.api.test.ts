import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laptopPageSchema, laptopSearchQuerySchema } from '../../../shared/search.ts';
import { makeLaptop, makeUser } from '../../seed/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/schema.ts';
import { laptops } from './schema.ts';
import { searchStatements } from './search.ts';

// GET /api/laptops?minBattery= (docs/search.md): only laptops whose seller gave a battery health
// of at least that many %; a laptop without one is left out. Expected answers come from the
// database's own rows, as the demo data also has battery healths.

let t: TestApp;
const seller = makeUser({ role: 'seller', verified: true, name: 'Battery Filter Seller' });
const HEALTHS = [100, 95, 85, 84, 75, 60, 12, 0, null, null];
const fixtures = [
  ...HEALTHS.map((batteryHealth, i) =>
    makeLaptop({
      sellerId: seller.id,
      name: `Voltcheck Laptop ${i + 1}`,
      brand: 'Xiaomi',
      batteryHealth,
      resalePrice: 30_000 + (i % 4) * 1_000,
      postedAt: new Date(Date.UTC(2026, 4, 1, 10, i)),
    }),
  ),
  // Not for sale: never found, whatever its battery.
  makeLaptop({
    sellerId: seller.id,
    name: 'Voltcheck Laptop sold',
    brand: 'Xiaomi',
    batteryHealth: 99,
    salesStatus: 'sold',
  }),
];

beforeAll(async () => {
  t = await startTestApp();
  await t.database.db.insert(users).values(seller);
  await t.database.db.insert(laptops).values(fixtures);
  t.app.responseCache.clear();
});
afterAll(() => t?.close());

type Params = Record<string, string | number>;

async function search(params: Params) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await t.request(`/api/laptops?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return laptopPageSchema.parse(await res.json());
}

/** Every page's ids, following nextCursor. */
async function walkIds(params: Params): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await search({ ...params, limit: 3, ...(cursor ? { cursor } : {}) });
    seen.push(...page.items.map((l) => l._id));
    cursor = page.nextCursor;
  } while (cursor);
  return seen.sort();
}

/** The ids of the laptops for sale with at least `min` % battery health (and of the brand, if given). */
async function expectedIds(min: number, brand?: 'Xiaomi'): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: laptops.id })
    .from(laptops)
    .where(
      and(
        eq(laptops.salesStatus, 'unsold'),
        eq(laptops.reviewStatus, 'published'),
        gte(laptops.batteryHealth, min),
        brand ? eq(laptops.brand, brand) : undefined,
      ),
    );
  return rows.map((r) => r.id).sort();
}

const mine = (min: number) =>
  fixtures
    .filter((f) => f.salesStatus === 'unsold' && f.batteryHealth != null && f.batteryHealth >= min)
    .map((f) => f.id)
    .sort();

describe('GET /api/laptops?minBattery=', () => {
  it.each([85, 75, 0])('minBattery=%i finds exactly the laptops with that much battery health or more', async (min) => {
    const expected = await expectedIds(min);
    expect(expected.length).toBeGreaterThan(0);
    for (const sort of ['newest', 'price_asc', 'price_desc']) {
      expect(await walkIds({ minBattery: min, sort })).toEqual(expected);
    }
    expect((await search({ minBattery: min })).total).toBe(expected.length);
  });

  it('leaves out a laptop whose seller gave no battery health, even at 0', async () => {
    const withoutHealth = fixtures.filter((f) => f.batteryHealth == null).map((f) => f.id);
    const found = await walkIds({ minBattery: 0, brand: 'Xiaomi' });
    expect(found).toEqual(await expectedIds(0, 'Xiaomi'));
    expect(found.filter((id) => withoutHealth.includes(id))).toEqual([]);
    // Without the filter they are found.
    expect((await walkIds({ brand: 'Xiaomi' })).filter((id) => withoutHealth.includes(id)).sort()).toEqual(
      withoutHealth.sort(),
    );
  });

  it('combines with words, a brand and a price range, counted apart from the same search without it', async () => {
    // The same words first without the filter: its remembered prices must not answer the filtered count.
    expect((await search({ q: 'voltcheck' })).total).toBe(10);
    const withWords = await search({ q: 'voltcheck', minBattery: 85, limit: 60 });
    expect(withWords.items.map((l) => l._id).sort()).toEqual(mine(85));
    expect(withWords.total).toBe(mine(85).length);
    expect(withWords.items.every((l) => (l.battery_health ?? -1) >= 85)).toBe(true);

    expect(await walkIds({ brand: 'Xiaomi', minBattery: 75, sort: 'price_asc' })).toEqual(
      await expectedIds(75, 'Xiaomi'),
    );
    const cheap = await search({ q: 'voltcheck', minBattery: 60, maxPrice: 31_000, limit: 60 });
    const expected = fixtures
      .filter((f) => f.salesStatus === 'unsold' && (f.batteryHealth ?? -1) >= 60 && (f.resalePrice ?? 0) <= 31_000)
      .map((f) => f.id)
      .sort();
    expect(cheap.items.map((l) => l._id).sort()).toEqual(expected);
    expect(cheap.total).toBe(expected.length);
  });

  it.each([true, false])(
    'finds the same laptops walking the sort index (%s) or gathering the matches',
    async (walk) => {
      const query = laptopSearchQuerySchema.parse({ q: 'voltcheck', minBattery: '80', limit: '60' });
      const rows = await searchStatements(t.database.db, query, { walk }).items.execute();
      expect(rows.map((r) => r.id).sort()).toEqual(mine(80));
    },
  );

  it('reads Bangla digits, and a blank value is no filter', async () => {
    expect((await search({ q: 'voltcheck', minBattery: '৮৫' })).total).toBe(mine(85).length);
    expect((await search({ q: 'voltcheck', minBattery: '' })).total).toBe(10);
  });

  it.each(['101', '-1', 'abc', '85.5', '100000000000'])('refuses minBattery=%s naming minBattery', async (value) => {
    const res = await t.request(`/api/laptops?minBattery=${encodeURIComponent(value)}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('validation');
    expect(Object.keys(body.error.fields ?? {})).toEqual(['minBattery']);
  });
});
