import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/errors.ts';
import { WISHLIST_MESSAGES, type WishlistItem, wishlistItemSchema, wishlistSchema } from '../../../shared/wishlist.ts';
import { makeLaptop } from '../../seed/factories.ts';
import { type Session, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { wishlist } from './schema.ts';
import { wishlistersOf } from './wishlist.ts';

// The wishlist (docs/product.md#my-wishlist), through HTTP on a fresh database: saving and removing
// are idempotent, the list shows today's price beside the saved one and whether the laptop was sold,
// a hidden or deleted laptop leaves it, it pages by cursor, and it is only ever its owner's.

let t: TestApp;
let seller: Session;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, { role: 'seller', name: 'Karim Laptops' });
});
afterAll(() => t?.close());

async function newLaptop(over: Partial<Parameters<typeof makeLaptop>[0]> = {}) {
  const laptop = makeLaptop({ sellerId: seller.userId, resalePrice: 40_000, ...over });
  await t.database.db.insert(laptops).values(laptop);
  return laptop;
}

const setLaptop = (id: string, change: Partial<typeof laptops.$inferInsert>) =>
  t.database.db.update(laptops).set(change).where(eq(laptops.id, id));

const send = (who: Session | null, method: 'GET' | 'PUT' | 'DELETE', path: string) =>
  t.request(path, { method, headers: { origin: t.url, ...(who ? { cookie: who.cookie } : {}) } });

const save = (who: Session, laptopId: string) => send(who, 'PUT', `/api/wishlist/${encodeURIComponent(laptopId)}`);
const remove = (who: Session, laptopId: string) => send(who, 'DELETE', `/api/wishlist/${encodeURIComponent(laptopId)}`);

async function listOf(who: Session, query = ''): Promise<WishlistItem[]> {
  const res = await send(who, 'GET', `/api/wishlist${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  const body: unknown = await res.json();
  // Exactly the contract: public laptop fields, saved_price and saved_at, nothing more.
  for (const item of body as Record<string, unknown>[]) {
    expect(Object.keys(item).sort()).toEqual(Object.keys(wishlistItemSchema.shape).sort());
  }
  return wishlistSchema.parse(body);
}

async function errorOf(res: Response) {
  return errorBodySchema.parse(await res.json()).error;
}

describe('PUT /api/wishlist/{laptopId}', () => {
  it('saves a laptop at its price, without the seller’s contact, and saving it again changes nothing', async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop({ resalePrice: 52_000 });

    const res = await save(buyer, laptop.id);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('seller_email');
    expect(body).not.toHaveProperty('sellerMobileNumber');
    const item = wishlistItemSchema.parse(body);
    expect(item).toMatchObject({
      _id: laptop.id,
      laptop_name: laptop.name,
      resale_price: 52_000,
      saved_price: 52_000,
      salesStatus: 'unsold',
      seller_name: 'Karim Laptops',
    });
    expect(Math.abs(Date.parse(item.saved_at) - Date.now())).toBeLessThan(60_000);

    const again = await save(buyer, laptop.id);
    expect(again.status).toBe(200);
    expect(wishlistItemSchema.parse(await again.json())).toEqual(item);
    expect((await listOf(buyer)).map((i) => i._id)).toEqual([laptop.id]);
  });

  it('keeps the first saved price when saved again after a drop, so the drop still shows', async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop({ resalePrice: 40_000 });
    await save(buyer, laptop.id);
    await setLaptop(laptop.id, { resalePrice: 34_500 });

    const [listed] = await listOf(buyer);
    expect(listed).toMatchObject({ _id: laptop.id, resale_price: 34_500, saved_price: 40_000 });
    const again = wishlistItemSchema.parse(await (await save(buyer, laptop.id)).json());
    expect(again).toMatchObject({ resale_price: 34_500, saved_price: 40_000, saved_at: listed!.saved_at });
  });

  it('answers 404 for a laptop that does not exist or that the admin hid', async () => {
    const buyer = await signUp(t);
    const hidden = await newLaptop({ salesStatus: 'hidden' });
    for (const id of ['no-such-laptop', hidden.id]) {
      const res = await save(buyer, id);
      expect(res.status, id).toBe(404);
      expect(await errorOf(res)).toMatchObject({ code: 'not_found', message: 'Laptop not found' });
    }
    expect(await listOf(buyer)).toEqual([]);
  });

  it('refuses to save a sold laptop (409), but one saved before the sale stays saved', async () => {
    const buyer = await signUp(t);
    const sold = await newLaptop({ salesStatus: 'sold' });
    const res = await save(buyer, sold.id);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: 'conflict', message: WISHLIST_MESSAGES.sold });

    const laptop = await newLaptop();
    await save(buyer, laptop.id);
    await setLaptop(laptop.id, { salesStatus: 'sold' });
    const again = await save(buyer, laptop.id);
    expect(again.status).toBe(200);
    expect(wishlistItemSchema.parse(await again.json()).salesStatus).toBe('sold');
    expect((await listOf(buyer)).map((i) => i._id)).toEqual([laptop.id]);
  });

  it('takes nothing from a body: the price is today’s and the wishlist the caller’s', async () => {
    const buyer = await signUp(t);
    const other = await signUp(t);
    const laptop = await newLaptop({ resalePrice: 61_000 });
    const res = await t.request(`/api/wishlist/${laptop.id}`, {
      method: 'PUT',
      headers: { origin: t.url, cookie: buyer.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ saved_price: 1, savedPrice: 1, user_id: other.userId, saved_at: '2000-01-01T00:00:00Z' }),
    });
    expect(res.status).toBe(200);
    expect(wishlistItemSchema.parse(await res.json())).toMatchObject({ saved_price: 61_000 });
    expect(await listOf(other)).toEqual([]);
  });

  it('answers odd ids cleanly: 404 to save, deletedCount 0 to remove, never a 5xx', async () => {
    const buyer = await signUp(t);
    for (const id of ["'; drop table laptop; --", '" or 1=1 --', '%00', '\u202e', '💻🇧🇩', '..', 'null', ' ']) {
      const put = await save(buyer, id);
      expect([400, 404], `PUT ${id}`).toContain(put.status);
      expect(errorBodySchema.safeParse(await put.json()).success, `PUT ${id}`).toBe(true);
      // '..' leaves the route (the address becomes /api/): an unknown path, 404.
      const del = await remove(buyer, id);
      expect([200, 400, 404], `DELETE ${id}`).toContain(del.status);
      if (del.status === 200) expect(await del.json()).toEqual({ deletedCount: 0 });
      else expect(errorBodySchema.safeParse(await del.json()).success, `DELETE ${id}`).toBe(true);
    }
    expect(await listOf(buyer)).toEqual([]);
  });

  it('refuses an id over 100 characters with 400', async () => {
    const buyer = await signUp(t);
    const res = await save(buyer, 'x'.repeat(101));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('validation');
  });
});

describe('DELETE /api/wishlist/{laptopId}', () => {
  it('removes a saved laptop once; removing it again, or one never saved, answers deletedCount 0', async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop();
    const kept = await newLaptop();
    await save(buyer, laptop.id);
    await save(buyer, kept.id);

    const first = await remove(buyer, laptop.id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ deletedCount: 1 });
    for (const id of [laptop.id, 'no-such-laptop']) {
      const res = await remove(buyer, id);
      expect(res.status, id).toBe(200);
      expect(await res.json()).toEqual({ deletedCount: 0 });
    }
    expect((await listOf(buyer)).map((i) => i._id)).toEqual([kept.id]);
  });
});

describe('GET /api/wishlist', () => {
  it('lists the most recently saved first, a sold laptop with its status, and leaves hidden and deleted ones out', async () => {
    const buyer = await signUp(t);
    const [first, second, third, fourth] = [await newLaptop(), await newLaptop(), await newLaptop(), await newLaptop()];
    for (const laptop of [first!, second!, third!, fourth!]) {
      expect((await save(buyer, laptop.id)).status).toBe(200);
    }
    expect((await listOf(buyer)).map((i) => i._id)).toEqual([fourth!.id, third!.id, second!.id, first!.id]);

    await setLaptop(second!.id, { salesStatus: 'sold' });
    await setLaptop(third!.id, { salesStatus: 'hidden' });
    // The seller deletes the fourth through the API: its wishlist rows go with it.
    const deleted = await t.request('/api/allLaptops', {
      method: 'DELETE',
      headers: { origin: t.url, cookie: seller.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ laptopId: fourth!.id }),
    });
    expect(deleted.status).toBe(200);

    const list = await listOf(buyer);
    expect(list.map((i) => [i._id, i.salesStatus])).toEqual([
      [second!.id, 'sold'],
      [first!.id, 'unsold'],
    ]);

    // Should the admin show it again, it is back where it was.
    await setLaptop(third!.id, { salesStatus: 'unsold' });
    expect((await listOf(buyer)).map((i) => i._id)).toEqual([third!.id, second!.id, first!.id]);
  });

  it('is only ever the caller’s own: another user sees and removes nothing of it', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const laptop = await newLaptop();
    const bobs = await newLaptop();
    await save(alice, laptop.id);
    await save(bob, bobs.id);

    expect((await listOf(bob)).map((i) => i._id)).toEqual([bobs.id]);
    expect((await listOf(seller)).map((i) => i._id)).toEqual([]);
    expect(await (await remove(bob, laptop.id)).json()).toEqual({ deletedCount: 0 });
    expect((await listOf(alice)).map((i) => i._id)).toEqual([laptop.id]);
    // The list takes no parameter naming whose it is: an unknown query parameter is ignored.
    expect((await listOf(bob, `?userId=${alice.userId}`)).map((i) => i._id)).toEqual([bobs.id]);
  });

  it('pages by cursor: the Link pages are the whole list, ties broken by the laptop id', async () => {
    const buyer = await signUp(t);
    const moment = new Date('2026-06-01T08:00:00.000Z');
    const saved = [];
    for (let i = 0; i < 7; i += 1) saved.push(await newLaptop());
    // Five saved at the same instant: the laptop id decides their order, and none repeats or is lost.
    await t.database.db.insert(wishlist).values(
      saved.map((l, i) => ({
        userId: buyer.userId,
        laptopId: l.id,
        savedPrice: 40_000,
        savedAt: i < 5 ? moment : new Date(+moment + i * 1000),
      })),
    );
    const whole = await listOf(buyer, '?limit=100');
    expect(whole).toHaveLength(7);
    const expected = [...saved]
      .map((l, i) => ({ id: l.id, at: i < 5 ? +moment : +moment + i * 1000 }))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((x) => x.id);
    expect(whole.map((i) => i._id)).toEqual(expected);

    for (const limit of [1, 2, 3]) {
      const seen: string[] = [];
      let next: string | null = `/api/wishlist?limit=${limit}`;
      while (next) {
        const res = await send(buyer, 'GET', next);
        expect(res.status).toBe(200);
        const page = wishlistSchema.parse(await res.json());
        expect(page.length).toBeLessThanOrEqual(limit);
        seen.push(...page.map((i) => i._id));
        const link = res.headers.get('link');
        next = link ? (/^<(\/api\/wishlist\?[^>]+)>; rel="next"$/.exec(link)?.[1] ?? 'bad link') : null;
        expect(seen.length).toBeLessThanOrEqual(7);
      }
      expect(seen, `limit ${limit}`).toEqual(expected);
    }
    // 50 a page by default: seven fit, so no Link.
    expect((await send(buyer, 'GET', '/api/wishlist')).headers.get('link')).toBeNull();
  });

  it('refuses a bad cursor or limit with 400 naming it', async () => {
    const buyer = await signUp(t);
    const otherOrder = Buffer.from(JSON.stringify(['newest', '2026-06-01T08:00:00.000000Z', 'x'])).toString(
      'base64url',
    );
    for (const [query, field] of [
      ['cursor=nonsense', 'cursor'],
      [`cursor=${otherOrder}`, 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
    ] as const) {
      const res = await send(buyer, 'GET', `/api/wishlist?${query}`);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).fields, query).toHaveProperty(field);
    }
  });
});

describe('who may call', () => {
  it('answers an anonymous caller 401 on every wishlist route', async () => {
    const laptop = await newLaptop();
    for (const [method, path] of [
      ['GET', '/api/wishlist'],
      ['PUT', `/api/wishlist/${laptop.id}`],
      ['DELETE', `/api/wishlist/${laptop.id}`],
    ] as const) {
      const res = await send(null, method, path);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await errorOf(res)).code).toBe('unauthenticated');
    }
    expect(await t.database.db.select().from(wishlist).where(eq(wishlist.laptopId, laptop.id))).toEqual([]);
  });

  it('lets a seller save any laptop, their own included', async () => {
    const own = await newLaptop();
    expect((await save(seller, own.id)).status).toBe(200);
    expect((await listOf(seller)).map((i) => i._id)).toContain(own.id);
    await remove(seller, own.id);
  });
});

describe('wishlistersOf (for the price-drop and sale notifications)', () => {
  it('names who saved a laptop with their saved price, leaving out one user or those who saved at or below a price', async () => {
    const [a, b, c] = [await signUp(t), await signUp(t), await signUp(t)];
    const laptop = await newLaptop({ resalePrice: 50_000 });
    await save(a, laptop.id);
    await setLaptop(laptop.id, { resalePrice: 45_000 });
    await save(b, laptop.id);
    await setLaptop(laptop.id, { resalePrice: 42_000 });
    await save(c, laptop.id);
    const other = await newLaptop();
    await save(a, other.id);

    const byUser = (list: { userId: string; savedPrice: number }[]) =>
      [...list].sort((x, y) => x.savedPrice - y.savedPrice);
    const db = t.database.db;
    expect(byUser(await wishlistersOf(db, laptop.id))).toEqual([
      { userId: c.userId, savedPrice: 42_000 },
      { userId: b.userId, savedPrice: 45_000 },
      { userId: a.userId, savedPrice: 50_000 },
    ]);
    expect(byUser(await wishlistersOf(db, laptop.id, { exceptUserId: b.userId })).map((w) => w.userId)).toEqual([
      c.userId,
      a.userId,
    ]);
    // A new price of 45,000: only those who saved it dearer hear of the drop.
    expect(await wishlistersOf(db, laptop.id, { below: 45_000 })).toEqual([{ userId: a.userId, savedPrice: 50_000 }]);
    expect(await wishlistersOf(db, laptop.id, { below: 45_000, exceptUserId: a.userId })).toEqual([]);
    // In the caller's transaction, as the code that changes a price calls it.
    const inTx = await db.transaction((tx) => wishlistersOf(tx, other.id));
    expect(inTx).toEqual([{ userId: a.userId, savedPrice: 40_000 }]);
    expect(await wishlistersOf(db, 'no-such-laptop')).toEqual([]);
  });
});
