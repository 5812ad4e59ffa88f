import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicLaptopListSchema } from '../../../shared/laptops.ts';
import * as pages from '../../../web/app/entry-server.tsx';
import { validLaptopBody } from '../../test/fixtures.ts';
import { accessTokenOf, DEMO, jsonPost, signIn } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { laptops } from '../laptops/schema.ts';
import { users } from '../users/schema.ts';
import { EARLY_TAPS_SCRIPT } from './early-taps.ts';

// The pages as a browser without JavaScript, a search engine or a link preview receives them:
// rendered by React on the server from the real routes and the real API (docs/rendering.md).

const webDir = mkdtempSync(join(tmpdir(), 'laptop-haat-pages-'));
// The repository's index.html as a build leaves it (its slots kept, its entry script hashed and
// moved into the head with the entry's module preloads and the stylesheet), and the build's list of
// the chunks each lazy module needs.
writeFileSync(
  join(webDir, 'index.html'),
  readFileSync('index.html', 'utf8')
    .replace(/\s*<script type="module" src="[^"]+"><\/script>/, '')
    .replace(
      '<!--app-head-->',
      [
        '<!--app-head-->',
        '<script type="module" crossorigin src="/assets/index-e1.js"></script>',
        '<link rel="modulepreload" crossorigin href="/assets/vendor-v1.js">',
        '<link rel="stylesheet" crossorigin href="/assets/index-s1.css">',
      ].join('\n'),
    ),
);
// Its stylesheet names the Bangla face as the build's does (src/web/app/styles.css).
const BANGLA_FACE = '/assets/noto-sans-bengali-bengali-400-normal-b1.woff2';
mkdirSync(join(webDir, 'assets'));
writeFileSync(join(webDir, 'assets', 'index-s1.css'), `@font-face{src:url(${BANGLA_FACE}) format("woff2")}`);
writeFileSync(
  join(webDir, 'preloads.json'),
  JSON.stringify({
    'src/web/app/layout/dashboard-layout.tsx': ['/assets/dashboard-layout-d1.js', '/assets/shared-s1.js'],
    'src/web/app/routes/login-page.tsx': ['/assets/login-page-a1.js', '/assets/shared-s1.js'],
    'src/web/app/routes/wishlist-page.tsx': ['/assets/wishlist-page-w1.js', '/assets/shared-s1.js'],
    'src/web/i18n/pages-en.ts': ['/assets/pages-en-p1.js', '/assets/en-c1.js'],
    'src/web/i18n/pages-bn.ts': ['/assets/pages-bn-p1.js', '/assets/bn-c1.js'],
    'src/web/locales/bn/first.ts': ['/assets/first-f1.js'],
    'src/web/lib/format-bn.ts': ['/assets/format-bn-f1.js'],
    'src/web/features/wishlist/locales/en.ts': ['/assets/en-c1.js'],
    'src/web/features/wishlist/locales/bn.ts': ['/assets/bn-c1.js'],
  }),
);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ webDir, pages });
});
afterAll(() => t?.close());

const page = async (path: string, init?: RequestInit) => {
  const res = await t.request(path, init);
  return { res, html: await res.text() };
};

/** The state the browser hydrates from, as the page carries it. */
function appState(html: string) {
  const json = /<script type="application\/json" id="app-state">([^<]*)<\/script>/.exec(html)?.[1];
  expect(json, 'the page carries its state').toBeDefined();
  return JSON.parse(json!) as {
    origin: string;
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
  };
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('public pages arrive rendered', () => {
  it('renders the home page with the advertised laptops and the categories as HTML', async () => {
    const ads = publicLaptopListSchema.parse(await (await t.request('/api/myProducts?advertise=true')).json());
    expect(ads.length).toBeGreaterThan(0);
    const { res, html } = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    for (const laptop of ads) expect(html).toContain(laptop.laptop_name);
    for (const name of ['casual', 'gaming', 'premium']) expect(html).toContain(`href="/category/${name}"`);
    // The browser starts from the same data instead of asking again.
    const keys = appState(html).queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys.some((k) => k.includes('advertised'))).toBe(true);
  });

  it.each([
    ['/blog', 'Blog — Laptop Haat', 'How do I check a used laptop before I pay?'],
    ['/login', 'Log In — Laptop Haat', 'Log In'],
    ['/signup', 'Sign Up — Laptop Haat', 'Sign Up'],
    ['/about', 'About us — Laptop Haat', 'Verified sellers'],
    ['/stay-safe', 'How to stay safe — Laptop Haat', 'Never pay in advance'],
    // The configured contact (test config: src/server/test/env.ts), in the page itself.
    ['/contact', 'Contact — Laptop Haat', 'href="mailto:help@laptophaat.test"'],
  ])('renders %s whole, with its own head', async (path, title, text) => {
    const { res, html } = await page(path);
    expect(res.status).toBe(200);
    expect(head(html)).toContain(`<title>${title}</title>`);
    expect(head(html)).toContain(`<link rel="canonical" href="${t.url}${path}"/>`);
    expect(head(html)).toContain(`<meta property="og:title" content="${title}"/>`);
    expect(head(html)).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html.slice(html.indexOf('<body>'))).toContain(text);
  });

  it('answers an unknown page with 404 and the OOps page, marked not for indexing', async () => {
    const { res, html } = await page('/no/such/page');
    expect(res.status).toBe(404);
    expect(html).toContain('OOps!!! Something went wrong.');
    expect(head(html)).toContain('<meta name="robots" content="noindex"/>');
    expect((await page('/another-missing-page')).res.status).toBe(404);
  });

  it('renders pages behind sign-in as the layout and the loading spinner, for everyone alike', async () => {
    const buyer = await signIn(t, DEMO.buyer);
    for (const path of ['/dashboard/myOrders', '/category/gaming']) {
      const anonymous = await page(path);
      const signedIn = await page(path, { headers: { cookie: buyer.cookie } });
      expect(anonymous.res.status).toBe(200);
      expect(anonymous.html).toContain('role="status"');
      expect(anonymous.html).not.toContain('My Orders —');
      // The account is resolved in the browser: nobody receives a page made for someone else.
      expect(signedIn.html).not.toContain(buyer.email);
      expect(signedIn.html.replace(/id="app-state">[^<]*/, '')).toBe(
        anonymous.html.replace(/id="app-state">[^<]*/, ''),
      );
    }
  });

  it('moves a path with a trailing or doubled slash to the page’s one address', async () => {
    for (const [from, to] of [
      ['/blog/', '/blog'],
      ['//login//?from=%2Fdashboard', '/login?from=%2Fdashboard'],
      ['/dashboard/myOrders/', '/dashboard/myOrders'],
    ]) {
      const res = await t.request(from!, { redirect: 'manual' });
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
    }
  });

  it('names its entry, the chunks of its route and its lazy messages in the head, so they run once the page is parsed', async () => {
    const scripts = (html: string) =>
      [...head(html).matchAll(/<script type="module" fetchpriority="low" crossorigin src="([^"]+)"><\/script>/g)].map(
        (m) => m[1],
      );
    const preloads = (html: string) =>
      [...head(html).matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1],
      );
    // A lazy page: its chunks, then the messages of the pages beyond the first load, in its language.
    const login = (await page('/login?from=%2Fdashboard')).html;
    expect(scripts(login)).toEqual(['/assets/index-e1.js']);
    expect(preloads(login)).toEqual([
      '/assets/vendor-v1.js',
      '/assets/login-page-a1.js',
      '/assets/shared-s1.js',
      '/assets/pages-en-p1.js',
      '/assets/en-c1.js',
    ]);
    // In Bangla, the first load's Bangla messages and number formats too.
    expect(preloads((await page('/login?lang=bn')).html)).toEqual([
      '/assets/vendor-v1.js',
      '/assets/login-page-a1.js',
      '/assets/shared-s1.js',
      '/assets/first-f1.js',
      '/assets/format-bn-f1.js',
      '/assets/pages-bn-p1.js',
      '/assets/bn-c1.js',
    ]);
    // The first load's page needs no page messages: in English the entry has all it shows, but
    // the heart on its cards, which comes once it has hydrated, brings its own.
    const home = (await page('/')).html;
    expect(scripts(home)).toEqual(['/assets/index-e1.js']);
    expect(preloads(home)).toEqual(['/assets/vendor-v1.js', '/assets/en-c1.js']);
    expect(preloads((await page('/?lang=bn')).html)).toEqual([
      '/assets/vendor-v1.js',
      '/assets/first-f1.js',
      '/assets/format-bn-f1.js',
      '/assets/bn-c1.js',
    ]);
    // The not-found page shows no heart.
    expect(preloads((await page('/no/such/page')).html)).toEqual(['/assets/vendor-v1.js']);
    // A page inside a layout: the layout's chunks and the page's, each once.
    expect(preloads((await page('/dashboard/myWishlist')).html)).toEqual([
      '/assets/vendor-v1.js',
      '/assets/dashboard-layout-d1.js',
      '/assets/shared-s1.js',
      '/assets/wishlist-page-w1.js',
      '/assets/pages-en-p1.js',
      '/assets/en-c1.js',
    ]);
  });

  it('preloads the Bangla face, ahead of the stylesheet, on pages in Bangla only', async () => {
    const preload = `<link rel="preload" href="${BANGLA_FACE}" as="font" type="font/woff2" crossorigin>`;
    for (const path of ['/?lang=bn', '/blog?lang=bn', '/no/such/page?lang=bn']) {
      const bangla = head((await page(path)).html);
      expect(bangla, path).toContain(preload);
      expect(bangla.indexOf(preload), path).toBeLessThan(bangla.indexOf('rel="stylesheet"'));
    }
    // Chosen by the cookie as well as by the address.
    expect(head((await page('/login', { headers: { cookie: 'lang=bn' } })).html)).toContain(preload);
    for (const path of ['/', '/blog', '/?lang=en'])
      expect(head((await page(path)).html), path).not.toContain('as="font"');
  });

  it("runs one inline script, the early taps' one, in the head ahead of the stylesheet and allowed by its hash; the state is JSON the browser does not execute", async () => {
    const hash = createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64');
    for (const path of ['/', '/login', '/no/such/page']) {
      const { res, html } = await page(path);
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      const inline = scripts.filter(([, attributes]) => !/type="application\/json"|\ssrc=/.test(attributes ?? ''));
      expect(
        inline.map(([, , body]) => body),
        path,
      ).toEqual([EARLY_TAPS_SCRIPT]);
      expect(html.indexOf(inline[0]![0]), path).toBeLessThan(html.indexOf('rel="stylesheet"'));
      const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      expect(scriptSrc, path).toBe(`'self' 'sha256-${hash}'`);
    }
  });
});

describe('rendered pages are cached like public API answers', () => {
  it('answers a repeated visit with 304 for its ETag', async () => {
    const first = await t.request('/blog');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // An edge (docs/operations.md#an-edge-cache) may keep it a few seconds; the language makes variants.
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=0, must-revalidate, s-maxage=5, stale-while-revalidate=30, stale-if-error=86400',
    );
    expect(first.headers.get('vary')).toBe('accept-encoding, accept-language, cookie');
    expect((await t.request('/blog', { headers: { 'if-none-match': etag! } })).status).toBe(304);
  });

  it('sends a search page, rendered each time, with an ETag and compressed, for an edge to keep', async () => {
    const first = await t.request('/search?q=thinkpad', { headers: { 'accept-encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=0, must-revalidate, s-maxage=5,/);
    // Each rendering carries the time its data was fetched, so only an edge's own copy answers 304 for it.
    expect(first.headers.get('etag')).toMatch(/^W\/"/);
  });

  it('tells every cache between that a signed-in visit and a page behind sign-in are private', async () => {
    const buyer = await signIn(t, DEMO.buyer);
    const signedIn = await t.request('/blog', { headers: { cookie: buyer.cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    const dashboard = await t.request('/dashboard');
    expect(dashboard.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('shows a newly advertised laptop on the home page at once, its name escaped in the state', async () => {
    const before = await t.request('/');
    const seller = await signIn(t, DEMO.seller);
    const auth = { authorization: `Bearer ${await accessTokenOf(t, seller)}` };
    const name = 'Evil </script><script>alert(1)</script> Book';
    const added = await jsonPost(t, '/api/addLaptop', validLaptopBody({ laptop_name: name }), auth);
    expect(added.status).toBe(201);
    const { _id } = (await added.json()) as { _id: string };
    const advertised = await t.request(`/api/myProducts/${_id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...auth },
      body: '{"advertise":"true"}',
    });
    expect(advertised.status).toBe(200);

    const after = await page('/', { headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(after.res.status).toBe(200);
    expect(after.html).not.toContain('</script><script>alert(1)');
    expect(after.html).toContain('Evil &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Book');
    const state = appState(after.html);
    expect(JSON.stringify(state)).toContain(name);
  });
});

describe('a seller’s page', () => {
  it('is rendered on the server with the seller’s record; an unknown seller is the 404 page', async () => {
    const [seller] = await t.database.db.select().from(users).where(eq(users.email, DEMO.seller));
    const { res, html } = await page(`/sellers/${seller!.id}`);
    expect(res.status).toBe(200);
    expect(html).toContain(
      `<h1 class="text-3xl font-bold tracking-tight break-words" translate="no">${seller!.name}</h1>`,
    );
    expect(html).toContain('Laptops for sale');
    expect((await page('/sellers/no-such-seller')).res.status).toBe(404);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('points search engines at the sitemap and away from the API and the dashboard', async () => {
    const { res, html } = await page('/robots.txt');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(html).toContain('Disallow: /api/');
    expect(html).toContain('Disallow: /dashboard');
    expect(html).toContain(`Sitemap: ${t.url}/sitemap.xml`);
  });

  it('lists the home page, search, the blog, every category, the footer pages, every laptop for sale and every seller', async () => {
    const { res, html } = await page('/sitemap.xml');
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const locs = [...html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const fixed = [
      ...['/', '/search', '/blog', '/category/casual', '/category/gaming', '/category/premium'],
      ...['/about', '/stay-safe', '/contact'],
    ];
    expect(locs.slice(0, fixed.length)).toEqual(fixed.map((p) => `${t.url}${p}`));
    const rest = locs.slice(fixed.length);
    const laptopPages = rest.filter((loc) => loc.includes('/laptops/'));
    const listed = laptopPages.map((loc) => /^.+\/laptops\/([^/]+)\/[^/]+$/.exec(loc)?.[1]);
    const forSale = await t.database.db
      .select({ id: laptops.id })
      .from(laptops)
      .where(eq(laptops.salesStatus, 'unsold'));
    expect(listed.sort()).toEqual(forSale.map((l) => l.id).sort());
    // Then the sellers' pages (docs/product.md#seller-page), after the listings.
    const sellerPages = rest.slice(laptopPages.length);
    const sellers = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'seller'));
    expect(sellerPages.sort()).toEqual(sellers.map((u) => `${t.url}/sellers/${u.id}`).sort());
  });
});

describe('hostile paths and query strings', () => {
  const segment = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.constantFrom('<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '..', '%2e%2e', '\u202e', '💻'),
  );
  const path = fc
    .tuple(
      fc.constantFrom('', 'blog', 'login', 'category', 'dashboard', 'no-such'),
      fc.array(segment, { maxLength: 3 }),
    )
    .map(([first, rest]) => `/${[first, ...rest].map((s) => encodeURIComponent(s)).join('/')}`);
  const query = fc.dictionary(fc.constantFrom('from', 'google', 'q', 'x'), segment, { maxKeys: 3 });

  it('answer a page or the 404 page, run no script of theirs, and cannot grow the cache', async () => {
    await fc.assert(
      fc.asyncProperty(path, query, async (p, q) => {
        const search = new URLSearchParams(q).toString();
        const res = await t.request(`${p}${search ? `?${search}` : ''}`);
        const html = await res.text();
        if (p === '/api' || p.startsWith('/api/')) return;
        if (res.redirected) expect(new URL(res.url).pathname).not.toMatch(/\/\/|.\/$/);
        expect([200, 404]).toContain(res.status);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        for (const [, attributes] of html.matchAll(/<script\b([^>]*)>/g)) {
          expect(attributes).toMatch(
            /^$|^ type="module" fetchpriority="low" crossorigin src="\/assets\/index-e1\.js"$|^ type="application\/json" id="app-state"$/,
          );
        }
        expect(html).not.toMatch(/<img src=x|<script>alert/);
      }),
      { numRuns: 150 },
    );
    // Only the public pages' own paths ('/', '/blog', '/login', '/signup'), the one 404 page and
    // the sitemap are ever cached, whatever was asked for; the replayed copies before routing are
    // capped by the front cache itself.
    expect(t.app.responseCache.entriesOf('pages').length).toBeLessThanOrEqual(6);
  });
});

describe('when rendering fails', () => {
  it('sends the page unrendered for the browser to build, and keeps none of it', async () => {
    let failures = 1;
    const flaky = {
      ...pages,
      renderPage: async (...args: Parameters<typeof pages.renderPage>) => {
        if (failures-- > 0) throw new Error('the renderer broke');
        return pages.renderPage(...args);
      },
    };
    const other = await startTestApp({ webDir, pages: flaky });
    try {
      const first = await other.request('/blog');
      expect(first.status).toBe(200);
      const unrendered = await first.text();
      expect(unrendered).toContain('<div id="root"></div>');
      expect(unrendered).toContain(
        '<script type="module" fetchpriority="low" crossorigin src="/assets/index-e1.js"></script>',
      );
      const second = await (await other.request('/blog')).text();
      expect(second).toContain('How do I check a used laptop before I pay?');
    } finally {
      await other.close();
    }
  });
});
