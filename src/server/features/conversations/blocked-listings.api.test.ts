import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeLaptop } from '../../seed/factories.ts';
import { type Session, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';

// A user who blocked a seller no longer sees that seller's listings in the lists and search
// (docs/product.md#blocks, docs/decisions/0036): the home page's advertised laptops, a category's
// list and GET /api/laptops. Everyone else, visitors included, keeps the shared cached answers and
// still sees them; unblocking brings them back at once.

let t: TestApp;
let blocked: Session;
let other: Session;
/** A word only these tests' listings carry, to search them among the demo catalogue. */
const WORD = 'Zephyrbook';
const blockedIds: string[] = [];
const otherIds: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  blocked = await signUp(t, { role: 'seller', name: 'Blocked Seller' });
  other = await signUp(t, { role: 'seller', name: 'Other Seller' });
  // Inserted before any list is asked for, so no cached answer predates them.
  for (const [seller, ids] of [
    [blocked, blockedIds],
    [other, otherIds],
  ] as const) {
    for (let i = 0; i < 2; i += 1) {
      const laptop = makeLaptop({
        sellerId: seller.userId,
        name: `${WORD} ${seller.userId.slice(0, 4)} ${i}`,
        category: 'gaming',
        advertised: true,
      });
      await t.database.db.insert(laptops).values(laptop);
      ids.push(laptop.id);
    }
  }
});
afterAll(() => t?.close());

function get(who: Session | null, path: string) {
  return t.request(path, { headers: who ? { cookie: who.cookie } : {} });
}

async function idsOf(who: Session | null, path: string): Promise<string[]> {
  const res = await get(who, path);
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { _id: string }[] | { items: { _id: string }[] };
  return (Array.isArray(body) ? body : body.items).map((l) => l._id);
}

/** Every page of a category's list (it pages by `Link`). */
async function categoryIds(who: Session): Promise<string[]> {
  const ids: string[] = [];
  let path: string | null = '/api/categories/gaming?limit=3';
  while (path) {
    const res = await get(who, path);
    expect(res.status).toBe(200);
    ids.push(...((await res.json()) as { _id: string }[]).map((l) => l._id));
    path = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
  }
  return ids;
}

const LISTS = {
  advertised: (who: Session | null) => idsOf(who, '/api/myProducts?advertise=true'),
  search: (who: Session | null) => idsOf(who, `/api/laptops?q=${WORD}`),
  searchByPrice: (who: Session | null) => idsOf(who, `/api/laptops?q=${WORD}&sort=price_asc&limit=50`),
  // A category alone walks its index newest first (docs/search.md): the newest, these, come first.
  categorySearch: (who: Session | null) => idsOf(who, '/api/laptops?category=gaming&limit=20'),
};

function block(who: Session, method: 'PUT' | 'DELETE', userId: string) {
  return t.request(`/api/blocks/${userId}`, { method, headers: { origin: t.url, cookie: who.cookie } });
}

describe('blocking a seller hides their listings from the blocker', () => {
  it('in the advertised list, search and a category; others still see them; unblocking brings them back', async () => {
    const blocker = await signUp(t, { name: 'Blocker' });
    const bystander = await signUp(t, { name: 'Bystander' });
    const all = [...blockedIds, ...otherIds];

    // Before: everyone sees all four, and the blocker's own lookups are remembered with no blocks.
    for (const who of [blocker, bystander, null]) {
      for (const [name, list] of Object.entries(LISTS))
        expect(await list(who), name).toEqual(expect.arrayContaining(all));
    }
    expect(await categoryIds(blocker)).toEqual(expect.arrayContaining(all));

    expect((await block(blocker, 'PUT', blocked.userId)).status).toBe(204);
    for (const [name, list] of Object.entries(LISTS)) {
      const seen = await list(blocker);
      expect(seen, name).toEqual(expect.arrayContaining(otherIds));
      for (const id of blockedIds) expect(seen, name).not.toContain(id);
      // The shared cached answers are untouched: the bystander and a visitor see all four.
      expect(await list(bystander), name).toEqual(expect.arrayContaining(all));
      expect(await list(null), name).toEqual(expect.arrayContaining(all));
    }
    const category = await categoryIds(blocker);
    expect(category).toEqual(expect.arrayContaining(otherIds));
    for (const id of blockedIds) expect(category).not.toContain(id);
    expect(await categoryIds(bystander)).toEqual(expect.arrayContaining(all));

    // The count says what the blocker can see.
    const total = async (who: Session) =>
      ((await (await get(who, `/api/laptops?q=${WORD}`)).json()) as { total: number }).total;
    expect(await total(blocker)).toBe(2);
    expect(await total(bystander)).toBe(4);

    expect((await block(blocker, 'DELETE', blocked.userId)).status).toBe(204);
    for (const [name, list] of Object.entries(LISTS))
      expect(await list(blocker), name).toEqual(expect.arrayContaining(all));
    expect(await categoryIds(blocker)).toEqual(expect.arrayContaining(all));
    expect(await total(blocker)).toBe(4);
  });

  it('answers the blocker privately, never from or into the shared cache', async () => {
    const blocker = await signUp(t);
    expect((await block(blocker, 'PUT', other.userId)).status).toBe(204);
    const mine = await get(blocker, `/api/laptops?q=${WORD}`);
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    const ids = ((await mine.json()) as { items: { _id: string }[] }).items.map((l) => l._id);
    expect(ids.sort()).toEqual([...blockedIds].sort());
    // A visitor's answer right after is the shared one, with all four.
    const shared = await get(null, `/api/laptops?q=${WORD}`);
    expect(shared.headers.get('cache-control')).toMatch(/^public/);
    expect(((await shared.json()) as { total: number }).total).toBe(4);
    // The blocker's ETag differs from the shared one: a browser's copy of either is never taken for the other.
    const again = await t.request(`/api/laptops?q=${WORD}`, {
      headers: { cookie: blocker.cookie, 'if-none-match': shared.headers.get('etag')! },
    });
    expect(again.status).toBe(200);
  });
});

// PGlite runs one instance; on PostgreSQL a second app on the same database stands for another
// instance, which hears of a block through the change feed.
describe.runIf(inject('dbKind') === 'postgres')('on two instances', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await startTestApp({ database: t.database });
  });
  afterAll(() => second?.close());

  const searchOn = async (app: TestApp, who: Session) => {
    const res = await app.request(`/api/laptops?q=${WORD}`, { headers: { cookie: who.cookie } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: { _id: string }[] }).items.map((l) => l._id).sort();
  };

  /** What `who` sees on the second instance, asked again until it is `expected` (a second at most). */
  async function seenOnSecond(who: Session, expected: string[]) {
    const until = Date.now() + 1_000;
    let seen = await searchOn(second, who);
    while (JSON.stringify(seen) !== JSON.stringify(expected) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await searchOn(second, who);
    }
    return seen;
  }

  it('a block on one instance hides the listings on the other within a second, and an unblock shows them again', async () => {
    const blocker = await signUp(t);
    const all = [...blockedIds, ...otherIds].sort();
    // The second instance remembers that this user blocked nobody.
    expect(await searchOn(second, blocker)).toEqual(all);
    expect((await block(blocker, 'PUT', blocked.userId)).status).toBe(204);
    expect(await seenOnSecond(blocker, [...otherIds].sort())).toEqual([...otherIds].sort());
    expect((await block(blocker, 'DELETE', blocked.userId)).status).toBe(204);
    expect(await seenOnSecond(blocker, all)).toEqual(all);
  });
});
