import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPageSchema } from '../../../shared/notifications.ts';
import { ORDER_MESSAGES, type Order, orderListSchema } from '../../../shared/orders.ts';
import { laptopPageSchema } from '../../../shared/search.ts';
import { makeLaptop } from '../../seed/factories.ts';
import { fieldMessages } from '../../test/fixtures.ts';
import { jsonPost, type Session, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { notifications } from '../notifications/schema.ts';
import { wishlist } from '../wishlist/schema.ts';
import { orders } from './schema.ts';

// After Book Now (docs/product.md#deals): the seller's answer, the sale, the buyers and savers told,
// only legal moves, each by the right person, and the notifications themselves (list, read, stream).

let t: TestApp;
let seller: Session;
let otherSeller: Session;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, { role: 'seller', name: 'Rahim Traders' });
  otherSeller = await signUp(t, { role: 'seller' });
});
afterAll(() => t?.close());

let n = 0;
async function newLaptop(over: Partial<Parameters<typeof makeLaptop>[0]> = {}) {
  n += 1;
  const laptop = makeLaptop({ sellerId: seller.userId, name: `Deal Laptop Qx${n}`, resalePrice: 40_000, ...over });
  await t.database.db.insert(laptops).values(laptop);
  return laptop;
}

const send = (who: Session, method: 'PUT' | 'DELETE' | 'GET', path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: {
      origin: t.url,
      cookie: who.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function book(buyer: Session, laptopId: string): Promise<Order> {
  const res = await jsonPost(
    t,
    '/api/myOrders',
    { laptop_id: laptopId, buyerPhoneNumber: '01712345678', meetingAddress: 'Dhanmondi 27, Dhaka' },
    { cookie: buyer.cookie },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

async function ordersOf(buyer: Session) {
  const res = await send(buyer, 'GET', `/api/myOrders?buyerEmail=${encodeURIComponent(buyer.email)}`);
  return orderListSchema.parse(await res.json());
}

async function notificationsOf(who: Session) {
  const res = await send(who, 'GET', '/api/notifications');
  expect(res.status).toBe(200);
  return notificationPageSchema.parse(await res.json());
}

const answer = (who: Session, orderId: string, status: string) =>
  send(who, 'PUT', `/api/myBuyers/${orderId}`, { status });
const markSold = (who: Session, laptopId: string, orderId?: string) =>
  send(who, 'PUT', `/api/myProducts/${laptopId}`, { salesStatus: 'sold', ...(orderId ? { orderId } : {}) });

describe('a booking and the seller’s answer', () => {
  it('is requested, shows in My Buyers with the buyer’s details, and tells the seller', async () => {
    const buyer = await signUp(t, { name: 'Sadia Islam' });
    const laptop = await newLaptop();
    const order = await book(buyer, laptop.id);
    expect(order.status).toBe('requested');
    expect(Date.parse(order.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const res = await send(seller, 'GET', '/api/myBuyers');
    expect(res.status).toBe(200);
    const listed = orderListSchema.parse(await res.json()).find((o) => o._id === order._id);
    expect(listed).toMatchObject({
      buyerName: 'Sadia Islam',
      buyerPhoneNumber: '01712345678',
      meetingAddress: 'Dhanmondi 27, Dhaka',
      laptop_name: laptop.name,
      status: 'requested',
    });
    // Another seller's buyers are not theirs to see.
    const others = orderListSchema.parse(await (await send(otherSeller, 'GET', '/api/myBuyers')).json());
    expect(others.map((o) => o._id)).not.toContain(order._id);

    const told = (await notificationsOf(seller)).items.find((x) => x.order_id === order._id);
    expect(told).toMatchObject({ kind: 'order_requested', laptop_name: laptop.name, note: 'Sadia Islam', read: false });
  });

  it('accepts once, then may decline; each answer reaches the buyer, and the laptop is free again', async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop();
    const order = await book(buyer, laptop.id);

    expect((await answer(seller, order._id, 'accepted')).status).toBe(200);
    expect((await ordersOf(buyer)).find((o) => o._id === order._id)?.status).toBe('accepted');
    const again = await answer(seller, order._id, 'accepted');
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('This booking is already accepted');

    expect((await answer(seller, order._id, 'declined')).status).toBe(200);
    expect((await ordersOf(buyer)).find((o) => o._id === order._id)?.status).toBe('declined');
    const kinds = (await notificationsOf(buyer)).items.filter((x) => x.order_id === order._id).map((x) => x.kind);
    expect(kinds).toEqual(['order_declined', 'order_accepted']);
    const [row] = await t.database.db.select({ booked: laptops.booked }).from(laptops).where(eq(laptops.id, laptop.id));
    expect(row?.booked).toBe(false);
  });

  it('lets only the laptop’s seller answer: 404 for another seller, 403 for a buyer, 400 for a bad status', async () => {
    const buyer = await signUp(t);
    const order = await book(buyer, (await newLaptop()).id);
    expect((await answer(otherSeller, order._id, 'accepted')).status).toBe(404);
    expect((await answer(buyer, order._id, 'accepted')).status).toBe(403);
    const bad = await answer(seller, order._id, 'completed');
    expect(bad.status).toBe(400);
    expect(fieldMessages((await bad.json()).error.fields)).toEqual({
      status: "status must be 'accepted' or 'declined'",
    });
    expect((await answer(seller, 'no-such-order', 'accepted')).status).toBe(404);
  });

  it('keeps a cancelled booking in My Orders, tells the seller, and lets the buyer book again', async () => {
    const buyer = await signUp(t, { name: 'Karim Uddin' });
    const laptop = await newLaptop();
    const order = await book(buyer, laptop.id);
    expect((await send(buyer, 'DELETE', `/api/myOrders/${order._id}`)).status).toBe(200);
    expect((await ordersOf(buyer)).find((o) => o._id === order._id)?.status).toBe('cancelled');
    expect((await send(buyer, 'DELETE', `/api/myOrders/${order._id}`)).status).toBe(409);
    expect((await answer(seller, order._id, 'accepted')).status).toBe(409);
    const told = (await notificationsOf(seller)).items.find((x) => x.order_id === order._id);
    expect(told).toMatchObject({ kind: 'order_cancelled', note: 'Karim Uddin' });
    const second = await book(buyer, laptop.id);
    expect(second._id).not.toBe(order._id);
  });
});

describe('marking a laptop sold', () => {
  it('completes that booking, declines the others, takes the laptop out of every list, and tells everyone', async () => {
    const winner = await signUp(t);
    const loser = await signUp(t);
    const saver = await signUp(t);
    const laptop = await newLaptop({ advertised: true });
    const won = await book(winner, laptop.id);
    const lost = await book(loser, laptop.id);
    await t.database.db.insert(wishlist).values({ userId: saver.userId, laptopId: laptop.id, savedPrice: 40_000 });

    expect((await markSold(seller, laptop.id, won._id)).status).toBe(200);

    expect((await ordersOf(winner)).find((o) => o._id === won._id)?.status).toBe('completed');
    expect((await ordersOf(loser)).find((o) => o._id === lost._id)?.status).toBe('declined');
    expect((await notificationsOf(winner)).items[0]).toMatchObject({ kind: 'order_completed', laptop_id: laptop.id });
    expect((await notificationsOf(loser)).items[0]).toMatchObject({ kind: 'sold_to_other', laptop_id: laptop.id });
    expect((await notificationsOf(saver)).items[0]).toMatchObject({ kind: 'wishlist_sold', laptop_id: laptop.id });

    // Gone from search, the category and the home page; its own page says sold.
    const search = laptopPageSchema.parse(
      await (await t.request(`/api/laptops?q=${encodeURIComponent(laptop.name)}`)).json(),
    );
    expect(search.items.map((i) => i._id)).not.toContain(laptop.id);
    const advertised = (await (await t.request('/api/myProducts?advertise=true')).json()) as { _id: string }[];
    expect(advertised.map((l) => l._id)).not.toContain(laptop.id);
    const category = (await (await send(winner, 'GET', `/api/categories/${laptop.category}?limit=100`)).json()) as {
      _id: string;
    }[];
    expect(category.map((l) => l._id)).not.toContain(laptop.id);
    expect((await (await t.request(`/api/laptops/${laptop.id}`)).json()).salesStatus).toBe('sold');

    const twice = await markSold(seller, laptop.id);
    expect(twice.status).toBe(409);
    expect((await twice.json()).error.message).toBe('This laptop is no longer for sale');
  });

  it('may be sold to someone outside the site, declining every booking', async () => {
    const buyer = await signUp(t);
    const laptop = await newLaptop();
    const order = await book(buyer, laptop.id);
    expect((await markSold(seller, laptop.id)).status).toBe(200);
    expect((await ordersOf(buyer)).find((o) => o._id === order._id)?.status).toBe('declined');
  });

  it('refuses a booking of another laptop, an answered booking, another seller and a buyer', async () => {
    const buyer = await signUp(t);
    const a = await newLaptop();
    const b = await newLaptop();
    const onB = await book(buyer, b.id);
    expect((await markSold(seller, a.id, onB._id)).status).toBe(409);
    const declined = await book(buyer, a.id);
    expect((await answer(seller, declined._id, 'declined')).status).toBe(200);
    expect((await markSold(seller, a.id, declined._id)).status).toBe(409);
    expect((await markSold(seller, a.id, 'no-such-order')).status).toBe(404);
    expect((await markSold(otherSeller, a.id)).status).toBe(403);
    expect((await markSold(buyer, a.id)).status).toBe(403);
    expect((await markSold(seller, 'no-such-laptop')).status).toBe(404);
    const both = await send(seller, 'PUT', `/api/myProducts/${a.id}`, { salesStatus: 'sold', resale_price: 1 });
    expect(both.status).toBe(400);
  });

  it('lets exactly one of a decline, a sale to that buyer and the buyer’s cancel win when they come at once', async () => {
    for (let round = 0; round < 5; round++) {
      const buyer = await signUp(t);
      const laptop = await newLaptop();
      const order = await book(buyer, laptop.id);
      const results = await Promise.all([
        answer(seller, order._id, 'declined'),
        markSold(seller, laptop.id, order._id),
        send(buyer, 'DELETE', `/api/myOrders/${order._id}`),
      ]);
      const statuses = results.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        JSON.stringify(statuses),
      ).toHaveLength(1);
      expect(
        statuses.filter((s) => s === 409),
        JSON.stringify(statuses),
      ).toHaveLength(2);
      const final = (await ordersOf(buyer)).find((o) => o._id === order._id)!.status;
      expect(final).toBe(['declined', 'completed', 'cancelled'][statuses.indexOf(200)]);
    }
  });

  it('never leaves a booking open on a laptop sold while it was being booked', async () => {
    // Bookings and Mark sold serialise on the laptop's row: a booking either comes first (and the
    // sale declines it, telling its buyer) or sees the laptop sold (409). 100 trials of three
    // bookings racing a sale; before the lock, about half left bookings requested on sold laptops.
    const buyers = [await signUp(t), await signUp(t), await signUp(t)];
    const raced = Array.from({ length: 100 }, (_, i) =>
      makeLaptop({ sellerId: seller.userId, name: `Raced Laptop Qx${i}`, resalePrice: 40_000 }),
    );
    await t.database.db.insert(laptops).values(raced);
    const ids = raced.map((l) => l.id);
    const refusals: string[] = [];
    for (const laptop of raced) {
      const results = await Promise.all([
        ...buyers.map((b) =>
          jsonPost(
            t,
            '/api/myOrders',
            { laptop_id: laptop.id, buyerPhoneNumber: '01712345678', meetingAddress: 'Dhanmondi 27, Dhaka' },
            { cookie: b.cookie },
          ),
        ),
        markSold(seller, laptop.id),
      ]);
      expect(results.at(-1)!.status).toBe(200);
      // A booking that lost to the sale is refused as sold; anything else is counted below.
      for (const r of results.slice(0, -1)) {
        if (r.status === 201) continue;
        const { message } = (await r.json()).error;
        if (r.status !== 409 || message !== ORDER_MESSAGES.soldAlready) refusals.push(`${r.status} ${message}`);
      }
    }
    const placed = await t.database.db
      .select({ id: orders.id, laptopId: orders.laptopId, status: orders.status })
      .from(orders)
      .where(inArray(orders.laptopId, ids));
    const open = placed.filter((o) => o.status === 'requested' || o.status === 'accepted');
    const told = await t.database.db
      .select({ orderId: notifications.orderId })
      .from(notifications)
      .where(and(eq(notifications.kind, 'sold_to_other'), inArray(notifications.laptopId, ids)));
    const stillBooked = await t.database.db
      .select({ id: laptops.id })
      .from(laptops)
      .where(and(inArray(laptops.id, ids), eq(laptops.booked, true)));
    expect({
      open: open.length,
      trialsWithOpen: new Set(open.map((o) => o.laptopId)).size,
      untold: placed.filter((o) => !told.some((w) => w.orderId === o.id)).length,
      booked: stillBooked.length,
      refusals: [...new Set(refusals)],
    }).toEqual({ open: 0, trialsWithOpen: 0, untold: 0, booked: 0, refusals: [] });
  });

  it('refuses to accept a booking on a laptop no longer for sale (409), but lets the seller decline it', async () => {
    // The state a booking racing Mark sold used to leave: a request standing on a sold laptop.
    for (const salesStatus of ['sold', 'hidden'] as const) {
      const buyer = await signUp(t);
      const laptop = await newLaptop();
      const order = await book(buyer, laptop.id);
      await t.database.db.update(laptops).set({ salesStatus }).where(eq(laptops.id, laptop.id));
      const accepted = await answer(seller, order._id, 'accepted');
      expect(accepted.status, salesStatus).toBe(409);
      expect((await accepted.json()).error.message).toBe(ORDER_MESSAGES.soldAlready);
      expect((await ordersOf(buyer)).find((o) => o._id === order._id)?.status).toBe('requested');
      expect((await answer(seller, order._id, 'declined')).status).toBe(200);
    }
  });
});

describe('changing a price', () => {
  it('tells those who saved the laptop of a drop, with the new price, and nobody of a rise', async () => {
    const saver = await signUp(t);
    const laptop = await newLaptop();
    await t.database.db.insert(wishlist).values({ userId: saver.userId, laptopId: laptop.id, savedPrice: 40_000 });
    const price = (resale_price: unknown) => send(seller, 'PUT', `/api/myProducts/${laptop.id}`, { resale_price });

    expect(await (await price(36_500)).json()).toEqual({ modifiedCount: 1 });
    expect((await notificationsOf(saver)).items[0]).toMatchObject({ kind: 'price_dropped', amount: 36_500 });
    expect((await (await t.request(`/api/laptops/${laptop.id}`)).json()).resale_price).toBe(36_500);
    await price(38_000);
    expect((await notificationsOf(saver)).items).toHaveLength(1);
    expect(await (await price(38_000)).json()).toEqual({ modifiedCount: 0 });
    const bad = await price(0);
    expect(bad.status).toBe(400);
    expect(fieldMessages((await bad.json()).error.fields)).toEqual({
      resale_price: 'price must be a whole number of Tk from 1 to 10,000,000',
    });
    expect((await send(otherSeller, 'PUT', `/api/myProducts/${laptop.id}`, { resale_price: 1_000 })).status).toBe(403);
  });

  it('tells each saver of a drop only below the lowest price they know of, however the price flaps', async () => {
    const early = await signUp(t);
    const late = await signUp(t);
    const laptop = await newLaptop();
    const price = async (resale_price: number) => {
      const res = await send(seller, 'PUT', `/api/myProducts/${laptop.id}`, { resale_price });
      expect(await res.json()).toEqual({ modifiedCount: 1 });
    };
    expect((await send(early, 'PUT', `/api/wishlist/${laptop.id}`)).status).toBe(200);
    // 20 writes, each drop followed by a rise back to 40,000: ten drops, four of them new lows.
    const drops = [39_000, 39_500, 38_000, 39_000, 38_000, 37_000, 37_500, 37_000, 36_000, 39_999];
    for (const [i, drop] of drops.entries()) {
      await price(drop);
      // The late saver saves at 38,000, the price of the third drop: only lower ones are news to them.
      if (i === 2) expect((await send(late, 'PUT', `/api/wishlist/${laptop.id}`)).status).toBe(200);
      await price(40_000);
    }
    const dropsTold = async (who: Session) =>
      (await notificationsOf(who)).items
        .filter((i) => i.kind === 'price_dropped')
        .map((i) => i.amount)
        .reverse();
    expect(await dropsTold(early)).toEqual([39_000, 38_000, 37_000, 36_000]);
    expect(await dropsTold(late)).toEqual([37_000, 36_000]);
  });
});

describe('notifications', () => {
  it('lists newest first with the unread count, marks read, and never shows anyone else’s', async () => {
    const buyer = await signUp(t);
    const quiet = await signUp(t, { role: 'seller' });
    for (let i = 0; i < 3; i++) await book(buyer, (await newLaptop()).id);
    const page = await notificationsOf(seller);
    expect(page.unread).toBeGreaterThanOrEqual(3);
    const ids = page.items.map((x) => Number(x._id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const one = page.items[0]!._id;
    expect(await (await send(seller, 'PUT', '/api/notifications/read', { ids: [one] })).json()).toEqual({
      modifiedCount: 1,
    });
    const after = await notificationsOf(seller);
    expect(after.unread).toBe(page.unread - 1);
    expect(after.items.find((x) => x._id === one)?.read).toBe(true);
    // Someone else's id changes nothing.
    expect(await (await send(quiet, 'PUT', '/api/notifications/read', { ids: [page.items[1]!._id] })).json()).toEqual({
      modifiedCount: 0,
    });
    expect((await notificationsOf(quiet)).items).toEqual([]);
    await send(seller, 'PUT', '/api/notifications/read', {});
    expect((await notificationsOf(seller)).unread).toBe(0);
    expect((await send(seller, 'PUT', '/api/notifications/read', { ids: ['x'] })).status).toBe(400);
  });

  it('pages by cursor', async () => {
    const buyer = await signUp(t);
    const many = await signUp(t, { role: 'seller' });
    for (let i = 0; i < 5; i++) {
      const laptop = makeLaptop({ sellerId: many.userId });
      await t.database.db.insert(laptops).values(laptop);
      await book(buyer, laptop.id);
    }
    const first = notificationPageSchema.parse(await (await send(many, 'GET', '/api/notifications?limit=3')).json());
    expect(first.items).toHaveLength(3);
    const second = notificationPageSchema.parse(
      await (await send(many, 'GET', `/api/notifications?limit=3&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((x) => x._id)).size).toBe(5);
  });

  it('streams a new one as it happens, and a reconnecting stream gets what it missed', async () => {
    const buyer = await signUp(t);
    const stream = await openStream(seller);
    const laptop = await newLaptop();
    const order = await book(buyer, laptop.id);
    const event = await stream.next();
    expect(event.event).toBe('notification');
    expect(JSON.parse(event.data)).toMatchObject({ kind: 'order_requested', order_id: order._id });
    stream.close();

    // Away: two more bookings; back with the last id it saw.
    await book(await signUp(t), laptop.id);
    await book(await signUp(t), laptop.id);
    const back = await openStream(seller, event.id);
    const missed = [await back.next(), await back.next()];
    expect(missed.map((e) => JSON.parse(e.data).kind)).toEqual(['order_requested', 'order_requested']);
    expect(Number(missed[0]!.id)).toBeGreaterThan(Number(event.id));
    back.close();
  });

  it('starts a first connection after the newest one the client shows, so one made in between comes too', async () => {
    const buyer = await signUp(t);
    const own = await signUp(t, { role: 'seller' });
    const first = makeLaptop({ sellerId: own.userId });
    const second = makeLaptop({ sellerId: own.userId });
    await t.database.db.insert(laptops).values([first, second]);
    await book(buyer, first.id);
    // The page's list shows the first booking; the second comes before the stream is open.
    const list = notificationPageSchema.parse(await (await send(own, 'GET', '/api/notifications')).json());
    const order = await book(buyer, second.id);
    const stream = await openStream(own, undefined, `after=${list.items[0]!._id}`);
    const event = await stream.next();
    expect(JSON.parse(event.data)).toMatchObject({ kind: 'order_requested', order_id: order._id });
    stream.close();
  });

  it('never starts past the newest notification there is (a later one would never come)', async () => {
    const buyer = await signUp(t);
    const own = await signUp(t, { role: 'seller' });
    const laptop = makeLaptop({ sellerId: own.userId });
    await t.database.db.insert(laptops).values(laptop);
    const stream = await openStream(own, undefined, 'after=999999999999999');
    const order = await book(buyer, laptop.id);
    expect(JSON.parse((await stream.next()).data)).toMatchObject({ order_id: order._id });
    stream.close();
  });

  it.each(['', 'abc', '-1', '1.5', '1e3', '9999999999999999', '%00'])(
    'refuses after=%j in the error shape, before any stream',
    async (after) => {
      const res = await t.request(`/api/notifications/stream?after=${after}`, { headers: { cookie: seller.cookie } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'validation' } });
    },
  );

  it('refuses an anonymous stream', async () => {
    const res = await t.request('/api/notifications/stream');
    expect(res.status).toBe(401);
  });
});

/** An SSE stream read event by event. */
async function openStream(who: Session, lastEventId?: string, query?: string) {
  const controller = new AbortController();
  const res = await t.request(`/api/notifications/stream${query ? `?${query}` : ''}`, {
    headers: {
      cookie: who.cookie,
      accept: 'text/event-stream',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next(): Promise<{ id: string; event: string; data: string }> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const events = buffer.split('\n\n');
        for (let i = 0; i < events.length - 1; i++) {
          const fields = Object.fromEntries(
            events[i]!.split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (fields.data) {
            buffer = events.slice(i + 1).join('\n\n');
            return fields as { id: string; event: string; data: string };
          }
        }
        if (Date.now() > deadline) throw new Error(`no event in 5 s; got: ${buffer}`);
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += value;
      }
    },
    close: () => controller.abort(),
  };
}
