import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP_MESSAGES, laptopListSchema, laptopSchema, publicLaptopListSchema } from '../../../shared/laptops.ts';
import { ORDER_MESSAGES } from '../../../shared/orders.ts';
import { validLaptopBody } from '../../test/fixtures.ts';
import { accessTokenOf, DEMO, jsonPost, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { orders } from '../orders/schema.ts';
import { laptops } from './schema.ts';

let t: TestApp;
let admin: Session;
let buyer: Session;
beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t, DEMO.admin);
  buyer = await signIn(t, DEMO.buyer);
});
afterAll(() => t?.close());

const form = validLaptopBody;

const auth = async (s: Session) => ({ authorization: `Bearer ${await accessTokenOf(t, s)}` });
const add = async (s: Session, body: unknown) => jsonPost(t, '/api/addLaptop', body, await auth(s));

describe('POST /api/addLaptop', () => {
  it('lists a laptop with the fields the server sets, ignoring client copies', async () => {
    const seller = await signUp(t, { role: 'seller', name: 'Arif Hossain' });
    const res = await add(seller, {
      ...form(),
      seller_email: seller.email,
      seller_name: 'Fake Name',
      seller_verified: 'true',
      salesStatus: 'sold',
      advertise: 'true',
      booked: true,
      post_date: '01/01/2000',
    });
    expect(res.status).toBe(201);
    const laptop = laptopSchema.parse(await res.json());
    expect(laptop).toMatchObject({
      laptop_name: 'Lenovo ThinkPad T480',
      resale_price: 32_000,
      original_price: 68_000,
      usage_Time: 3,
      sellerMobileNumber: '01712345678',
      seller_name: 'Arif Hossain',
      seller_email: seller.email,
      seller_verified: false,
      salesStatus: 'unsold',
      advertise: false,
      booked: false,
    });
    expect(Date.now() - Date.parse(laptop.post_date)).toBeLessThan(60_000);
  });

  it.each([
    ['laptop_name', LAPTOP_MESSAGES.name],
    ['laptop_img', LAPTOP_MESSAGES.image],
    ['category', LAPTOP_MESSAGES.category],
    ['resale_price', LAPTOP_MESSAGES.resalePrice],
    ['original_price', LAPTOP_MESSAGES.originalPrice],
    ['conditionType', LAPTOP_MESSAGES.condition],
    ['sellerMobileNumber', LAPTOP_MESSAGES.mobile],
    ['location', LAPTOP_MESSAGES.location],
    ['usage_Time', LAPTOP_MESSAGES.years],
    ['laptopDesc', LAPTOP_MESSAGES.description],
  ])('requires %s: "%s"', async (field, message) => {
    const seller = await signUp(t, { role: 'seller' });
    for (const value of [undefined, '']) {
      const res = await add(seller, form({ [field]: value }));
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields[field]?.message).toBe(message);
    }
  });

  it.each([
    [{ resale_price: 0 }, 'resale_price', LAPTOP_MESSAGES.price],
    [{ resale_price: 10_000_001 }, 'resale_price', LAPTOP_MESSAGES.price],
    [{ original_price: 12.5 }, 'original_price', LAPTOP_MESSAGES.price],
    [{ original_price: 'abc' }, 'original_price', LAPTOP_MESSAGES.price],
    [{ usage_Time: 31 }, 'usage_Time', LAPTOP_MESSAGES.years0to30],
    [{ usage_Time: -1 }, 'usage_Time', LAPTOP_MESSAGES.years0to30],
    [{ sellerMobileNumber: '01212345678' }, 'sellerMobileNumber', LAPTOP_MESSAGES.mobileInvalid],
    [{ laptop_img: 'javascript:alert(1)' }, 'laptop_img', LAPTOP_MESSAGES.imageUrl],
    [{ laptop_img: 'data:image/png;base64,AAAA' }, 'laptop_img', LAPTOP_MESSAGES.imageUrl],
    [{ laptop_img: '/images/x.svg' }, 'laptop_img', LAPTOP_MESSAGES.imageUrl],
    [{ laptop_name: 'x'.repeat(121) }, 'laptop_name', LAPTOP_MESSAGES.nameLong],
    [{ laptopDesc: 'x'.repeat(5001) }, 'laptopDesc', LAPTOP_MESSAGES.descriptionLong],
    [{ category: 'toys' }, 'category', LAPTOP_MESSAGES.category],
  ])('refuses %o', async (over, field, message) => {
    const seller = await signUp(t, { role: 'seller' });
    const res = await add(seller, form(over));
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields[field]?.message).toBe(message);
    expect(
      await (await t.request(`/api/allLaptops?email=${seller.email}`, { headers: { cookie: seller.cookie } })).json(),
    ).toEqual([]);
  });

  it('accepts the limits themselves', async () => {
    const seller = await signUp(t, { role: 'seller' });
    const res = await add(
      seller,
      form({ resale_price: 1, original_price: 10_000_000, usage_Time: 0, laptop_name: 'x'.repeat(120) }),
    );
    expect(res.status).toBe(201);
    expect((await add(seller, form({ usage_Time: 30, laptopDesc: 'y'.repeat(5000) }))).status).toBe(201);
  });

  it('is for sellers adding as themselves only', async () => {
    expect((await add(buyer, form())).status).toBe(403);
    expect((await add(admin, form())).status).toBe(403);
    const seller = await signUp(t, { role: 'seller' });
    const other = await add(seller, form({ seller_email: DEMO.seller }));
    expect(other.status).toBe(403);
    expect((await jsonPost(t, '/api/addLaptop', form())).status).toBe(401);
  });

  it('marks the laptops of a verified seller verified', async () => {
    const seller = await signIn(t, DEMO.seller);
    const laptop = laptopSchema.parse(await (await add(seller, form())).json());
    expect(laptop.seller_verified).toBe(true);
  });
});

describe('GET /api/allLaptops, advertise and delete', () => {
  it('takes a laptop from listing to advertisement to deletion, by its seller only', async () => {
    const seller = await signUp(t, { role: 'seller' });
    const otherSeller = await signUp(t, { role: 'seller' });
    const laptop = laptopSchema.parse(await (await add(seller, form({ laptop_name: 'Advertise Me Pro 14' }))).json());

    const mine = laptopListSchema.parse(
      await (await t.request(`/api/allLaptops?email=${seller.email}`, { headers: { cookie: seller.cookie } })).json(),
    );
    expect(mine.map((l) => l._id)).toEqual([laptop._id]);
    expect(
      (await t.request(`/api/allLaptops?email=${seller.email}`, { headers: { cookie: admin.cookie } })).status,
    ).toBe(200);
    expect(
      (await t.request(`/api/allLaptops?email=${seller.email}`, { headers: { cookie: otherSeller.cookie } })).status,
    ).toBe(403);
    expect((await t.request(`/api/allLaptops?email=${seller.email}`)).status).toBe(401);

    const advertise = async (s: Session, body: unknown = { advertise: 'true' }) =>
      t.request(`/api/myProducts/${laptop._id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(await auth(s)) },
        body: JSON.stringify(body),
      });
    expect((await advertise(otherSeller)).status).toBe(403);
    expect((await advertise(admin)).status).toBe(403);
    expect((await advertise(seller, { advertise: 'false' })).status).toBe(400);
    expect(await (await advertise(seller)).json()).toEqual({ modifiedCount: 1 });
    expect(await (await advertise(seller, { advertise: true })).json()).toEqual({ modifiedCount: 0 });
    const ads = publicLaptopListSchema.parse(await (await t.request('/api/myProducts?advertise=true')).json());
    expect(ads.map((l) => l.laptop_name)).toContain('Advertise Me Pro 14');

    const del = async (s: Session, laptopId = laptop._id) =>
      t.request('/api/allLaptops', {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', ...(await auth(s)) },
        body: JSON.stringify({ laptopId }),
      });
    expect((await del(otherSeller)).status).toBe(403);
    expect((await del(buyer)).status).toBe(403);
    expect(await (await del(seller)).json()).toEqual({ deletedCount: 1 });
    expect((await del(seller)).status).toBe(404);
    const after = publicLaptopListSchema.parse(await (await t.request('/api/myProducts?advertise=true')).json());
    expect(after.map((l) => l.laptop_name)).not.toContain('Advertise Me Pro 14');
  });

  it('advertises only a listing still for sale: a sold or hidden one is refused (409) and stays off the home page', async () => {
    const seller = await signUp(t, { role: 'seller' });
    for (const salesStatus of ['sold', 'hidden'] as const) {
      const laptop = laptopSchema.parse(
        await (await add(seller, form({ laptop_name: `Not For Sale ${salesStatus}` }))).json(),
      );
      await t.database.db.update(laptops).set({ salesStatus }).where(eq(laptops.id, laptop._id));
      const res = await t.request(`/api/myProducts/${laptop._id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(await auth(seller)) },
        body: JSON.stringify({ advertise: true }),
      });
      expect(res.status, salesStatus).toBe(409);
      expect((await res.json()).error.message).toBe(ORDER_MESSAGES.soldAlready);
      const [row] = await t.database.db
        .select({ advertised: laptops.advertised })
        .from(laptops)
        .where(eq(laptops.id, laptop._id));
      expect(row?.advertised).toBe(false);
    }
  });

  it('lets the admin delete any laptop, and takes its orders with it', async () => {
    const seller = await signUp(t, { role: 'seller' });
    const laptop = laptopSchema.parse(await (await add(seller, form())).json());
    const booked = await jsonPost(
      t,
      '/api/myOrders',
      { laptop_id: laptop._id, buyerPhoneNumber: '01912345678', meetingAddress: 'Zindabazar, Sylhet' },
      await auth(buyer),
    );
    expect(booked.status).toBe(201);
    const res = await t.request('/api/allLaptops', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', ...(await auth(admin)) },
      body: JSON.stringify({ laptopId: laptop._id }),
    });
    expect(await res.json()).toEqual({ deletedCount: 1 });
    expect(await t.database.db.select().from(orders).where(eq(orders.laptopId, laptop._id))).toEqual([]);
    expect(await t.database.db.select().from(laptops).where(eq(laptops.id, laptop._id))).toEqual([]);
    const myOrders = await (
      await t.request(`/api/myOrders?buyerEmail=${DEMO.buyer}`, { headers: { cookie: buyer.cookie } })
    ).json();
    expect(myOrders.map((o: { laptop_id: string }) => o.laptop_id)).not.toContain(laptop._id);
  });
});
