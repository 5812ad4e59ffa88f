import { createHash } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS } from '../../platform/http/security.ts';
import { conformanceProblems, type OpenApiDocument, type RecordedAnswer } from '../../test/openapi-conformance.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { AUTH_BASE_PATH } from '../auth/instance.ts';
import { SERVED_AUTH_ROUTES } from '../auth/served-endpoints.ts';
import { SECURITY_HEADERS } from '../pages/headers.ts';
import { FROM_BETTER_AUTH, isDocumented, OPENAPI_PATH } from './api-docs.ts';

// The API reference (features/operations/api-docs.ts, docs/operations.md#api-reference): a document generated
// from the routes' zod schemas that lists every /api route, and Scalar's page with a CSP of its own.
// That every answer the API tests receive matches the document is checked by test-app.ts on close.

let t: TestApp;
let doc: OpenApiDocument & {
  openapi: string;
  info: { title: string };
  paths: Record<
    string,
    Record<string, { security?: unknown[]; responses: Record<string, unknown>; [FROM_BETTER_AUTH]?: boolean }>
  >;
};
beforeAll(async () => {
  t = await startTestApp();
  doc = await (await t.request(OPENAPI_PATH)).json();
});
afterAll(() => t?.close());

// '/api/laptops/:id' is '/api/laptops/{id}' in OpenAPI.
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document, sent as JSON and never stored', async () => {
    const res = await t.request(OPENAPI_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Laptop Haat API');
  });

  it('describes every /api route the app serves, and only those', () => {
    const served = [...t.app.apiRoutes.keys()]
      .map((key) => key.split(' ') as [string, string])
      .filter(([, url]) => isDocumented(url))
      .map(([method, url]) => `${method} ${openApiPath(url)}`)
      .sort();
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, op })),
    );
    const ours = operations.filter(({ op }) => !op[FROM_BETTER_AUTH]).map(({ key }) => key);
    expect(ours.sort()).toEqual(served);
    // Our own routes in front of better-auth are ours; those passed to it as they are are left out...
    expect(ours).toContain('POST /api/auth/sign-in/email');
    expect([...t.app.apiRoutes.keys()].filter((k) => !isDocumented(k.split(' ')[1]!))).toContain(
      `GET ${AUTH_BASE_PATH}/get-session`,
    );
    // ...and described by better-auth itself, route by route: exactly those the app serves, no more.
    const theirs = operations.filter(({ op }) => op[FROM_BETTER_AUTH]).map(({ key }) => key);
    const passed = [...SERVED_AUTH_ROUTES].filter((r) => !ours.includes(r)).map((r) => r.replace(/:\w+/g, '{id}'));
    expect(theirs.map((r) => r.replace(/\{\w+\}/g, '{id}')).sort()).toEqual(passed.sort());
    expect(theirs).toEqual(expect.arrayContaining(['GET /api/auth/get-session', 'POST /api/auth/sign-out']));
    expect(theirs).not.toContain('POST /api/auth/delete-user');
    expect(theirs).not.toContain('POST /api/auth/verify-password');
    expect(theirs).not.toContain('POST /api/auth/sign-in/email');
  });

  it("does not serve better-auth's own reference or schema routes", async () => {
    for (const path of ['/api/auth/open-api/generate-schema', '/api/auth/reference']) {
      const res = await t.request(path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
  });

  it('gives every route an answer, the error shape and, for protected routes, how to sign in', () => {
    for (const [key, access] of t.app.apiRoutes) {
      const [method, url] = key.split(' ') as [string, string];
      if (!isDocumented(url)) continue;
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      const codes = Object.keys(operation!.responses);
      expect(
        codes.some((c) => /^2\d\d$/.test(c)),
        `${key} documents a success answer`,
      ).toBe(true);
      expect(codes, key).toEqual(expect.arrayContaining(['4XX', '5XX']));
      if (access === 'public') expect(operation!.security, key).toBeUndefined();
      else expect(operation!.security, key).toEqual([{ session: [] }, { accessToken: [] }]);
    }
  });

  it('holds only schemas a JSON Schema 2020-12 validator compiles', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    let count = 0;
    for (const operations of Object.values(doc.paths))
      for (const operation of Object.values(operations))
        if (!operation[FROM_BETTER_AUTH])
          for (const answer of Object.values(operation.responses) as { content?: Record<string, { schema: object }> }[])
            for (const media of Object.values(answer.content ?? {})) {
              expect(() => ajv.compile(media.schema)).not.toThrow();
              count += 1;
            }
    expect(count).toBeGreaterThan(100);
  });
});

describe('the conformance check on every API test', () => {
  const answer = (over: Partial<RecordedAnswer>): RecordedAnswer => ({
    method: 'GET',
    path: '/api/client-config',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body: '{"googleSignIn":false}',
    ...over,
  });

  it('accepts a real answer and the error shape on any 4xx', async () => {
    const real = await t.request('/api/client-config');
    expect(conformanceProblems(doc, [answer({ body: await real.text() })])).toEqual([]);
    const missing = await t.request('/api/laptops/nope');
    expect(missing.status).toBe(404);
    const body = await missing.text();
    expect(conformanceProblems(doc, [answer({ path: '/api/laptops/nope', status: 404, body })])).toEqual([]);
  });

  it('fails an answer whose body differs, an undocumented status, content type or route', () => {
    const laptop = answer({ path: '/api/laptops/abc', body: '{"_id":"abc"}' });
    expect(conformanceProblems(doc, [laptop])[0]).toMatch(
      /^GET \/api\/laptops\/abc → 200: the body differs from the documented answer \(.*required property/,
    );
    expect(conformanceProblems(doc, [answer({ status: 201 })])).toEqual([
      'GET /api/client-config → 201: status 201 is not documented for GET /api/client-config',
    ]);
    expect(conformanceProblems(doc, [answer({ contentType: 'text/html' })])[0]).toMatch(/answered text\/html/);
    expect(conformanceProblems(doc, [answer({ path: '/api/secret-route' })])).toEqual([
      'GET /api/secret-route → 200: the route is not in the document',
    ]);
    expect(conformanceProblems(doc, [answer({ status: 400, body: '{"message":"no"}' })])[0]).toMatch(
      /the body differs/,
    );
  });
});

describe('the reference page, /api/docs', () => {
  it('moves /api/docs to /api/docs/ and serves its script from our origin', async () => {
    const res = await t.request('/api/docs', { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/api/docs/');
    const script = await t.request('/api/docs/js/scalar.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
  });

  it('has a CSP of its own that allows exactly its one inline script, by hash', async () => {
    const res = await t.request('/api/docs/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<script src="js/scalar.js"></script>');
    // Until that script has run, the page says what it is waiting for (Scalar then fills #app).
    expect(html.indexOf('<p role="status"')).toBeLessThan(html.indexOf('<script src="js/scalar.js">'));
    expect(html).toMatch(/<div id="app"><p role="status"[^>]*>Loading the API reference…<\/p><\/div>/);
    expect(html).toContain('"url": "./openapi.json"');
    const copy = await t.request('/api/docs/openapi.json');
    expect((await copy.json()).paths).toEqual(doc.paths);
    const csp = res.headers.get('content-security-policy')!;
    const inline = [...html.matchAll(/<script type="text\/javascript">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self'");
  });

  it("leaves the app's and the API's policies as strict as before", async () => {
    const api = await t.request('/api/client-config');
    expect(api.headers.get('content-security-policy')).toBe(API_SECURITY_HEADERS['content-security-policy']);
    const openapi = await t.request(OPENAPI_PATH);
    expect(openapi.headers.get('content-security-policy')).toBe(API_SECURITY_HEADERS['content-security-policy']);
    const page = await t.request('/robots.txt');
    expect(page.headers.get('content-security-policy')).toBe(SECURITY_HEADERS['content-security-policy']);
  });
});
