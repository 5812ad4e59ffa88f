import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../features/users/schema.ts';
import { jsonPost, type Session, signIn, signUp, uniqueEmail } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

// The limits count what docs/security.md#rate-limits says they count: one counter per user for all
// their writes, one per address for sign-in and sign-up attempts together, on one instance, across
// instances through Redis, and per instance while Redis is away.

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WRITES = 4;
const ATTEMPTS = 4;

type Role = 'buyer' | 'seller' | 'admin';

/** A new user of `role`, signed in; an admin is made as the admin command makes one. */
async function sessionOf(t: TestApp, role: Role): Promise<Session> {
  const session = await signUp(t, { role: role === 'seller' ? 'seller' : 'buyer' });
  if (role !== 'admin') return session;
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, session.userId));
  return signIn(t, session.email, 'Secret@123');
}

/** Every API write route a user of `role` may call (but the one that ends their own sessions). */
function writeRoutes(t: TestApp, role: Role): { method: string; path: string }[] {
  const allowed = new Set(['signedIn', role]);
  return [...t.app.apiRoutes]
    .filter(([key, access]) => !key.startsWith('GET ') && allowed.has(access))
    .map(([key]) => key.split(' ') as [string, string])
    .filter(([, url]) => url !== '/api/auth/revoke-sessions')
    .map(([method, url]) => ({ method, path: url.replace(/:\w+/g, () => randomUUID()) }));
}

function write(t: TestApp, who: Session, route: { method: string; path: string }) {
  return t.request(route.path, {
    method: route.method,
    headers: { cookie: who.cookie, origin: t.url, 'content-type': 'application/json' },
    body: '{}',
  });
}

const markRead = { method: 'PUT', path: '/api/notifications/read' };

describe('writes: one counter per user, whichever route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { writeRateLimitPerMinute: WRITES } });
  });
  afterAll(() => t?.close());

  it(`refuses a user's write number ${WRITES + 1} on any route, whatever routes the first ${WRITES} went to`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Role>('buyer', 'seller', 'admin'),
        fc.array(fc.nat(), { minLength: WRITES + 1, maxLength: WRITES + 1 }),
        async (role, picks) => {
          const who = await sessionOf(t, role);
          const routes = writeRoutes(t, role);
          const statuses: number[] = [];
          for (const pick of picks) statuses.push((await write(t, who, routes[pick % routes.length]!)).status);
          expect(statuses.slice(0, WRITES), JSON.stringify(picks)).not.toContain(429);
          expect(statuses[WRITES], JSON.stringify(picks)).toBe(429);
        },
      ),
      { numRuns: 12 },
    );
  });

  it.each<Role>(['buyer', 'seller', 'admin'])(
    'once a %s has spent their writes, every write route they may call answers 429 with Retry-After',
    async (role) => {
      const who = await sessionOf(t, role);
      for (let i = 0; i < WRITES; i++) expect((await write(t, who, markRead)).status).toBe(200);
      for (const route of writeRoutes(t, role)) {
        const res = await write(t, who, route);
        expect(res.status, `${route.method} ${route.path}`).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await res.json()).error.code).toBe('rate_limited');
      }
      // Someone else's writes are their own.
      expect((await write(t, await sessionOf(t, role), markRead)).status).toBe(200);
    },
  );
});

/** Sign-in and sign-up attempts from `address` (behind one trusted proxy). */
function attempt(t: TestApp, kind: 'sign-in' | 'sign-up', address: string) {
  const body =
    kind === 'sign-in'
      ? { email: uniqueEmail(), password: 'Wrong@123' }
      : { name: 'Limit Tester', email: uniqueEmail(), password: 'Secret@123', role: 'buyer' };
  return jsonPost(t, `/api/auth/${kind}/email`, body, { 'x-forwarded-for': address });
}

let octet = 0;
const newAddress = () => {
  octet += 1;
  return `203.0.113.${octet}`;
};

describe('sign-in and sign-up: one counter per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      config: { trustProxy: { hops: 1 }, authRateLimit: { perIpPerMinute: ATTEMPTS, failuresPerAccount: 100 } },
    });
  });
  afterAll(() => t?.close());

  it.each([
    ['sign-in', 'sign-up'],
    ['sign-up', 'sign-in'],
  ] as const)(`counts %s and %s together: attempt ${ATTEMPTS + 1} from one address is refused`, async (a, b) => {
    const address = newAddress();
    for (let i = 0; i < ATTEMPTS; i++) expect((await attempt(t, i % 2 ? b : a, address)).status).not.toBe(429);
    for (const kind of [a, b]) {
      const res = await attempt(t, kind, address);
      expect(res.status, kind).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another address is not slowed.
    expect((await attempt(t, b, newAddress())).status).not.toBe(429);
  });

  it('counts starting Google sign-in and changing the password as attempts too', async () => {
    const address = newAddress();
    const who = await signUp(t);
    const google = () =>
      jsonPost(t, '/api/auth/sign-in/social', { provider: 'google', callbackURL: '/' }, { 'x-forwarded-for': address });
    const change = () =>
      jsonPost(
        t,
        '/api/auth/change-password',
        { currentPassword: 'Wrong@123', newPassword: 'Better@456' },
        { cookie: who.cookie, 'x-forwarded-for': address },
      );
    expect((await google()).status).toBe(200);
    expect((await change()).status).toBe(400);
    expect((await attempt(t, 'sign-in', address)).status).toBe(401);
    expect((await attempt(t, 'sign-up', address)).status).toBe(200);
    expect((await google()).status).toBe(429);
    expect((await change()).status).toBe(429);
  });
});

describe('on Redis, shared by every instance', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const config = {
      redisUrl: REDIS_URL,
      redisPrefix: `lh-test-limits:${process.pid}:${randomUUID()}:`,
      trustProxy: { hops: 1 } as const,
      writeRateLimitPerMinute: WRITES,
      authRateLimit: { perIpPerMinute: ATTEMPTS, failuresPerAccount: 100 },
    };
    a = await startTestApp({ config });
    b = await startTestApp({ config, database: a.database });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("counts a user's writes on both instances in one counter", async () => {
    const who = await signUp(a);
    for (let i = 0; i < WRITES; i++) expect((await write(i % 2 ? a : b, who, markRead)).status).toBe(200);
    expect((await write(a, who, markRead)).status).toBe(429);
    expect((await write(b, who, markRead)).status).toBe(429);
  });

  it('counts sign-in and sign-up attempts from one address on both instances together', async () => {
    const address = newAddress();
    for (let i = 0; i < ATTEMPTS; i++) {
      expect((await attempt(i % 2 ? a : b, i % 2 ? 'sign-in' : 'sign-up', address)).status).not.toBe(429);
    }
    expect((await attempt(a, 'sign-up', address)).status).toBe(429);
    expect((await attempt(b, 'sign-in', address)).status).toBe(429);
  });
});

describe('while Redis is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      config: {
        // Nothing listens there: every Redis command would fail.
        redisUrl: 'redis://127.0.0.1:9',
        trustProxy: { hops: 1 },
        writeRateLimitPerMinute: WRITES,
        authRateLimit: { perIpPerMinute: 100, failuresPerAccount: 2 },
      },
    });
  });
  afterAll(() => t?.close());

  it('still limits writes and delays failed sign-ins, per instance', async () => {
    const who = await signUp(t);
    for (let i = 0; i < WRITES; i++) expect((await write(t, who, markRead)).status).toBe(200);
    expect((await write(t, who, markRead)).status).toBe(429);

    const address = newAddress();
    const wrong = () =>
      jsonPost(
        t,
        '/api/auth/sign-in/email',
        { email: who.email, password: 'Wrong@123' },
        { 'x-forwarded-for': address },
      );
    expect((await wrong()).status).toBe(401);
    expect((await wrong()).status).toBe(401);
    const delayed = await wrong();
    expect(delayed.status).toBe(429);
    expect(Number(delayed.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
