import { vi } from 'vitest';

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

const DEFAULTS: Record<string, unknown> = {
  '/api/auth/get-session': null,
  '/api/client-config': { googleSignIn: 'local' },
  // The signed-in user's notification bell (navbar) asks on every page.
  '/api/notifications?limit=20': { items: [], unread: 0, nextCursor: null },
  // …and so does the link to Messages, for its unread count.
  '/api/conversations': { items: [], nextCursor: null },
  // …and Messages lists the people the user blocked.
  '/api/blocks': { items: [] },
};

/**
 * Stubs fetch for `/api/...` paths (query included): a value answers 200 with it as JSON. A key
 * may name the method (`'POST /api/conversations'`) where one path answers GET and a write differently.
 */
export function mockApi(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const withMethod = `${method} ${url.pathname}${url.search}`;
    const key = withMethod in routes ? withMethod : `${url.pathname}${url.search}`;
    // Asked on every page (navbar, guards) or by the login page: unless a test says otherwise,
    // nobody is signed in and the local Google stand-in is offered.
    if (!(key in routes) && key in DEFAULTS) return json(200, DEFAULTS[key]);
    if (!(key in routes)) {
      return json(404, { error: { code: 'not_found', message: `No route GET ${url.pathname}` } });
    }
    const route = routes[key];
    return isReply(route) ? json(route.status, route.body, route.headers) : json(200, route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const replies = new WeakSet<object>();

/**
 * A non-200 answer for `mockApi`, e.g. `reply(404, { error: { code: 'not_found', message } })`, or
 * one with headers: `reply(200, page, { link: '</api/…&cursor=c2>; rel="next"' })`.
 */
export function reply(status: number, body: unknown, headers?: Record<string, string>): Reply {
  const r = { status, body, ...(headers ? { headers } : {}) };
  replies.add(r);
  return r;
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && replies.has(value);
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  // A 204 has no body (the Response constructor refuses one).
  if (status === 204) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}
