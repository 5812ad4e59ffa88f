import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type CDPSession, chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.ts';
import { addLaptopViaApi, expect, LAPTOP_FIELDS, signIn, signUpViaApi, test } from './fixtures.ts';

// The installable app (docs/decisions/0043-installable-app.md): Chromium's own installability
// check, the offline page in both languages, what the service worker keeps (never an /api answer,
// never a page), and a deploy's new worker taking over at the next visit.

/** The build the e2e server serves (scripts/e2e-server.mjs). */
const WEB_DIR = 'dist/web';

/** Opens `path` and waits until the service worker controls the page (it registers once the page is idle). */
async function openControlled(page: Page, path = '/') {
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Every URL in every Cache Storage cache of the origin. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** A PNG's width and height, from its header. */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Goes to `path` without the fixture's wait for the app to hydrate: the offline page runs no app. */
async function visit(page: Page, path: string) {
  await page.mainFrame().goto(path);
}

/** Serves `sw` as the build's /sw.js while `during` runs (the server reads its files at each request). */
async function deploy(sw: string, during: () => Promise<void>) {
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => join(WEB_DIR, name));
  const saved = files.map((file) => readFileSync(file));
  const next = Buffer.from(sw);
  try {
    writeFileSync(files[1]!, brotliCompressSync(next));
    writeFileSync(files[2]!, gzipSync(next));
    writeFileSync(files[0]!, next);
    await during();
  } finally {
    for (const [i, file] of files.entries()) writeFileSync(file, saved[i]!);
  }
}

test.describe('the installable app', () => {
  test('is installable in Chromium, with a manifest an app launcher can use', async ({ baseURL }) => {
    // A profile of its own: Chromium installs no app from an incognito context (the tests' usual kind).
    const profile = mkdtempSync(join(tmpdir(), 'laptop-haat-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(chromium.executablePath()),
      args: CHROMIUM_FLAGS,
      headless: true,
      baseURL,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await openControlled(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      await expectManifest(page, cdp);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

/** The manifest Chromium found for the page, and what an app launcher needs of it. */
async function expectManifest(page: Page, cdp: CDPSession) {
  const { request } = page;
  const { url } = await cdp.send('Page.getAppManifest');
  expect(new URL(url).pathname).toBe('/manifest.webmanifest');
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Laptop Haat — used laptops in Bangladesh',
    short_name: 'Laptop Haat',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0f766e',
    background_color: '#f3f6f8',
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  const expected = [
    { sizes: '192x192', purpose: 'any' },
    { sizes: '512x512', purpose: 'any' },
    { sizes: '512x512', purpose: 'maskable' },
  ];
  for (const { sizes, purpose } of expected) {
    const icon = icons.find((i) => i.type === 'image/png' && i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const res = await request.get(icon!.src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    const [width, height] = sizes.split('x').map(Number);
    expect(pngSize(await res.body())).toEqual({ width, height });
  }

  // The worker at /sw.js controls the whole site.
  const registration = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return { scope: r.scope, script: r.active?.scriptURL };
  });
  expect(new URL(registration.scope).pathname).toBe('/');
  expect(new URL(registration.script!).pathname).toBe('/sw.js');
}

test.describe('the service worker', () => {
  test('shows the offline page in English for a page not yet visited, and Try again loads it once online', async ({
    page,
    context,
  }) => {
    await openControlled(page);
    await context.setOffline(true);
    await visit(page, '/blog');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'আপনি অফলাইনে আছেন' })).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(new URL(page.url()).pathname).toBe('/blog');

    // Still offline: Try again shows the offline page again.
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  });

  test('shows the offline page in Bangla to someone who chose Bangla', async ({ page, context }) => {
    // The language switch's address leaves the `lang` cookie (docs/i18n.md).
    await openControlled(page, '/?lang=bn');
    await context.setOffline(true);
    await visit(page, '/about');
    await expect(page.getByRole('heading', { name: 'আপনি অফলাইনে আছেন' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeVisible();
    // In the app's Bangla face, which the worker keeps: a phone without a Bengali font reads it too.
    const bangla = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.family.includes('Noto Sans Bengali')).map((f) => f.status);
    });
    expect(bangla).toEqual(['loaded']);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'আবার চেষ্টা করুন' }).click();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    expect(new URL(page.url()).pathname).toBe('/about');
  });

  test('a visitor back on a listing sees it as it is now, not an earlier copy of the browser’s', async ({
    page,
    browser,
  }) => {
    const seller = await browser.newContext();
    const sellerPage = await seller.newPage();
    await signUpViaApi(sellerPage, { role: 'seller' });
    const fields = { ...LAPTOP_FIELDS, laptop_name: `Fresh Latitude ${Date.now().toString(36)}` };
    const id = await addLaptopViaApi(sellerPage, fields);

    // An anonymous visitor, the page and its answers fetched through the worker and kept by the browser.
    await openControlled(page, `/laptops/${id}`);
    await page.goto(`/laptops/${id}`);
    await expect(page.getByRole('paragraph').filter({ hasText: /^Tk 28,000$/ })).toBeVisible();

    // The seller lowers the price; the visitor comes back seconds later, well within the time an
    // edge may keep the page (stale-while-revalidate), which is no browser's to use.
    const edited = await sellerPage.request.put(`/api/laptops/${id}`, {
      data: { ...fields, resale_price: 26_500 },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    await page.goto(`/laptops/${id}`);
    await expect(page.getByRole('paragraph').filter({ hasText: /^Tk 26,500$/ })).toBeVisible();
    await seller.close();
  });

  test('keeps no /api answer and no page after signed-in browsing: only the build’s files', async ({ page }) => {
    await signIn(page, 'buyer');
    await openControlled(page, '/dashboard');
    const apiAnswers: string[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/api/')) apiAnswers.push(res.url());
    });
    for (const path of ['/dashboard/myOrders', '/wishlist', '/search?q=dell', '/']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // The pages asked the API for signed-in answers while the worker controlled them…
    expect(apiAnswers.length).toBeGreaterThan(0);
    const urls = await cachedUrls(page);
    expect(urls.length).toBeGreaterThan(0);
    // …and none of them, nor any page, is in a cache.
    expect(urls.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
    const notBuildFiles = urls.filter(
      (url) =>
        !/^\/(?:assets\/[^/]+\.(?:js|css|woff2)|icons\/[\w-]+\.png|offline\.(?:html|js))$/.test(new URL(url).pathname),
    );
    expect(notBuildFiles).toEqual([]);
  });

  test('a deploy’s new service worker takes over at the next visit and drops the old files', async ({ page }) => {
    // Every change of controller the page sees, counted from the start of each page.
    await page.addInitScript(() => {
      const w = window as unknown as { controllerChanges: number };
      w.controllerChanges = 0;
      navigator.serviceWorker?.addEventListener('controllerchange', () => {
        w.controllerChanges += 1;
      });
    });
    await openControlled(page);
    const offlineEntries = async () =>
      (await cachedUrls(page)).filter((url) => new URL(url).pathname === '/offline.html');
    const [before] = await offlineEntries();
    const oldRevision = new URL(before!).searchParams.get('__WB_REVISION__');
    expect(oldRevision).toBeTruthy();

    // The next deploy, for real: the server's /sw.js is the same worker with another revision of
    // the offline page in its list (its compressed copies too), put back after the test.
    const deployed = await (await page.request.get('/sw.js')).text();
    expect(deployed).toContain(oldRevision!);
    await deploy(deployed.replace(oldRevision!, 'next-deploy'), async () => {
      // The next visit: the browser checks /sw.js, installs the new worker, which takes the page over.
      await page.reload();
      await page.waitForFunction(() => (window as unknown as { controllerChanges: number }).controllerChanges > 0);
    });
    await expect.poll(offlineEntries).toEqual([expect.stringContaining('__WB_REVISION__=next-deploy')]);
    const state = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { waiting: r?.waiting !== null, installing: r?.installing !== null, active: r?.active?.state };
    });
    expect(state).toEqual({ waiting: false, installing: false, active: 'activated' });
  });
});
