import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pages from '../../../web/app/entry-server.tsx';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

// Each page in the language its visitor chose (docs/i18n.md): by address (?lang=), by the cookie
// that choice leaves, by Accept-Language; rendered in it, cached per language, and naming its
// English and Bangla versions for search engines.

const webDir = mkdtempSync(join(tmpdir(), 'laptop-haat-lang-'));
writeFileSync(join(webDir, 'index.html'), readFileSync('index.html', 'utf8'));
writeFileSync(join(webDir, 'preloads.json'), '{}');

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ webDir, pages });
});
afterAll(() => app?.close());

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await app.request(path, { headers });
  return { res, html: await res.text() };
};
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

const ENGLISH = 'Good laptops, fair prices, sellers you can trust';
const BANGLA = 'ভালো ল্যাপটপ, ন্যায্য দাম, বিশ্বাসযোগ্য বিক্রেতা';

describe('the language of a page', () => {
  it('is English by default, word for word, and names both versions', async () => {
    const { res, html } = await page('/blog');
    expect(res.status).toBe(200);
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(head(html)).toContain('<title>Blog — Laptop Haat</title>');
    expect(head(html)).toContain(`<link rel="canonical" href="${app.url}/blog"/>`);
    expect(head(html)).toContain(`<link rel="alternate" hrefLang="en" href="${app.url}/blog?lang=en"/>`);
    expect(head(html)).toContain(`<link rel="alternate" hrefLang="bn" href="${app.url}/blog?lang=bn"/>`);
    expect(head(html)).toContain(`<link rel="alternate" hrefLang="x-default" href="${app.url}/blog"/>`);
    expect(res.headers.get('vary')).toContain('accept-language');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('?lang=bn renders the page in Bangla, keeps the choice in its canonical URL and remembers it', async () => {
    const { res, html } = await page('/?lang=bn');
    expect(res.status).toBe(200);
    expect(html).toMatch(/<html lang="bn">/);
    expect(html).toContain(BANGLA);
    expect(html).not.toContain(ENGLISH);
    expect(head(html)).toContain(`<link rel="canonical" href="${app.url}/?lang=bn"/>`);
    expect(head(html)).toContain('<title>Laptop Haat — বাংলাদেশে পুরোনো ল্যাপটপ</title>');
    expect(res.headers.get('set-cookie')).toMatch(/^lang=bn; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    // The browser asks for the services in Bangla; the server rendered them from the same query.
    expect(html).toContain('"queryKey":["services","bn"]');
  });

  it('follows the cookie, then Accept-Language; an address choice wins over both', async () => {
    expect((await page('/', { cookie: 'lang=bn' })).html).toContain(BANGLA);
    expect((await page('/', { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' })).html).toContain(BANGLA);
    expect((await page('/', { 'accept-language': 'en-US,en;q=0.9' })).html).toContain(ENGLISH);
    expect((await page('/', { 'accept-language': 'fr-FR' })).html).toContain(ENGLISH);
    expect((await page('/', { cookie: 'lang=en', 'accept-language': 'bn' })).html).toContain(ENGLISH);
    expect((await page('/?lang=en', { cookie: 'lang=bn' })).html).toContain(ENGLISH);
    // A cookie or parameter naming no language of ours is ignored.
    expect((await page('/?lang=xx', { cookie: 'lang=fr' })).html).toContain(ENGLISH);
  });

  it('never serves one language from the cache to a visitor of the other', async () => {
    for (let i = 0; i < 3; i += 1) {
      const [english, bangla, banglaByCookie] = await Promise.all([
        page('/'),
        page('/', { 'accept-language': 'bn' }),
        page('/', { cookie: 'lang=bn' }),
      ]);
      expect(english.html).toContain(ENGLISH);
      expect(english.html).not.toContain(BANGLA);
      expect(bangla.html).toContain(BANGLA);
      expect(banglaByCookie.html).toContain(BANGLA);
    }
    // Conditional requests: the two languages have different ETags.
    const en = (await page('/')).res.headers.get('etag');
    const bn = (await page('/', { cookie: 'lang=bn' })).res.headers.get('etag');
    expect(en).not.toBe(bn);
    const again = await app.request('/', { headers: { 'if-none-match': en!, cookie: 'lang=bn' } });
    expect(again.status).toBe(200);
  });

  it('renders the 404 page in the visitor language too', async () => {
    const { res, html } = await page('/no-such-page?lang=bn');
    expect(res.status).toBe(404);
    expect(html).toContain('<html lang="bn">');
    expect(html).toContain('পাতাটি পাওয়া যায়নি');
  });
});
