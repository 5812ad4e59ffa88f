import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerLaptopPageSchema, sellerSchema } from '../../../shared/sellers.ts';
import { makeLaptop } from '../../seed/factories.ts';
import { DEMO, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';

// A seller's public page (docs/product.md#seller-pages): the record, their laptops for sale a page at
// a time, and the admin's verification with its record (docs/product.md#seller-verification).

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signIn(t, DEMO.admin);
});
afterAll(() => t?.close());

const get = (path: string, who?: Session) => t.request(path, { headers: who ? { cookie: who.cookie } : {} });

describe('GET /api/sellers/{id}', () => {
  it('answers anyone with the public record, never an e-mail or a phone', async () => {
    const s = await signUp(t, { role: 'seller', name: 'Chattogram Tech' });
    await t.database.db
      .insert(laptops)
      .values([
        makeLaptop({ sellerId: s.userId, salesStatus: 'sold' }),
        makeLaptop({ sellerId: s.userId, salesStatus: 'sold' }),
        makeLaptop({ sellerId: s.userId }),
      ]);
    const res = await get(`/api/sellers/${s.userId}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(s.email);
    expect(text).not.toContain('01712345678');
    const record = sellerSchema.parse(JSON.parse(text));
    expect(record).toMatchObject({
      _id: s.userId,
      name: 'Chattogram Tech',
      verified: false,
      verified_at: null,
      phone_verified: false,
      sold_count: 2,
      rating: { average: null, count: 0 },
    });
    expect(Math.abs(new Date(record.member_since).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('a buyer, an admin or an unknown id has no seller page: 404', async () => {
    const buyer = await signUp(t);
    for (const id of [buyer.userId, admin.userId, 'no-such-seller']) {
      const res = await get(`/api/sellers/${id}`);
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
      expect((await get(`/api/sellers/${id}/reviews`)).status).toBe(404);
      expect((await get(`/api/sellers/${id}/laptops`)).status).toBe(404);
    }
  });

  it('the admin’s verification is recorded with who, when and why, and the page shows since when', async () => {
    const s = await signUp(t, { role: 'seller' });
    const res = await t.request(`/api/users/${s.userId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: t.url, cookie: admin.cookie },
      body: JSON.stringify({ verified: true, note: 'Trade licence and NID checked at the Dhaka office' }),
    });
    expect(res.status).toBe(200);
    const record = sellerSchema.parse(await (await get(`/api/sellers/${s.userId}`)).json());
    expect(record.verified).toBe(true);
    expect(Math.abs(new Date(record.verified_at!).getTime() - Date.now())).toBeLessThan(60_000);
    const { users } = await import('../users/schema.ts');
    const { eq } = await import('drizzle-orm');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, s.userId));
    expect(row).toMatchObject({
      verifiedBy: admin.userId,
      verificationNote: 'Trade licence and NID checked at the Dhaka office',
    });
    // A note longer than 500 characters is refused by field.
    const long = await t.request(`/api/users/${s.userId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: t.url, cookie: admin.cookie },
      body: JSON.stringify({ verified: true, note: 'x'.repeat(501) }),
    });
    expect(long.status).toBe(400);
    expect((await long.json()).error.fields.note.code).toBe('too_long');
  });
});

describe('GET /api/sellers/{id}/laptops', () => {
  it('pages the seller’s laptops for sale, newest first, leaving sold and hidden ones out', async () => {
    const s = await signUp(t, { role: 'seller' });
    const base = Date.now();
    const forSale = Array.from({ length: 5 }, (_, i) =>
      makeLaptop({ sellerId: s.userId, name: `Seller Page Laptop ${i}`, postedAt: new Date(base - i * 60_000) }),
    );
    await t.database.db
      .insert(laptops)
      .values([
        ...forSale,
        makeLaptop({ sellerId: s.userId, salesStatus: 'sold' }),
        makeLaptop({ sellerId: s.userId, salesStatus: 'hidden' }),
      ]);
    const first = sellerLaptopPageSchema.parse(await (await get(`/api/sellers/${s.userId}/laptops?limit=3`)).json());
    expect(first.items.map((l) => l.laptop_name)).toEqual([
      'Seller Page Laptop 0',
      'Seller Page Laptop 1',
      'Seller Page Laptop 2',
    ]);
    expect(first.items[0]).not.toHaveProperty('seller_email');
    expect(first.nextCursor).not.toBeNull();
    const second = sellerLaptopPageSchema.parse(
      await (await get(`/api/sellers/${s.userId}/laptops?limit=3&cursor=${first.nextCursor}`)).json(),
    );
    expect(second.items.map((l) => l.laptop_name)).toEqual(['Seller Page Laptop 3', 'Seller Page Laptop 4']);
    expect(second.nextCursor).toBeNull();
    expect((await get(`/api/sellers/${s.userId}/laptops?cursor=nonsense`)).status).toBe(400);
  });
});
