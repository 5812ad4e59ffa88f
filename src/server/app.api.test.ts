import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../shared/errors.ts';
import { DEMO, signIn } from './test/sessions.ts';
import { openTestDatabase, startTestApp, type TestApp } from './test/test-app.ts';

const webDir = mkdtempSync(join(tmpdir(), 'laptop-haat-web-'));
writeFileSync(
  join(webDir, 'index.html'),
  '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>',
);

// A built script (hashed name, with the build's brotli copy) and a file of public/ (unhashed).
mkdirSync(join(webDir, 'assets'));
writeFileSync(join(webDir, 'assets', 'index-a1b2c3.js'), 'console.log(1);');
writeFileSync(join(webDir, 'assets', 'index-a1b2c3.js.br'), Buffer.from([0x0b, 0x06, 0x80, 0x63, 0x03]));
writeFileSync(join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ webDir });
});
afterAll(() => t?.close());

describe('routing', () => {
  it('answers an unknown /api path with 404 JSON', async () => {
    const res = await t.request('/api/nope?x=1');
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(await res.json()).error).toMatchObject({
      code: 'not_found',
      message: 'No route GET /api/nope',
    });
  });

  it('answers an unknown path outside /api with an HTML page (the pages are tested in pages.api.test.ts)', async () => {
    const res = await t.request('/some/unknown/page');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('<div id="root">');
  });
});

describe('request bodies', () => {
  it('refuses a body over 100 KB with 413', async () => {
    const res = await t.request('/api/blog', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(101 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await t.request('/api/nope', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken": ',
    });
    expect(res.status).toBe(400);
    const body = errorBodySchema.parse(await res.json());
    expect(body.error).toMatchObject({ code: 'validation', message: 'The request body is not valid JSON' });
  });
});

describe('text the database cannot hold', () => {
  it('refuses a NUL character in a path, a query or a body with 400, not a 500', async () => {
    // Signed in: an anonymous caller of a protected route is refused (401) before its input is read.
    const { cookie } = await signIn(t, DEMO.buyer);
    for (const path of ['/api/categories/%00', '/api/users/admin/a%00@b.test', '/api/myProducts?advertise=%00']) {
      const res = await t.request(path, { headers: { cookie } });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('validation');
    }
    const body = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.test', password: 'Secret@1\u0000' }),
    });
    expect(body.status).toBe(400);
  });

  it('answers a URL too large for the HTTP parser in the documented shape', async () => {
    const res = await t.request(`/api/categories/${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect((await res.json()).error.code).toBe('validation');
  });
});

describe('headers', () => {
  it('sends an explicit own-origin CSP and the other security headers', async () => {
    const res = await t.request('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('sends API answers and errors the headers of a JSON API: never framed, sniffed or read cross-origin', async () => {
    for (const path of ['/api/services', '/api/no-such-route']) {
      const res = await t.request(path);
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
  });

  it("sends the build's scripts the four headers of a resource that is never a document", async () => {
    const res = await t.request('/assets/index-a1b2c3.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('referrer-policy')).toBeNull();
  });

  it('lets browsers keep hashed assets for a year and revalidate the rest', async () => {
    for (const encoding of ['identity', 'br']) {
      const res = await t.request('/assets/index-a1b2c3.js', { headers: { 'accept-encoding': encoding } });
      expect(res.status, encoding).toBe(200);
      expect(res.headers.get('cache-control'), encoding).toBe('public, max-age=31536000, immutable');
    }
    const icon = await t.request('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(icon.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('has browsers ask for the service worker every time, so a deploy reaches the next visit', async () => {
    const res = await t.request('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    // Its scope is the whole site by its own path: no Service-Worker-Allowed needed.
    expect(res.headers.get('content-security-policy')).toContain("worker-src 'self'");
  });

  it('gives every response a request id, echoing one sent by a proxy', async () => {
    const own = await t.request('/api/services');
    expect(own.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.request('/api/services', { headers: { 'x-request-id': 'edge-42' } });
    expect(given.headers.get('x-request-id')).toBe('edge-42');
  });
});

describe('failures', () => {
  it('answers a database that is away with a 503 that shows no stack or SQL', async () => {
    const { database, drop } = await openTestDatabase();
    const broken = await startTestApp({ database });
    await database.close();
    try {
      const res = await broken.request('/api/blog');
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const text = await res.text();
      expect(JSON.parse(text)).toMatchObject({
        error: {
          code: 'unavailable',
          message: 'The service is briefly unavailable. Please try again in a few seconds.',
        },
      });
      expect(text).not.toMatch(/select|laptop_|at .*\.ts|stack/i);
    } finally {
      await broken.app.close();
      await drop();
    }
  });
});
