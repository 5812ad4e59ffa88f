import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Laptop, laptopSchema } from '../../../shared/laptops.ts';
import { type Notification, notificationPageSchema } from '../../../shared/notifications.ts';
import {
  SAVED_SEARCH_MAX,
  type SavedSearch,
  savedSearchListSchema,
  savedSearchSchema,
} from '../../../shared/saved-searches.ts';
import { validLaptopBody } from '../../test/fixtures.ts';
import { errorOf, type Method, send } from '../../test/requests.ts';
import { DEMO, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { type Matcher, matchListing } from './matching.ts';
import { alertJobs } from './schema.ts';

// Saved searches and their alerts (docs/product.md#saved-searches), through HTTP on a fresh
// database: the caller's own list (at most SAVED_SEARCH_MAX), its filters read as /search reads
// them, and the owner told once when a listing published or made cheaper later matches.

let t: TestApp;
let seller: Session;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, { role: 'seller', name: 'Dhaka Laptop House' });
  admin = await signIn(t, DEMO.admin);
});
afterAll(() => t?.close());

const call = (who: Session | null, method: Method, path: string, body?: unknown, app: TestApp = t) =>
  send(app, who, method, path, body);

async function save(who: Session, query: string, name?: string, app: TestApp = t): Promise<SavedSearch> {
  const res = await call(who, 'POST', '/api/savedSearches', name === undefined ? { query } : { query, name }, app);
  expect(res.status, await res.clone().text()).toBe(201);
  return savedSearchSchema.parse(await res.json());
}

async function listOf(who: Session, app: TestApp = t): Promise<SavedSearch[]> {
  const res = await call(who, 'GET', '/api/savedSearches', undefined, app);
  expect(res.status, await res.clone().text()).toBe(200);
  return savedSearchListSchema.parse(await res.json());
}

/** A word no other listing of this file holds. */
let words = 0;
const unique = () => `qx${Date.now().toString(36)}${(words++).toString(36)}`;

async function list(body: Record<string, unknown>, who: Session = seller, app: TestApp = t): Promise<Laptop> {
  const res = await call(who, 'POST', '/api/addLaptop', validLaptopBody(body), app);
  expect(res.status, await res.clone().text()).toBe(201);
  return laptopSchema.parse(await res.json());
}

/** A Dell with 16 GB at `price`, named with `word`. */
const dell = (word: string, price: number, over: Record<string, unknown> = {}) => ({
  laptop_name: `Dell Latitude 7490 ${word}`,
  brand: 'Dell',
  ram_gb: 16,
  resale_price: String(price),
  ...over,
});

async function matchNotes(who: Session, laptopId?: string, app: TestApp = t): Promise<Notification[]> {
  const res = await call(who, 'GET', '/api/notifications?limit=50', undefined, app);
  expect(res.status).toBe(200);
  return notificationPageSchema
    .parse(await res.json())
    .items.filter((n) => n.kind === 'saved_search_match' && (laptopId === undefined || n.laptop_id === laptopId));
}

/** Polls until `ready` holds or the deadline passes (the worker runs off the request). */
async function until<T>(what: string, read: () => Promise<T>, ready: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ready(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until no job of the listing is left: the worker has matched it. */
const jobsDone = (laptopId: string, app: TestApp = t) =>
  until(
    `the alert jobs of ${laptopId}`,
    () => app.database.db.select().from(alertJobs).where(eq(alertJobs.laptopId, laptopId)),
    (rows) => rows.length === 0,
  );

describe('POST /api/savedSearches', () => {
  it('keeps the filters as a normalised query, names it after them, and lists it newest first', async () => {
    const buyer = await signUp(t);
    const first = await save(buyer, '?maxPrice=60000&q=dell+16gb&sort=price_asc&limit=5&cursor=abc&brand=DELL');
    expect(first).toMatchObject({ query: 'q=dell+16gb&brand=Dell&maxPrice=60000', new_matches: 0 });
    expect(first.name).toBe('dell · Dell · 16 GB · Tk 0–60,000');
    const second = await save(buyer, 'category=gaming&verified=false', 'Gaming under budget');
    expect(second).toMatchObject({ name: 'Gaming under budget', query: 'category=gaming' });
    const empty = await save(buyer, '');
    expect(empty).toMatchObject({ name: 'All laptops', query: '' });
    expect((await listOf(buyer)).map((s) => s._id)).toEqual([empty._id, second._id, first._id]);
  });

  it('refuses a filter GET /api/laptops refuses, naming it, and a query that is not text', async () => {
    const buyer = await signUp(t);
    for (const [query, field, code] of [
      ['ram=3', 'ram', 'not_one_of'],
      ['brand=toshiba', 'brand', 'not_one_of'],
      ['maxPrice=cheap', 'maxPrice', 'invalid_type'],
      ['colour=red', 'colour', 'unknown_parameter'],
    ] as const) {
      const res = await call(buyer, 'POST', '/api/savedSearches', { query });
      expect(res.status, query).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('validation');
      expect(error.fields?.[field]?.code, JSON.stringify(error)).toBe(code);
      const same = await t.request(`/api/laptops?${query}`);
      expect(same.status).toBe(400);
      expect(Object.keys((await errorOf(same)).fields ?? {})).toEqual([field]);
    }
    const notText = await call(buyer, 'POST', '/api/savedSearches', { query: 5 });
    expect(notText.status).toBe(400);
    expect(Object.keys((await errorOf(notText)).fields ?? {})).toEqual(['query']);
    const blankName = await call(buyer, 'POST', '/api/savedSearches', { query: 'q=hp', name: ' ' });
    expect(blankName.status).toBe(400);
    expect(await listOf(buyer)).toEqual([]);
  });

  it(`keeps at most ${SAVED_SEARCH_MAX} per user, even asked at once`, async () => {
    const buyer = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: SAVED_SEARCH_MAX + 3 }, (_, i) =>
        call(buyer, 'POST', '/api/savedSearches', { query: `maxPrice=${10_000 + i}` }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(SAVED_SEARCH_MAX);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(3);
    for (const res of refused) {
      expect(res.status).toBe(409);
      expect(await errorOf(res)).toMatchObject({
        code: 'conflict',
        reason: 'saved_search_limit',
        params: { max: SAVED_SEARCH_MAX },
      });
    }
    expect(await listOf(buyer)).toHaveLength(SAVED_SEARCH_MAX);
    // Another user's count is their own.
    await save(await signUp(t), 'q=hp');
  });
});

describe('PATCH and DELETE /api/savedSearches/{id}', () => {
  it('renames, marks seen and deletes only the caller’s own; another’s is not found', async () => {
    const owner = await signUp(t);
    const other = await signUp(t, { role: 'seller' });
    const kept = await save(owner, 'q=thinkpad');

    for (const [method, body] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      for (const who of [other, admin]) {
        const res = await call(who, method, `/api/savedSearches/${kept._id}`, body);
        expect(res.status).toBe(404);
        expect(await errorOf(res)).toMatchObject({ code: 'not_found', reason: 'saved_search_not_found' });
      }
    }
    expect(await listOf(other)).toEqual([]);

    const renamed = await call(owner, 'PATCH', `/api/savedSearches/${kept._id}`, { name: 'ThinkPads' });
    expect(renamed.status).toBe(200);
    expect(savedSearchSchema.parse(await renamed.json())).toMatchObject({ name: 'ThinkPads', seen_at: kept.seen_at });
    const seen = await call(owner, 'PATCH', `/api/savedSearches/${kept._id}`, { seen: true });
    expect(Date.parse(savedSearchSchema.parse(await seen.json()).seen_at)).toBeGreaterThan(Date.parse(kept.seen_at));
    const bad = await call(owner, 'PATCH', `/api/savedSearches/${kept._id}`, { seen: false, colour: 'red' });
    expect(bad.status).toBe(400);

    const gone = await call(owner, 'DELETE', `/api/savedSearches/${kept._id}`);
    expect(gone.status).toBe(204);
    expect(await listOf(owner)).toEqual([]);
    expect((await call(owner, 'DELETE', `/api/savedSearches/${kept._id}`)).status).toBe(404);
  });
});

describe('alerts', () => {
  it('tells the owner once of a matching listing published later, and counts it until seen', async () => {
    const word = unique();
    const buyer = await signUp(t);
    const search = await save(buyer, `q=${word}+16gb&brand=dell&maxPrice=60000`);
    const match = await list(dell(word, 55_000));

    const told = await until(
      'the match notification',
      () => matchNotes(buyer, match._id),
      (n) => n.length > 0,
    );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      laptop_id: match._id,
      laptop_name: match.laptop_name,
      amount: 55_000,
      note: search.name,
      read: false,
    });
    const [listed] = await listOf(buyer);
    expect(listed).toMatchObject({ _id: search._id, new_matches: 1 });

    const seen = await call(buyer, 'PATCH', `/api/savedSearches/${search._id}`, { seen: true });
    expect(savedSearchSchema.parse(await seen.json()).new_matches).toBe(0);

    // A second matching listing counts again; one sold since it matched does not.
    const next = await list(dell(word, 41_000));
    await jobsDone(next._id);
    expect((await listOf(buyer))[0]?.new_matches).toBe(1);
    // Sold since: no longer for sale.
    await t.database.db.update(laptops).set({ salesStatus: 'sold' }).where(eq(laptops.id, next._id));
    expect((await listOf(buyer))[0]?.new_matches).toBe(0);
    // Its seller's own search, and the matcher run again, tell nobody twice.
    await save(seller, `q=${word}`);
    await t.database.db.transaction((tx) => matchListing(tx, match._id));
    expect(await matchNotes(buyer, match._id)).toHaveLength(1);
    expect(await matchNotes(seller, match._id)).toHaveLength(0);
  });

  it('tells nobody of a listing of another brand, over the price, without the words, or by a blocked seller', async () => {
    const word = unique();
    const buyer = await signUp(t);
    const blocker = await signUp(t);
    await save(buyer, `q=${word}&brand=dell&maxPrice=60000`);
    await save(blocker, `q=${word}`);
    expect((await call(blocker, 'PUT', `/api/blocks/${seller.userId}`)).status).toBe(204);

    const misses = [
      await list(dell(word, 50_000, { laptop_name: `HP EliteBook 840 ${word}`, brand: 'HP' })),
      await list(dell(word, 65_000)),
      await list(dell(unique(), 50_000)),
    ];
    for (const laptop of misses) await jobsDone(laptop._id);
    expect(await matchNotes(buyer)).toEqual([]);
    expect(await matchNotes(blocker)).toEqual([]);
    expect((await listOf(buyer))[0]?.new_matches).toBe(0);
  });

  it('reads a search saved in Bangla as search does: its English form and its Bangla words both match', async () => {
    const word = unique();
    const buyer = await signUp(t);
    // "গেমিং" is read as "gaming", and still matches a listing that says গেমিং and never "gaming".
    await save(buyer, `q=${encodeURIComponent(`গেমিং ${word}`)}`);
    const english = await list(dell(word, 70_000, { laptop_name: `Dell G15 gaming ${word}` }));
    const bangla = await list(dell(word, 72_000, { laptopDesc: `গেমিং ল্যাপটপ, ভালো অবস্থায় ${word}` }));
    const neither = await list(dell(word, 74_000));
    for (const laptop of [english, bangla, neither]) await jobsDone(laptop._id);
    expect((await matchNotes(buyer)).map((n) => n.laptop_id).sort()).toEqual([english._id, bangla._id].sort());
  });

  it('tells of a held listing only once the admin approves it', async () => {
    const word = unique();
    const buyer = await signUp(t);
    await save(buyer, `q=${word}`);
    const held = await list(dell(word, 50_000, { laptopDesc: 'Details on www.example-shop.xyz' }));
    expect(held.review_status).toBe('pending');
    await jobsDone(held._id);
    expect(await matchNotes(buyer)).toEqual([]);

    expect((await call(admin, 'PUT', `/api/moderation/${held._id}`, { action: 'approve' })).status).toBe(200);
    const told = await until(
      'the approved listing’s notification',
      () => matchNotes(buyer),
      (n) => n.length > 0,
    );
    expect(told.map((n) => n.laptop_id)).toEqual([held._id]);
  });

  it('tells of a held listing its seller’s edit publishes, and of an edit that lowers the price into range', async () => {
    const word = unique();
    const buyer = await signUp(t);
    await save(buyer, `q=${word}&maxPrice=60000`);
    const body = dell(word, 50_000, { laptopDesc: 'Details on www.example-shop.xyz' });
    const held = await list(body);
    expect(held.review_status).toBe('pending');
    const edited = await call(
      seller,
      'PUT',
      `/api/laptops/${held._id}`,
      validLaptopBody({ ...body, laptopDesc: 'Clean and fast.' }),
    );
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(laptopSchema.parse(await edited.json()).review_status).toBe('published');
    await until(
      'the edited listing’s match',
      () => matchNotes(buyer, held._id),
      (n) => n.length === 1,
    );

    const dear = await list(dell(word, 75_000));
    await jobsDone(dear._id);
    expect(await matchNotes(buyer, dear._id)).toEqual([]);
    const cheaper = await call(seller, 'PUT', `/api/laptops/${dear._id}`, validLaptopBody(dell(word, 59_000)));
    expect(cheaper.status, await cheaper.clone().text()).toBe(200);
    const told = await until(
      'the cheaper listing’s match',
      () => matchNotes(buyer, dear._id),
      (n) => n.length > 0,
    );
    expect(told).toMatchObject([{ amount: 59_000 }]);
  });

  it('tells of a price dropped into range once, and not again at a second drop', async () => {
    const word = unique();
    const buyer = await signUp(t);
    await save(buyer, `q=${word}&maxPrice=60000`);
    const laptop = await list(dell(word, 70_000));
    await jobsDone(laptop._id);
    expect(await matchNotes(buyer)).toEqual([]);

    expect((await call(seller, 'PUT', `/api/myProducts/${laptop._id}`, { resale_price: 58_000 })).status).toBe(200);
    const told = await until(
      'the price drop’s match',
      () => matchNotes(buyer),
      (n) => n.length > 0,
    );
    expect(told).toMatchObject([{ laptop_id: laptop._id, amount: 58_000 }]);

    expect((await call(seller, 'PUT', `/api/myProducts/${laptop._id}`, { resale_price: 56_000 })).status).toBe(200);
    await jobsDone(laptop._id);
    expect(await matchNotes(buyer)).toHaveLength(1);
  });
});

describe('a failed alert job', () => {
  let flaky: TestApp;
  let attempts = 0;
  const failOnce: Matcher = async (tx, laptopId) => {
    attempts += 1;
    // The first attempt writes its matches, then fails: they must roll back with it.
    const matches = await matchListing(tx, laptopId);
    if (attempts === 1) throw new Error('matching failed (test)');
    return matches;
  };

  beforeAll(async () => {
    flaky = await startTestApp({ alerts: { matcher: failOnce } });
  });
  afterAll(() => flaky?.close());

  it('is retried and tells the owner exactly once', async () => {
    const word = unique();
    const buyer = await signUp(flaky);
    const sellerHere = await signUp(flaky, { role: 'seller' });
    await save(buyer, `q=${word}`, undefined, flaky);
    const laptop = await list(dell(word, 45_000), sellerHere, flaky);

    const failed = await until(
      'the failed attempt',
      () => flaky.database.db.select().from(alertJobs).where(eq(alertJobs.laptopId, laptop._id)),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(failed[0]?.lastError).toContain('matching failed');
    expect(failed[0]?.failedAt).toBeNull();
    const told = await until(
      'the retried match',
      () => matchNotes(buyer, undefined, flaky),
      (n) => n.length > 0,
    );
    await jobsDone(laptop._id, flaky);
    expect(attempts).toBe(2);
    expect(told).toHaveLength(1);
    expect(await matchNotes(buyer, undefined, flaky)).toHaveLength(1);
  });
});

describe('two instances on one database', () => {
  it('tell the owner of each matching listing once, whichever worker claims its job', async () => {
    const second = await startTestApp({ database: t.database });
    try {
      const word = unique();
      const buyer = await signUp(t);
      await save(buyer, `q=${word}`);
      const listed = [
        await list(dell(word, 41_000)),
        await list(dell(word, 42_000), seller, second),
        await list(dell(word, 43_000)),
      ];
      for (const laptop of listed) await jobsDone(laptop._id);
      const told = await matchNotes(buyer);
      expect(told.map((n) => n.laptop_id).sort()).toEqual(listed.map((l) => l._id).sort());
    } finally {
      await second.close();
    }
  });
});
