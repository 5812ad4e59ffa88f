import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laptopPageSchema } from '../../../shared/search.ts';
import { makeLaptop, makeUser } from '../../seed/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/schema.ts';
import { laptops } from './schema.ts';

// Bangla and mixed queries find what their English form finds (docs/search.md#bangla-queries), and
// listings written in Bangla are found by their Bangla words. Over the demo catalogue and the
// listings below; expected answers are the English query's own results, never written down.

let t: TestApp;
const seller = makeUser({ role: 'seller', verified: true, name: 'Bangla Search Seller' });

const english = [
  makeLaptop({
    sellerId: seller.id,
    name: 'Dell Latitude 7490 Touch',
    brand: 'Dell',
    processor: 'Intel Core i7-8650U',
    ramGb: 16,
    storageGb: 512,
    description: '16 GB RAM, 512 GB SSD, touch screen, backlit keyboard.',
  }),
  makeLaptop({
    sellerId: seller.id,
    name: 'Lenovo ThinkPad T480',
    brand: 'Lenovo',
    processor: 'Intel Core i5-8350U',
    ramGb: 8,
    storageGb: 1024,
    description: '8 GB RAM and a 1 TB SSD.',
  }),
];

// Written in Bangla. The ZWJ in র‍্যাম and র‍্যাপিড is how Bangla keyboards write র‍্য: PostgreSQL's
// parser splits the word there under a glibc locale, PGlite's does not.
const inBangla = {
  dell: makeLaptop({
    sellerId: seller.id,
    name: 'ডেল ল্যাপটপ কোর আই৫',
    brand: 'Dell',
    processor: 'Intel Core i5-8250U',
    ramGb: 8,
    description: 'খুব ভালো অবস্থায় আছে। ৮ জিবি র‍্যাম, র‍্যাপিড চার্জার সহ।',
  }),
  asus: makeLaptop({
    sellerId: seller.id,
    name: 'আসুস গেমিং ল্যাপটপ',
    brand: 'Asus',
    processor: null,
    category: 'gaming',
    description: 'গেমিং এর জন্য সেরা, ঠান্ডা থাকে।',
  }),
  hp: makeLaptop({
    sellerId: seller.id,
    name: 'এইচপি প্যাভিলিয়ন টাচ',
    brand: 'HP',
    processor: null,
    // রয়েছে with য় as one code point (U+09DF), as some keyboards write it.
    description: 'টাচ স্ক্রিন, ব্যাটারি ভালো। চার্জার র\u09dfেছে।',
  }),
};

beforeAll(async () => {
  t = await startTestApp();
  await t.database.db.insert(users).values([seller]);
  await t.database.db.insert(laptops).values([...english, ...Object.values(inBangla)]);
  t.app.responseCache.clear();
});
afterAll(() => t?.close());

/** The ids of every laptop a search finds, following its pages. */
async function idsFor(q: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ q, limit: '60', ...(cursor ? { cursor } : {}) });
    const res = await t.request(`/api/laptops?${params}`);
    expect(res.status, await res.clone().text()).toBe(200);
    const page = laptopPageSchema.parse(await res.json());
    ids.push(...page.items.map((l) => l._id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

// [Bangla or mixed, English]
const PAIRS: [string, string][] = [
  ['ডেল', 'dell'],
  ['ডেল ল্যাপটপ', 'dell'],
  ['ডেলের ল্যাপটপ', 'dell'],
  ['এইচপি', 'hp'],
  ['এইচ পি ল্যাপটপ', 'hp'],
  ['লেনোভো', 'lenovo'],
  ['লেনেভো', 'lenovo'],
  ['আসুস', 'asus'],
  ['এসার', 'acer'],
  ['অ্যাপল', 'apple'],
  ['এপল ম্যাকবুক', 'apple macbook'],
  ['ম্যাকবুক এয়ার', 'macbook air'],
  ['ম্যাকবুক প্রো', 'macbook pro'],
  ['লেনোভো থিংকপ্যাড', 'lenovo thinkpad'],
  ['আইডিয়াপ্যাড', 'ideapad'],
  ['আসুস ভিভোবুক', 'asus vivobook'],
  ['জেনবুক', 'zenbook'],
  ['এইচপি প্যাভিলিয়ন', 'hp pavilion'],
  ['ডেল ল্যাটিচিউড', 'dell latitude'],
  ['ডেল ইন্সপায়রন', 'dell inspiron'],
  ['কোর আই৫', 'core i5'],
  ['কোর আই৭', 'core i7'],
  ['কোর আই৩', 'core i3'],
  ['ইন্টেল কোর আই৫', 'intel core i5'],
  ['রাইজেন', 'ryzen'],
  ['রাইজেন ৭', 'ryzen 7'],
  ['এএমডি রাইজেন ৫', 'amd ryzen 5'],
  ['গেমিং ল্যাপটপ', 'gaming'],
  ['আসুস টাফ গেমিং', 'asus tuf gaming'],
  ['আসুস রগ', 'asus rog'],
  ['এসার নাইট্রো', 'acer nitro'],
  ['লিজিয়ন', 'legion'],
  ['এক্সপিএস', 'xps'],
  ['এইচপি স্পেক্টার', 'hp spectre'],
  ['ভিক্টাস', 'victus'],
  ['মাইক্রোসফট সারফেস', 'microsoft surface'],
  ['এমএসআই', 'msi'],
  ['১৬ জিবি', '16gb'],
  ['১৬ জিবি র‍্যাম', '16gb ram'],
  ['৮জিবি র‌্যাম লেনোভো', '8gb ram lenovo'],
  ['৫১২ জিবি এসএসডি', '512gb ssd'],
  ['১ টিবি', '1tb'],
  ['এসএসডি', 'ssd'],
  ['টাচ', 'touch'],
  ['সেকেন্ড হ্যান্ড ডেল ল্যাপটপ দাম', 'dell'],
  ['ব্যবহৃত এইচপি', 'hp'],
  ['Dell ১৬ জিবি', 'dell 16gb'],
  ['thinkpad দাম', 'thinkpad'],
  ['HP ল্যাপটপ', 'hp'],
  ['Lenovo ৮ GB', 'lenovo 8gb'],
];

describe('Bangla and mixed queries find what their English form finds', () => {
  it('has at least 40 pairs', () => {
    expect(PAIRS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PAIRS)('%s ≈ %s', async (bangla, inEnglish) => {
    const wanted = await idsFor(inEnglish);
    expect(wanted.length, `"${inEnglish}" finds something`).toBeGreaterThan(0);
    const found = new Set(await idsFor(bangla));
    const shared = wanted.filter((id) => found.has(id)).length;
    expect(shared / wanted.length, `"${bangla}" finds ${shared} of ${wanted.length}`).toBeGreaterThanOrEqual(0.9);
  });
});

describe('listings written in Bangla are found by their Bangla words', () => {
  it.each([
    ['ভালো অবস্থায়', inBangla.dell.id],
    ['আছে', inBangla.dell.id],
    ['চার্জ', inBangla.dell.id],
    // A word with a joiner, tokenised by the database as it tokenised the listing.
    ['র‍্যাপিড', inBangla.dell.id],
    ['র‍্যাম ডেল', inBangla.dell.id],
    // The same words as another keyboard writes them: without the joiner, য় as two code points.
    ['র্যাপিড', inBangla.dell.id],
    ['র\u09af\u09bcেছে', inBangla.hp.id],
    ['ডেল কোর আই৫', inBangla.dell.id],
    // Read as "gaming", and found by গেমিং in a listing that never says "gaming".
    ['গেমিং', inBangla.asus.id],
    ['আসুস গেমিং ল্যাপটপ', inBangla.asus.id],
    ['ঠান্ডা', inBangla.asus.id],
    ['টাচ স্ক্রিন', inBangla.hp.id],
    ['এইচপি প্যাভিলিয়ন', inBangla.hp.id],
  ])('%s', async (q, id) => {
    expect(await idsFor(q)).toContain(id);
  });

  it('does not find a Bangla listing by a word it does not hold', async () => {
    expect(await idsFor('ঠান্ডা টাচ')).toEqual([]);
  });
});
