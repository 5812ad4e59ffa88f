import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laptopSchema } from '../shared/laptops.ts';
import { laptops } from './features/laptops/schema.ts';
import { makeLaptop } from './seed/factories.ts';
import { validLaptopBody } from './test/fixtures.ts';
import { subscriptionLike } from './test/push-service.ts';
import { rawRequest } from './test/raw-request.ts';
import { DEMO, jsonPost, type Session, signIn, signUp } from './test/sessions.ts';
import { startTestApp, type TestApp } from './test/test-app.ts';

// Property-based hostile input: thousands of generated bodies, query strings and path
// params, derived from the valid shapes of the shared schemas and then broken, sent by callers who
// are allowed to call the route, so what is exercised is validation, not authorization.

// Per database: the API tests run on PGlite and PostgreSQL, so one `npm test` sends over 10,000.
const RUNS = Number(process.env.HOSTILE_RUNS ?? 850);

let t: TestApp;
let seller: Session;
let buyer: Session;
let admin: Session;
/** The demo seller, already verified: a verification request it sends changes nothing. */
let verifiedSeller: Session;
let laptopId: string;
const METRICS_TOKEN = 'hostile-metrics-token-0123456789abcdef0123456';

beforeAll(async () => {
  t = await startTestApp({ config: { metricsToken: METRICS_TOKEN } });
  seller = await signUp(t, { role: 'seller' });
  buyer = await signUp(t, { role: 'buyer' });
  admin = await signIn(t, DEMO.admin);
  verifiedSeller = await signIn(t, DEMO.seller);
  const laptop = makeLaptop({ sellerId: seller.userId });
  await t.database.db.insert(laptops).values(laptop);
  laptopId = laptop.id;
});
afterAll(() => t?.close());

/** Everything a refused request must leave untouched. */
async function fingerprint(): Promise<string> {
  const [row] = await t.database.db
    .select({
      f: sql<string>`concat_ws('|',
        (select md5(coalesce(string_agg(u::text, ',' order by u.id), '')) from "user" u),
        (select md5(coalesce(string_agg(l::text, ',' order by l.id), '')) from laptop l),
        (select md5(coalesce(string_agg(o::text, ',' order by o.id), '')) from "order" o),
        (select md5(coalesce(string_agg(p.id, ',' order by p.id), '')) from photo p),
        (select md5(coalesce(string_agg(lp::text, ',' order by lp.laptop_id, lp.position), '')) from laptop_photo lp),
        (select md5(coalesce(string_agg(r::text, ',' order by r.id), '')) from report r),
        (select md5(coalesce(string_agg(w::text, ',' order by w.user_id, w.laptop_id), '')) from wishlist w),
        (select md5(coalesce(string_agg(c::text, ',' order by c.id), '')) from conversation c),
        (select md5(coalesce(string_agg(m::text, ',' order by m.id), '')) from message m),
        (select md5(coalesce(string_agg(b::text, ',' order by b.blocker_id, b.blocked_id), '')) from block b),
        (select md5(coalesce(string_agg(pc::text, ',' order by pc.user_id), '')) from phone_code pc),
        (select md5(coalesce(string_agg(rv::text, ',' order by rv.id), '')) from review rv),
        (select md5(coalesce(string_agg(ps::text, ',' order by ps.id), '')) from push_subscription ps),
        (select md5(coalesce(string_agg(nt.id::text || coalesce(nt.read_at::text, ''), ',' order by nt.id), '')) from notification nt),
        (select md5(coalesce(string_agg(ss::text, ',' order by ss.id), '')) from saved_search ss))`,
    })
    .from(sql`(select 1) as one`);
  return row!.f;
}

const nasty = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    "'; drop table laptop; --",
    '" or 1=1 --',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'javascript:alert(1)',
    '\u0000',
    '\u202e',
    '💻🇧🇩',
    '০১৭১২৩৪৫৬৭৮',
    '../../etc/passwd',
    '%00',
    'true',
    'NaN',
    '-1',
    '1e308',
  ),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
);
const scalar = fc.oneof(nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String));
const deep = fc.integer({ min: 50, max: 2_000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const polluted = fc.constantFrom(
  '{"__proto__":{"role":"admin","isAdmin":true}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"laptop_id":{"__proto__":{"x":1}}}',
);

/**
 * A body shaped like the route's valid one, with fields replaced by hostile values or removed and
 * extra fields added; the `poison` field stays wrong, so every such body must be refused.
 */
function mutated(valid: Record<string, unknown>, poison: Record<string, unknown>) {
  const free = Object.keys(valid).filter((k) => !(k in poison));
  // With every field poisoned, replacements still target them (and the poison wins).
  const keys = free.length ? free : Object.keys(poison);
  return fc
    .record({
      replace: fc.dictionary(
        fc.constantFrom(...keys),
        fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.object({ maxDepth: 2 })),
      ),
      drop: fc.subarray(keys),
      extra: fc.dictionary(fc.string({ maxLength: 10 }), scalar, { maxKeys: 3 }),
    })
    .map(({ replace, drop, extra }) => {
      const body: Record<string, unknown> = { ...extra, ...valid, ...replace };
      for (const k of drop) delete body[k];
      return JSON.stringify({ ...body, ...poison });
    });
}

const bodyFor = (valid: Record<string, unknown>, poison: Record<string, unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: mutated(valid, poison) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: polluted },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );

const ROUTES: {
  name: string;
  method: string;
  path: () => string;
  valid: Record<string, unknown>;
  poison: Record<string, unknown>;
  as: () => Session;
}[] = [
  {
    name: 'POST /api/addLaptop',
    method: 'POST',
    path: () => '/api/addLaptop',
    as: () => seller,
    valid: validLaptopBody(),
    poison: { usage_Time: 31 },
  },
  {
    name: 'POST /api/myOrders',
    method: 'POST',
    path: () => '/api/myOrders',
    as: () => buyer,
    valid: { laptop_id: 'x', buyerPhoneNumber: '01712345678', meetingAddress: 'Uttara, Dhaka' },
    poison: { buyerPhoneNumber: '01212345678' },
  },
  {
    name: 'POST /api/users',
    method: 'POST',
    path: () => '/api/users',
    as: () => buyer,
    valid: { name: 'B', email: 'b@example.test', role: 'buyer' },
    poison: { role: 'admin' },
  },
  {
    name: 'PUT /api/booked/:id',
    method: 'PUT',
    path: () => `/api/booked/${laptopId}`,
    as: () => seller,
    valid: { booked: true },
    poison: { booked: 'yes' },
  },
  {
    name: 'PUT /api/myProducts/:id',
    method: 'PUT',
    path: () => `/api/myProducts/${laptopId}`,
    as: () => seller,
    valid: { advertise: 'true' },
    poison: { advertise: 'no' },
  },
  {
    name: 'PUT /api/laptops/:id',
    method: 'PUT',
    path: () => `/api/laptops/${laptopId}`,
    as: () => seller,
    valid: validLaptopBody({ area: 'Mirpur 10', negotiable: true, usage_months: 7 }),
    poison: { usage_months: 1201 },
  },
  {
    // Refused whatever it holds: 400 for a field, 409 for the verified seller's empty request.
    name: 'POST /api/users/verification-request',
    method: 'POST',
    path: () => '/api/users/verification-request',
    as: () => verifiedSeller,
    valid: {},
    poison: { verified: true },
  },
  {
    name: 'DELETE /api/allLaptops',
    method: 'DELETE',
    path: () => '/api/allLaptops',
    as: () => seller,
    valid: { laptopId: 'x' },
    poison: { laptopId: 42 },
  },
  {
    name: 'DELETE /api/users',
    method: 'DELETE',
    path: () => '/api/users',
    as: () => admin,
    valid: { id: 'x' },
    poison: { id: 7 },
  },
  {
    name: 'PUT /api/users/:id',
    method: 'PUT',
    path: () => `/api/users/${seller.userId}`,
    as: () => admin,
    valid: { verified: 'true' },
    poison: { verified: 'false' },
  },
  {
    name: 'POST /api/reports',
    method: 'POST',
    path: () => '/api/reports',
    as: () => buyer,
    valid: { laptop_id: 'x', reason: 'other', details: 'Photos are of another laptop' },
    poison: { reason: 'spam' },
  },
  {
    name: 'PUT /api/reports/:id',
    method: 'PUT',
    path: () => '/api/reports/x',
    as: () => admin,
    valid: { action: 'dismiss', note: 'Checked' },
    poison: { action: 'delete' },
  },
  {
    // Past 10 starts an hour the answer is 429 before validation: still a clean refusal.
    name: 'POST /api/conversations',
    method: 'POST',
    path: () => '/api/conversations',
    as: () => buyer,
    valid: { laptop_id: 'x', text: 'Is it still for sale?' },
    poison: { text: 'x'.repeat(2_001) },
  },
  {
    name: 'POST /api/conversations/:id/messages',
    method: 'POST',
    path: () => '/api/conversations/x/messages',
    as: () => buyer,
    valid: { text: 'Is it still for sale?' },
    poison: { text: ' \n\t ' },
  },
  {
    name: 'POST /api/conversations/:id/report',
    method: 'POST',
    path: () => '/api/conversations/x/report',
    as: () => buyer,
    valid: { reason: 'other', details: 'Asked for an advance' },
    poison: { reason: 'rude' },
  },
  {
    // No such listing: refused before anything is written.
    name: 'PUT /api/moderation/:laptopId',
    method: 'PUT',
    path: () => '/api/moderation/x',
    as: () => admin,
    valid: { action: 'reject', reason: 'Bait price' },
    poison: { reason: 'x'.repeat(501) },
  },
  {
    // A filter GET /api/laptops refuses is refused inside the saved query too.
    name: 'POST /api/savedSearches',
    method: 'POST',
    path: () => '/api/savedSearches',
    as: () => buyer,
    valid: { query: 'q=dell+16gb&maxPrice=60000', name: 'Dell deals' },
    poison: { query: 'ram=3' },
  },
  {
    // No such saved search: refused before anything is written.
    name: 'PATCH /api/savedSearches/:id',
    method: 'PATCH',
    path: () => '/api/savedSearches/x',
    as: () => buyer,
    valid: { name: 'Dell deals', seen: true },
    poison: { seen: false },
  },
  {
    name: 'PUT /api/laptops/:id/proof',
    method: 'PUT',
    path: () => '/api/laptops/x/proof',
    as: () => seller,
    valid: { photo_id: 'x' },
    poison: { photo_id: 7 },
  },
  {
    name: 'POST /api/phone/otp',
    method: 'POST',
    path: () => '/api/phone/otp',
    as: () => buyer,
    valid: { phone: '01612345678' },
    poison: { phone: '01212345678' },
  },
  {
    name: 'POST /api/phone/verify',
    method: 'POST',
    path: () => '/api/phone/verify',
    as: () => buyer,
    valid: { phone: '01612345678', code: '123456' },
    poison: { code: '12345６' },
  },
  {
    // No such order: whatever the body, refused before anything is written.
    name: 'POST /api/orders/:id/review',
    method: 'POST',
    path: () => '/api/orders/x/review',
    as: () => buyer,
    valid: { rating: 5, text: 'Honest seller, laptop as described' },
    poison: { rating: 6 },
  },
  {
    name: 'PUT /api/myBuyers/:orderId',
    method: 'PUT',
    path: () => '/api/myBuyers/x',
    as: () => seller,
    valid: { status: 'accepted' },
    poison: { status: 'completed' },
  },
  {
    // JSON where a multipart photo belongs.
    name: 'POST /api/photos',
    method: 'POST',
    path: () => '/api/photos',
    as: () => seller,
    valid: { photo: 'photo.jpg' },
    poison: { photo: 'data:image/jpeg;base64,/9j/4AAQ' },
  },
  {
    // A push service's endpoint must be https (outside production, or on this machine).
    name: 'POST /api/push/subscriptions',
    method: 'POST',
    path: () => '/api/push/subscriptions',
    as: () => buyer,
    valid: subscriptionLike(),
    poison: { endpoint: 'http://push.example.test/send/1' },
  },
  {
    name: 'POST /api/auth/sign-up/email',
    method: 'POST',
    path: () => '/api/auth/sign-up/email',
    as: () => buyer,
    valid: { name: 'N', email: 'n@example.test', password: 'Secret@123', role: 'buyer' },
    poison: { role: 'admin' },
  },
  {
    name: 'POST /api/auth/sign-in/email',
    method: 'POST',
    path: () => '/api/auth/sign-in/email',
    as: () => buyer,
    valid: { email: 'nobody@example.test', password: 'Wrong@123' },
    poison: { password: '' },
  },
  {
    name: 'POST /api/auth/request-password-reset',
    method: 'POST',
    path: () => '/api/auth/request-password-reset',
    as: () => buyer,
    valid: { email: 'nobody@example.test' },
    poison: { email: 'not-an-email' },
  },
  {
    // A made-up token is refused too: what is exercised is that nothing breaks or changes.
    name: 'POST /api/auth/reset-password',
    method: 'POST',
    path: () => '/api/auth/reset-password',
    as: () => buyer,
    valid: { token: 'a'.repeat(24), newPassword: 'Fresh@456' },
    poison: { newPassword: '' },
  },
];

async function expectRefusedCleanly(res: Response) {
  const text = await res.text();
  expect(res.status, text).toBeGreaterThanOrEqual(400);
  expect(res.status, text).toBeLessThan(500);
  const body = JSON.parse(text);
  expect(Object.keys(body)).toEqual(['error']);
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.message).toBe('string');
}

describe('hostile bodies on every write route', () => {
  it.each(ROUTES)('$name: never a 5xx, always the error shape, nothing changed', async (route) => {
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(bodyFor(route.valid, route.poison), async (body) => {
        const res = await t.request(route.path(), {
          method: route.method,
          headers: { 'content-type': 'application/json', origin: t.url, cookie: route.as().cookie },
          body,
        });
        await expectRefusedCleanly(res);
      }),
      { numRuns: Math.ceil(RUNS / 2), endOnFailure: true },
    );
    expect(await fingerprint()).toBe(before);
  });
});

describe('hostile query strings and path params', () => {
  it('GET routes answer 2xx or a clean 4xx for anything in the path or query', async () => {
    const segment = fc.oneof(nasty, fc.string({ maxLength: 30 })).map(encodeURIComponent);
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/categories/',
          '/api/users/admin/',
          '/api/users/buyer/',
          '/api/myOrders/',
          '/api/myOrders?buyerEmail=',
          '/api/allLaptops?email=',
          '/api/myProducts?advertise=',
          '/api/blog?lang=',
          '/api/services?lang=',
          '/api/jwt?email=',
          '/api/laptops/',
          '/api/laptops?q=',
          '/api/laptops?brand=',
          '/api/laptops?negotiable=',
          '/api/users/me?',
          '/api/laptops?minPrice=',
          '/api/laptops?minBattery=',
          '/api/laptops?q=thinkpad&minBattery=',
          '/api/laptops?sort=price_desc&cursor=',
          '/api/laptops?cursor=',
          '/api/laptops?q=thinkpad&',
          '/api/categories/gaming?cursor=',
          '/api/categories/gaming?limit=',
          '/api/users/buyer?q=',
          '/api/users/seller?cursor=',
          '/api/myOrders?buyerEmail=buyer@laptophaat.test&cursor=',
          '/api/allLaptops?email=seller@laptophaat.test&limit=',
          '/api/reports?status=',
          '/api/reports?status=open&cursor=',
          '/api/reports?limit=',
          '/api/notifications?cursor=',
          '/api/notifications?limit=',
          '/api/myBuyers?cursor=',
          '/api/wishlist?cursor=',
          '/api/wishlist?limit=',
          '/api/conversations?cursor=',
          '/api/conversations?limit=',
          '/api/reports/conversations?cursor=',
          '/api/reports/conversations?limit=',
          '/api/blocks?',
          '/api/sellers/',
          '/api/sellers/x/reviews?cursor=',
          '/api/sellers/x/laptops?limit=',
          '/api/price-guide?brand=Dell&ram_gb=8&processor=',
          '/api/price-guide?processor=i5&ram_gb=8&brand=',
          '/api/price-guide?brand=Dell&processor=i5&ram_gb=',
          '/api/orders/',
          '/api/reviews/reported?cursor=',
          '/api/moderation?cursor=',
          '/api/moderation?limit=',
          '/api/savedSearches?',
          '/api/openapi.json?lang=',
          '/api/docs/?theme=',
          '/api/docs/openapi.yaml?',
          '/healthz?probe=',
          '/readyz?probe=',
          '/metrics?probe=',
        ),
        segment,
        async (prefix, value) => {
          const res = await t.request(`${prefix}${value}`, { headers: { cookie: admin.cookie } });
          if (res.status >= 400) await expectRefusedCleanly(res);
          else expect(res.status).toBe(200);
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(await fingerprint()).toBe(before);
  });
});

describe('hostile path params on write routes without a body', () => {
  // PUT and DELETE /api/wishlist/{laptopId}: whatever the segment says, a clean refusal (no such
  // laptop, or a malformed id), and no wishlist row written or removed.
  it.each(['PUT', 'DELETE'])('%s /api/wishlist/:laptopId: never a 5xx, nothing changed', async (method) => {
    const segment = fc.oneof(nasty, fc.string({ minLength: 1, maxLength: 40 })).map(encodeURIComponent);
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(segment, async (value) => {
        const res = await t.request(`/api/wishlist/${value}`, {
          method,
          headers: { origin: t.url, cookie: buyer.cookie },
        });
        if (method === 'DELETE' && res.status === 200) {
          // Removing what was never saved is not an error: nothing was there to remove.
          expect(await res.json()).toEqual({ deletedCount: 0 });
        } else await expectRefusedCleanly(res);
      }),
      { numRuns: Math.ceil(RUNS / 4), endOnFailure: true },
    );
    expect(await fingerprint()).toBe(before);
  });
});

describe('hostile endpoints on GET and DELETE /api/push/subscriptions', () => {
  // Whatever the endpoint says, the caller has no such subscription: a clean 404 (or 400), nothing removed.
  it('never a 5xx, nothing changed', async () => {
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'DELETE'),
        fc.oneof(nasty, fc.webUrl(), fc.string({ maxLength: 40 })),
        async (method, value) => {
          const res = await t.request(`/api/push/subscriptions?endpoint=${encodeURIComponent(value)}`, {
            method,
            headers: { origin: t.url, cookie: buyer.cookie },
          });
          await expectRefusedCleanly(res);
        },
      ),
      { numRuns: Math.ceil(RUNS / 4), endOnFailure: true },
    );
    expect(await fingerprint()).toBe(before);
  });
});

describe('hostile path params on the conversation and block routes', () => {
  // Whatever the segment says, a clean refusal: no conversation of the caller's has that id, and no
  // user has it (or it is malformed), and no conversation stands reported (the admin's DELETE);
  // nothing is written. DELETE of a block that is not there is 204.
  it('never a 5xx, nothing changed', async () => {
    const segment = fc.oneof(nasty, fc.string({ minLength: 1, maxLength: 40 })).map(encodeURIComponent);
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<[string, (v: string) => string, () => Session]>(
          ['GET', (v: string) => `/api/conversations/${v}`, () => buyer],
          ['GET', (v: string) => `/api/conversations/${v}/messages`, () => buyer],
          ['PUT', (v: string) => `/api/conversations/${v}/read`, () => buyer],
          ['PUT', (v: string) => `/api/blocks/${v}`, () => buyer],
          ['DELETE', (v: string) => `/api/blocks/${v}`, () => buyer],
          ['DELETE', (v: string) => `/api/reports/conversations/${v}`, () => admin],
          ['POST', (v: string) => `/api/reviews/${v}/report`, () => buyer],
        ),
        segment,
        async ([method, path, as], value) => {
          const res = await t.request(path(value), { method, headers: { origin: t.url, cookie: as().cookie } });
          if (method === 'DELETE' && res.status === 204) return;
          await expectRefusedCleanly(res);
        },
      ),
      { numRuns: Math.ceil(RUNS / 4), endOnFailure: true },
    );
    expect(await fingerprint()).toBe(before);
  });
});

describe('hostile saved searches', () => {
  // No saved search of the caller's has that id (or it is malformed): a clean refusal, nothing written.
  it.each(['PATCH', 'DELETE'])('%s /api/savedSearches/:id: never a 5xx, nothing changed', async (method) => {
    const segment = fc.oneof(nasty, fc.string({ minLength: 1, maxLength: 40 })).map(encodeURIComponent);
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(segment, async (value) => {
        const res = await t.request(`/api/savedSearches/${value}`, {
          method,
          headers: { origin: t.url, cookie: buyer.cookie, 'content-type': 'application/json' },
          body: method === 'PATCH' ? JSON.stringify({ seen: true }) : undefined,
        });
        await expectRefusedCleanly(res);
      }),
      { numRuns: Math.ceil(RUNS / 4), endOnFailure: true },
    );
    expect(await fingerprint()).toBe(before);
  });

  // Any text as the saved query: kept (201, its filters read as search reads them), refused for a
  // filter search refuses (400), or past the limit (409); never a 5xx.
  it('POST /api/savedSearches: any query text is saved or cleanly refused', async () => {
    const keeper = await signUp(t);
    const query = fc.oneof(
      nasty,
      fc
        .dictionary(fc.constantFrom('q', 'brand', 'ram', 'maxPrice', 'minBattery', 'verified', 'sort'), nasty, {
          maxKeys: 4,
        })
        .map((d) => new URLSearchParams(d).toString()),
    );
    await fc.assert(
      fc.asyncProperty(query, async (text) => {
        const res = await t.request('/api/savedSearches', {
          method: 'POST',
          headers: { origin: t.url, cookie: keeper.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ query: text }),
        });
        if (res.status === 201) return;
        await expectRefusedCleanly(res);
      }),
      { numRuns: Math.ceil(RUNS / 2), endOnFailure: true },
    );
  });
});

describe('hostile path params on the admin’s review routes', () => {
  // No review has that id (or it is malformed): a clean refusal, nothing removed or kept.
  it('never a 5xx, nothing changed', async () => {
    const segment = fc.oneof(nasty, fc.string({ minLength: 1, maxLength: 40 })).map(encodeURIComponent);
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          (v: string) => `/api/reviews/${v}`,
          (v: string) => `/api/reviews/${v}/report`,
        ),
        segment,
        async (path, value) => {
          const res = await t.request(path(value), {
            method: 'DELETE',
            headers: { origin: t.url, cookie: admin.cookie },
          });
          await expectRefusedCleanly(res);
        },
      ),
      { numRuns: Math.ceil(RUNS / 4), endOnFailure: true },
    );
    expect(await fingerprint()).toBe(before);
  });
});

describe('hostile bodies on routes where an empty body is valid', () => {
  // PUT /api/notifications/read: `{}` marks everything read, so a body may be accepted; it must never
  // fail the server, and a refusal keeps the error shape.
  it('PUT /api/notifications/read: never a 5xx; a refusal in the error shape', async () => {
    await fc.assert(
      fc.asyncProperty(bodyFor({ ids: ['1', '2'] }, { ids: [`x${'9'.repeat(30)}`] }), async (body) => {
        const res = await t.request('/api/notifications/read', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', origin: t.url, cookie: buyer.cookie },
          body,
        });
        if (res.status >= 400) await expectRefusedCleanly(res);
        else expect(res.status, await res.clone().text()).toBe(200);
      }),
      { numRuns: Math.ceil(RUNS / 4), endOnFailure: true },
    );
  });
});

describe('hostile uploads', () => {
  // Files that are no photo, or photos cut, padded or prefixed, under any name, type or field.
  const signatures = [
    [],
    [0xff, 0xd8, 0xff, 0xe0],
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [...Buffer.from('RIFF')].concat([0, 0, 0, 0], [...Buffer.from('WEBP')]),
    [0, 0, 0, 28, ...Buffer.from('ftypavif')],
    [...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>')],
    [...Buffer.from('GIF89a')],
  ];
  const file = fc
    .tuple(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 4_096 }))
    .map(([head, rest]) => Buffer.concat([Buffer.from(head), Buffer.from(rest)]));

  it('POST /api/photos: never a 5xx, always the error shape, nothing stored', async () => {
    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.oneof(nasty, fc.constantFrom('photo.jpg', 'x.png', '../../etc/passwd.webp', 'a.avif', 'photo.svg', '')),
        fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/svg+xml', 'text/html', ''),
        fc.constantFrom('photo', 'photo', 'photo', 'image', 'photo[]', ''),
        async (bytes, name, type, field) => {
          const form = new FormData();
          form.append(field, new Blob([new Uint8Array(bytes)], type ? { type } : {}), name || 'blob');
          const res = await t.request('/api/photos', {
            method: 'POST',
            headers: { origin: t.url, cookie: seller.cookie },
            body: form,
          });
          await expectRefusedCleanly(res);
        },
      ),
      { numRuns: Math.ceil(RUNS / 4), endOnFailure: true },
    );
    expect(await fingerprint()).toBe(before);
  });
});

describe('hostile Authorization headers and queries on /metrics', () => {
  // Sent as written (node:http, not fetch, which trims and refuses some values); characters no
  // header may hold become '?'. The server strips a value's surrounding spaces, as HTTP says.
  const headerValue = (v: string) => v.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
  const notTheToken = fc
    .oneof(
      nasty,
      nasty.map((v) => `Bearer ${v}`),
      fc
        .string({ minLength: 1, maxLength: 60 })
        .filter((v) => v.trim() !== '')
        .map((v) => `Bearer ${METRICS_TOKEN}${v}`),
      fc.integer({ min: 0, max: METRICS_TOKEN.length - 1 }).map((n) => `Bearer ${METRICS_TOKEN.slice(0, n)}`),
      fc.constantFrom(
        METRICS_TOKEN,
        `Basic ${METRICS_TOKEN}`,
        `Token ${METRICS_TOKEN}`,
        `Bearer ${METRICS_TOKEN.toUpperCase()}`,
        `Bearer ${METRICS_TOKEN}, Bearer ${METRICS_TOKEN}`,
        `Bearer\t${METRICS_TOKEN}`,
      ),
    )
    .map(headerValue);
  const query = fc.oneof(nasty, fc.string({ maxLength: 30 })).map(encodeURIComponent);

  it('refuses anything but the metrics token with a clean 4xx, whatever the query', async () => {
    await fc.assert(
      fc.asyncProperty(notTheToken, query, async (authorization, q) => {
        const res = await rawRequest(t.url, 'GET', `/metrics?x=${q}`, { headers: { authorization } });
        expect([401, 431], res.body).toContain(res.status);
        const body = JSON.parse(res.body);
        expect(Object.keys(body)).toEqual(['error']);
        expect(body.error.code).toMatch(/^(unauthenticated|validation)$/);
        expect(res.body).not.toContain(METRICS_TOKEN);
      }),
      { numRuns: Math.ceil(RUNS / 4), endOnFailure: true },
    );
  });

  it('answers the metrics token whatever the query', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await rawRequest(t.url, 'GET', `/metrics?x=${q}`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        // A NUL in the query is refused by the input guards (platform/http/security.ts), as on every route,
        // and a URL over 16 KB by Node's parser.
        if (res.status === 200) expect(res.body).toMatch(/^# HELP /);
        else expect([400, 431], res.body).toContain(res.status);
      }),
      { numRuns: Math.ceil(RUNS / 8), endOnFailure: true },
    );
  });
});

/** Hostile text, or any text up to `max` characters: what a free-text query parameter is sent. */
const textUpTo = (max: number) =>
  fc.oneof(nasty, fc.string({ unit: 'grapheme', maxLength: max }), fc.string({ unit: 'binary', maxLength: max }));

describe('hostile search texts', () => {
  it('GET /api/laptops answers 200 for any text of 100 characters or fewer (but NUL), and a clean 400 beyond', async () => {
    const q = textUpTo(100);
    await fc.assert(
      fc.asyncProperty(q, async (text) => {
        const res = await t.request(`/api/laptops?q=${encodeURIComponent(text)}&sort=price_asc`);
        // NUL is refused by the input guards (platform/http/security.ts) before any route.
        if (text.trim().length > 100 || text.includes('\u0000')) await expectRefusedCleanly(res);
        else expect(res.status, `${JSON.stringify(text)}: ${await res.clone().text()}`).toBe(200);
      }),
      { numRuns: RUNS, endOnFailure: true, examples: [["'"], ['\\'], ['a:* & !b'], ['16gb 1tb 8 gb'], ['%_\\']] },
    );
  });
});

describe('hostile price guide queries', () => {
  it('GET /api/price-guide answers 200 for any processor of 80 characters or fewer (but NUL), and a clean 400 beyond', async () => {
    await fc.assert(
      fc.asyncProperty(textUpTo(80), fc.constantFrom('Lenovo', 'apple', 'Other'), async (text, brand) => {
        const res = await t.request(`/api/price-guide?brand=${brand}&ram_gb=16&processor=${encodeURIComponent(text)}`);
        const trimmed = text.trim();
        if (trimmed.length === 0 || trimmed.length > 80 || text.includes('\u0000')) await expectRefusedCleanly(res);
        else expect(res.status, `${JSON.stringify(text)}: ${await res.clone().text()}`).toBe(200);
      }),
      {
        numRuns: Math.ceil(RUNS / 2),
        endOnFailure: true,
        examples: [
          ["'", 'Lenovo'],
          ['\\', 'apple'],
          ['%_\\', 'Other'],
          ['i5) or (1=1', 'Lenovo'],
        ],
      },
    );
  });
});

describe('valid text is stored and returned verbatim', () => {
  it('keeps any printable name and description exactly (trimmed), scripts included', async () => {
    const token = (
      await (await t.request(`/api/jwt?email=${seller.email}`, { headers: { cookie: seller.cookie } })).json()
    ).accessToken;
    const text = (max: number) =>
      fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: max })
        .filter((s) => s.trim().length > 0 && !s.includes('\u0000'));
    await fc.assert(
      fc.asyncProperty(text(120), text(500), async (name, description) => {
        const res = await jsonPost(
          t,
          '/api/addLaptop',
          { ...ROUTES[0]!.valid, laptop_name: name, laptopDesc: description },
          { authorization: `Bearer ${token}` },
        );
        expect(res.status, await res.clone().text()).toBe(201);
        const laptop = laptopSchema.parse(await res.json());
        expect(laptop.laptop_name).toBe(name.trim());
        expect(laptop.laptopDesc).toBe(description.trim());
      }),
      { numRuns: 60, examples: [['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>']] },
    );
  });
});
