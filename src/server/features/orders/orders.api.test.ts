import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, orderListSchema, orderSchema } from '../../../shared/orders.ts';
import { makeLaptop, makeOrder, makeUser } from '../../seed/factories.ts';
import { accessTokenOf, DEMO, jsonPost, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { users } from '../users/schema.ts';
import { orders } from './schema.ts';

let t: TestApp;
let admin: Session;
let sellerId: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t, DEMO.admin);
  const seller = makeUser({ role: 'seller', verified: true });
  await t.database.db.insert(users).values(seller);
  sellerId = seller.id;
});
afterAll(() => t?.close());

async function newLaptop(over: Partial<Parameters<typeof makeLaptop>[0]> = {}) {
  const laptop = makeLaptop({ sellerId, name: 'Dell Latitude 7490', resalePrice: 38_000, ...over });
  await t.database.db.insert(laptops).values(laptop);
  return laptop;
}

const booking = (laptopId: string, over: Record<string, unknown> = {}) => ({
  laptop_id: laptopId,
  buyerPhoneNumber: '01712345678',
  meetingAddress: 'Dhanmondi 27, Dhaka',
  ...over,
});

async function bearer(s: Session) {
  return { authorization: `Bearer ${await accessTokenOf(t, s)}` };
}

async function book(s: Session, body: unknown) {
  return jsonPost(t, '/api/myOrders', body, await bearer(s));
}

describe('POST /api/myOrders', () => {
  it('books a laptop with the database’s name, image and price, unpaid, and marks it booked', async () => {
    const buyer = await signUp(t, { name: 'Sadia Islam' });
    const laptop = await newLaptop();
    const res = await book(
      buyer,
      booking(laptop.id, {
        laptop_name: 'Cheap!',
        resale_price: 1,
        laptop_img: 'https://evil.example/x.png',
        payment_status: true,
        buyerName: 'Someone else',
        buyerEmail: DEMO.admin,
        buyerPhoneNumber: '+880 1812-345678',
      }),
    );
    expect(res.status).toBe(201);
    const order = orderSchema.parse(await res.json());
    expect(order).toMatchObject({
      buyerName: 'Sadia Islam',
      buyerEmail: buyer.email,
      buyerPhoneNumber: '01812345678',
      laptop_id: laptop.id,
      laptop_name: 'Dell Latitude 7490',
      laptop_img: laptop.imageUrl,
      resale_price: 38_000,
      payment_status: false,
    });
    const [row] = await t.database.db.select().from(laptops).where(eq(laptops.id, laptop.id));
    expect(row?.booked).toBe(true);
  });

  it('accepts the session cookie as well as the bearer token', async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop();
    const res = await jsonPost(t, '/api/myOrders', booking(laptop.id), { cookie: buyer.cookie });
    expect(res.status).toBe(201);
  });

  it.each([
    [{ buyerPhoneNumber: '' }, 'buyerPhoneNumber', ORDER_MESSAGES.phoneRequired],
    [{ buyerPhoneNumber: '12345' }, 'buyerPhoneNumber', ORDER_MESSAGES.phoneInvalid],
    [{ meetingAddress: '   ' }, 'meetingAddress', ORDER_MESSAGES.addressRequired],
    [{ meetingAddress: 'x'.repeat(301) }, 'meetingAddress', ORDER_MESSAGES.addressLong],
  ])('refuses %o with the message for %s and books nothing', async (over, field, message) => {
    const buyer = await signUp(t);
    const laptop = await newLaptop();
    const res = await book(buyer, booking(laptop.id, over));
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields[field]?.message).toBe(message);
    expect(await t.database.db.select().from(orders).where(eq(orders.laptopId, laptop.id))).toEqual([]);
  });

  it('allows one order per buyer per laptop (409)', async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop();
    expect((await book(buyer, booking(laptop.id))).status).toBe(201);
    const again = await book(buyer, booking(laptop.id));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'conflict', message: ORDER_MESSAGES.alreadyBooked } });
  });

  it('creates exactly one order from 20 simultaneous requests', async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop();
    const headers = await bearer(buyer);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => jsonPost(t, '/api/myOrders', booking(laptop.id), headers)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await t.database.db.select().from(orders).where(eq(orders.laptopId, laptop.id))).toHaveLength(1);
  });

  it('refuses the laptop’s own seller, a missing or hidden laptop (404), a sold one (409), and anonymous callers', async () => {
    const seller = await signIn(t, DEMO.seller);
    const [ownId] = await t.database.db
      .select({ id: laptops.id })
      .from(laptops)
      .innerJoin(users, eq(users.id, laptops.sellerId))
      .where(eq(users.email, DEMO.seller))
      .limit(1);
    const own = await book(seller, booking(ownId!.id));
    expect(own.status).toBe(403);
    expect((await own.json()).error.message).toBe(ORDER_MESSAGES.ownLaptop);
    const buyer = await signUp(t);
    expect((await book(buyer, booking('no-such-laptop'))).status).toBe(404);
    const hidden = await newLaptop({ salesStatus: 'hidden' });
    expect((await book(buyer, booking(hidden.id))).status).toBe(404);
    const sold = await newLaptop({ salesStatus: 'sold' });
    const onSold = await book(buyer, booking(sold.id));
    expect(onSold.status).toBe(409);
    expect(await onSold.json()).toMatchObject({ error: { code: 'conflict', message: ORDER_MESSAGES.soldAlready } });
    const laptop = await newLaptop();
    expect((await jsonPost(t, '/api/myOrders', booking(laptop.id))).status).toBe(401);
  });
});

describe('GET /api/myOrders and /api/myOrders/:id', () => {
  it('lists a buyer’s orders for that buyer and the admin only', async () => {
    const buyer = await signUp(t);
    const other = await signUp(t);
    const laptop = await newLaptop();
    const order = orderSchema.parse(await (await book(buyer, booking(laptop.id))).json());
    const own = await t.request(`/api/myOrders?buyerEmail=${buyer.email}`, { headers: await bearer(buyer) });
    expect(orderListSchema.parse(await own.json())).toEqual([order]);
    const byAdmin = await t.request(`/api/myOrders?buyerEmail=${buyer.email}`, { headers: { cookie: admin.cookie } });
    expect(await byAdmin.json()).toEqual([order]);
    expect(
      (await t.request(`/api/myOrders?buyerEmail=${buyer.email}`, { headers: { cookie: other.cookie } })).status,
    ).toBe(403);
    expect((await t.request(`/api/myOrders?buyerEmail=${buyer.email}`)).status).toBe(401);
    expect(
      await (await t.request(`/api/myOrders?buyerEmail=${other.email}`, { headers: { cookie: other.cookie } })).json(),
    ).toEqual([]);

    expect(await (await t.request(`/api/myOrders/${order._id}`, { headers: { cookie: buyer.cookie } })).json()).toEqual(
      order,
    );
    // Someone else's order is not found, so no one learns which ids exist.
    expect((await t.request(`/api/myOrders/${order._id}`, { headers: { cookie: other.cookie } })).status).toBe(404);
  });
});

describe('PUT /api/booked/:laptopId', () => {
  it('lets a buyer with an order, the seller and the admin set the flag; nobody else', async () => {
    const buyer = await signUp(t);
    const stranger = await signUp(t);
    const laptop = await newLaptop();
    await book(buyer, booking(laptop.id));
    const put = async (s: Session | null, booked: unknown) =>
      t.request(`/api/booked/${laptop.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(s ? await bearer(s) : {}) },
        body: JSON.stringify({ booked }),
      });
    const ok = await put(buyer, true);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ modifiedCount: 1 });
    expect((await put(admin, 'true')).status).toBe(200);
    expect((await put(stranger, true)).status).toBe(403);
    expect((await put(null, true)).status).toBe(401);
    expect((await put(buyer, 'maybe')).status).toBe(400);
    const missing = await t.request('/api/booked/nope', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...(await bearer(buyer)) },
      body: '{"booked":true}',
    });
    expect(missing.status).toBe(404);
  });

  it('is for a buyer whose order stands, not one whose order is over, and never on a sold laptop (409)', async () => {
    const put = async (s: Session, laptopId: string, booked = true) =>
      t.request(`/api/booked/${laptopId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(await bearer(s)) },
        body: JSON.stringify({ booked }),
      });
    const laptop = await newLaptop();
    for (const status of ['cancelled', 'declined', 'completed'] as const) {
      const past = await signUp(t);
      await t.database.db
        .insert(orders)
        .values(makeOrder({ buyerId: past.userId, laptopId: laptop.id, sellerId, status }));
      expect((await put(past, laptop.id, false)).status, status).toBe(403);
    }
    const accepted = await signUp(t);
    await t.database.db
      .insert(orders)
      .values(makeOrder({ buyerId: accepted.userId, laptopId: laptop.id, sellerId, status: 'accepted' }));
    expect((await put(accepted, laptop.id)).status).toBe(200);

    // A sold laptop's flag stays down for everyone, even a buyer whose order was left standing on it.
    const sold = await newLaptop({ salesStatus: 'sold' });
    const stale = await signUp(t);
    await t.database.db.insert(orders).values(makeOrder({ buyerId: stale.userId, laptopId: sold.id, sellerId }));
    const seller = await signIn(t, DEMO.seller);
    const ownSold = await newLaptop({ sellerId: seller.userId, salesStatus: 'sold' });
    for (const [who, id] of [
      [stale, sold.id],
      [admin, sold.id],
      [seller, ownSold.id],
    ] as const) {
      const res = await put(who, id);
      expect(res.status).toBe(409);
      expect((await res.json()).error.message).toBe(ORDER_MESSAGES.soldAlready);
    }
    const flags = await t.database.db
      .select({ booked: laptops.booked })
      .from(laptops)
      .where(inArray(laptops.id, [sold.id, ownSold.id]));
    expect(flags).toEqual([{ booked: false }, { booked: false }]);
  });
});

describe('DELETE /api/myOrders/:id (cancel)', () => {
  it('cancels the buyer’s own booking (kept, as cancelled) and unbooks the laptop when no other stands', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    const laptop = await newLaptop();
    const a = orderSchema.parse(await (await book(first, booking(laptop.id))).json());
    const b = orderSchema.parse(await (await book(second, booking(laptop.id))).json());
    const del = (s: Session, id: string) =>
      t.request(`/api/myOrders/${id}`, { method: 'DELETE', headers: { cookie: s.cookie, origin: t.url } });
    expect((await del(second, a._id)).status).toBe(404);
    expect(await (await del(first, a._id)).json()).toEqual({ deletedCount: 1 });
    let [row] = await t.database.db.select().from(laptops).where(eq(laptops.id, laptop.id));
    expect(row?.booked).toBe(true);
    expect((await del(second, b._id)).status).toBe(200);
    [row] = await t.database.db.select().from(laptops).where(eq(laptops.id, laptop.id));
    expect(row?.booked).toBe(false);
    // The booking stays in My Orders, cancelled (docs/product.md#deals).
    const mine = orderListSchema.parse(
      await (await t.request(`/api/myOrders?buyerEmail=${first.email}`, { headers: { cookie: first.cookie } })).json(),
    );
    expect(mine.map((o) => [o._id, o.status])).toEqual([[a._id, 'cancelled']]);
  });
});
