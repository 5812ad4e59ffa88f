import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userListSchema } from '../../../shared/users.ts';
import { DEMO, jsonPost, type Session, signIn, signUp } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from './schema.ts';
import { grantAdmin } from './users.ts';

let t: TestApp;
const as: Record<'buyer' | 'seller' | 'admin', Session> = {} as never;
beforeAll(async () => {
  t = await startTestApp();
  as.buyer = await signIn(t, DEMO.buyer);
  as.seller = await signIn(t, DEMO.seller);
  as.admin = await signIn(t, DEMO.admin);
});
afterAll(() => t?.close());

const get = (path: string, who?: Session) => t.request(path, who ? { headers: { cookie: who.cookie } } : undefined);

describe('role lookups: GET /api/users/{admin,seller,buyer}/:email', () => {
  const cases: [string, string, unknown][] = [
    ['admin', DEMO.admin, { isAdmin: true }],
    ['admin', DEMO.buyer, { isAdmin: false }],
    ['seller', DEMO.seller, { isSeller: true }],
    ['seller', DEMO.buyer, { isSeller: false }],
  ];

  it.each(cases)('answers /users/%s/%s for that user and for the admin', async (kind, email, expected) => {
    const self = Object.values(as).find((s) => s.email === email)!;
    for (const who of [self, as.admin]) {
      const res = await get(`/api/users/${kind}/${email}`, who);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(expected);
    }
  });

  it('refuses anonymous callers (401) and other users (403), learning nothing', async () => {
    for (const kind of ['admin', 'seller', 'buyer']) {
      expect((await get(`/api/users/${kind}/${DEMO.seller}`)).status).toBe(401);
      const res = await get(`/api/users/${kind}/${DEMO.seller}`, as.buyer);
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden');
      expect((await get(`/api/users/${kind}/nobody@example.test`, as.seller)).status).toBe(403);
    }
  });

  it('answers /users/buyer/:email with an array, empty for an unknown e-mail (admin only can ask that)', async () => {
    const mine = userListSchema.parse(await (await get(`/api/users/buyer/${DEMO.buyer}`, as.buyer)).json());
    expect(mine).toEqual([
      {
        _id: as.buyer.userId,
        name: expect.any(String),
        email: DEMO.buyer,
        role: 'buyer',
        verified: false,
        verification_requested: false,
      },
    ]);
    expect(await (await get('/api/users/buyer/nobody@example.test', as.admin)).json()).toEqual([]);
  });

  it('refuses a malformed e-mail with 400', async () => {
    const res = await get('/api/users/admin/not-an-email', as.admin);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('validation');
  });
});

describe('GET /api/users/buyer and /api/users/seller', () => {
  it('lists users by role for the admin only', async () => {
    const buyers = userListSchema.parse(await (await get('/api/users/buyer', as.admin)).json());
    expect(buyers.map((u) => u.email)).toContain(DEMO.buyer);
    expect(buyers.every((u) => u.role === 'buyer')).toBe(true);
    const sellers = userListSchema.parse(await (await get('/api/users/seller', as.admin)).json());
    expect(sellers.map((u) => u.email).sort()).toEqual(expect.arrayContaining([DEMO.seller, DEMO.newSeller]));
    expect(sellers.find((u) => u.email === DEMO.seller)?.verified).toBe(true);
    for (const path of ['/api/users/buyer', '/api/users/seller']) {
      expect((await get(path)).status).toBe(401);
      expect((await get(path, as.buyer)).status).toBe(403);
      expect((await get(path, as.seller)).status).toBe(403);
    }
  });
});

describe('POST /api/users', () => {
  it('confirms the caller’s own account, idempotently, without changing the role', async () => {
    const s = await signUp(t, { role: 'buyer' });
    for (const role of ['buyer', 'seller']) {
      const res = await jsonPost(
        t,
        '/api/users',
        { name: 'X', email: s.email, role, verified: 'false' },
        { cookie: s.cookie },
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ email: s.email, role: 'buyer' });
    }
  });

  it('refuses admin as a role, another e-mail, and anonymous callers', async () => {
    const s = await signUp(t);
    const admin = await jsonPost(t, '/api/users', { name: 'X', email: s.email, role: 'admin' }, { cookie: s.cookie });
    expect(admin.status).toBe(400);
    expect((await admin.json()).error.fields.role).toBeTruthy();
    const other = await jsonPost(
      t,
      '/api/users',
      { name: 'X', email: DEMO.admin, role: 'buyer' },
      { cookie: s.cookie },
    );
    expect(other.status).toBe(403);
    expect((await jsonPost(t, '/api/users', { name: 'X', email: s.email, role: 'buyer' })).status).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, s.userId));
    expect(row?.role).toBe('buyer');
  });
});

describe('admin grant', () => {
  it('promotes an existing user, who then passes the admin lookup', async () => {
    const s = await signUp(t);
    await grantAdmin(t.database.db, s.email);
    expect(await (await get(`/api/users/admin/${s.email}`, s)).json()).toEqual({ isAdmin: true });
    await expect(grantAdmin(t.database.db, 'nobody@example.test')).rejects.toThrow(/sign up first/);
  });
});
