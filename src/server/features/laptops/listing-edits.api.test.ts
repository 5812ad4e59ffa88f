import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP_MESSAGES, type Laptop, laptopSchema } from '../../../shared/laptops.ts';
import { notificationPageSchema } from '../../../shared/notifications.ts';
import { laptopDetailSchema, laptopPageSchema } from '../../../shared/search.ts';
import { fieldMessages, validLaptopBody } from '../../test/fixtures.ts';
import { photoLike, uploadPhoto } from '../../test/photos.ts';
import { DEMO, jsonPost, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { photos as photoRows } from '../photos/schema.ts';
import { wishlist } from '../wishlist/schema.ts';
import { laptops } from './schema.ts';

// Editing a listing (docs/product.md#edit-a-listing), its area, negotiable mark and months of use,
// and the search filter and text they add (docs/search.md).

let t: TestApp;
let seller: Session;
let otherSeller: Session;
let admin: Session;
let buyer: Session;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, { role: 'seller', name: 'Karim Laptops' });
  otherSeller = await signUp(t, { role: 'seller' });
  admin = await signIn(t, DEMO.admin);
  buyer = await signUp(t);
});
afterAll(() => t?.close());

const send = (who: Session | null, method: 'PUT' | 'GET', path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: {
      origin: t.url,
      ...(who ? { cookie: who.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function add(body = validLaptopBody()): Promise<Laptop> {
  const res = await jsonPost(t, '/api/addLaptop', body, { cookie: seller.cookie });
  expect(res.status, await res.clone().text()).toBe(201);
  return laptopSchema.parse(await res.json());
}

const edit = (who: Session | null, id: string, body: unknown) => send(who, 'PUT', `/api/laptops/${id}`, body);

let shade = 0;
async function uploaded(who: Session): Promise<string> {
  shade += 1;
  const bytes = await photoLike(640, 480)
    .linear(1, shade * 3)
    .jpeg()
    .toBuffer();
  return (await uploadPhoto(t, who, bytes)).id;
}

async function search(query: string) {
  const res = await t.request(`/api/laptops?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return laptopPageSchema.parse(await res.json());
}

describe('PUT /api/laptops/{id}', () => {
  it('lets the seller rewrite every field, and answers the listing as it now is', async () => {
    const laptop = await add();
    const res = await edit(
      seller,
      laptop._id,
      validLaptopBody({
        laptop_name: 'Lenovo ThinkPad T480s',
        laptopDesc: 'Fixed typo: i7-8650U, 16 GB RAM, 512 GB SSD.',
        category: 'premium',
        resale_price: 35_000,
        location: 'dhaka',
        area: '  Mirpur 10 ',
        negotiable: true,
        usage_months: '7',
        usage_Time: undefined,
        brand: 'lenovo',
        ram_gb: '16',
      }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const edited = laptopSchema.parse(await res.json());
    expect(edited).toMatchObject({
      _id: laptop._id,
      laptop_name: 'Lenovo ThinkPad T480s',
      category: 'premium',
      resale_price: 35_000,
      location: 'dhaka',
      area: 'Mirpur 10',
      negotiable: true,
      usage_months: 7,
      usage_Time: 0,
      brand: 'Lenovo',
      ram_gb: 16,
      post_date: laptop.post_date,
      salesStatus: 'unsold',
    });
    const page = laptopDetailSchema.parse(await (await t.request(`/api/laptops/${laptop._id}`)).json());
    expect(page).toMatchObject({ laptopDesc: 'Fixed typo: i7-8650U, 16 GB RAM, 512 GB SSD.', area: 'Mirpur 10' });
    // Left out, an optional field is cleared: the form sends the whole listing.
    const cleared = await edit(seller, laptop._id, validLaptopBody({ usage_months: 30 }));
    expect(laptopSchema.parse(await cleared.json())).toMatchObject({
      area: null,
      negotiable: false,
      brand: null,
      usage_months: 30,
      usage_Time: 2,
    });
  });

  it('is the seller’s alone: another seller, a buyer and the admin get 403, nobody signed in 401', async () => {
    const laptop = await add();
    const body = validLaptopBody({ laptop_name: 'Not yours' });
    for (const who of [otherSeller, buyer, admin]) expect((await edit(who, laptop._id, body)).status).toBe(403);
    expect((await edit(null, laptop._id, body)).status).toBe(401);
    expect((await edit(seller, 'no-such-laptop', body)).status).toBe(404);
    const stored = await t.database.db.select({ name: laptops.name }).from(laptops).where(eq(laptops.id, laptop._id));
    expect(stored[0]?.name).toBe('Lenovo ThinkPad T480');
  });

  it.each(['sold', 'hidden'] as const)('refuses a %s listing with 409 and a clear message', async (status) => {
    const laptop = await add();
    await t.database.db.update(laptops).set({ salesStatus: status }).where(eq(laptops.id, laptop._id));
    const res = await edit(seller, laptop._id, validLaptopBody());
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ code: 'conflict', message: LAPTOP_MESSAGES.notEditable });
  });

  it('checks the body with the Add A Product rules', async () => {
    const laptop = await add();
    const res = await edit(
      seller,
      laptop._id,
      validLaptopBody({ laptop_name: '', area: 'x'.repeat(61), usage_months: 1201, usage_Time: undefined }),
    );
    expect(res.status).toBe(400);
    expect(fieldMessages((await res.json()).error.fields)).toMatchObject({
      laptop_name: LAPTOP_MESSAGES.name,
      area: LAPTOP_MESSAGES.area,
      usage_months: LAPTOP_MESSAGES.months,
    });
    const none = await edit(seller, laptop._id, validLaptopBody({ usage_Time: undefined }));
    expect(fieldMessages((await none.json()).error.fields)).toMatchObject({ usage_months: LAPTOP_MESSAGES.years });
  });

  it('tells those who saved the laptop of a lower price, as a price change does', async () => {
    const saver = await signUp(t);
    const laptop = await add();
    await t.database.db.insert(wishlist).values({ userId: saver.userId, laptopId: laptop._id, savedPrice: 32_000 });
    expect((await edit(seller, laptop._id, validLaptopBody({ resale_price: 33_000 }))).status).toBe(200);
    expect((await edit(seller, laptop._id, validLaptopBody({ resale_price: 29_500 }))).status).toBe(200);
    const res = await send(saver, 'GET', '/api/notifications');
    const items = notificationPageSchema.parse(await res.json()).items.filter((i) => i.kind === 'price_dropped');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ amount: 29_500, laptop_name: 'Lenovo ThinkPad T480' });
  });

  it('keeps, adds, removes and reorders the photos; the cover is the first', async () => {
    const [a, b, c] = [await uploaded(seller), await uploaded(seller), await uploaded(seller)];
    const laptop = await add(validLaptopBody({ laptop_img: undefined, photos: [a, b] }));
    expect(laptop.cover_photo?.id).toBe(a);
    const res = await edit(seller, laptop._id, validLaptopBody({ laptop_img: undefined, photos: [c, b] }));
    expect(res.status, await res.clone().text()).toBe(200);
    const edited = laptopSchema.parse(await res.json());
    expect(edited.cover_photo?.id).toBe(c);
    const page = laptopDetailSchema.parse(await (await t.request(`/api/laptops/${laptop._id}`)).json());
    expect(page.photos.map((p) => p.id)).toEqual([c, b]);
    expect(page.laptop_img).toBe(page.photos[0]!.url);
    // The removed photo is kept a day for its uploader (docs/photos.md), not deleted under them.
    expect(await t.database.db.select().from(photoRows).where(eq(photoRows.id, a))).toHaveLength(1);
    // Another seller's upload cannot be slipped in.
    const theirs = await uploaded(otherSeller);
    const stolen = await edit(seller, laptop._id, validLaptopBody({ laptop_img: undefined, photos: [b, theirs] }));
    expect(stolen.status).toBe(400);
    expect(Object.keys((await stolen.json()).error.fields)).toEqual(['photos']);
  });
});

describe('area, negotiable and months of use', () => {
  it('lists with an area and the negotiable mark; older clients send whole years', async () => {
    const laptop = await add(validLaptopBody({ area: 'Zindabazar', negotiable: 'true' }));
    expect(laptop).toMatchObject({ area: 'Zindabazar', negotiable: true, usage_Time: 3, usage_months: 36 });
    const months = await add(validLaptopBody({ usage_months: '18', usage_Time: '9' }));
    expect(months).toMatchObject({ usage_months: 18, usage_Time: 1 });
  });

  it('finds a laptop by its area and filters the negotiable ones', async () => {
    const mine = await add(
      validLaptopBody({ laptop_name: 'Dell Latitude 5490', area: 'Qwertyabad 12', negotiable: true }),
    );
    const fixed = await add(validLaptopBody({ laptop_name: 'Dell Latitude 5490', area: 'Qwertyabad 14' }));
    expect((await search('q=qwertyabad')).items.map((l) => l._id).sort()).toEqual([mine._id, fixed._id].sort());
    const negotiable = await search('q=qwertyabad&negotiable=true');
    expect(negotiable.items.map((l) => l._id)).toEqual([mine._id]);
    expect(negotiable.total).toBe(1);
    expect((await search('q=qwertyabad&negotiable=false')).total).toBe(2);
    const bad = await t.request('/api/laptops?negotiable=yes');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toHaveProperty('negotiable');
    // An edit moves it: the search document follows the area.
    await edit(seller, fixed._id, validLaptopBody({ laptop_name: 'Dell Latitude 5490', area: 'Banani' }));
    expect((await search('q=qwertyabad')).items.map((l) => l._id)).toEqual([mine._id]);
  });
});
