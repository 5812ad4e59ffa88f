import { CATEGORY_LIST } from '../src/shared/catalog.ts';
import { expect, expectShowsPrice, signIn, test } from './fixtures.ts';

// Pages rendered by React on the server and hydrated by React in the browser (docs/rendering.md).
// The fixture fails any test on a hydration mismatch, a page error or a CSP refusal.

const PUBLIC_PAGES = ['/', '/blog', '/login', '/signup', '/about', '/stay-safe', '/contact', '/no/such/page'];
const SIGNED_IN_PAGES = ['/category/gaming', '/dashboard', '/dashboard/myOrders', '/dashboard/myWishlist'];
const ROLE_PAGES = {
  buyer: [],
  seller: ['/dashboard/addAProduct', '/dashboard/myProducts', '/dashboard/myBuyers'],
  admin: ['/dashboard/allBuyers', '/dashboard/allSellers'],
} as const;

test.describe('every page hydrates without a warning', () => {
  test('for a visitor', async ({ page }) => {
    for (const path of [...PUBLIC_PAGES, ...SIGNED_IN_PAGES]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    }
  });

  for (const role of ['buyer', 'seller', 'admin'] as const) {
    test(`for a signed-in ${role}`, async ({ page }) => {
      // A walk through every page the role can open (a dozen and more since the search and listing
      // pages): longer than one test's 30 s when the suite's two workers share the machine.
      test.slow();
      await signIn(page, role);
      for (const path of [...PUBLIC_PAGES, ...SIGNED_IN_PAGES, ...ROLE_PAGES[role]]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
        await expect(page.getByRole('link', { name: 'Dashboard' }).first(), path).toBeAttached();
      }
    });
  }
});

test('the browser does not fetch again what the page arrived with', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && !pathname.startsWith('/api/auth/')) asked.push(pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Advertised Laptops' }).getByRole('article').first()).toBeVisible();
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  expect(asked.filter((p) => ['/api/myProducts', '/api/services', '/api/blog'].includes(p))).toEqual([]);
});

test('view-source of / shows the advertised laptops and the categories', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  await page.goto('/');
  const names = await page
    .getByRole('region', { name: 'Advertised Laptops' })
    .getByRole('heading', { level: 3 })
    .allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(html).toContain(name.replace(/&/g, '&amp;'));
  for (const { category_name } of CATEGORY_LIST) expect(html).toContain(`href="/category/${category_name}"`);
  // The link preview's picture exists.
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  const preview = await request.get(image!);
  expect(preview.status()).toBe(200);
  expect(preview.headers()['content-type']).toBe('image/png');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows the hero, the advertised laptops, the categories and the services', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Laptop Haat — used laptops in Bangladesh');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cards = page.getByRole('region', { name: 'Advertised Laptops' }).getByRole('article');
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    await expectShowsPrice(cards.first());
    const categories = page.getByRole('region', { name: 'Laptop Categories' });
    for (const { category_name } of CATEGORY_LIST) {
      await expect(categories.getByRole('link', { name: new RegExp(category_name, 'i') }).first()).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Our Services' }).getByRole('listitem')).toHaveCount(4);
  });

  test('the blog shows its articles', async ({ page }) => {
    await page.goto('/blog');
    await expect(page).toHaveTitle('Blog — Laptop Haat');
    await expect(page.getByRole('heading', { name: 'How do I check a used laptop before I pay?' })).toBeVisible();
  });

  test('the login and signup pages show their forms', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expect(page.getByLabel('Name')).toBeVisible();
  });

  test('an unknown page shows the OOps page with a 404 status', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'OOps!!! Something went wrong.' })).toBeVisible();
  });
});

// A page names in its head every script its first load runs (src/server/features/pages/template.ts,
// src/web/i18n/catalog-modules.ts): a script the browser discovers only once another has run comes a
// round trip late on a phone.
test.describe('the head names every script the first load runs', () => {
  const LISTING = 'a listing (bn)';
  // The installable app's module (src/web/app/installable-app.ts) is not one: it is loaded on
  // purpose once the page has loaded and the browser is idle, and must come after the load event.
  const AFTER_LOAD = /^\/assets\/installable-app-[\w-]+\.js$/;
  for (const path of [
    '/',
    '/?lang=bn',
    '/login',
    '/login?lang=bn',
    '/search?q=dell&lang=bn',
    '/blog?lang=bn',
    LISTING,
  ]) {
    test(path, async ({ page }) => {
      const scripts: string[] = [];
      let loaded = false;
      page.on('load', () => {
        loaded = true;
      });
      page.on('request', (request) => {
        if (request.resourceType() !== 'script') return;
        const path = new URL(request.url()).pathname;
        if (!(loaded && AFTER_LOAD.test(path))) scripts.push(path);
      });
      if (path === LISTING) {
        await page.goto('/?lang=bn');
        // The home page's own after-load scripts (the installable app, at idle) are asked for before
        // the listing's requests are counted, not as the next page starts.
        await page.waitForLoadState('networkidle');
        const href = await page
          .getByRole('region', { name: 'বিজ্ঞাপিত ল্যাপটপ' })
          .getByRole('link')
          .first()
          .getAttribute('href');
        scripts.length = 0;
        loaded = false;
        await page.goto(href!);
        await expect(page).toHaveURL(/\/laptops\//);
      } else {
        await page.goto(path);
      }
      await page.waitForLoadState('networkidle');
      const named = await page.evaluate(() =>
        [...document.head.querySelectorAll('script[src], link[rel="modulepreload"]')].map(
          (el) => new URL((el as HTMLScriptElement).src || (el as HTMLLinkElement).href).pathname,
        ),
      );
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((s) => !named.includes(s))).toEqual([]);
    });
  }
});
