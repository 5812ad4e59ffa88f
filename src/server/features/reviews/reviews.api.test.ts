import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicLaptopSchema } from '../../../shared/laptops.ts';
import {
  orderReviewStateSchema,
  ownReviewSchema,
  reportedReviewPageSchema,
  reviewPageSchema,
} from '../../../shared/reviews.ts';
import { sellerSchema } from '../../../shared/sellers.ts';
import { makeLaptop, makeOrder } from '../../seed/factories.ts';
import { type Method, send } from '../../test/requests.ts';
import { DEMO, jsonPost, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { orders } from '../orders/schema.ts';
import { publishDueReviews } from './reviews.ts';
import { reviews } from './schema.ts';

// Ratings from completed deals (docs/product.md#ratings): who may rate, when, once; hidden until
// both have rated or seven days have passed; the seller's stars on their page and their cards;
// reports and the admin's removal. Time is moved by writing the stored times back, never by waiting.

let t: TestApp;
let seller: Session;
let buyer: Session;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, { role: 'seller', name: 'Karim Laptops' });
  buyer = await signUp(t, { name: 'Sadia Islam' });
  admin = await signIn(t, DEMO.admin);
});
afterAll(() => t?.close());

const request = (who: Session | null, method: Method, path: string, body?: unknown) => send(t, who, method, path, body);

const review = (who: Session, orderId: string, body: unknown) =>
  request(who, 'POST', `/api/orders/${orderId}/review`, body);

/** A deal between `buyer` and `sellerOf` in `status`, completed `daysAgo` days ago. */
async function deal({
  status = 'completed',
  daysAgo = 0,
  sellerOf = seller,
  buyerOf = buyer,
}: {
  status?: 'requested' | 'accepted' | 'declined' | 'cancelled' | 'completed';
  daysAgo?: number;
  sellerOf?: Session;
  buyerOf?: Session;
} = {}) {
  const laptop = makeLaptop({ sellerId: sellerOf.userId, salesStatus: status === 'completed' ? 'sold' : 'unsold' });
  await t.database.db.insert(laptops).values(laptop);
  const order = makeOrder({
    buyerId: buyerOf.userId,
    laptopId: laptop.id,
    sellerId: sellerOf.userId,
    laptopName: 'Lenovo ThinkPad T480',
    status,
    updatedAt: new Date(Date.now() - daysAgo * 86_400_000),
  });
  await t.database.db.insert(orders).values(order);
  return order.id;
}

async function sellerRecord(id = seller.userId) {
  const res = await request(null, 'GET', `/api/sellers/${id}`);
  expect(res.status).toBe(200);
  return sellerSchema.parse(await res.json());
}

async function publicReviews(id = seller.userId) {
  const res = await request(null, 'GET', `/api/sellers/${id}/reviews`);
  expect(res.status).toBe(200);
  return reviewPageSchema.parse(await res.json());
}

async function stateOf(who: Session, orderId: string) {
  const res = await request(who, 'GET', `/api/orders/${orderId}/review`);
  expect(res.status, await res.clone().text()).toBe(200);
  return orderReviewStateSchema.parse(await res.json());
}

describe('rating a completed deal', () => {
  it('the buyer rates the seller (201) and sees it as not yet public; nobody else sees it', async () => {
    const s = await signUp(t, { role: 'seller' });
    const orderId = await deal({ sellerOf: s });
    const res = await review(buyer, orderId, { rating: 4, text: '  Laptop as described, met on time.  ' });
    expect(res.status, await res.clone().text()).toBe(201);
    const mine = ownReviewSchema.parse(await res.json());
    expect(mine).toMatchObject({ rating: 4, text: 'Laptop as described, met on time.', published: false });

    expect((await publicReviews(s.userId)).items).toEqual([]);
    expect((await sellerRecord(s.userId)).rating).toEqual({ average: null, count: 0 });
    // The seller may still write theirs, and does not see the buyer's before.
    const sellerSide = await stateOf(s, orderId);
    expect(sellerSide).toMatchObject({ can_review: true, rates: 'buyer', mine: null, theirs: null });
    const buyerSide = await stateOf(buyer, orderId);
    expect(buyerSide).toMatchObject({ can_review: false, rates: 'seller', mine: { rating: 4, published: false } });
  });

  it('both reviews become public when the second is written, and the seller’s stars follow on page and card', async () => {
    const s = await signUp(t, { role: 'seller', name: 'Both Sides Store' });
    const orderId = await deal({ sellerOf: s });
    expect((await review(buyer, orderId, { rating: 5, text: 'Honest seller' })).status).toBe(201);
    const second = await review(s, orderId, { rating: 4 });
    expect(second.status).toBe(201);
    expect(ownReviewSchema.parse(await second.json())).toMatchObject({ published: true, text: null });

    const page = await publicReviews(s.userId);
    // Only the buyer's review of the seller is on the seller's page, with the buyer's name and the laptop.
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      rating: 5,
      text: 'Honest seller',
      author_name: 'Sadia Islam',
      laptop_name: 'Lenovo ThinkPad T480',
    });
    expect((await sellerRecord(s.userId)).rating).toEqual({ average: 5, count: 1 });
    // Each now sees the other's review of them.
    expect((await stateOf(buyer, orderId)).theirs).toMatchObject({ rating: 4, text: null });
    expect((await stateOf(s, orderId)).theirs).toMatchObject({ rating: 5, text: 'Honest seller' });

    // A card of theirs carries the stars and the link.
    const laptop = makeLaptop({ sellerId: s.userId });
    await t.database.db.insert(laptops).values(laptop);
    const card = publicLaptopSchema.parse(await (await request(null, 'GET', `/api/laptops/${laptop.id}`)).json());
    expect(card).toMatchObject({ seller_id: s.userId, seller_rating: { average: 5, count: 1 } });
  });

  it('a review nobody answers becomes public seven days after it was written, not before', async () => {
    const s = await signUp(t, { role: 'seller' });
    const orderId = await deal({ sellerOf: s });
    expect((await review(buyer, orderId, { rating: 2, text: 'Battery weaker than said' })).status).toBe(201);
    // Six days and 23 hours later: still hidden.
    const age = async (ms: number) =>
      t.database.db
        .update(reviews)
        .set({ createdAt: new Date(Date.now() - ms) })
        .where(eq(reviews.orderId, orderId));
    await age(7 * 86_400_000 - 3_600_000);
    expect(await publishDueReviews(t.database.db)).toBe(0);
    expect((await publicReviews(s.userId)).items).toEqual([]);
    // Seven days and a minute: the server's sweep publishes it.
    await age(7 * 86_400_000 + 60_000);
    expect(await publishDueReviews(t.database.db)).toBe(1);
    t.app.responseCache.clear(['laptops']);
    expect((await publicReviews(s.userId)).items.map((r) => r.text)).toEqual(['Battery weaker than said']);
    expect((await sellerRecord(s.userId)).rating).toEqual({ average: 2, count: 1 });
    // The seller, who never wrote theirs, now reads it.
    expect((await stateOf(s, orderId)).theirs).toMatchObject({ rating: 2 });
  });

  it('a buyer’s published ratings from sellers show to a seller they book from, in My Buyers', async () => {
    const b = await signUp(t);
    const s1 = await signUp(t, { role: 'seller' });
    const first = await deal({ sellerOf: s1, buyerOf: b });
    await review(s1, first, { rating: 3, text: 'Came late' });
    const s2 = await signUp(t, { role: 'seller' });
    const booking = await deal({ sellerOf: s2, buyerOf: b, status: 'requested' });
    const row = async () => {
      const res = await request(s2, 'GET', '/api/myBuyers');
      const list = (await res.json()) as { _id: string; buyer_rating?: unknown }[];
      return list.find((o) => o._id === booking);
    };
    // Hidden until the buyer rates too (or a week passes).
    expect((await row())?.buyer_rating).toEqual({ average: null, count: 0 });
    await review(b, first, { rating: 5 });
    expect((await row())?.buyer_rating).toEqual({ average: 3, count: 1 });
    // Never on a public page: the buyer has none, and the seller's page lists buyers' reviews only.
    expect((await request(null, 'GET', `/api/sellers/${b.userId}`)).status).toBe(404);
    expect((await publicReviews(s1.userId)).items.map((r) => r.text)).not.toContain('Came late');
  });

  it('averages several buyers to one decimal', async () => {
    const s = await signUp(t, { role: 'seller' });
    for (const rating of [5, 4, 4]) {
      const b = await signUp(t);
      const orderId = await deal({ sellerOf: s, buyerOf: b });
      expect((await review(b, orderId, { rating })).status).toBe(201);
      expect((await review(s, orderId, { rating: 5 })).status).toBe(201);
    }
    expect((await sellerRecord(s.userId)).rating).toEqual({ average: 4.3, count: 3 });
  });
});

describe('who may rate, and when', () => {
  it('a second review of the same order by the same person: 409, the first kept', async () => {
    const orderId = await deal();
    expect((await review(buyer, orderId, { rating: 5 })).status).toBe(201);
    const again = await review(buyer, orderId, { rating: 1, text: 'changed my mind' });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatchObject({ code: 'conflict', message: 'You have already rated this deal' });
    expect((await stateOf(buyer, orderId)).mine).toMatchObject({ rating: 5 });
  });

  it.each(['requested', 'accepted', 'declined', 'cancelled'] as const)('an order %s: 409', async (status) => {
    const orderId = await deal({ status });
    const res = await review(buyer, orderId, { rating: 5 });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('A deal can be rated once it is completed');
    expect(await t.database.db.select().from(reviews).where(eq(reviews.orderId, orderId))).toEqual([]);
  });

  it('someone else’s order: 403, for another buyer, another seller and the admin', async () => {
    const orderId = await deal();
    for (const who of [await signUp(t), await signUp(t, { role: 'seller' }), admin]) {
      const res = await review(who, orderId, { rating: 1 });
      expect(res.status).toBe(403);
      expect((await res.json()).error.message).toBe('Only the buyer and the seller of this deal can rate it');
      expect((await request(who, 'GET', `/api/orders/${orderId}/review`)).status).toBe(403);
    }
  });

  it('an order that does not exist: 404; signed out: 401', async () => {
    expect((await review(buyer, 'no-such-order', { rating: 3 })).status).toBe(404);
    expect((await request(null, 'POST', `/api/orders/${await deal()}/review`, { rating: 3 })).status).toBe(401);
  });

  it('rates within 14 days of the completion; after that, 409', async () => {
    const open = await deal({ daysAgo: 13.9 });
    expect((await stateOf(buyer, open)).can_review).toBe(true);
    expect((await review(buyer, open, { rating: 4 })).status).toBe(201);
    const closed = await deal({ daysAgo: 14.1 });
    const state = await stateOf(buyer, closed);
    expect(state.can_review).toBe(false);
    expect(new Date(state.closes_at!).getTime()).toBeLessThan(Date.now());
    const res = await review(buyer, closed, { rating: 4 });
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('A deal can be rated for 14 days after it was completed');
  });

  it('refuses stars outside 1–5, fractions and text over 1,000 characters (400, by field)', async () => {
    const orderId = await deal();
    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: '5' },
      {},
      { rating: 3, text: 'x'.repeat(1_001) },
    ]) {
      const res = await review(buyer, orderId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error.code).toBe('validation');
    }
    // Exactly 1,000 characters is allowed; blank text means stars only.
    expect((await review(buyer, orderId, { rating: 3, text: 'y'.repeat(1_000) })).status).toBe(201);
    const other = await deal();
    const blank = await review(buyer, other, { rating: 3, text: '   ' });
    expect(ownReviewSchema.parse(await blank.json()).text).toBeNull();
  });

  it('rates after a real sale: book, accept, mark sold to that booking', async () => {
    const s = await signUp(t, { role: 'seller' });
    const laptop = makeLaptop({ sellerId: s.userId });
    await t.database.db.insert(laptops).values(laptop);
    const booked = await jsonPost(
      t,
      '/api/myOrders',
      { laptop_id: laptop.id, buyerPhoneNumber: '01712345678', meetingAddress: 'Mirpur 10' },
      { cookie: buyer.cookie },
    );
    const { _id: orderId } = (await booked.json()) as { _id: string };
    expect((await review(buyer, orderId, { rating: 5 })).status).toBe(409);
    expect((await request(s, 'PUT', `/api/myBuyers/${orderId}`, { status: 'accepted' })).status).toBe(200);
    expect((await request(s, 'PUT', `/api/myProducts/${laptop.id}`, { salesStatus: 'sold', orderId })).status).toBe(
      200,
    );
    expect((await review(buyer, orderId, { rating: 5 })).status).toBe(201);
    expect((await sellerRecord(s.userId)).sold_count).toBe(1);
  });
});

describe('reports and the admin’s removal', () => {
  async function publishedReview() {
    const s = await signUp(t, { role: 'seller' });
    const orderId = await deal({ sellerOf: s });
    await review(buyer, orderId, { rating: 1, text: 'Call me on 01711111111 for a better deal' });
    await review(s, orderId, { rating: 5 });
    const [item] = (await publicReviews(s.userId)).items;
    return { s, id: item!._id };
  }

  it('a public review is reported, listed for the admin, and removed: the seller’s stars follow', async () => {
    const { s, id } = await publishedReview();
    expect((await sellerRecord(s.userId)).rating.count).toBe(1);
    expect((await request(s, 'POST', `/api/reviews/${id}/report`)).status).toBe(204);
    // Reporting again changes nothing.
    expect((await request(s, 'POST', `/api/reviews/${id}/report`)).status).toBe(204);

    const listed = reportedReviewPageSchema.parse(await (await request(admin, 'GET', '/api/reviews/reported')).json());
    expect(listed.items.filter((r) => r._id === id)).toEqual([
      expect.objectContaining({
        rating: 1,
        subject: { _id: s.userId, name: 'Test Person' },
        reported_by: 'Test Person',
      }),
    ]);

    const removed = await request(admin, 'DELETE', `/api/reviews/${id}`);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ deletedCount: 1 });
    expect((await publicReviews(s.userId)).items).toEqual([]);
    expect((await sellerRecord(s.userId)).rating).toEqual({ average: null, count: 0 });
    const after = reportedReviewPageSchema.parse(await (await request(admin, 'GET', '/api/reviews/reported')).json());
    expect(after.items.map((r) => r._id)).not.toContain(id);
    expect((await request(admin, 'DELETE', `/api/reviews/${id}`)).status).toBe(404);
  });

  it('the admin may keep a reported review instead: it stays public and leaves the list', async () => {
    const { s, id } = await publishedReview();
    await request(buyer, 'POST', `/api/reviews/${id}/report`);
    expect((await request(admin, 'DELETE', `/api/reviews/${id}/report`)).status).toBe(200);
    const listed = reportedReviewPageSchema.parse(await (await request(admin, 'GET', '/api/reviews/reported')).json());
    expect(listed.items.map((r) => r._id)).not.toContain(id);
    expect((await publicReviews(s.userId)).items.map((r) => r._id)).toEqual([id]);
  });

  it('a hidden review cannot be reported (404: only its author knows it exists)', async () => {
    const orderId = await deal();
    const res = await review(buyer, orderId, { rating: 2 });
    const { _id } = ownReviewSchema.parse(await res.json());
    expect((await request(seller, 'POST', `/api/reviews/${_id}/report`)).status).toBe(404);
    const [row] = await t.database.db.select({ at: reviews.reportedAt }).from(reviews).where(eq(reviews.id, _id));
    expect(row?.at).toBeNull();
  });

  it('only the admin lists and removes (403 for others), and signed-out callers cannot report (401)', async () => {
    const { id } = await publishedReview();
    expect((await request(buyer, 'GET', '/api/reviews/reported')).status).toBe(403);
    expect((await request(seller, 'DELETE', `/api/reviews/${id}`)).status).toBe(403);
    expect((await request(null, 'POST', `/api/reviews/${id}/report`)).status).toBe(401);
  });

  it('deleting the buyer’s account takes their review off the seller’s stars', async () => {
    const s = await signUp(t, { role: 'seller' });
    const b = await signUp(t);
    const orderId = await deal({ sellerOf: s, buyerOf: b });
    await review(b, orderId, { rating: 5 });
    await review(s, orderId, { rating: 5 });
    expect((await sellerRecord(s.userId)).rating.count).toBe(1);
    expect((await request(admin, 'DELETE', '/api/users', { id: b.userId })).status).toBe(200);
    expect((await sellerRecord(s.userId)).rating).toEqual({ average: null, count: 0 });
    expect(await t.database.db.select().from(reviews).where(eq(reviews.subjectId, s.userId))).toEqual([]);
  });
});
