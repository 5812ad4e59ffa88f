import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/auth.ts';
import { cookieOf, DEMO, jsonPost, signIn, signUp, uniqueEmail } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/schema.ts';
import { signAccessToken } from './access-token.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const signUpBody = (over: Record<string, unknown> = {}) => ({
  name: 'Nadia Rahman',
  email: uniqueEmail(),
  password: 'Secret@123',
  role: 'buyer',
  ...over,
});

describe('sign-up', () => {
  it('creates a buyer or a seller and signs them in with a safe session cookie', async () => {
    for (const role of ['buyer', 'seller'] as const) {
      const email = uniqueEmail(role);
      const res = await jsonPost(t, '/api/auth/sign-up/email', signUpBody({ email: email.toUpperCase(), role }));
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ role, verified: false, name: 'Nadia Rahman' });
    }
  });

  it.each([
    [{ name: '' }, 'name', AUTH_MESSAGES.nameRequired],
    [{ email: '' }, 'email', AUTH_MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, 'email', AUTH_MESSAGES.emailInvalid],
    [{ password: '' }, 'password', AUTH_MESSAGES.passwordRequired],
    [{ password: 'Ab@1' }, 'password', AUTH_MESSAGES.passwordShort],
    [{ password: 'secret@123' }, 'password', AUTH_MESSAGES.passwordWeak],
    [{ password: 'Secret@abc' }, 'password', AUTH_MESSAGES.passwordWeak],
    [{ password: 'Secret1234' }, 'password', AUTH_MESSAGES.passwordWeak],
    [{ role: undefined }, 'role', AUTH_MESSAGES.roleRequired],
    [{ role: 'admin' }, 'role', AUTH_MESSAGES.roleRequired],
  ])('refuses %o with the message for %s', async (over, field, message) => {
    const res = await jsonPost(t, '/api/auth/sign-up/email', signUpBody(over));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('validation');
    expect(body.error.fields[field]?.message).toBe(message);
  });

  it('never makes an admin, whatever the body says', async () => {
    const email = uniqueEmail();
    const res = await jsonPost(t, '/api/auth/sign-up/email', signUpBody({ email, role: 'admin', verified: true }));
    expect(res.status).toBe(400);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toEqual([]);
  });

  it('refuses a second account for an e-mail', async () => {
    const s = await signUp(t);
    const res = await jsonPost(t, '/api/auth/sign-up/email', signUpBody({ email: s.email }));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await res.json()).error.message).toBeTruthy();
  });
});

describe('what sign-up stores', () => {
  it('keeps only the fields the rules check: an image given at sign-up is not stored or echoed', async () => {
    const email = uniqueEmail();
    const res = await jsonPost(t, '/api/auth/sign-up/email', signUpBody({ email, image: 'javascript:alert(1)' }));
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.image).toBeNull();
    const session = await t.request('/api/auth/get-session', { headers: { cookie: cookieOf(res) } });
    expect(JSON.stringify(await session.json())).not.toContain('javascript:');
  });
});

// better-auth has dozens of routes; the app serves only those it uses (features/auth/served-endpoints.ts).
describe('better-auth routes the app does not use', () => {
  it.each([
    'verify-password',
    'delete-user',
    'change-email',
    'set-password',
    'forget-password',
    'reset-password/some-token',
    'verify-email',
    'send-verification-email',
    'link-social',
    'unlink-account',
    'list-accounts',
    'account-info',
    'refresh-token',
    'get-access-token',
    'update-session',
    'sign-in/oauth2',
    'oauth2/callback/google',
    'ok',
    'error',
  ])('/api/auth/%s is not served, to anyone', async (path) => {
    const s = await signUp(t);
    for (const method of ['GET', 'POST']) {
      const res = await t.request(`/api/auth/${path}`, {
        method,
        headers: {
          cookie: s.cookie,
          origin: t.url,
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        body: method === 'POST' ? JSON.stringify({ password: 'Secret@123' }) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
  });

  it('gives no way to test passwords: verify-password is 404 for the right password as for a wrong one', async () => {
    const s = await signUp(t);
    for (const password of ['Wrong@123', 'Wrong@456', 'Secret@123']) {
      const res = await jsonPost(t, '/api/auth/verify-password', { password }, { cookie: s.cookie });
      expect(res.status).toBe(404);
    }
  });
});

describe('the account itself', () => {
  it('lets a user change their name but never their role or verification', async () => {
    const s = await signUp(t, { role: 'seller' });
    for (const body of [{ role: 'admin' }, { role: 'buyer', name: 'X' }, { verified: true }]) {
      const res = await jsonPost(t, '/api/auth/update-user', body, { cookie: s.cookie });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, s.userId));
    expect(row).toMatchObject({ role: 'seller', verified: false });
    const rename = await jsonPost(t, '/api/auth/update-user', { name: 'New Name' }, { cookie: s.cookie });
    expect(rename.status).toBe(200);
    const [renamed] = await t.database.db.select().from(users).where(eq(users.id, s.userId));
    expect(renamed?.name).toBe('New Name');
  });
});

describe('sign-in', () => {
  it('signs in the demo accounts', async () => {
    for (const email of Object.values(DEMO)) expect((await signIn(t, email)).cookie).toContain('session_token');
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await jsonPost(t, '/api/auth/sign-in/email', { email: DEMO.buyer, password: 'Wrong@123' });
    const unknown = await jsonPost(t, '/api/auth/sign-in/email', { email: uniqueEmail(), password: 'Wrong@123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const expected = {
      error: { code: 'unauthenticated', reason: 'wrong_credentials', message: AUTH_MESSAGES.wrongCredentials },
    };
    expect(await wrong.json()).toEqual(expected);
    expect(await unknown.json()).toEqual(expected);
  });

  it('refuses a sign-in from a foreign origin', async () => {
    const res = await jsonPost(
      t,
      '/api/auth/sign-in/email',
      { email: DEMO.buyer, password: 'Demo@1234' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('signs out: the session cookie no longer works', async () => {
    const s = await signIn(t, DEMO.buyer);
    const out = await t.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie: s.cookie, origin: t.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect((await t.request('/api/categories/casual', { headers: { cookie: s.cookie } })).status).toBe(401);
  });
});

describe('in production', () => {
  it('sets a Secure, httpOnly, SameSite=Lax session cookie and checks the Origin against BASE_URL', async () => {
    const prod = await startTestApp({ config: { env: 'production', baseUrl: 'https://laptophaat.example' } });
    try {
      const ok = await jsonPost(
        prod,
        '/api/auth/sign-in/email',
        { email: DEMO.buyer, password: 'Demo@1234' },
        { origin: 'https://laptophaat.example' },
      );
      expect(ok.status).toBe(200);
      const cookie = ok.headers.getSetCookie().find((c) => c.includes('session_token'))!;
      expect(cookie).toMatch(/^__Secure-/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const foreign = await jsonPost(
        prod,
        '/api/auth/sign-in/email',
        { email: DEMO.buyer, password: 'Demo@1234' },
        { origin: prod.url },
      );
      expect(foreign.status).toBe(403);
    } finally {
      await prod.close();
    }
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per IP and failed attempts per account, with Retry-After', async () => {
    const limited = await startTestApp({ config: { authRateLimit: { perIpPerMinute: 3, failuresPerAccount: 2 } } });
    try {
      const attempt = (email: string, password = 'Wrong@123') =>
        jsonPost(limited, '/api/auth/sign-in/email', { email, password });
      expect((await attempt(DEMO.seller)).status).toBe(401);
      expect((await attempt(DEMO.seller)).status).toBe(401);
      // The account is locked after two failures, even with the right password.
      const locked = await attempt(DEMO.seller, 'Demo@1234');
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await locked.json()).error.code).toBe('rate_limited');
      // The fourth attempt from this IP in a minute is refused whatever the account.
      const ip = await attempt(DEMO.buyer, 'Demo@1234');
      expect(ip.status).toBe(429);
      expect(Number(ip.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/jwt', () => {
  it('gives a signed-in user a token for their own e-mail only', async () => {
    const s = await signIn(t, DEMO.buyer);
    expect((await t.request(`/api/jwt?email=${DEMO.buyer}`)).status).toBe(401);
    const other = await t.request(`/api/jwt?email=${DEMO.admin}`, { headers: { cookie: s.cookie } });
    expect(other.status).toBe(403);
    expect(JSON.stringify(await other.json())).not.toContain('accessToken');
    const own = await t.request(`/api/jwt?email=${DEMO.buyer}`, { headers: { cookie: s.cookie } });
    expect(own.status).toBe(200);
    const { accessToken } = await own.json();
    const withToken = await t.request('/api/categories/gaming', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(withToken.status).toBe(200);
  });

  it('refuses forged, expired and malformed tokens', async () => {
    const s = await signIn(t, DEMO.buyer);
    const sessionId = 'any-session';
    const forged = await signAccessToken(new Uint8Array(32).fill(7), { userId: s.userId, sessionId, email: s.email });
    const expired = await signAccessToken(
      t.app.accessTokenKey,
      { userId: s.userId, sessionId, email: s.email },
      Date.now() - 3_600_000,
    );
    for (const header of [`Bearer ${forged}`, `Bearer ${expired}`, 'Bearer nonsense', 'Basic abc']) {
      const res = await t.request('/api/categories/gaming', { headers: { authorization: header } });
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('unauthenticated');
    }
  });

  it('ends the sessions and tokens of a deleted user', async () => {
    const s = await signUp(t);
    const { accessToken } = await (
      await t.request(`/api/jwt?email=${s.email}`, { headers: { cookie: s.cookie } })
    ).json();
    await t.database.db.delete(users).where(eq(users.id, s.userId));
    // Deleted behind the API's back: wait out the few seconds an instance remembers a session.
    t.app.actorCache.clear();
    expect((await t.request('/api/categories/gaming', { headers: { cookie: s.cookie } })).status).toBe(401);
    expect(
      (await t.request('/api/categories/gaming', { headers: { authorization: `Bearer ${accessToken}` } })).status,
    ).toBe(401);
  });
});

describe('cookie-authenticated writes', () => {
  it('refuse a foreign Origin', async () => {
    const s = await signIn(t, DEMO.buyer);
    const body = { name: 'Tanvir Ahmed', email: DEMO.buyer, role: 'buyer' };
    const foreign = await jsonPost(t, '/api/users', body, { cookie: s.cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.code).toBe('forbidden');
    const own = await jsonPost(t, '/api/users', body, { cookie: s.cookie });
    expect(own.status).toBe(200);
  });

  it('keep cookies from a sign-in response out of other origins', async () => {
    const res = await jsonPost(t, '/api/auth/sign-in/email', { email: DEMO.buyer, password: 'Demo@1234' });
    expect(cookieOf(res)).toContain('session_token');
    expect(res.headers.getSetCookie().join(';')).not.toMatch(/Domain=/i);
  });
});
