import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { rawRequest } from '../../test/raw-request.ts';
import { accessTokenOf, DEMO, jsonPost, type Session, signIn, signUp, uniqueEmail } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

// The findings of the outside security review (docs/security.md), each reproduced as it was found.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

// Spellings of /api/auth/<a>/<b> that a raw client can send and a URL parser resolves to it.
const SPELLINGS: ((a: string, b: string) => string)[] = [
  (a, b) => `/api/auth/${a}/./${b}`,
  (a, b) => `/api/auth/${a}/x/../${b}`,
  (a, b) => `/api/auth/${a}/%2e/${b}`,
  (a, b) => `/api/auth/${a}/%2E%2E/${a}/${b}`,
  (a, b) => `/api/auth/${a}\\${b}`,
  (a, b) => `/api/auth/./${a}/${b}`,
  (a, b) => `/api/auth/${a}/${b.replace('e', '%65')}`,
  (a, b) => `/api/x/../auth/${a}/${b}`,
];

const rawPost = (app: TestApp, path: string, body: unknown) => rawRequest(app.url, 'POST', path, { body });

describe('a differently spelled path', () => {
  // Eight apps of their own and 320 sign-ins: about 30 s on this 2-core machine beside the other test
  // files, the whole of the API tests' default timeout (it ran out once, at 30.5 s).
  it('meets the sign-in limits: 40 wrong passwords for the admin hit 429 on every spelling', {
    timeout: 120_000,
  }, async () => {
    for (const spell of SPELLINGS) {
      // A fresh app per spelling: each starts with no failures counted.
      const limited = await startTestApp({ config: { authRateLimit: { perIpPerMinute: 30, failuresPerAccount: 5 } } });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 40; i += 1) {
          const res = await rawPost(limited, spell('sign-in', 'email'), { email: DEMO.admin, password: 'Wrong@123' });
          statuses.push(res.status);
        }
        expect(statuses.slice(0, 5), spell('sign-in', 'email')).toEqual([401, 401, 401, 401, 401]);
        expect(statuses.filter((s) => s === 429).length, spell('sign-in', 'email')).toBeGreaterThanOrEqual(30);
      } finally {
        await limited.close();
      }
    }
  });

  it('meets the sign-up rules: a weak password is 400 on every spelling, and no account is made', async () => {
    for (const spell of SPELLINGS) {
      const email = uniqueEmail('weak');
      const res = await rawPost(t, spell('sign-up', 'email'), {
        name: 'Weak Password',
        email,
        password: 'aaaaaa',
        role: 'buyer',
      });
      expect(res.status, spell('sign-up', 'email')).toBe(400);
      expect(JSON.parse(res.body).error).toMatchObject({
        code: 'validation',
        fields: { password: { code: 'weak_password', message: expect.any(String) } },
      });
      const signInRes = await jsonPost(t, '/api/auth/sign-in/email', { email, password: 'aaaaaa' });
      expect(signInRes.status).not.toBe(200);
    }
  });
});

describe('access tokens end with their session', () => {
  async function tokenFor(s: Session) {
    const token = await accessTokenOf(t, s);
    const orders = () =>
      t.request(`/api/myOrders?buyerEmail=${encodeURIComponent(s.email)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await orders()).status).toBe(200);
    return { token, orders };
  }

  const post = (path: string, s: Session, body: unknown = {}) => jsonPost(t, path, body, { cookie: s.cookie });

  it('after sign-out the old token neither reads nor mints a new token', async () => {
    const s = await signUp(t);
    const { token, orders } = await tokenFor(s);
    expect((await post('/api/auth/sign-out', s)).status).toBe(200);
    expect((await orders()).status).toBe(401);
    const mint = await t.request(`/api/jwt?email=${encodeURIComponent(s.email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mint.status).toBe(401);
  });

  it('a token cannot mint another token, even while its session lasts', async () => {
    const s = await signUp(t);
    const { token } = await tokenFor(s);
    const mint = await t.request(`/api/jwt?email=${encodeURIComponent(s.email)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(mint.status).toBe(403);
    expect(JSON.stringify(await mint.json())).not.toContain('accessToken');
  });

  it('after revoking sessions the old token is refused', async () => {
    const s = await signUp(t);
    const { orders } = await tokenFor(s);
    expect((await post('/api/auth/revoke-sessions', s)).status).toBe(200);
    expect((await orders()).status).toBe(401);
  });

  it('after a password change the old token and every other session are refused; the new session works', async () => {
    const s = await signUp(t, { password: 'Secret@123' });
    const other = await signIn(t, s.email, 'Secret@123');
    const { orders } = await tokenFor(s);
    const weak = await post('/api/auth/change-password', s, { currentPassword: 'Secret@123', newPassword: 'aaaaaa' });
    expect(weak.status).toBe(400);
    expect((await orders()).status).toBe(200);
    const changed = await post('/api/auth/change-password', s, {
      currentPassword: 'Secret@123',
      newPassword: 'Better@456',
    });
    expect(changed.status).toBe(200);
    expect((await orders()).status).toBe(401);
    const me = (cookie: string) => t.request('/api/categories/gaming', { headers: { cookie } });
    expect((await me(other.cookie)).status).toBe(401);
    const renewed = changed.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect((await me(renewed)).status).toBe(200);
  });

  it('after the admin deletes the user the old token is refused', async () => {
    const s = await signUp(t);
    const { orders } = await tokenFor(s);
    const admin = await signIn(t, DEMO.admin);
    const res = await t.request('/api/users', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', origin: t.url, cookie: admin.cookie },
      body: JSON.stringify({ id: s.userId }),
    });
    expect(res.status).toBe(200);
    expect((await orders()).status).toBe(401);
  });
});

describe('failed sign-ins', () => {
  it('slow the guessing address, never the real user at another address', async () => {
    const app = await startTestApp({
      config: { trustProxy: { hops: 1 }, authRateLimit: { perIpPerMinute: 1000, failuresPerAccount: 5 } },
    });
    try {
      const from = (ip: string, password: string) =>
        jsonPost(app, '/api/auth/sign-in/email', { email: DEMO.admin, password }, { 'x-forwarded-for': ip });
      const attacker = [];
      for (let i = 0; i < 20; i += 1) attacker.push((await from('198.51.100.7', 'Wrong@123')).status);
      expect(attacker.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(attacker.slice(6)).toEqual(Array(14).fill(429));
      // Even the right password waits at the guessing address…
      const slowed = await from('198.51.100.7', DEMO_PASSWORD);
      expect(slowed.status).toBe(429);
      expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await slowed.json()).error.code).toBe('rate_limited');
      // …while the admin, elsewhere, signs in at once.
      expect((await from('203.0.113.5', DEMO_PASSWORD)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('take their address from X-Forwarded-For only from a trusted proxy', async () => {
    // The proxy named is not the peer (127.0.0.1): a client cannot choose its address.
    const app = await startTestApp({
      config: {
        trustProxy: { addresses: ['10.9.9.9'] },
        authRateLimit: { perIpPerMinute: 3, failuresPerAccount: 100 },
      },
    });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i += 1) {
        const res = await jsonPost(
          app,
          '/api/auth/sign-in/email',
          { email: DEMO.buyer, password: 'Wrong@123' },
          { 'x-forwarded-for': `192.0.2.${i + 1}` },
        );
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('account changes', () => {
  it('keep the sign-up limits on name and image', async () => {
    const s = await signUp(t);
    const update = (body: unknown) => jsonPost(t, '/api/auth/update-user', body, { cookie: s.cookie });
    const long = await update({ name: 'N'.repeat(81) });
    expect(long.status).toBe(400);
    expect((await long.json()).error.fields.name?.message).toBe('Name must be 80 characters or shorter');
    const image = await update({ image: `https://example.com/${'i'.repeat(3000)}` });
    expect(image.status).toBe(400);
    expect((await image.json()).error.code).toBe('validation');
    expect((await update({ image: 'javascript:alert(1)' })).status).toBe(400);
    expect((await update({ name: 'Nadia Rahman' })).status).toBe(200);
  });
});

describe('writes', () => {
  it('are limited per user, with 429 in the error shape and Retry-After', async () => {
    const app = await startTestApp({ config: { writeRateLimitPerMinute: 3 } });
    try {
      const one = await signUp(app, { role: 'buyer' });
      const two = await signUp(app, { role: 'buyer' });
      const confirm = (s: Session) =>
        jsonPost(app, '/api/users', { name: 'Test Person', email: s.email, role: 'buyer' }, { cookie: s.cookie });
      for (let i = 0; i < 3; i += 1) expect((await confirm(one)).status).toBe(200);
      const limited = await confirm(one);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await limited.json()).error).toMatchObject({ code: 'rate_limited', message: expect.any(String) });
      expect((await confirm(two)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('that change nothing clear no cache', async () => {
    const s = await signUp(t);
    expect((await t.request('/api/myProducts?advertise=true')).status).toBe(200);
    const cached = t.app.responseCache.entriesOf('laptops');
    expect(cached).toHaveLength(1);
    const res = await jsonPost(
      t,
      '/api/users',
      { name: 'Test Person', email: s.email, role: 'buyer' },
      {
        cookie: s.cookie,
      },
    );
    expect(res.status).toBe(200);
    await signIn(t, DEMO.buyer);
    expect(t.app.responseCache.entriesOf('laptops')).toEqual(cached);
    // A write that changes something still does.
    const admin = await signIn(t, DEMO.admin);
    const seller = await signUp(t, { role: 'seller' });
    const verify = await t.request(`/api/users/${seller.userId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: t.url, cookie: admin.cookie },
      body: JSON.stringify({ verified: true }),
    });
    expect(verify.status).toBe(200);
    expect(t.app.responseCache.entriesOf('laptops')).toEqual([]);
  });
});
