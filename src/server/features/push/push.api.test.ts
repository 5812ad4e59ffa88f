import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/errors.ts';
import { type PushPayload, pushKeySchema, pushSubscriptionSchema } from '../../../shared/push.ts';
import { makeLaptop } from '../../seed/factories.ts';
import { testConfig } from '../../test/env.ts';
import { type PushService, startPushService, subscriptionLike } from '../../test/push-service.ts';
import { cookieOf, jsonPost, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { sessions } from '../auth/schema.ts';
import { laptops } from '../laptops/schema.ts';
import { pushSubscriptions } from './schema.ts';

// Web push (docs/product.md#push-notifications), through HTTP on a fresh database: a browser's
// subscription is kept for the signed-in caller (moved to them when another account had it), removed
// only by its owner, and every notification the bell gets goes, encrypted, to a local push service,
// worded in the subscription's language; a subscription the push service calls gone is removed.

let t: TestApp;
let push: PushService;
const { publicKey } = testConfig().vapid;

beforeAll(async () => {
  [t, push] = await Promise.all([startTestApp(), startPushService()]);
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const subscribe = (who: Session, body: unknown, headers: Record<string, string> = {}) =>
  jsonPost(t, '/api/push/subscriptions', body, { cookie: who.cookie, ...headers });

const unsubscribe = (who: Session | null, endpoint: string) =>
  t.request(`/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, {
    method: 'DELETE',
    headers: { origin: t.url, ...(who ? { cookie: who.cookie } : {}) },
  });

const lookUp = (who: Session | null, endpoint: string) =>
  t.request(`/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, {
    headers: who ? { cookie: who.cookie } : {},
  });

const rowsOf = (endpoint: string) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

async function errorOf(res: Response) {
  return errorBodySchema.parse(await res.json()).error;
}

/** The seller's laptop, booked by a new buyer named `buyerName`: an `order_requested` for the seller. */
async function bookLaptopOf(seller: Session, laptopName: string, buyerName: string) {
  const laptop = makeLaptop({ sellerId: seller.userId, name: laptopName });
  await t.database.db.insert(laptops).values(laptop);
  const buyer = await signUp(t, { name: buyerName });
  const res = await jsonPost(
    t,
    '/api/myOrders',
    { laptop_id: laptop.id, buyerPhoneNumber: '01712345678', meetingAddress: 'Mirpur 10' },
    { cookie: buyer.cookie },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return laptop;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/push/key', () => {
  it("answers the VAPID public key, the browser's applicationServerKey, to anyone", async () => {
    const res = await t.request('/api/push/key');
    expect(res.status).toBe(200);
    expect(pushKeySchema.parse(await res.json())).toEqual({ publicKey });
  });
});

describe('POST /api/push/subscriptions', () => {
  it("keeps the browser's subscription for the caller in the language asked for, or the request's", async () => {
    const user = await signUp(t);
    const bangla = subscriptionLike();
    const res = await subscribe(user, { ...bangla, expirationTime: null, lang: 'bn' });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(pushSubscriptionSchema.strict().parse(await res.json())).toMatchObject({
      endpoint: bangla.endpoint,
      lang: 'bn',
    });

    const fromCookie = subscriptionLike();
    expect((await subscribe(user, fromCookie, { cookie: `${user.cookie}; lang=bn` })).status).toBe(201);
    const english = subscriptionLike();
    expect((await subscribe(user, english)).status).toBe(201);

    const stored = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.userId));
    expect(Object.fromEntries(stored.map((r) => [r.endpoint, [r.lang, r.p256dh, r.auth]]))).toEqual({
      [bangla.endpoint]: ['bn', bangla.keys.p256dh, bangla.keys.auth],
      [fromCookie.endpoint]: ['bn', fromCookie.keys.p256dh, fromCookie.keys.auth],
      [english.endpoint]: ['en', english.keys.p256dh, english.keys.auth],
    });
  });

  it('moves an endpoint another account subscribed to the caller (a shared device), with its new keys', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    const device = subscriptionLike();
    expect((await subscribe(first, device)).status).toBe(201);
    const renewed = { ...subscriptionLike(), endpoint: device.endpoint };
    expect((await subscribe(second, { ...renewed, lang: 'bn' })).status).toBe(201);

    const rows = await rowsOf(device.endpoint);
    expect(rows.map((r) => [r.userId, r.lang, r.p256dh])).toEqual([[second.userId, 'bn', renewed.keys.p256dh]]);
    // The first account no longer owns it.
    expect((await unsubscribe(first, device.endpoint)).status).toBe(404);
  });

  it("keeps this device subscribed across a new password, which ends every other device's", async () => {
    const owner = await signUp(t, { password: 'Before@123' });
    const elsewhere = await signIn(t, owner.email, 'Before@123');
    const here = subscriptionLike();
    const there = subscriptionLike();
    expect((await subscribe(owner, { ...here, lang: 'bn' })).status).toBe(201);
    expect((await subscribe(elsewhere, there)).status).toBe(201);

    const changed = await jsonPost(
      t,
      '/api/auth/change-password',
      { currentPassword: 'Before@123', newPassword: 'After@4567' },
      { cookie: owner.cookie },
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    const now = { ...owner, cookie: cookieOf(changed) };
    const kept = await lookUp(now, here.endpoint);
    expect(kept.status).toBe(200);
    expect(pushSubscriptionSchema.parse(await kept.json()).lang).toBe('bn');
    expect(await rowsOf(there.endpoint)).toEqual([]);
  });

  it('answers a sign-in that ended a moment ago (another instance still knew it) as signed out', async () => {
    const owner = await signUp(t);
    const device = subscriptionLike();
    // Known to this instance (its identity is remembered for a few seconds)…
    expect((await lookUp(owner, device.endpoint)).status).toBe(404);
    // …then signed out elsewhere: the session row is gone.
    await t.database.db.delete(sessions).where(eq(sessions.userId, owner.userId));
    const res = await subscribe(owner, device);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).reason).toBe('sign_in_required');
    expect(await rowsOf(device.endpoint)).toEqual([]);
  });

  it('refuses what is not a push subscription, field by field, and stores nothing', async () => {
    const user = await signUp(t);
    const good = subscriptionLike();
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'http://push.example.test/x' }, 'endpoint'],
      [{ ...good, endpoint: 'ftp://push.example.test/x' }, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: `https://push.example.test/${'a'.repeat(2100)}` }, 'endpoint'],
      [{ endpoint: good.endpoint }, 'keys'],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, 'keys.auth'],
      [{ ...good, keys: { ...good.keys, p256dh: 'not base64!' } }, 'keys.p256dh'],
      [{ ...good, lang: 'fr' }, 'lang'],
    ];
    for (const [body, field] of cases) {
      const res = await subscribe(user, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('validation');
      expect(Object.keys(error.fields ?? {}), field).toContain(field);
    }
    expect(await rowsOf(good.endpoint)).toEqual([]);
  });

  it('asks who is calling before reading the body', async () => {
    const res = await t.request('/api/push/subscriptions', {
      method: 'POST',
      headers: { origin: t.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/push/subscriptions', () => {
  it("says whether this browser is subscribed for the caller in a sign-in that lasts; another's is not found", async () => {
    const owner = await signUp(t, { password: 'Device@123' });
    const other = await signUp(t);
    const device = subscriptionLike();
    expect((await lookUp(owner, device.endpoint)).status).toBe(404);
    expect((await subscribe(owner, { ...device, lang: 'bn' })).status).toBe(201);

    const mine = await lookUp(owner, device.endpoint);
    expect(mine.status).toBe(200);
    expect(pushSubscriptionSchema.parse(await mine.json())).toMatchObject({ endpoint: device.endpoint, lang: 'bn' });
    const foreign = await lookUp(other, device.endpoint);
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).reason).toBe('push_subscription_not_found');
    expect((await lookUp(null, device.endpoint)).status).toBe(401);
    expect((await lookUp(owner, '')).status).toBe(400);

    // Another sign-in of the same account does not have it (its sign-out would not end it) until it
    // subscribes the browser itself.
    const second = await signIn(t, owner.email, 'Device@123');
    expect((await lookUp(second, device.endpoint)).status).toBe(404);
    expect((await subscribe(second, device)).status).toBe(201);
    expect((await lookUp(second, device.endpoint)).status).toBe(200);

    // Signed out and in again on the same browser: its subscription ended with that sign-in.
    expect((await jsonPost(t, '/api/auth/sign-out', {}, { cookie: second.cookie })).status).toBe(200);
    const again = await signIn(t, owner.email, 'Device@123');
    expect((await lookUp(again, device.endpoint)).status).toBe(404);
    expect(await rowsOf(device.endpoint)).toEqual([]);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it("removes the caller's own subscription; another's, or one not there, is not found", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const device = subscriptionLike();
    expect((await subscribe(owner, device)).status).toBe(201);

    const foreign = await unsubscribe(other, device.endpoint);
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).message).toBe('This device is not subscribed to notifications');
    expect(await rowsOf(device.endpoint)).toHaveLength(1);

    expect((await unsubscribe(owner, device.endpoint)).status).toBe(204);
    expect(await rowsOf(device.endpoint)).toEqual([]);
    expect((await unsubscribe(owner, device.endpoint)).status).toBe(404);
    expect((await unsubscribe(null, device.endpoint)).status).toBe(401);
  });
});

describe('sending', () => {
  it("pushes a notification, encrypted, to each of its user's subscriptions in their language", async () => {
    const seller = await signUp(t, { role: 'seller' });
    const english = await push.subscribe(publicKey);
    const bangla = await push.subscribe(publicKey);
    expect((await subscribe(seller, { endpoint: english.endpoint, keys: english.keys, lang: 'en' })).status).toBe(201);
    expect((await subscribe(seller, { endpoint: bangla.endpoint, keys: bangla.keys, lang: 'bn' })).status).toBe(201);

    await bookLaptopOf(seller, 'Dell Latitude 7490', 'Rahim Uddin');

    const inEnglish = await eventually(
      () => push.messages(english),
      (m) => m.length > 0,
    );
    const inBangla = await eventually(
      () => push.messages(bangla),
      (m) => m.length > 0,
    );
    expect(inEnglish).toHaveLength(1);
    const en = JSON.parse(inEnglish[0]!) as PushPayload;
    expect(en).toEqual({
      title: 'Laptop Haat',
      body: 'Rahim Uddin booked your Dell Latitude 7490.',
      url: '/dashboard/myBuyers',
      tag: expect.stringMatching(/^notification-\d+$/),
    });
    expect(JSON.parse(inBangla[0]!)).toEqual({ ...en, body: 'Rahim Uddin আপনার Dell Latitude 7490 বুক করেছেন।' });
  });

  it('sends nothing to the devices of other users', async () => {
    const seller = await signUp(t, { role: 'seller' });
    const bystander = await signUp(t);
    const theirs = await push.subscribe(publicKey);
    expect((await subscribe(bystander, { endpoint: theirs.endpoint, keys: theirs.keys })).status).toBe(201);
    await bookLaptopOf(seller, 'HP EliteBook 840', 'Karim');
    await t.app.pushOut.idle();
    expect(await push.messages(theirs)).toEqual([]);
  });

  it("ends a device's subscription with the sign-in it was made in: once signed out, it gets nothing", async () => {
    const seller = await signUp(t, { role: 'seller', password: 'Shared@123' });
    const elsewhere = await signIn(t, seller.email, 'Shared@123');
    const shared = await push.subscribe(publicKey);
    const own = await push.subscribe(publicKey);
    expect((await subscribe(seller, { endpoint: shared.endpoint, keys: shared.keys })).status).toBe(201);
    expect((await subscribe(elsewhere, { endpoint: own.endpoint, keys: own.keys })).status).toBe(201);

    // Signing out on the shared device ends its subscription; the other sign-in's stays.
    const out = await jsonPost(t, '/api/auth/sign-out', {}, { cookie: seller.cookie });
    expect(out.status).toBe(200);
    expect(await rowsOf(shared.endpoint)).toEqual([]);
    await bookLaptopOf(seller, 'Asus VivoBook 15', 'Nadia');
    expect(
      await eventually(
        () => push.messages(own),
        (m) => m.length > 0,
      ),
    ).toHaveLength(1);
    expect(await push.messages(shared)).toEqual([]);

    // Ending every session (as a new password does) ends the other device's too.
    expect((await jsonPost(t, '/api/auth/revoke-sessions', {}, { cookie: elsewhere.cookie })).status).toBe(200);
    expect(await rowsOf(own.endpoint)).toEqual([]);
    await bookLaptopOf(seller, 'Acer Aspire 5', 'Tanvir');
    await t.app.pushOut.idle();
    expect(await push.messages(own)).toHaveLength(1);
    expect(await push.messages(shared)).toEqual([]);
  });

  it('removes a subscription the push service says is gone, and keeps the others', async () => {
    const seller = await signUp(t, { role: 'seller' });
    const gone = await push.subscribe(publicKey);
    const kept = await push.subscribe(publicKey);
    expect((await subscribe(seller, { endpoint: gone.endpoint, keys: gone.keys })).status).toBe(201);
    expect((await subscribe(seller, { endpoint: kept.endpoint, keys: kept.keys })).status).toBe(201);
    await push.expire(gone);

    await bookLaptopOf(seller, 'Lenovo ThinkPad T480', 'Sumi');

    expect(
      await eventually(
        () => rowsOf(gone.endpoint),
        (rows) => rows.length === 0,
      ),
    ).toEqual([]);
    expect(await rowsOf(kept.endpoint)).toHaveLength(1);
    expect(
      await eventually(
        () => push.messages(kept),
        (m) => m.length > 0,
      ),
    ).toHaveLength(1);
  });
});
