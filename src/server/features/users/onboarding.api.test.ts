import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema, USER_MESSAGES, userListSchema } from '../../../shared/users.ts';
import { makeLaptop } from '../../seed/factories.ts';
import { validLaptopBody } from '../../test/fixtures.ts';
import { DEMO, jsonPost, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { users } from './schema.ts';

// A new seller's first steps (docs/product.md#seller-verification, #phone-numbers): their account
// as the dashboard reads it, asking for verification, the admin's All Sellers with the waiting
// sellers first, and the phone number remembered from the first form.

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t, DEMO.admin);
});
afterAll(() => t?.close());

const get = (who: Session | null, path: string) =>
  t.request(path, { headers: { origin: t.url, ...(who ? { cookie: who.cookie } : {}) } });
const me = async (who: Session) => {
  const res = await get(who, '/api/users/me');
  expect(res.status, await res.clone().text()).toBe(200);
  return meSchema.parse(await res.json());
};
const requestVerification = (who: Session | null) =>
  jsonPost(t, '/api/users/verification-request', {}, who ? { cookie: who.cookie } : {});

describe('GET /api/users/me', () => {
  it('answers the caller’s own account, unverified and without a phone at first', async () => {
    const seller = await signUp(t, { role: 'seller', name: 'Nadia Rahman' });
    expect(await me(seller)).toMatchObject({
      _id: seller.userId,
      name: 'Nadia Rahman',
      email: seller.email,
      role: 'seller',
      verified: false,
      verification: 'unverified',
      verification_requested: false,
      phone: null,
    });
    expect((await get(null, '/api/users/me')).status).toBe(401);
  });
});

describe('POST /api/users/verification-request', () => {
  it('marks the seller as waiting; asking again changes nothing; a verified seller gets 409', async () => {
    const seller = await signUp(t, { role: 'seller' });
    const first = await requestVerification(seller);
    expect(first.status, await first.clone().text()).toBe(200);
    expect(meSchema.parse(await first.json())).toMatchObject({
      verification: 'requested',
      verification_requested: true,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, seller.userId));
    const again = await requestVerification(seller);
    expect(meSchema.parse(await again.json()).verification).toBe('requested');
    const [after] = await t.database.db.select().from(users).where(eq(users.id, seller.userId));
    expect(after?.verificationRequestedAt).toEqual(row?.verificationRequestedAt);

    expect(
      (
        await t.request(`/api/users/${seller.userId}`, {
          method: 'PUT',
          headers: { origin: t.url, cookie: admin.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ verified: true }),
        })
      ).status,
    ).toBe(200);
    expect((await me(seller)).verification).toBe('verified');
    const verified = await requestVerification(seller);
    expect(verified.status).toBe(409);
    expect((await verified.json()).error.message).toBe(USER_MESSAGES.alreadyVerified);
  });

  it('is for sellers: a buyer and the admin get 403, nobody signed in 401', async () => {
    expect((await requestVerification(await signUp(t))).status).toBe(403);
    expect((await requestVerification(admin)).status).toBe(403);
    expect((await requestVerification(null)).status).toBe(401);
  });
});

describe('All Sellers', () => {
  it('lists the sellers waiting for verification first, oldest request first, then the rest newest first', async () => {
    const older = await signUp(t, { role: 'seller', name: 'Waiting Older' });
    const plain = await signUp(t, { role: 'seller', name: 'Not Asking' });
    const newer = await signUp(t, { role: 'seller', name: 'Waiting Newer' });
    await requestVerification(older);
    await requestVerification(newer);
    // Older asked first: push the times apart so the order does not rest on the clock's resolution.
    await t.database.db
      .update(users)
      .set({ verificationRequestedAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, older.userId));

    const res = await get(admin, '/api/users/seller?limit=2');
    expect(res.status).toBe(200);
    const list = userListSchema.parse(await res.json());
    const waiting = list.filter((u) => u.verification_requested);
    expect(waiting.map((u) => u.email)).toEqual([older.email, newer.email]);
    expect(list.slice(0, waiting.length)).toEqual(waiting);
    // The rest follow as before, a page of `limit`, and the waiting sellers are not repeated on later pages.
    const rest = list.slice(waiting.length);
    expect(rest).toHaveLength(2);
    expect(rest[0]?.email).toBe(plain.email);
    const next = res.headers.get('link')?.match(/<([^>]+)>/)?.[1];
    expect(next).toBeTruthy();
    const later = userListSchema.parse(await (await get(admin, next!)).json());
    expect(later.some((u) => u.verification_requested)).toBe(false);
    // Searching by name keeps the waiting ones that match on top.
    const found = userListSchema.parse(await (await get(admin, '/api/users/seller?q=waiting')).json());
    expect(found.map((u) => u.email)).toEqual([older.email, newer.email]);
  });
});

describe('the phone number, remembered', () => {
  it('keeps the first number a seller lists with, and not a later one', async () => {
    const seller = await signUp(t, { role: 'seller' });
    const add = (sellerMobileNumber: string) =>
      jsonPost(t, '/api/addLaptop', validLaptopBody({ sellerMobileNumber }), { cookie: seller.cookie });
    expect((await add('+880 1712-345678')).status).toBe(201);
    expect((await me(seller)).phone).toBe('01712345678');
    expect((await add('01898765432')).status).toBe(201);
    expect((await me(seller)).phone).toBe('01712345678');
  });

  it('keeps the number a buyer books with', async () => {
    const seller = await signUp(t, { role: 'seller' });
    const laptop = makeLaptop({ sellerId: seller.userId });
    await t.database.db.insert(laptops).values(laptop);
    const buyer = await signUp(t);
    const res = await jsonPost(
      t,
      '/api/myOrders',
      { laptop_id: laptop.id, buyerPhoneNumber: '01555123456', meetingAddress: 'Mirpur 10, Dhaka' },
      { cookie: buyer.cookie },
    );
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await me(buyer)).phone).toBe('01555123456');
  });
});
