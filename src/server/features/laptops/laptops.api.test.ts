import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laptopListSchema, publicLaptopListSchema } from '../../../shared/laptops.ts';
import { demoLaptops } from '../../seed/demo-data.ts';
import { makeLaptop, makeUser } from '../../seed/factories.ts';
import { DEMO, type Session, signIn } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/schema.ts';
import { laptops } from './schema.ts';

let t: TestApp;
let buyer: Session;
beforeAll(async () => {
  t = await startTestApp();
  buyer = await signIn(t, DEMO.buyer);
});
const asBuyer = (path: string) => t.request(path, { headers: { cookie: buyer.cookie } });
afterAll(() => t?.close());

describe('GET /api/myProducts?advertise=true', () => {
  it('lists the advertised laptops without the seller phone or e-mail', async () => {
    const res = await t.request('/api/myProducts?advertise=true');
    expect(res.status).toBe(200);
    const body = await res.json();
    const list = publicLaptopListSchema.parse(body);
    expect(list.map((l) => l.laptop_name).sort()).toEqual(
      demoLaptops
        .filter((l) => l.advertised)
        .map((l) => l.name)
        .sort(),
    );
    expect(list.every((l) => l.advertise && l.salesStatus === 'unsold')).toBe(true);
    for (const laptop of body) {
      expect(laptop).not.toHaveProperty('seller_email');
      expect(laptop).not.toHaveProperty('sellerMobileNumber');
    }
    const raw = JSON.stringify(body);
    for (const l of demoLaptops) expect(raw).not.toContain(l.sellerMobile);
    expect(raw).not.toContain('@laptophaat.test');
  });

  it('leaves out sold laptops and shows a new advertisement', async () => {
    const seller = makeUser({ role: 'seller', verified: true });
    await t.database.db.insert(users).values(seller);
    const fresh = makeLaptop({ sellerId: seller.id, advertised: true, name: 'Fresh Ad ThinkPad T14' });
    const sold = makeLaptop({ sellerId: seller.id, advertised: true, salesStatus: 'sold', name: 'Sold Ad XPS' });
    await t.database.db.insert(laptops).values([fresh, sold]);
    // Written behind the API's back: the public cache only hears of API writes.
    t.app.responseCache.clear();
    const list = publicLaptopListSchema.parse(await (await t.request('/api/myProducts?advertise=true')).json());
    const names = list.map((l) => l.laptop_name);
    expect(names).toContain('Fresh Ad ThinkPad T14');
    expect(names).not.toContain('Sold Ad XPS');
    expect(list.find((l) => l._id === fresh.id)?.seller_verified).toBe(true);
  });

  it('refuses a missing or wrong advertise flag with the error shape', async () => {
    for (const q of ['', '?advertise=false', '?advertise=yes']) {
      const res = await t.request(`/api/myProducts${q}`);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('validation');
      expect(body.error.fields).toHaveProperty('advertise');
    }
  });
});

/** A GET whose body is not decoded, to see what went over the wire. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** The demo seller advertises one of their laptops that is not advertised yet, through the API. */
async function advertiseOneMore(): Promise<{ _id: string }> {
  const seller = await signIn(t, DEMO.seller);
  const notYet = (
    await (await t.request(`/api/allLaptops?email=${DEMO.seller}`, { headers: { cookie: seller.cookie } })).json()
  ).find((l: { advertise: boolean }) => !l.advertise);
  expect(notYet).toBeDefined();
  const put = await t.request(`/api/myProducts/${notYet._id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: seller.cookie, origin: t.url },
    body: '{"advertise":"true"}',
  });
  expect(put.status).toBe(200);
  return notYet;
}

describe('caching of public reads', () => {
  it('answers 304 to a client that has the current version, and a new version after a write', async () => {
    const first = await t.request('/api/myProducts?advertise=true');
    const etag = first.headers.get('etag')!;
    // Weak: the plain, gzip and brotli bytes are one entity.
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    // An edge may keep it a few seconds and then serve it while it refreshes; a browser asks each time.
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=0, must-revalidate, s-maxage=5, stale-while-revalidate=30, stale-if-error=86400',
    );
    const again = await t.request('/api/myProducts?advertise=true', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));

    const notYet = await advertiseOneMore();
    const after = await t.request('/api/myProducts?advertise=true', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect((await after.json()).map((l: { _id: string }) => l._id)).toContain(notYet._id);
  });

  it('sends the cached answer compressed to clients that accept it, and plain to those that do not', async () => {
    const plain = await rawGet(`${t.url}/api/myProducts?advertise=true`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const json = JSON.parse(plain.body.toString());
    expect(json.length).toBeGreaterThan(0);

    const br = await rawGet(`${t.url}/api/myProducts?advertise=true`, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(json);

    const gz = await rawGet(`${t.url}/api/myProducts?advertise=true`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(json);
    expect(gz.headers.etag).toBe(plain.headers.etag);
  });

  it('shows a write on the next read', async () => {
    const url = '/api/myProducts?advertise=true';
    await t.request(url);
    const notYet = await advertiseOneMore();
    const after = await (await t.request(url)).json();
    expect(after.map((l: { _id: string }) => l._id)).toContain(notYet._id);
    expect(await (await t.request(url)).json()).toEqual(after);
  });

  it('keeps one answer however many query strings a client invents', async () => {
    t.app.responseCache.clear(['content']);
    for (let i = 0; i < 50; i += 1) expect((await t.request(`/api/blog?n=${i}`)).status).toBe(200);
    expect(t.app.responseCache.entriesOf('content')).toHaveLength(1);
  });

  it('marks a public answer private when the request carries a session or a token', async () => {
    const res = await asBuyer('/api/myProducts?advertise=true');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const bearer = await t.request('/api/blog', { headers: { authorization: 'Bearer some-token' } });
    expect(bearer.headers.get('cache-control')).toBe('private, no-cache');
    // Another cookie (the language) is no session.
    const lang = await t.request('/api/blog', { headers: { cookie: 'lang=bn' } });
    expect(lang.headers.get('cache-control')).toMatch(/^public, /);
  });

  it('marks category answers private: they carry seller contact', async () => {
    const res = await asBuyer('/api/categories/casual');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });
});

describe('GET /api/categories/:name', () => {
  it('returns the seeded gaming laptops, newest first, with seller contact', async () => {
    const res = await asBuyer('/api/categories/gaming');
    expect(res.status).toBe(200);
    const list = laptopListSchema.parse(await res.json());
    const seededGaming = demoLaptops.filter((l) => l.category === 'gaming');
    expect(list.map((l) => l.laptop_name).sort()).toEqual(seededGaming.map((l) => l.name).sort());
    expect(list.every((l) => l.category === 'gaming')).toBe(true);
    const dates = list.map((l) => Date.parse(l.post_date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const first = list[0]!;
    const seeded = seededGaming.find((l) => l.name === first.laptop_name)!;
    expect(first.sellerMobileNumber).toBe(seeded.sellerMobile);
    expect(first.seller_email).toBe(seeded.sellerEmail);
    expect(first.resale_price).toBe(seeded.resalePrice);
  });

  it('answers every category, and reflects the seller verification', async () => {
    for (const name of ['casual', 'gaming', 'premium']) {
      const list = laptopListSchema.parse(await (await asBuyer(`/api/categories/${name}`)).json());
      expect(list.length).toBeGreaterThanOrEqual(6);
      for (const l of list.filter((x) => x.seller_email.endsWith('@laptophaat.test'))) {
        expect(l.seller_verified).toBe(l.seller_email === 'seller@laptophaat.test');
      }
    }
    const [newSeller] = await t.database.db.select().from(users).where(eq(users.email, 'newseller@laptophaat.test'));
    expect(newSeller?.verified).toBe(false);
  });

  it('needs a signed-in user', async () => {
    const res = await t.request('/api/categories/gaming');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      error: { code: 'unauthenticated', message: 'Please log in to continue' },
    });
  });

  it('answers an unknown category with 404 in the error shape', async () => {
    const res = await asBuyer('/api/categories/toys');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found', message: 'Category “toys” not found' } });
  });
});
