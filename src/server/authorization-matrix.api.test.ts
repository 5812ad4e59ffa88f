import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../shared/error-codes.ts';
import { conversations } from './features/conversations/schema.ts';
import { laptops } from './features/laptops/schema.ts';
import { listingReviews } from './features/moderation/schema.ts';
import { orders } from './features/orders/schema.ts';
import { photos, photoUploads } from './features/photos/schema.ts';
import { reports } from './features/reports/schema.ts';
import { reviews } from './features/reviews/schema.ts';
import { savedSearches } from './features/saved-searches/schema.ts';
import { users } from './features/users/schema.ts';
import { newId } from './platform/db/client.ts';
import { makeLaptop, makeOrder, makeUser } from './seed/factories.ts';
import { validLaptopBody } from './test/fixtures.ts';
import { photoLike } from './test/photos.ts';
import { subscriptionLike } from './test/push-service.ts';
import { accessTokenOf, DEMO, jsonPost, type Session, signIn, signUp, uniqueEmail } from './test/sessions.ts';
import { startTestApp, type TestApp } from './test/test-app.ts';

// Who may call what (docs/product.md#api) as a table: every /api route × every kind of caller, with the exact status.
// A route the app serves without a row here fails the test.

const CALLERS = ['anonymous', 'buyer', 'seller', 'otherSeller', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
type Expected = Record<Caller, number>;

let t: TestApp;
let who: Record<Exclude<Caller, 'anonymous'>, Session>;

/** A push subscription of the caller's in their sign-in (none for an anonymous one), addressed by its endpoint. */
async function ownSubscription(caller: Caller) {
  const subscription = subscriptionLike();
  if (caller !== 'anonymous') {
    const made = await jsonPost(t, '/api/push/subscriptions', subscription, { cookie: who[caller].cookie });
    expect(made.status).toBe(201);
  }
  return { path: `/api/push/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}` };
}

const METRICS_TOKEN = 'matrix-metrics-token-0123456789abcdef01234567';

beforeAll(async () => {
  t = await startTestApp({ config: { metricsToken: METRICS_TOKEN } });
  who = {
    buyer: await signUp(t, { role: 'buyer' }),
    seller: await signUp(t, { role: 'seller' }),
    otherSeller: await signUp(t, { role: 'seller' }),
    admin: await signIn(t, DEMO.admin),
  };
});
afterAll(() => t?.close());

/** A fresh laptop of `seller` with an order by `buyer`, so destructive calls never share state. */
async function fixture() {
  const laptop = makeLaptop({ sellerId: who.seller.userId });
  await t.database.db.insert(laptops).values(laptop);
  const order = makeOrder({ buyerId: who.buyer.userId, laptopId: laptop.id, sellerId: laptop.sellerId });
  await t.database.db.insert(orders).values(order);
  return { laptopId: laptop.id, orderId: order.id };
}

/** A fresh laptop of the seller's held for review (docs/product.md#moderation). */
async function heldFixture() {
  const laptop = makeLaptop({ sellerId: who.seller.userId, reviewStatus: 'pending' });
  await t.database.db.insert(laptops).values(laptop);
  await t.database.db.insert(listingReviews).values({
    laptopId: laptop.id,
    flags: ['contact_in_text'],
    evidence: { contact: ['phone_number'] },
    proofCode: 'ACD347',
  });
  return laptop.id;
}

/** A fresh saved search of the buyer's. */
async function buyersSavedSearch() {
  const id = newId();
  await t.database.db
    .insert(savedSearches)
    .values({ id, userId: who.buyer.userId, name: 'Matrix search', query: 'q=matrix' });
  return id;
}

/** A photo the caller uploaded (or the seller, for callers who cannot upload). */
async function uploadedPhoto(caller: Caller) {
  const id = newId().replace(/-/g, '').slice(0, 32).padEnd(32, '0');
  await t.database.db
    .insert(photos)
    .values({ id, url: `/photos/${id}/640.webp`, width: 640, height: 480, widths: [320, 640], bytes: 1000 });
  const uploader = caller === 'otherSeller' ? who.otherSeller : who.seller;
  await t.database.db.insert(photoUploads).values({ photoId: id, sellerId: uploader.userId });
  return id;
}

/** A fresh conversation between the buyer and the seller about a laptop of the seller's. */
async function conversationFixture() {
  const { laptopId } = await fixture();
  const id = newId();
  await t.database.db
    .insert(conversations)
    .values({ id, laptopId, buyerId: who.buyer.userId, sellerId: who.seller.userId });
  return id;
}

/** A fresh conversation as conversationFixture, standing reported by its buyer. */
async function reportedConversationFixture() {
  const id = await conversationFixture();
  await t.database.db
    .update(conversations)
    .set({ reportedAt: new Date(), reportedBy: who.buyer.userId, reportReason: 'spam' })
    .where(eq(conversations.id, id));
  return id;
}

/** A deal between the buyer and the seller, completed just now, so either may rate it. */
async function completedOrder() {
  const laptop = makeLaptop({ sellerId: who.seller.userId, salesStatus: 'sold' });
  await t.database.db.insert(laptops).values(laptop);
  const order = makeOrder({
    buyerId: who.buyer.userId,
    laptopId: laptop.id,
    sellerId: laptop.sellerId,
    status: 'completed',
  });
  await t.database.db.insert(orders).values(order);
  return order.id;
}

/** A published review of the seller by the buyer, to report or remove. */
async function publicReview() {
  const id = newId();
  await t.database.db.insert(reviews).values({
    id,
    orderId: await completedOrder(),
    authorId: who.buyer.userId,
    subjectId: who.seller.userId,
    authorRole: 'buyer',
    rating: 4,
    publishedAt: new Date(),
  });
  return id;
}

/** A user nobody signs in as, to block and unblock. */
async function someUser() {
  const user = makeUser();
  await t.database.db.insert(users).values(user);
  return user.id;
}

/** A number nobody has verified, one per call. */
let matrixNumbers = 0;
const matrixNumber = () => `0155${String(++matrixNumbers).padStart(7, '0')}`;

interface Row {
  /** What to send; `cookie` stands in for the caller's own session (a route that ends the session it is sent with). */
  request: (caller: Caller) => Promise<{ path: string; body?: unknown; cookie?: string }>;
  expect: Expected;
}

/**
 * A session of the caller's kind that a row may end: a new user of that role (an admin made as the
 * admin command does), so the callers' own sessions stay for the other rows.
 */
async function throwawaySession(caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  const role = caller === 'buyer' || caller === 'admin' ? 'buyer' : 'seller';
  const session = await signUp(t, { role });
  if (caller !== 'admin') return session.cookie;
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, session.userId));
  return (await signIn(t, session.email, 'Secret@123')).cookie;
}
const ending =
  (path: string, body: unknown = {}) =>
  async (caller: Caller) => ({
    path,
    body,
    cookie: await throwawaySession(caller),
  });

const all = (status: number): Expected => ({
  anonymous: status,
  buyer: status,
  seller: status,
  otherSeller: status,
  admin: status,
});
const signedIn = (status: number): Expected => ({ ...all(status), anonymous: 401 });
const adminOnly = (status: number): Expected => ({
  anonymous: 401,
  buyer: 403,
  seller: 403,
  otherSeller: 403,
  admin: status,
});
const buyerOrAdmin = (status: number): Expected => ({
  anonymous: 401,
  buyer: status,
  seller: 403,
  otherSeller: 403,
  admin: status,
});
const sellerOrAdmin = (status: number): Expected => ({
  anonymous: 401,
  buyer: 403,
  seller: status,
  otherSeller: 403,
  admin: status,
});
const at = (path: string, body?: unknown) => async () => ({ path, body });
const buyerEmail = () => who.buyer.email;

const ROWS: Record<string, Row> = {
  // In Bangla (`?lang=bn`, docs/i18n.md); English is the same route.
  'GET /api/blog': { request: at('/api/blog?lang=bn'), expect: all(200) },
  'GET /api/services': { request: at('/api/services?lang=bn'), expect: all(200) },
  'GET /api/client-config': { request: at('/api/client-config'), expect: all(200) },
  'GET /api/myProducts': { request: at('/api/myProducts?advertise=true'), expect: all(200) },
  'GET /api/categories/:name': { request: at('/api/categories/gaming?limit=2'), expect: signedIn(200) },
  'GET /api/laptops': { request: at('/api/laptops?q=thinkpad&sort=price_asc'), expect: all(200) },
  // Public: signed-in callers get the seller's contact too (features/laptops/search.api.test.ts).
  'GET /api/laptops/:id': {
    request: async () => ({ path: `/api/laptops/${(await fixture()).laptopId}` }),
    expect: all(200),
  },
  // Only the user themself: not even the admin may obtain another user's token.
  'GET /api/jwt': {
    request: async () => ({ path: `/api/jwt?email=${buyerEmail()}` }),
    expect: { anonymous: 401, buyer: 200, seller: 403, otherSeller: 403, admin: 403 },
  },
  'POST /api/users': {
    request: async () => ({ path: '/api/users', body: { name: 'Buyer', email: buyerEmail(), role: 'buyer' } }),
    expect: { anonymous: 401, buyer: 200, seller: 403, otherSeller: 403, admin: 403 },
  },
  'GET /api/users/admin/:email': {
    request: async () => ({ path: `/api/users/admin/${buyerEmail()}` }),
    expect: buyerOrAdmin(200),
  },
  'GET /api/users/seller/:email': {
    request: async () => ({ path: `/api/users/seller/${buyerEmail()}` }),
    expect: buyerOrAdmin(200),
  },
  'GET /api/users/buyer/:email': {
    request: async () => ({ path: `/api/users/buyer/${buyerEmail()}` }),
    expect: buyerOrAdmin(200),
  },
  'GET /api/users/buyer': { request: at('/api/users/buyer'), expect: adminOnly(200) },
  'GET /api/users/seller': { request: at('/api/users/seller'), expect: adminOnly(200) },
  'GET /api/myOrders': {
    request: async () => ({ path: `/api/myOrders?buyerEmail=${buyerEmail()}` }),
    expect: buyerOrAdmin(200),
  },
  'GET /api/myOrders/:id': {
    request: async () => ({ path: `/api/myOrders/${(await fixture()).orderId}` }),
    expect: { anonymous: 401, buyer: 200, seller: 404, otherSeller: 404, admin: 200 },
  },
  'POST /api/myOrders': {
    request: async () => {
      const laptop = makeLaptop({ sellerId: who.seller.userId });
      await t.database.db.insert(laptops).values(laptop);
      return {
        path: '/api/myOrders',
        body: { laptop_id: laptop.id, buyerPhoneNumber: '01712345678', meetingAddress: 'Mirpur 10' },
      };
    },
    expect: { anonymous: 401, buyer: 201, seller: 403, otherSeller: 201, admin: 201 },
  },
  'DELETE /api/myOrders/:id': {
    request: async () => ({ path: `/api/myOrders/${(await fixture()).orderId}` }),
    expect: { anonymous: 401, buyer: 200, seller: 404, otherSeller: 404, admin: 200 },
  },
  'PUT /api/booked/:laptopId': {
    request: async () => ({ path: `/api/booked/${(await fixture()).laptopId}`, body: { booked: true } }),
    expect: { anonymous: 401, buyer: 200, seller: 200, otherSeller: 403, admin: 200 },
  },
  'POST /api/addLaptop': {
    request: at('/api/addLaptop', validLaptopBody()),
    expect: { anonymous: 401, buyer: 403, seller: 201, otherSeller: 201, admin: 403 },
  },
  // My Buyers (docs/product.md#deals): a seller's bookings, and the answer by the laptop's seller only.
  'GET /api/myBuyers': {
    request: at('/api/myBuyers'),
    expect: { anonymous: 401, buyer: 403, seller: 200, otherSeller: 200, admin: 403 },
  },
  'PUT /api/myBuyers/:orderId': {
    request: async () => ({ path: `/api/myBuyers/${(await fixture()).orderId}`, body: { status: 'accepted' } }),
    expect: { anonymous: 401, buyer: 403, seller: 200, otherSeller: 404, admin: 403 },
  },
  // Reports (docs/product.md#reports): anyone signed in reports someone else's listing; the admin acts.
  'POST /api/reports': {
    request: async () => ({ path: '/api/reports', body: { laptop_id: (await fixture()).laptopId, reason: 'scam' } }),
    expect: { anonymous: 401, buyer: 201, seller: 403, otherSeller: 201, admin: 201 },
  },
  'GET /api/reports': { request: at('/api/reports?status=open'), expect: adminOnly(200) },
  'PUT /api/reports/:id': {
    request: async () => {
      const { laptopId } = await fixture();
      const id = newId();
      await t.database.db.insert(reports).values({ id, laptopId, reporterId: who.otherSeller.userId, reason: 'scam' });
      return { path: `/api/reports/${id}`, body: { action: 'dismiss' } };
    },
    expect: adminOnly(200),
  },
  // Notifications: each user's own (docs/product.md#notifications).
  'GET /api/notifications': { request: at('/api/notifications'), expect: signedIn(200) },
  'PUT /api/notifications/read': { request: at('/api/notifications/read', {}), expect: signedIn(200) },
  'GET /api/notifications/stream': { request: at('/api/notifications/stream'), expect: signedIn(200) },
  // The wishlist: each signed-in user's own (docs/product.md#my-wishlist).
  'GET /api/wishlist': { request: at('/api/wishlist?limit=5'), expect: signedIn(200) },
  'PUT /api/wishlist/:laptopId': {
    request: async () => ({ path: `/api/wishlist/${(await fixture()).laptopId}` }),
    expect: signedIn(200),
  },
  'DELETE /api/wishlist/:laptopId': {
    request: async () => ({ path: `/api/wishlist/${(await fixture()).laptopId}` }),
    expect: signedIn(200),
  },
  // Conversations (docs/product.md#conversations): anyone signed in writes to the seller of someone
  // else's listing; only the conversation's two people see it or write in it, the admin included.
  'POST /api/conversations': {
    request: async () => ({
      path: '/api/conversations',
      body: { laptop_id: (await fixture()).laptopId, text: 'Is it still for sale?' },
    }),
    expect: { anonymous: 401, buyer: 201, seller: 403, otherSeller: 201, admin: 201 },
  },
  'GET /api/conversations': { request: at('/api/conversations?limit=5'), expect: signedIn(200) },
  // The admin reads one only while it stands reported (this one is not).
  'GET /api/conversations/:id': {
    request: async () => ({ path: `/api/conversations/${await conversationFixture()}` }),
    expect: { anonymous: 401, buyer: 200, seller: 200, otherSeller: 404, admin: 404 },
  },
  'GET /api/conversations/:id/messages': {
    request: async () => ({ path: `/api/conversations/${await conversationFixture()}/messages` }),
    expect: { anonymous: 401, buyer: 200, seller: 200, otherSeller: 404, admin: 404 },
  },
  'POST /api/conversations/:id/messages': {
    request: async () => ({ path: `/api/conversations/${await conversationFixture()}/messages`, body: { text: 'Hi' } }),
    expect: { anonymous: 401, buyer: 201, seller: 201, otherSeller: 404, admin: 404 },
  },
  'PUT /api/conversations/:id/read': {
    request: async () => ({ path: `/api/conversations/${await conversationFixture()}/read` }),
    expect: { anonymous: 401, buyer: 204, seller: 204, otherSeller: 404, admin: 404 },
  },
  // Reporting one is for its two people only; the admin lists the reported ones and closes a report.
  'POST /api/conversations/:id/report': {
    request: async () => ({
      path: `/api/conversations/${await conversationFixture()}/report`,
      body: { reason: 'spam' },
    }),
    expect: { anonymous: 401, buyer: 204, seller: 204, otherSeller: 404, admin: 404 },
  },
  'GET /api/reports/conversations': { request: at('/api/reports/conversations?limit=5'), expect: adminOnly(200) },
  'DELETE /api/reports/conversations/:id': {
    request: async () => ({ path: `/api/reports/conversations/${await reportedConversationFixture()}` }),
    expect: adminOnly(204),
  },
  // Blocks: each signed-in user's own list.
  'GET /api/blocks': { request: at('/api/blocks'), expect: signedIn(200) },
  'PUT /api/blocks/:userId': {
    request: async () => ({ path: `/api/blocks/${await someUser()}` }),
    expect: signedIn(204),
  },
  'DELETE /api/blocks/:userId': {
    request: async () => ({ path: `/api/blocks/${await someUser()}` }),
    expect: signedIn(204),
  },
  // Phone verification (docs/product.md#phone-verification): any signed-in account, its own phone.
  'POST /api/phone/otp': {
    request: async () => ({ path: '/api/phone/otp', body: { phone: matrixNumber() } }),
    expect: signedIn(202),
  },
  // No code was sent to this number: 400 for anyone signed in, 401 before the body is read.
  'POST /api/phone/verify': {
    request: async () => ({ path: '/api/phone/verify', body: { phone: matrixNumber(), code: '123456' } }),
    expect: signedIn(400),
  },
  // Seller pages (docs/product.md#seller-pages): public.
  'GET /api/sellers/:id': { request: async () => ({ path: `/api/sellers/${who.seller.userId}` }), expect: all(200) },
  'GET /api/sellers/:id/reviews': {
    request: async () => ({ path: `/api/sellers/${who.seller.userId}/reviews` }),
    expect: all(200),
  },
  'GET /api/sellers/:id/laptops': {
    request: async () => ({ path: `/api/sellers/${who.seller.userId}/laptops?limit=5` }),
    expect: all(200),
  },
  // Moderation (docs/product.md#moderation): the admin's queue; the proof photo is the listing's seller's.
  'GET /api/moderation': { request: at('/api/moderation?limit=5'), expect: adminOnly(200) },
  'PUT /api/moderation/:laptopId': {
    request: async () => ({ path: `/api/moderation/${await heldFixture()}`, body: { action: 'approve' } }),
    expect: adminOnly(200),
  },
  'PUT /api/laptops/:id/proof': {
    request: async (caller) => ({
      path: `/api/laptops/${await heldFixture()}/proof`,
      body: { photo_id: await uploadedPhoto(caller) },
    }),
    expect: { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 403 },
  },
  // Saved searches (docs/product.md#saved-searches): each signed-in user's own; another's is not found.
  'POST /api/savedSearches': {
    request: at('/api/savedSearches', { query: 'q=thinkpad&maxPrice=60000' }),
    expect: signedIn(201),
  },
  'GET /api/savedSearches': { request: at('/api/savedSearches'), expect: signedIn(200) },
  'PATCH /api/savedSearches/:id': {
    request: async () => ({ path: `/api/savedSearches/${await buyersSavedSearch()}`, body: { seen: true } }),
    expect: { anonymous: 401, buyer: 200, seller: 404, otherSeller: 404, admin: 404 },
  },
  'DELETE /api/savedSearches/:id': {
    request: async () => ({ path: `/api/savedSearches/${await buyersSavedSearch()}` }),
    expect: { anonymous: 401, buyer: 204, seller: 404, otherSeller: 404, admin: 404 },
  },
  // The price guide (docs/product.md#price-guide): public.
  'GET /api/price-guide': {
    request: at('/api/price-guide?brand=Lenovo&processor=Intel%20Core%20i5-8250U&ram_gb=8'),
    expect: all(200),
  },
  // Web push (docs/product.md#push-notifications): the key is public; each caller subscribes this
  // browser and removes only their own subscription.
  'GET /api/push/key': { request: at('/api/push/key'), expect: all(200) },
  'POST /api/push/subscriptions': {
    request: async () => ({ path: '/api/push/subscriptions', body: subscriptionLike() }),
    expect: signedIn(201),
  },
  'GET /api/push/subscriptions': {
    request: ownSubscription,
    expect: signedIn(200),
  },
  'DELETE /api/push/subscriptions': {
    request: ownSubscription,
    expect: signedIn(204),
  },
  // Ratings (docs/product.md#ratings): only the deal's buyer and seller, the admin included in "others".
  'POST /api/orders/:id/review': {
    request: async () => ({ path: `/api/orders/${await completedOrder()}/review`, body: { rating: 5 } }),
    expect: { anonymous: 401, buyer: 201, seller: 201, otherSeller: 403, admin: 403 },
  },
  'GET /api/orders/:id/review': {
    request: async () => ({ path: `/api/orders/${await completedOrder()}/review` }),
    expect: { anonymous: 401, buyer: 200, seller: 200, otherSeller: 403, admin: 403 },
  },
  'POST /api/reviews/:id/report': {
    request: async () => ({ path: `/api/reviews/${await publicReview()}/report` }),
    expect: signedIn(204),
  },
  'GET /api/reviews/reported': { request: at('/api/reviews/reported'), expect: adminOnly(200) },
  'DELETE /api/reviews/:id': {
    request: async () => ({ path: `/api/reviews/${await publicReview()}` }),
    expect: adminOnly(200),
  },
  'DELETE /api/reviews/:id/report': {
    request: async () => ({ path: `/api/reviews/${await publicReview()}/report` }),
    expect: adminOnly(200),
  },
  // A photo to attach to a listing later: sellers only (multipart, field `photo`).
  'POST /api/photos': {
    request: async () => ({ path: '/api/photos', body: await photoForm() }),
    expect: { anonymous: 401, buyer: 403, seller: 201, otherSeller: 201, admin: 403 },
  },
  'GET /api/allLaptops': {
    request: async () => ({ path: `/api/allLaptops?email=${who.seller.email}` }),
    expect: sellerOrAdmin(200),
  },
  'PUT /api/myProducts/:id': {
    request: async () => ({ path: `/api/myProducts/${(await fixture()).laptopId}`, body: { advertise: 'true' } }),
    expect: { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 403 },
  },
  // The seller edits their own listing; an admin may not (docs/product.md#edit-a-listing).
  'PUT /api/laptops/:id': {
    request: async () => ({ path: `/api/laptops/${(await fixture()).laptopId}`, body: validLaptopBody() }),
    expect: { anonymous: 401, buyer: 403, seller: 200, otherSeller: 403, admin: 403 },
  },
  'GET /api/users/me': { request: at('/api/users/me'), expect: signedIn(200) },
  // Asking twice answers the same (docs/product.md#seller-verification).
  'POST /api/users/verification-request': {
    request: at('/api/users/verification-request', {}),
    expect: { anonymous: 401, buyer: 403, seller: 200, otherSeller: 200, admin: 403 },
  },
  'DELETE /api/allLaptops': {
    request: async () => ({ path: '/api/allLaptops', body: { laptopId: (await fixture()).laptopId } }),
    expect: sellerOrAdmin(200),
  },
  'DELETE /api/users': {
    request: async () => ({ path: '/api/users', body: { id: (await signUp(t)).userId } }),
    expect: adminOnly(200),
  },
  'PUT /api/users/:id': {
    request: async () => ({
      path: `/api/users/${(await signUp(t, { role: 'seller' })).userId}`,
      body: { verified: 'true' },
    }),
    expect: adminOnly(200),
  },
  'PUT /api/allLaptop/:email': {
    request: async () => ({
      path: `/api/allLaptop/${(await signUp(t, { role: 'seller' })).email}`,
      body: { verified: 'true' },
    }),
    expect: adminOnly(200),
  },
  // better-auth's routes served as they are (features/auth/served-endpoints.ts): reading the session, signing
  // out and starting Google's sign-in are open to all; listing and ending sessions need one.
  'GET /api/auth/get-session': { request: at('/api/auth/get-session'), expect: all(200) },
  'POST /api/auth/sign-out': { request: ending('/api/auth/sign-out'), expect: all(200) },
  'POST /api/auth/sign-in/social': {
    request: at('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' }),
    expect: all(200),
  },
  // The provider's return without a sign-in under way: back to the app, which shows the error.
  'GET /api/auth/callback/:providerId': { request: at('/api/auth/callback/google'), expect: all(302) },
  'POST /api/auth/callback/:providerId': { request: at('/api/auth/callback/google', {}), expect: all(302) },
  'GET /api/auth/list-sessions': { request: at('/api/auth/list-sessions'), expect: signedIn(200) },
  'POST /api/auth/revoke-session': { request: at('/api/auth/revoke-session', { token: 'x' }), expect: signedIn(200) },
  'POST /api/auth/revoke-sessions': { request: ending('/api/auth/revoke-sessions'), expect: signedIn(200) },
  'POST /api/auth/revoke-other-sessions': {
    request: at('/api/auth/revoke-other-sessions', {}),
    expect: signedIn(200),
  },
  // Ours in front of better-auth: the shared schemas and limits apply.
  'POST /api/auth/sign-in/email': {
    request: at('/api/auth/sign-in/email', { email: 'nobody@example.test', password: 'Wrong@123' }),
    expect: all(401),
  },
  'POST /api/auth/sign-up/email': {
    request: async () => ({
      path: '/api/auth/sign-up/email',
      body: { name: 'New Person', email: uniqueEmail(), password: 'Secret@123', role: 'buyer' },
    }),
    expect: all(200),
  },
  'POST /api/auth/update-user': {
    request: at('/api/auth/update-user', { name: 'Renamed Person' }),
    expect: signedIn(200),
  },
  // A wrong current password: the caller's sessions must survive for the other rows.
  'POST /api/auth/change-password': {
    request: at('/api/auth/change-password', { currentPassword: 'Wrong@123', newPassword: 'Better@456' }),
    expect: signedIn(400),
  },
  // Forgot password: anyone may ask (a fresh address each time: three e-mails an hour per address),
  // and anyone holding a link may use it; a made-up link is refused.
  'POST /api/auth/request-password-reset': {
    request: async () => ({ path: '/api/auth/request-password-reset', body: { email: uniqueEmail('forgot') } }),
    expect: all(200),
  },
  'POST /api/auth/reset-password': {
    request: at('/api/auth/reset-password', { token: 'a'.repeat(24), newPassword: 'Fresh@456' }),
    expect: all(400),
  },
  // The API reference (features/operations/api-docs.ts): public, like the API's description of itself.
  'GET /api/openapi.json': { request: at('/api/openapi.json'), expect: all(200) },
  'GET /api/docs': { request: at('/api/docs'), expect: all(301) },
  'GET /api/docs/': { request: at('/api/docs/'), expect: all(200) },
  'GET /api/docs/js/scalar.js': { request: at('/api/docs/js/scalar.js'), expect: all(200) },
  'GET /api/docs/openapi.json': { request: at('/api/docs/openapi.json'), expect: all(200) },
  'GET /api/docs/openapi.yaml': { request: at('/api/docs/openapi.yaml'), expect: all(200) },
};

const METHOD_OF = (key: string) => key.split(' ')[0]!;

/** A small JPEG as a multipart body, the way the add form sends a photo. */
async function photoForm(): Promise<FormData> {
  const form = new FormData();
  const bytes = await photoLike(48, 32).jpeg().toBuffer();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}

/** Routes whose answer never ends (Server-Sent Events): only the status and type are read. */
const STREAMS = new Set(['GET /api/notifications/stream']);

async function call(key: string, caller: Caller) {
  const { path, body, cookie } = await ROWS[key]!.request(caller);
  if (STREAMS.has(key)) {
    const controller = new AbortController();
    const res = await t.request(path, {
      headers: caller === 'anonymous' ? {} : { cookie: who[caller].cookie },
      signal: controller.signal,
    });
    if (res.status !== 200) return res;
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    controller.abort();
    return new Response(null, { status: 200 });
  }
  const headers: Record<string, string> = { origin: t.url };
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  if (caller !== 'anonymous') headers.cookie = cookie ?? who[caller].cookie;
  return t.request(path, {
    method: METHOD_OF(key),
    headers,
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    redirect: 'manual',
  });
}

describe('authorization matrix', () => {
  it('has a row for every /api route the app serves, and no row for a route it does not serve', () => {
    const served = [...t.app.apiRoutes.keys()].sort();
    expect(Object.keys(ROWS).sort()).toEqual(served);
  });

  it("agrees with each route's declared access", () => {
    for (const [key, access] of t.app.apiRoutes) {
      const { anonymous, buyer, seller, admin } = ROWS[key]!.expect;
      // A public route may still refuse by its own rules (a wrong password, better-auth's session checks).
      if (access !== 'public') expect(anonymous, key).toBe(401);
      if (access === 'admin') expect([buyer, seller], key).toEqual([403, 403]);
      if (access === 'seller') expect([buyer, admin], key).toEqual([403, 403]);
    }
  });

  it('answers an anonymous caller of a protected route 401 whatever the body says', async () => {
    for (const [key, access] of t.app.apiRoutes) {
      if (access === 'public' || METHOD_OF(key) === 'GET') continue;
      const { path } = await ROWS[key]!.request('anonymous');
      const res = await t.request(path, {
        method: METHOD_OF(key),
        headers: { 'content-type': 'application/json', origin: t.url },
        body: JSON.stringify({ role: 'admin', nonsense: [1, 2, 3] }),
      });
      expect(res.status, key).toBe(401);
      expect((await res.json()).error.code).toBe('unauthenticated');
    }
  });

  for (const key of Object.keys(ROWS)) {
    it.each(CALLERS)(`${key} as %s`, async (caller) => {
      const res = await call(key, caller);
      const expected = ROWS[key]!.expect[caller];
      expect(res.status, await res.clone().text()).toBe(expected);
      if (res.status >= 400) {
        const body = await res.json();
        expect(Object.keys(body)).toEqual(['error']);
        expect(ERROR_STATUS[body.error.code as keyof typeof ERROR_STATUS]).toBe(res.status);
        expect(typeof body.error.message).toBe('string');
      }
    });
  }
});

describe('better-auth endpoints that change state, one by one', () => {
  it.each([
    ['/api/auth/update-user', { name: 'Renamed' }],
    ['/api/auth/change-password', { currentPassword: 'Secret@123', newPassword: 'Secret@456' }],
    ['/api/auth/revoke-sessions', {}],
    ['/api/auth/revoke-other-sessions', {}],
    ['/api/auth/revoke-session', { token: 'x' }],
    ['/api/auth/delete-user', {}],
  ])('%s refuses anonymous callers', async (path, body) => {
    const res = await t.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.url },
      body: JSON.stringify(body),
    });
    expect([401, 404]).toContain(res.status);
    expect((await res.json()).error.code).toMatch(/unauthenticated|not_found/);
  });
});

// The operations probes (features/operations/health.ts) are outside /api: anyone may call them, a balancer
// without any session, and a session changes nothing.
describe('operations probes', () => {
  it.each(['/healthz', '/readyz'])('%s answers 200 to every caller', async (path) => {
    for (const caller of CALLERS) {
      const res = await t.request(path, { headers: caller === 'anonymous' ? {} : { cookie: who[caller].cookie } });
      expect(res.status, `${caller} ${path}`).toBe(200);
    }
  });

  // /metrics (features/operations/metrics-route.ts) is the scraper's: no session and no user's own access token opens
  // it, admins' included, only the metrics token (without METRICS_TOKEN it is a 404: metrics.api.test.ts).
  it('/metrics answers 401 to every caller without the metrics token, and 200 with it', async () => {
    for (const caller of CALLERS) {
      const session: Record<string, string> = caller === 'anonymous' ? {} : { cookie: who[caller].cookie };
      const own: Record<string, string> =
        caller === 'anonymous' ? {} : { authorization: `Bearer ${await accessTokenOf(t, who[caller])}` };
      for (const headers of [session, own]) {
        expect((await t.request('/metrics', { headers })).status, `${caller} /metrics`).toBe(401);
      }
      const res = await t.request('/metrics', { headers: { ...session, authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status, `${caller} /metrics with the token`).toBe(200);
    }
  });
});
