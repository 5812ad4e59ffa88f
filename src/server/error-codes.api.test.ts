import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAM_SIZES_GB } from '../shared/catalog.ts';
import { errorBodySchema } from '../shared/errors.ts';
import { DEMO, jsonPost, type Session, signIn } from './test/sessions.ts';
import { startTestApp, type TestApp } from './test/test-app.ts';

// Errors by code (docs/decisions/0032): every error names what is wrong by `reason` and `params`,
// each refused field by `code` and its parameters, and words it all in the caller's language
// (Accept-Language, then the `lang` cookie as pages pick theirs).

let t: TestApp;
let seller: Session;
let buyer: Session;
let ownLaptopId: string;
beforeAll(async () => {
  t = await startTestApp();
  [seller, buyer] = await Promise.all([signIn(t, DEMO.seller), signIn(t, DEMO.buyer)]);
  const mine = await t.request(`/api/allLaptops?email=${encodeURIComponent(DEMO.seller)}`, {
    headers: { cookie: seller.cookie },
  });
  const laptops = (await mine.json()) as { _id: string; salesStatus: string }[];
  ownLaptopId = laptops.find((l) => l.salesStatus === 'unsold')?._id ?? '';
  expect(ownLaptopId).not.toBe('');
});
afterAll(() => t?.close());

async function errorOf(res: Response) {
  return errorBodySchema.parse(await res.json()).error;
}

const signUpBody = { name: '', email: 'nobody@example.test', password: 'Ab@1', role: 'buyer' };

describe('validation names each field by code and parameters', () => {
  it('in English: the spec’s own words beside the codes', async () => {
    const res = await jsonPost(t, '/api/auth/sign-up/email', signUpBody);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-language')).toBe('en');
    const error = await errorOf(res);
    expect(error).toMatchObject({ code: 'validation', reason: 'invalid_request' });
    expect(error.fields?.password).toEqual({
      code: 'too_short',
      min: 6,
      message: 'Password must be 6 characters or longer',
    });
    expect(error.fields?.name).toEqual({ code: 'required', message: 'Name is required' });
    expect(error.message).toBe(error.fields?.[Object.keys(error.fields ?? {})[0] ?? '']?.message);
  });

  it('in Bangla with Accept-Language: bn, the same codes', async () => {
    const res = await jsonPost(t, '/api/auth/sign-up/email', signUpBody, {
      'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-language')).toBe('bn');
    const error = await errorOf(res);
    expect(error.fields?.password).toEqual({
      code: 'too_short',
      min: 6,
      message: 'পাসওয়ার্ড কমপক্ষে ৬ অক্ষরের হতে হবে',
    });
    expect(error.fields?.name).toEqual({ code: 'required', message: 'নাম দিতে হবে' });
  });

  it('names a number’s bounds and an enum’s values', async () => {
    const res = await t.request('/api/laptops?limit=1000&sort=random&ram=3');
    const error = await errorOf(res);
    expect(error.fields?.limit).toMatchObject({ code: 'too_big', max: 60 });
    expect(error.fields?.sort).toMatchObject({ code: 'not_one_of', values: ['newest', 'price_asc', 'price_desc'] });
    expect(error.fields?.ram).toMatchObject({ code: 'not_one_of', values: [...RAM_SIZES_GB] });
  });

  it('names a rule’s own code: a weak password, a cursor not from a page', async () => {
    const weak = await errorOf(await jsonPost(t, '/api/auth/sign-up/email', { ...signUpBody, password: 'abcdefgh' }));
    expect(weak.fields?.password).toEqual({
      code: 'weak_password',
      message: 'Password must contain uppercase, lowercase, number and special character',
    });
    const cursor = await errorOf(await t.request('/api/laptops?cursor=nonsense'));
    expect(cursor).toMatchObject({ code: 'validation', fields: { cursor: { code: 'invalid_cursor' } } });
    expect(cursor.message).toBe('cursor must be a cursor from a previous page');
  });
});

describe('domain errors carry a reason of their own', () => {
  it('booking one’s own laptop: own_laptop, in English and in Bangla by the lang cookie', async () => {
    const body = { laptop_id: ownLaptopId, buyerPhoneNumber: '01712345678', meetingAddress: 'Dhanmondi' };
    const en = await jsonPost(t, '/api/myOrders', body, { cookie: seller.cookie });
    expect(en.status).toBe(403);
    expect(await errorOf(en)).toEqual({
      code: 'forbidden',
      reason: 'own_laptop',
      message: 'You cannot book your own laptop',
    });
    const bn = await jsonPost(t, '/api/myOrders', body, { cookie: `${seller.cookie}; lang=bn` });
    expect(bn.headers.get('content-language')).toBe('bn');
    expect(await errorOf(bn)).toEqual({
      code: 'forbidden',
      reason: 'own_laptop',
      message: 'নিজের ল্যাপটপ আপনি বুক করতে পারবেন না',
    });
  });

  it('the cookie wins over Accept-Language, as for pages', async () => {
    const res = await t.request('/api/laptops/nope', {
      headers: { cookie: 'lang=en', 'accept-language': 'bn' },
    });
    expect(await errorOf(res)).toEqual({ code: 'not_found', reason: 'laptop_not_found', message: 'Laptop not found' });
  });

  it('booking twice: already_booked; reporting one’s own listing: own_listing', async () => {
    const body = { laptop_id: ownLaptopId, buyerPhoneNumber: '01712345678', meetingAddress: 'Dhanmondi' };
    const first = await jsonPost(t, '/api/myOrders', body, { cookie: buyer.cookie });
    expect([200, 201]).toContain(first.status);
    const again = await jsonPost(t, '/api/myOrders', body, { cookie: buyer.cookie, 'accept-language': 'bn' });
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: 'conflict', reason: 'already_booked' });
    const report = await jsonPost(
      t,
      '/api/reports',
      { laptop_id: ownLaptopId, reason: 'scam' },
      { cookie: seller.cookie },
    );
    expect(await errorOf(report)).toEqual({
      code: 'forbidden',
      reason: 'own_listing',
      message: 'You cannot report your own listing',
    });
  });

  it('an unknown route and an unknown category carry what was asked for as params', async () => {
    expect(await errorOf(await t.request('/api/nope?x=1', { headers: { 'accept-language': 'bn' } }))).toEqual({
      code: 'not_found',
      reason: 'no_route',
      params: { method: 'GET', path: '/api/nope' },
      message: 'GET /api/nope নামে কোনো রাউট নেই',
    });
    const category = await errorOf(await t.request('/api/categories/toys', { headers: { cookie: buyer.cookie } }));
    expect(category).toEqual({
      code: 'not_found',
      reason: 'category_not_found',
      params: { category: 'toys' },
      message: 'Category “toys” not found',
    });
  });

  it('signing in with a wrong password: wrong_credentials, worded in Bangla', async () => {
    const res = await jsonPost(
      t,
      '/api/auth/sign-in/email',
      { email: DEMO.buyer, password: 'Wrong@1234' },
      { 'accept-language': 'bn' },
    );
    expect(res.status).toBe(401);
    const error = await errorOf(res);
    expect(error).toMatchObject({ code: 'unauthenticated', reason: 'wrong_credentials' });
    expect(error.message).toMatch(/[\u0980-\u09FF]/);
  });
});
