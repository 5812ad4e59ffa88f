import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { mockApi } from '../test/fetch.ts';
import { signedIn } from '../test/session.ts';
import { loginRedirectPath, requireRole, requireUser, safeReturnPath } from './guards.ts';

const request = (path: string) => new Request(`http://localhost${path}`);
const queryClient = () => createQueryClient({ defaultOptions: { queries: { retry: false } } });

/** The redirect a guard threw (React Router's redirect is a Response), or null if it let the visit through. */
async function redirectOf(guard: Promise<unknown>): Promise<string | null> {
  try {
    await guard;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('location');
    throw thrown;
  }
}

describe('loginRedirectPath', () => {
  it('remembers the path and query of the page asked for', () => {
    expect(loginRedirectPath('http://x/category/gaming')).toBe('/login?from=%2Fcategory%2Fgaming');
    expect(loginRedirectPath('http://x/dashboard/myOrders?tab=1')).toBe(
      '/login?from=%2Fdashboard%2FmyOrders%3Ftab%3D1',
    );
  });
});

describe('safeReturnPath', () => {
  it('returns to a path on this site', () => {
    expect(safeReturnPath('/category/gaming')).toBe('/category/gaming');
    expect(safeReturnPath('/dashboard/myOrders?x=1')).toBe('/dashboard/myOrders?x=1');
  });

  it('goes home without an origin, for another site, or for the login and signup pages', () => {
    for (const from of [
      null,
      undefined,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnPath(from)).toBe('/');
    }
    expect(safeReturnPath('/login')).toBe('/');
    expect(safeReturnPath('/login?from=/x')).toBe('/');
    expect(safeReturnPath('/signup?role=seller')).toBe('/');
  });
});

describe('requireUser', () => {
  it('sends a signed-out visitor to the login page, remembering the page', async () => {
    mockApi({});
    expect(await redirectOf(requireUser(queryClient(), request('/category/gaming')))).toBe(
      '/login?from=%2Fcategory%2Fgaming',
    );
  });

  it('lets a signed-in user through', async () => {
    mockApi(signedIn('buyer'));
    expect(await requireUser(queryClient(), request('/dashboard'))).toMatchObject({ name: 'Tanvir Ahmed' });
  });
});

describe('requireRole', () => {
  it.each([
    ['seller', 'seller', null],
    ['admin', 'admin', null],
    ['buyer', 'seller', '/login'],
    ['buyer', 'admin', '/login'],
    ['seller', 'admin', '/login'],
    ['admin', 'seller', '/login'],
  ] as const)('a %s on a %s-only page: %s', async (role, needed, expected) => {
    mockApi(signedIn(role));
    expect(await redirectOf(requireRole(queryClient(), request('/dashboard/x'), needed))).toBe(expected);
  });

  it('sends a signed-out visitor to log in first, remembering the page', async () => {
    mockApi({});
    expect(await redirectOf(requireRole(queryClient(), request('/dashboard/allBuyers'), 'admin'))).toBe(
      '/login?from=%2Fdashboard%2FallBuyers',
    );
  });
});
