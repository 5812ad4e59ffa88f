import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laptopListSchema, laptopSchema } from '../../../shared/laptops.ts';
import { validLaptopBody } from '../../test/fixtures.ts';
import { accessTokenOf, DEMO, jsonPost, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { orders } from '../orders/schema.ts';
import { users } from '../users/schema.ts';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t, DEMO.admin);
});
afterAll(() => t?.close());

const call = (method: string, path: string, s: Session | null, body: unknown) =>
  t.request(path, {
    method,
    headers: { 'content-type': 'application/json', origin: t.url, ...(s ? { cookie: s.cookie } : {}) },
    body: JSON.stringify(body),
  });

const laptopForm = validLaptopBody();

describe('admin routes refuse everyone but the admin', () => {
  it.each([
    ['DELETE', '/api/users', { id: 'x' }],
    ['PUT', '/api/users/x', { verified: 'true' }],
    ['PUT', `/api/allLaptop/${DEMO.newSeller}`, { verified: 'true' }],
  ])('%s %s', async (method, path, body) => {
    expect((await call(method, path, null, body)).status).toBe(401);
    for (const email of [DEMO.buyer, DEMO.seller, DEMO.newSeller]) {
      const res = await call(method, path, await signIn(t, email), body);
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden');
    }
  });
});

describe('verify a seller', () => {
  it('verifies the seller and every laptop of theirs, now and later', async () => {
    const seller = await signUp(t, { role: 'seller' });
    const token = await accessTokenOf(t, seller);
    const before = laptopSchema.parse(
      await (await jsonPost(t, '/api/addLaptop', laptopForm, { authorization: `Bearer ${token}` })).json(),
    );
    expect(before.seller_verified).toBe(false);

    const first = await call('PUT', `/api/users/${seller.userId}`, admin, { verified: 'true' });
    expect(await first.json()).toEqual({ modifiedCount: 1 });
    expect(await (await call('PUT', `/api/users/${seller.userId}`, admin, { verified: true })).json()).toEqual({
      modifiedCount: 0,
    });
    const cascade = await t.request(`/api/allLaptop/${seller.email}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await accessTokenOf(t, admin)}` },
      body: '{"verified":"true"}',
    });
    expect(await cascade.json()).toEqual({ modifiedCount: 1 });

    const later = laptopSchema.parse(
      await (await jsonPost(t, '/api/addLaptop', laptopForm, { authorization: `Bearer ${token}` })).json(),
    );
    expect(later.seller_verified).toBe(true);
    const all = laptopListSchema.parse(
      await (await t.request(`/api/allLaptops?email=${seller.email}`, { headers: { cookie: seller.cookie } })).json(),
    );
    expect(all.every((l) => l.seller_verified)).toBe(true);
    const sellers = await (await t.request('/api/users/seller', { headers: { cookie: admin.cookie } })).json();
    expect(sellers.find((u: { email: string }) => u.email === seller.email).verified).toBe(true);
  });

  it('refuses to verify a buyer or a missing user, and only says yes', async () => {
    const buyer = await signUp(t);
    const res = await call('PUT', `/api/users/${buyer.userId}`, admin, { verified: 'true' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Only sellers can be verified');
    expect((await call('PUT', `/api/allLaptop/${buyer.email}`, admin, { verified: 'true' })).status).toBe(400);
    expect((await call('PUT', '/api/users/nobody', admin, { verified: 'true' })).status).toBe(404);
    expect((await call('PUT', `/api/users/${buyer.userId}`, admin, { verified: 'false' })).status).toBe(400);
  });
});

describe('delete a user', () => {
  it('deletes a buyer: their sessions end, their orders go, the laptop is unbooked', async () => {
    const buyer = await signUp(t);
    const [laptop] = await t.database.db.select().from(laptops).where(eq(laptops.booked, false)).limit(1);
    const token = await accessTokenOf(t, buyer);
    const booked = await jsonPost(
      t,
      '/api/myOrders',
      { laptop_id: laptop!.id, buyerPhoneNumber: '01512345678', meetingAddress: 'GEC Circle, Chattogram' },
      { authorization: `Bearer ${token}` },
    );
    expect(booked.status).toBe(201);

    const res = await call('DELETE', '/api/users', admin, { id: buyer.userId });
    expect(await res.json()).toEqual({ deletedCount: 1 });
    expect((await t.request('/api/categories/casual', { headers: { cookie: buyer.cookie } })).status).toBe(401);
    expect((await t.request('/api/categories/casual', { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      401,
    );
    expect(await t.database.db.select().from(orders).where(eq(orders.buyerId, buyer.userId))).toEqual([]);
    const [after] = await t.database.db.select().from(laptops).where(eq(laptops.id, laptop!.id));
    expect(after?.booked).toBe(false);
    expect((await call('DELETE', '/api/users', admin, { id: buyer.userId })).status).toBe(404);
  });

  it('deletes a seller: their laptops leave the catalogue with the orders on them', async () => {
    const seller = await signUp(t, { role: 'seller' });
    const laptop = laptopSchema.parse(
      await (
        await jsonPost(t, '/api/addLaptop', laptopForm, { authorization: `Bearer ${await accessTokenOf(t, seller)}` })
      ).json(),
    );
    const buyer = await signIn(t, DEMO.buyer);
    await jsonPost(
      t,
      '/api/myOrders',
      { laptop_id: laptop._id, buyerPhoneNumber: '01312345678', meetingAddress: 'Khulna' },
      { cookie: buyer.cookie },
    );
    expect(await (await call('DELETE', '/api/users', admin, { id: seller.userId })).json()).toEqual({
      deletedCount: 1,
    });
    expect(await t.database.db.select().from(laptops).where(eq(laptops.id, laptop._id))).toEqual([]);
    expect(await t.database.db.select().from(orders).where(eq(orders.laptopId, laptop._id))).toEqual([]);
    const casual = await (await t.request('/api/categories/casual', { headers: { cookie: buyer.cookie } })).json();
    expect(casual.map((l: { _id: string }) => l._id)).not.toContain(laptop._id);
  });

  it('refuses to delete the admin themself or another admin', async () => {
    const self = await call('DELETE', '/api/users', admin, { id: admin.userId });
    expect(self.status).toBe(403);
    expect((await self.json()).error.message).toBe('You cannot delete your own account');
    const other = await signUp(t);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, other.userId));
    expect((await call('DELETE', '/api/users', admin, { id: other.userId })).status).toBe(403);
    expect((await call('DELETE', '/api/users', admin, {})).status).toBe(400);
  });
});
