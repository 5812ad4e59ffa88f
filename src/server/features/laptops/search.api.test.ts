import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laptopDetailSchema, laptopPageSchema, laptopSearchQuerySchema } from '../../../shared/search.ts';
import { makeLaptop, makeUser } from '../../seed/factories.ts';
import { DEMO, jsonPost, type Session, signIn } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/schema.ts';
import { laptops, type NewLaptopRow } from './schema.ts';
import { SearchMemo, searchLaptops } from './search.ts';

// GET /api/laptops and GET /api/laptops/:id (docs/search.md). Expected answers are computed from
// the database's own rows, never written down: the demo data and other tests' rows may change.

let t: TestApp;
let buyer: Session;
const verifiedSeller = makeUser({ role: 'seller', verified: true, name: 'Verified Search Seller' });
const unverifiedSeller = makeUser({ role: 'seller', verified: false, name: 'Unverified Search Seller' });
const sameMoment = new Date('2026-05-01T10:00:00.123Z');

// Equal prices and equal post times on purpose: pages must still neither repeat nor skip a row.
const fixtures: (NewLaptopRow & { id: string })[] = [
  ...Array.from({ length: 7 }, (_, i) =>
    makeLaptop({
      sellerId: verifiedSeller.id,
      name: `Lenovo ThinkPad T14 Gen ${i + 1}`,
      brand: 'Lenovo',
      processor: 'Intel Core i5-1145G7',
      ramGb: i % 2 === 0 ? 16 : 8,
      storageGb: i % 3 === 0 ? 512 : 256,
      resalePrice: 40_000 + (i % 3) * 5_000,
      location: i % 2 === 0 ? 'khulna' : 'rajshahi',
      condition: 'excellent',
      category: 'casual',
      postedAt: i < 4 ? sameMoment : new Date(sameMoment.getTime() + i * 60_000),
    }),
  ),
  ...Array.from({ length: 5 }, (_, i) =>
    makeLaptop({
      sellerId: unverifiedSeller.id,
      name: `Zephyrus Gaming Rig ${i + 1}`,
      brand: 'Asus',
      processor: 'AMD Ryzen 9 6900HS',
      ramGb: 32,
      storageGb: 1024,
      resalePrice: 40_000,
      location: 'khulna',
      condition: 'fair',
      category: 'gaming',
      description: 'RTX 3070 Ti, a quiet fan, with a spare charger.',
      postedAt: sameMoment,
    }),
  ),
  makeLaptop({
    sellerId: verifiedSeller.id,
    name: 'Lenovo ThinkPad X1 Carbon sold',
    brand: 'Lenovo',
    ramGb: 16,
    salesStatus: 'sold',
    postedAt: sameMoment,
  }),
];

beforeAll(async () => {
  t = await startTestApp();
  buyer = await signIn(t, DEMO.buyer);
  await t.database.db.insert(users).values([verifiedSeller, unverifiedSeller]);
  await t.database.db.insert(laptops).values(fixtures);
  t.app.responseCache.clear();
});
afterAll(() => t?.close());

type Item = ReturnType<typeof laptopPageSchema.parse>['items'][number];
type Params = Record<string, string | number | boolean>;

const qs = (params: Params) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

async function search(params: Params) {
  const res = await t.request(`/api/laptops?${qs(params)}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return laptopPageSchema.parse(await res.json());
}

/** Every page of a search, following nextCursor; fails on a repeated laptop. */
async function walk(params: Params) {
  const seen: Item[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await search({ ...params, ...(cursor ? { cursor } : {}) });
    expect(page.items.length).toBeLessThanOrEqual(Number(params.limit ?? 24));
    seen.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(200);
  } while (cursor);
  expect(new Set(seen.map((l) => l._id)).size).toBe(seen.length);
  return seen;
}

/** The laptops for sale, from the database, with what the filters look at. */
async function forSale() {
  return t.database.db
    .select({
      id: laptops.id,
      name: laptops.name,
      category: laptops.category,
      brand: laptops.brand,
      location: laptops.location,
      condition: laptops.condition,
      price: laptops.resalePrice,
      ram: laptops.ramGb,
      storage: laptops.storageGb,
      verified: users.verified,
    })
    .from(laptops)
    .innerJoin(users, eq(users.id, laptops.sellerId))
    .where(eq(laptops.salesStatus, 'unsold'));
}

const NEW_LAPTOP = {
  laptop_name: 'Asus Zephyrus G14 fresh',
  laptop_img: 'https://images.example.com/g14.jpg',
  category: 'gaming',
  resale_price: 90000,
  original_price: 150000,
  conditionType: 'good',
  sellerMobileNumber: '01712345678',
  location: 'dhaka',
  usage_Time: 1,
  laptopDesc: 'Like new.',
};

const ids = (list: { _id: string }[] | { id: string }[]) => list.map((l) => ('_id' in l ? l._id : l.id)).sort();

describe('GET /api/laptops', () => {
  it('answers the first page of laptops for sale, newest first, public fields only', async () => {
    const page = await search({});
    const all = await forSale();
    expect(page.items.length).toBe(Math.min(24, all.length));
    expect(page.total).toBe(all.length);
    expect(page.totalCapped).toBeUndefined();
    expect(page.items.every((l) => l.salesStatus === 'unsold')).toBe(true);
    const raw = JSON.stringify(page);
    expect(raw).not.toContain('seller_email');
    expect(raw).not.toContain('sellerMobileNumber');
    expect(raw).not.toContain('@');
  });

  it.each(['newest', 'price_asc', 'price_desc'] as const)(
    'walks every page of sort=%s: the pages are the whole sorted list, without repeats or gaps',
    async (sort) => {
      const whole = (await search({ sort, limit: 60 })).items;
      const all = await forSale();
      if (all.length <= 60) expect(ids(whole)).toEqual(ids(all));
      const walked = await walk({ sort, limit: 3 });
      expect(walked.map((l) => l._id)).toEqual(whole.slice(0, walked.length).map((l) => l._id));
      expect(walked.length).toBe(Math.min(all.length, whole.length === 60 ? walked.length : whole.length));
      for (let i = 1; i < walked.length; i++) {
        const [a, b] = [walked[i - 1]!, walked[i]!];
        if (sort === 'newest') expect(a.post_date >= b.post_date).toBe(true);
        if (sort === 'price_asc') expect(a.resale_price).toBeLessThanOrEqual(b.resale_price);
        if (sort === 'price_desc') expect(a.resale_price).toBeGreaterThanOrEqual(b.resale_price);
      }
    },
  );

  const FILTERS: [Params, (l: Awaited<ReturnType<typeof forSale>>[number]) => boolean][] = [
    [{ category: 'gaming' }, (l) => l.category === 'gaming'],
    [{ brand: 'lenovo' }, (l) => l.brand === 'Lenovo'],
    [{ location: 'khulna' }, (l) => l.location === 'khulna'],
    [{ condition: 'fair' }, (l) => l.condition === 'fair'],
    [{ minPrice: 45_000 }, (l) => l.price >= 45_000],
    [{ maxPrice: 40_000 }, (l) => l.price <= 40_000],
    [{ minPrice: 40_000, maxPrice: 45_000 }, (l) => l.price >= 40_000 && l.price <= 45_000],
    [{ ram: 16 }, (l) => l.ram === 16],
    [{ storage: 1024 }, (l) => l.storage === 1024],
    [{ verified: 'true' }, (l) => l.verified],
    [{ verified: 'false' }, () => true],
    [
      { brand: 'Lenovo', ram: 8, location: 'rajshahi' },
      (l) => l.brand === 'Lenovo' && l.ram === 8 && l.location === 'rajshahi',
    ],
  ];
  it.each(FILTERS)('filters by %o', async (params, keep) => {
    const expected = (await forSale()).filter(keep);
    expect(expected.length).toBeGreaterThan(0);
    for (const sort of ['newest', 'price_asc'] as const) {
      const walked = await walk({ ...params, sort, limit: 4 });
      expect(ids(walked)).toEqual(ids(expected));
    }
    expect((await search(params)).total).toBe(expected.length);
  });

  it('finds words by prefix in name, brand, processor and description', async () => {
    const byName = await walk({ q: 'zephyr', limit: 60 });
    expect(ids(byName)).toEqual(ids(fixtures.filter((f) => f.name.startsWith('Zephyrus'))));
    const byDescription = await walk({ q: 'spare charger', limit: 60 });
    expect(ids(byDescription)).toEqual(ids(byName));
    const byProcessor = await walk({ q: 'ryzen 6900hs', limit: 60 });
    expect(ids(byProcessor)).toEqual(ids(byName));
    // Every word must match: "zephyrus thinkpad" names no laptop.
    expect((await search({ q: 'zephyrus thinkpad' })).total).toBe(0);
  });

  it('matches a word of one character whole: "thinkpad gen 1" is Gen 1, not every i5-1145G7', async () => {
    const gen1 = await walk({ q: 'thinkpad gen 1', limit: 60 });
    expect(ids(gen1)).toEqual(ids(fixtures.filter((f) => f.name === 'Lenovo ThinkPad T14 Gen 1')));
    // Two characters and more still match by prefix: "11" starts the processor's "1145g7".
    expect((await walk({ q: 'thinkpad t14 11', limit: 60 })).length).toBe(7);
  });

  it('tolerates typos in model names (trigram word similarity)', async () => {
    const exact = await walk({ q: 'thinkpad', limit: 60 });
    const typo = await walk({ q: 'thinkpd', limit: 60 });
    expect(exact.length).toBeGreaterThanOrEqual(7);
    expect(ids(typo)).toEqual(ids(exact));
    expect(ids(await walk({ q: 'zephyrs', limit: 60 }))).toEqual(ids(await walk({ q: 'zephyrus', limit: 60 })));
    expect((await search({ q: 'qqqxxzz' })).total).toBe(0);
  });

  it('reads "thinkpad 16gb" as ThinkPads with 16 GB RAM, and sorts them by price', async () => {
    for (const q of ['thinkpad 16gb', 'ThinkPad 16 GB']) {
      const page = await search({ q, sort: 'price_asc', limit: 60 });
      const expected = (await forSale()).filter((l) => /thinkpad/i.test(l.name) && l.ram === 16);
      expect(ids(page.items)).toEqual(ids(expected));
      expect(page.items.map((l) => l.resale_price)).toEqual(
        [...page.items.map((l) => l.resale_price)].sort((a, b) => a - b),
      );
    }
    const storage = await walk({ q: 'zephyrus 1tb', limit: 60 });
    expect(storage.length).toBe(5);
    expect((await search({ q: 'thinkpad 512gb' })).items.every((l) => l.storage_gb === 512)).toBe(true);
    // An explicit ram parameter wins over a size in the text.
    expect((await search({ q: 'thinkpad 16gb', ram: 8 })).items.every((l) => l.ram_gb === 8)).toBe(true);
  });

  it('caps total with totalCapped (the count stops at the cap)', async () => {
    const query = laptopSearchQuerySchema.parse({});
    const all = (await forSale()).length;
    const capped = await searchLaptops({ db: t.database.db, query, totalCap: 5 });
    expect(capped).toMatchObject({ total: 5, totalCapped: true });
    const exact = await searchLaptops({ db: t.database.db, query, totalCap: all });
    expect(exact.total).toBe(all);
    expect(exact.totalCapped).toBeUndefined();
  });

  it('counts every budget exactly from the remembered prices, with few matches or more than the cap', async () => {
    const all = await forSale();
    const prices = all.map((l) => l.price).sort((a, b) => a - b);
    const bounds = [undefined, prices[0]! - 1, prices[0]!, 40_000, 45_000, 50_000, prices.at(-1)!, prices.at(-1)! + 1];
    const memo = new SearchMemo(60_000);
    // A cap of 3 leaves most budgets past the remembered prices: they are counted by the database.
    for (const totalCap of [3, 10_000]) {
      for (const minPrice of bounds) {
        for (const maxPrice of bounds) {
          const query = laptopSearchQuerySchema.parse({ minPrice, maxPrice });
          const { total, totalCapped } = await searchLaptops({ db: t.database.db, query, totalCap, memo });
          const exact = all.filter(
            (l) => (minPrice === undefined || l.price >= minPrice) && (maxPrice === undefined || l.price <= maxPrice),
          ).length;
          const label = `cap ${totalCap}, Tk ${minPrice}–${maxPrice}`;
          expect({ total, capped: totalCapped === true }, label).toEqual(
            exact > totalCap ? { total: totalCap, capped: true } : { total: exact, capped: false },
          );
        }
      }
    }
  });

  it('takes a word no laptop has as a typo, and as a word once a laptop has it', async () => {
    const before = await walk({ q: 'zephyrux', limit: 60 });
    expect(ids(before)).toEqual(ids(await walk({ q: 'zephyrus', limit: 60 })));
    const seller = await signIn(t, DEMO.seller);
    const res = await jsonPost(
      t,
      '/api/addLaptop',
      { ...NEW_LAPTOP, laptop_name: 'Zephyrux Prototype' },
      {
        cookie: seller.cookie,
      },
    );
    expect(res.status).toBe(201);
    const after = await search({ q: 'zephyrux' });
    expect(after.items.map((l) => l.laptop_name)).toEqual(['Zephyrux Prototype']);
    expect(after.total).toBe(1);
  });

  it('refuses unknown and bad parameters with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['colour=red', 'colour'],
      ['category=toys', 'category'],
      ['brand=Nokia', 'brand'],
      ['location=paris', 'location'],
      ['condition=new', 'condition'],
      ['minPrice=-1', 'minPrice'],
      ['maxPrice=abc', 'maxPrice'],
      ['ram=3', 'ram'],
      ['storage=1', 'storage'],
      ['verified=yes', 'verified'],
      ['sort=random', 'sort'],
      ['limit=0', 'limit'],
      ['limit=61', 'limit'],
      ['limit=2.5', 'limit'],
      [`q=${'x'.repeat(101)}`, 'q'],
      ['cursor=%%%', 'cursor'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
      [
        `cursor=${Buffer.from(JSON.stringify(['newest', '2026-02-30T00:00:00.000000Z', 'x'])).toString('base64url')}`,
        'cursor',
      ],
      [`cursor=${Buffer.from(JSON.stringify(['price_asc', 1, 'x'])).toString('base64url')}`, 'cursor'],
    ];
    for (const [query, field] of cases) {
      const res = await t.request(`/api/laptops?${query}`);
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('validation');
      expect(Object.keys(body.error.fields ?? {}), query).toContain(field);
    }
  });

  it('refuses a cursor of another sort order', async () => {
    const { nextCursor } = await search({ sort: 'price_asc', limit: 1 });
    const res = await t.request(`/api/laptops?sort=newest&cursor=${nextCursor}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toHaveProperty('cursor');
  });

  it('shows a new laptop once one is added through the API (the cache is cleared)', async () => {
    const before = (await search({ q: 'zephyrus' })).total;
    const seller = await signIn(t, DEMO.seller);
    const res = await jsonPost(t, '/api/addLaptop', NEW_LAPTOP, { cookie: seller.cookie });
    expect(res.status).toBe(201);
    expect((await search({ q: 'zephyrus' })).total).toBe(before + 1);
  });
});

describe('GET /api/laptops/:id', () => {
  const [first] = fixtures;
  it('answers a laptop with its specs, without seller contact for anonymous callers', async () => {
    const res = await t.request(`/api/laptops/${first!.id}`);
    expect(res.status).toBe(200);
    const body = laptopDetailSchema.parse(await res.json());
    expect(body).toMatchObject({
      _id: first!.id,
      laptop_name: first!.name,
      brand: 'Lenovo',
      ram_gb: 16,
      storage_gb: 512,
    });
    expect(body.seller_email).toBeUndefined();
    expect(body.sellerMobileNumber).toBeUndefined();
  });

  it('adds the seller e-mail and phone for a signed-in caller', async () => {
    const res = await t.request(`/api/laptops/${first!.id}`, { headers: { cookie: buyer.cookie } });
    expect(res.status).toBe(200);
    const body = laptopDetailSchema.parse(await res.json());
    expect(body.seller_email).toBe(verifiedSeller.email);
    expect(body.sellerMobileNumber).toBe(first!.sellerMobile);
  });

  it('answers a sold laptop as sold', async () => {
    const sold = fixtures.at(-1)!;
    const body = laptopDetailSchema.parse(await (await t.request(`/api/laptops/${sold.id}`)).json());
    expect(body.salesStatus).toBe('sold');
  });

  it('answers 404 for an unknown id and after the laptop is deleted', async () => {
    const unknown = await t.request('/api/laptops/no-such-laptop');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('not_found');
    const seller = await signIn(t, DEMO.seller);
    const laptop = makeLaptop({ sellerId: seller.userId });
    await t.database.db.insert(laptops).values(laptop);
    expect((await t.request(`/api/laptops/${laptop.id}`)).status).toBe(200);
    const del = await t.request('/api/allLaptops', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', origin: t.url, cookie: seller.cookie },
      body: JSON.stringify({ laptopId: laptop.id }),
    });
    expect(del.status).toBe(200);
    const gone = await t.request(`/api/laptops/${laptop.id}`);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toContain('application/json');
  });
});
