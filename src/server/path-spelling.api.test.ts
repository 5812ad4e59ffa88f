import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './test/raw-request.ts';
import { DEMO, type Session, signIn } from './test/sessions.ts';
import { startTestApp, type TestApp } from './test/test-app.ts';

// One canonical path per route: any other spelling of it that a URL parser resolves to the same
// path (dot segments, %2e, backslashes, escaped letters) is answered exactly as the canonical path
// is; spellings no parser resolves (doubled or trailing slashes) are refused (404, or 400 where a
// trailing slash leaves a route's parameter empty).

let t: TestApp;
let buyer: Session;

beforeAll(async () => {
  t = await startTestApp();
  buyer = await signIn(t, DEMO.buyer);
});
afterAll(() => t?.close());

const QUERIES: Record<string, () => string> = {
  'GET /api/myProducts': () => '?advertise=true',
  'GET /api/jwt': () => `?email=${encodeURIComponent(buyer.email)}`,
  'GET /api/myOrders': () => `?buyerEmail=${encodeURIComponent(buyer.email)}`,
  'GET /api/allLaptops': () => `?email=${encodeURIComponent(buyer.email)}`,
};

/** Routes that would end the buyer's session for the rest of the file: their spellings are tried on sign-in's. */
const ENDS_SESSION = new Set(['POST /api/auth/sign-out', 'POST /api/auth/revoke-sessions']);

/** A concrete path for a route: sample parameters; sign-in instead of the routes that end the session. */
function samplePath(route: string): string {
  const pattern = ENDS_SESSION.has(route) ? '/api/auth/sign-in/email' : route.split(' ')[1]!;
  return pattern
    .replace(':email', encodeURIComponent(buyer.email))
    .replace(':name', 'gaming')
    .replace(/:[a-zA-Z]+/g, 'no-such-id');
}

/** Spellings that a WHATWG URL parser resolves to the same path. */
const sameSpelling = fc.oneof(
  fc.constant((p: string) => p.replace(/\/([^/]+)$/, '/./$1')),
  fc.constant((p: string) => p.replace(/\/([^/]+)$/, '/zz/../$1')),
  fc.constant((p: string) => p.replace(/\/([^/]+)$/, '/%2e/$1')),
  fc.constant((p: string) => p.replace(/\/([^/]+)$/, '/zz/%2E%2e/$1')),
  fc.constant((p: string) => p.replace(/^\/api\//, '/api/./')),
  fc.constant((p: string) => p.replace(/^\/api\//, '/zz/../api/')),
  fc.constant((p: string) => p.replace(/(.)\/([^/]+)$/, '$1\\$2')),
  fc.constant((p: string) => p.replace(/^\/api/, '/%61pi')),
  fc.constant((p: string) =>
    p.replace(/\/([a-z])([^/]*)$/, (_m, c: string, rest: string) => `/%${c.charCodeAt(0).toString(16)}${rest}`),
  ),
);
const refusedSpelling = fc.oneof(
  fc.constant((p: string) => p.replace(/\/([^/]+)$/, '//$1')),
  fc.constant((p: string) => `${p}/`),
);

/** Routes whose answer never ends: compared by their status and first chunk. */
const STREAMS = new Set(['GET /api/notifications/stream']);

async function call(method: string, path: string, route?: string) {
  const write = method !== 'GET';
  const res = await rawRequest(t.url, method, path, {
    // An empty body: every write refuses it, so no spelling changes anything.
    body: write ? {} : undefined,
    headers: { cookie: buyer.cookie, origin: t.url },
    firstChunkOnly: route !== undefined && STREAMS.has(route),
  });
  // Tokens carry their issue time; the rest of an answer must be identical.
  return { status: res.status, body: res.body.replace(/"accessToken":"[^"]+"/, '"accessToken":"…"') };
}

describe('every /api route', () => {
  it('answers every equivalent spelling of its path exactly as the canonical one', async () => {
    const routes = [...t.app.apiRoutes.keys()];
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const method = route.split(' ')[0]!;
      const path = samplePath(route);
      const query = QUERIES[route]?.() ?? '';
      const canonical = await call(method, path + query, route);
      if (STREAMS.has(route)) expect(canonical, route).toEqual({ status: 200, body: 'retry: 3000\n\n' });
      await fc.assert(
        fc.asyncProperty(fc.array(sameSpelling, { minLength: 1, maxLength: 3 }), async (spellings) => {
          const spelled = spellings.reduce((p, spell) => spell(p), path);
          expect(await call(method, spelled + query, route), `${route} as ${spelled}`).toEqual(canonical);
        }),
        { numRuns: 8 },
      );
    }
  });

  it('refuses spellings no URL parser resolves to it', async () => {
    for (const route of t.app.apiRoutes.keys()) {
      const method = route.split(' ')[0]!;
      const path = samplePath(route);
      await fc.assert(
        fc.asyncProperty(refusedSpelling, async (spell) => {
          // The API reference's page is both '/api/docs' (which moves to) and '/api/docs/'.
          if (t.app.apiRoutes.has(`${method} ${spell(path)}`)) return;
          const res = await call(method, spell(path));
          // Not found, or (a trailing slash meeting a route's empty parameter) invalid.
          expect([404, 400], `${route} as ${spell(path)}`).toContain(res.status);
          expect(['not_found', 'validation']).toContain(JSON.parse(res.body).error.code);
        }),
        { numRuns: 2 },
      );
    }
  });
});
