import toast from 'react-hot-toast';
import { vi } from 'vitest';
import { mockApi } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { signedIn, testUsers } from '../../../test/session.ts';

export const SELLER = testUsers.seller;
export const SELLER_LAPTOPS = `/api/allLaptops?email=${encodeURIComponent(SELLER.email)}`;

/** Stubs fetch as for the signed-in demo seller (session, role, access token) plus `routes`. */
export function mockSellerApi(routes: Record<string, unknown> = {}) {
  const all: Record<string, unknown> = {
    ...signedIn('seller'),
    [`/api/jwt?email=${encodeURIComponent(SELLER.email)}`]: { accessToken: 'seller-token' },
    ...routes,
  };
  // The object stays live: a test may change what a route answers from now on.
  return { fetchMock: mockApi(all), routes: all };
}

/** The whole app at `path` (real routes and guards), with toasts that work in jsdom. */
export function renderSellerApp(path: string) {
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
  // No access token left over from another test: each one starts as a fresh sign-in would.
  localStorage.clear();
  return renderApp(path);
}

/** The requests other than GET, in order, with their JSON bodies: what a test of an action checks. */
export function sentRequests() {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input, init]) => ({ url: String(input), init: init ?? {} }))
    .filter(({ init }) => init.method !== undefined && init.method !== 'GET')
    .map(({ url, init }) => ({
      method: init.method,
      url,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: (init.headers as Record<string, string> | undefined)?.authorization,
    }));
}
