import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processorFamily } from '../../../shared/catalog.ts';
import { PRICE_GUIDE_MIN_COUNT, type PriceGuide, priceGuideSchema } from '../../../shared/moderation.ts';
import { makeLaptop } from '../../seed/factories.ts';
import { signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops, type NewLaptopRow } from '../laptops/schema.ts';
import { comparablePrices } from './price-guide.ts';

// The price guide (docs/product.md#price-guide) against an answer computed here: listings with
// known prices, their quartiles worked out in JavaScript as percentile_cont defines them (linear
// between the two nearest prices) and rounded to whole taka.

let t: TestApp;
let sellerId: string;

beforeAll(async () => {
  t = await startTestApp();
  sellerId = (await signUp(t, { role: 'seller' })).userId;
});
afterAll(() => t?.close());

/** percentile_cont(fraction) of `prices`, rounded to whole taka. */
function percentile(prices: number[], fraction: number): number {
  const sorted = [...prices].sort((a, b) => a - b);
  const at = fraction * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return Math.round(sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low));
}

function expected(prices: number[]): PriceGuide {
  return {
    count: prices.length,
    p25: percentile(prices, 0.25),
    median: percentile(prices, 0.5),
    p75: percentile(prices, 0.75),
  };
}

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const guide = async (query: string) => {
  const res = await t.request(`/api/price-guide?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return { res, body: priceGuideSchema.parse(await res.json()) };
};

/** Inserts listings and returns their ids. */
async function list(rows: Partial<NewLaptopRow>[]): Promise<string[]> {
  const values = rows.map((row) => makeLaptop({ ...row, sellerId }));
  if (values.length) await t.database.db.insert(laptops).values(values);
  return values.map((v) => v.id);
}

const setReviewStatus = (ids: string[], status: 'pending' | 'rejected') =>
  t.database.db.execute(
    sql`update laptop set review_status = ${status}::review_status where ${inArray(laptops.id, ids)}`,
  );

describe('GET /api/price-guide', () => {
  it('answers the quartiles of comparable listings, computed on generated prices', async () => {
    const specs = { brand: 'Razer', processor: 'Intel Xeon W-10885M', ramGb: 64 };
    // Nothing of this kind in the seeded data: every comparable is one made here.
    expect(await comparablePrices(t.database.db, specs)).toEqual({ count: 0, p25: null, median: null, p75: null });
    const next = random(40);
    const prices = Array.from({ length: 37 }, () => 40_000 + Math.floor(next() * 260_000));
    // The same family under other names, unsold and sold alike.
    const names = ['Intel Xeon W-10885M', 'Xeon E3-1505M v6', 'intel xeon', 'XEON W-11955M'];
    await list(
      prices.map((resalePrice, i) => ({
        brand: 'Razer',
        processor: names[i % names.length],
        ramGb: 64,
        resalePrice,
        salesStatus: i % 3 === 0 ? 'sold' : 'unsold',
      })),
    );
    // Not comparable: another brand, another family, another RAM size.
    await list([
      { brand: 'MSI', processor: 'Intel Xeon W-10885M', ramGb: 64, resalePrice: 1_000 },
      { brand: 'Razer', processor: 'Intel Core i9-10980HK', ramGb: 64, resalePrice: 1_000 },
      { brand: 'Razer', processor: 'Intel Xeon W-10885M', ramGb: 32, resalePrice: 1_000 },
      { brand: 'Razer', processor: null, ramGb: 64, resalePrice: 1_000 },
    ]);

    const { res, body } = await guide('brand=Razer&processor=Xeon%20W-10855M&ram_gb=64');
    expect(body).toEqual(expected(prices));
    // Public and the same for everyone, like the other public reads.
    expect(res.headers.get('cache-control')).toMatch(/^public, /);
    // The brand in any case and RAM in Bangla digits ask the same.
    expect((await guide('brand=razer&processor=xeon&ram_gb=৬৪')).body).toEqual(expected(prices));
    // What the moderation's price check calls answers the same.
    expect(await comparablePrices(t.database.db, specs)).toEqual(expected(prices));
  });

  it(`with fewer than ${PRICE_GUIDE_MIN_COUNT} comparables: the count, and no prices`, async () => {
    await list(
      [31_000, 45_000, 52_000, 60_000].map((resalePrice) => ({
        brand: 'Huawei',
        processor: 'Intel Core Ultra 7 155H',
        ramGb: 24,
        resalePrice,
      })),
    );
    expect((await guide('brand=Huawei&processor=Core%20Ultra%207%20165U&ram_gb=24')).body).toEqual({
      count: 4,
      p25: null,
      median: null,
      p75: null,
    });
    // The fifth makes a guide.
    await list([{ brand: 'Huawei', processor: 'Ultra 7 258V', ramGb: 24, resalePrice: 70_000 }]);
    expect(await comparablePrices(t.database.db, { brand: 'Huawei', processor: 'Core Ultra 7', ramGb: 24 })).toEqual(
      expected([31_000, 45_000, 52_000, 60_000, 70_000]),
    );
  });

  it('leaves out hidden listings and listings pending review or rejected', async () => {
    const published = [20_000, 25_000, 30_000, 35_000, 40_000, 90_000];
    await list(
      published.map((resalePrice) => ({ brand: 'Walton', processor: 'Celeron N4020', ramGb: 4, resalePrice })),
    );
    const held = await list(
      [1_000, 2_000, 3_000, 500_000].map((resalePrice) => ({
        brand: 'Walton',
        processor: 'Intel Celeron N4020',
        ramGb: 4,
        resalePrice,
      })),
    );
    await setReviewStatus(held.slice(0, 2), 'pending');
    await setReviewStatus(held.slice(2), 'rejected');
    await list([
      { brand: 'Walton', processor: 'Celeron N4020', ramGb: 4, resalePrice: 1_500, salesStatus: 'hidden' },
      { brand: 'Walton', processor: 'Celeron N4020', ramGb: 4, resalePrice: 999_000, salesStatus: 'hidden' },
    ]);
    expect((await guide('brand=Walton&processor=Celeron%20N4020&ram_gb=4')).body).toEqual(expected(published));
  });

  it('rounds a quartile between two prices half up, to whole taka', async () => {
    // Median 10,004.5 and 25th percentile 10,002.5: rounding half to even would answer 10,004 and 10,002.
    const prices = [10_016, 10_001, 10_005, 10_011, 10_002, 10_004];
    await list(prices.map((resalePrice) => ({ brand: 'Xiaomi', processor: 'Ryzen 7 6800H', ramGb: 12, resalePrice })));
    expect((await guide('brand=Xiaomi&processor=Ryzen%207&ram_gb=12')).body).toEqual({
      count: 6,
      p25: 10_003,
      median: 10_005,
      p75: 10_010,
    });
    expect(expected(prices)).toEqual({ count: 6, p25: 10_003, median: 10_005, p75: 10_010 });
  });

  it('a processor of no known family has no comparables', async () => {
    await list(
      Array.from({ length: 6 }, (_, i) => ({
        brand: 'Samsung' as const,
        processor: 'Exynos 2200',
        ramGb: 8,
        resalePrice: 30_000 + i,
      })),
    );
    expect((await guide('brand=Samsung&processor=Exynos%202200&ram_gb=8')).body).toEqual({
      count: 0,
      p25: null,
      median: null,
      p75: null,
    });
  });

  it('refuses a query without its specs, or with ones outside the lists, by field', async () => {
    const refused = async (query: string) => {
      const res = await t.request(`/api/price-guide?${query}`);
      expect(res.status).toBe(400);
      return (await res.json()).error.fields as Record<string, { code: string }>;
    };
    expect(await refused('')).toMatchObject({
      brand: { code: 'required' },
      processor: { code: 'required' },
      ram_gb: { code: 'required' },
    });
    expect(await refused('brand=Nokia&processor=i5&ram_gb=8')).toMatchObject({ brand: { code: 'not_one_of' } });
    expect(await refused('brand=Dell&processor=%20%20&ram_gb=8')).toMatchObject({ processor: { code: 'required' } });
    expect(await refused(`brand=Dell&processor=${'i5'.repeat(41)}&ram_gb=8`)).toMatchObject({
      processor: { code: 'too_long' },
    });
    expect(await refused('brand=Dell&processor=i5&ram_gb=7')).toMatchObject({ ram_gb: { code: 'not_one_of' } });
    expect(await refused('brand=Dell&processor=i5&ram_gb=eight')).toHaveProperty('ram_gb');
  });
});

// The processor's family is read twice: by processorFamily (shared/catalog.ts) for a query, and by
// the database's generated column for the listings. The two must agree, or a guide finds nothing.
const PROCESSORS = [
  'Intel Core i3-1115G4',
  'Intel Core i5-8250U',
  'i5-8250U',
  'Core i5 8th Gen',
  'Intel(R) Core(TM) i7-10750H CPU @ 2.60GHz',
  'Intel Core i7-1165G7',
  'Intel Core i9-13980HX',
  'CORE I9',
  'Intel Core Ultra 7 155H',
  'Core Ultra 5 125U',
  'Intel Core Ultra 9 185H',
  'AMD Ryzen 5 5600H',
  'Ryzen 7',
  'AMD Ryzen 7 PRO 5850U',
  'AMD Ryzen 3 3250U',
  'AMD Ryzen 9 7940HS',
  'Apple M1',
  'M2 Pro',
  'Apple M3 Max',
  'Apple M4 Pro',
  'M2',
  'Intel Celeron N4020',
  'Intel Pentium Silver N5030',
  'AMD Athlon Silver 3050U',
  'Intel Xeon W-10885M',
  'Snapdragon X Elite',
  'Exynos 2200',
  'garbage ##@@!!',
  '💻🇧🇩',
  '   ',
  '',
  'i8-1234',
];

describe('the processor family', () => {
  it('is the same read by the app and by the database', async () => {
    const rows = PROCESSORS.map((processor) => makeLaptop({ sellerId, processor }));
    await t.database.db.insert(laptops).values(rows);
    const stored = await t.database.db
      .select({ id: laptops.id, processor: laptops.processor, family: laptops.processorFamily })
      .from(laptops)
      .where(
        inArray(
          laptops.id,
          rows.map((r) => r.id),
        ),
      );
    expect(stored).toHaveLength(PROCESSORS.length);
    const byDatabase = Object.fromEntries(stored.map((r) => [r.processor, r.family]));
    const byApp = Object.fromEntries(PROCESSORS.map((p) => [p, processorFamily(p)]));
    expect(byDatabase).toEqual(byApp);
    // And what they agree on is what the guide means by a family.
    expect(byApp).toMatchObject({
      'i5-8250U': 'i5',
      'Intel Core Ultra 7 155H': 'ultra7',
      'AMD Ryzen 5 5600H': 'ryzen5',
      'Apple M1': 'm1',
      'M2 Pro': 'm2pro',
      'Apple M3 Max': 'm3max',
      'Intel Celeron N4020': 'celeron',
      'Intel Pentium Silver N5030': 'pentium',
      'Intel Xeon W-10885M': 'xeon',
      'garbage ##@@!!': null,
      '': null,
    });
  });
});
