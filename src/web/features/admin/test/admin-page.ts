import toast from 'react-hot-toast';
import { vi } from 'vitest';
import type { User } from '../../../../shared/users.ts';
import { mockApi } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { signedIn, testUsers } from '../../../test/session.ts';

export const ADMIN_EMAIL = testUsers.admin.email;

let next = 0;

/** A user as GET /api/users/{role} sends it, with overrides for what a test cares about. */
export function makeUser(overrides: Partial<User> = {}): User {
  next += 1;
  return {
    _id: `user-${next}`,
    name: `User ${next}`,
    email: `user${next}@laptophaat.test`,
    role: 'buyer',
    verified: false,
    verification_requested: false,
    ...overrides,
  };
}

/** Stubs fetch as for the signed-in admin (session, role look-ups, access token) plus `routes`. */
export function mockAdminApi(routes: Record<string, unknown>) {
  const all: Record<string, unknown> = {
    ...signedIn('admin'),
    [`/api/jwt?email=${encodeURIComponent(ADMIN_EMAIL)}`]: { accessToken: 'admin-token' },
    ...routes,
  };
  // The object stays live: a test may change what a route answers from now on.
  return { fetchMock: mockApi(all), routes: all };
}

/** The whole app at `path` (real routes and guards), ready for the toasts the admin pages show. */
export function renderAdminPage(path: string) {
  // react-hot-toast asks for prefers-reduced-motion, which jsdom cannot answer.
  if (typeof window.matchMedia !== 'function') {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
  }
  // react-hot-toast keeps its toasts in module state: start each test without the last one's.
  toast.remove();
  return renderApp(path);
}

type FetchCall = [input: RequestInfo | URL, init?: RequestInit];

/** The requests other than GET, in order: what a test of an action cares about. */
export function sentRequests(fetchMock: ReturnType<typeof mockApi>) {
  return (fetchMock.mock.calls as unknown as FetchCall[])
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([input, init]) => ({
      method: init?.method,
      url: String(input),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: (init?.headers as Record<string, string> | undefined)?.authorization,
    }));
}
