import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { BRANDS } from '../src/shared/catalog.ts';
import { addLaptopViaApi, expect, signIn, signUpViaApi, test } from './fixtures.ts';

// Bangla beside English, and accessible to everyone (docs/i18n.md): every route, as every role, in
// both languages, passes axe-core with no serious or critical violation, with its dialogs and
// drawers open too; a page rendered in Bangla shows no English outside brand names and content
// users wrote (marked translate="no"); the choice survives a reload and travels in a shared link.

type Role = 'visitor' | 'buyer' | 'seller' | 'admin';
type Lang = 'en' | 'bn';

/** The words allowed on a Bangla page: brands, and the storage types' acronyms. */
const ALLOWED = [...BRANDS.flatMap((b) => b.split(' ')), 'Laptop', 'Haat', 'English', 'Google', 'bKash', 'Nagad'];
const ALLOWED_EXTRA = ['Twitter', 'YouTube', 'Facebook', 'LinkedIn', 'GitHub', 'SSD', 'HDD', 'eMMC', 'Microsoft'];

/**
 * Words a page's Bangla keeps on purpose: a command the reader types (the blog's battery article),
 * and on Add A Product the names of menus on the seller's own computer, which show them in
 * English, and examples of model names and an image address.
 */
const ALLOWED_ON: Record<string, string[]> = {
  '/blog': ['powercfg', 'batteryreport'],
  '/dashboard/addAProduct': [
    ...['IdeaPad', 'Ryzen', 'GB', 'Intel', 'Core', 'Iris', 'Xe', 'NVIDIA', 'GeForce', 'GTX', 'Windows', 'Settings'],
    ...['System', 'About', 'This', 'Mac', 'PC', 'Finder', 'Storage', 'Device', 'Manager', 'Display', 'adapters'],
    ...['https', 'example', 'com', 'my', 'laptop', 'jpg'],
    // How to read battery health: the command, and the report's and the menus' own words.
    ...['Command', 'Prompt', 'powercfg', 'batteryreport', 'FULL', 'CHARGE', 'CAPACITY', 'DESIGN', 'mWh'],
    ...['Battery', 'Health', 'Information', 'Power', 'Maximum', 'Capacity'],
  ],
};

async function listingPath(request: APIRequestContext): Promise<string> {
  const page = (await (await request.get('/api/laptops?q=thinkpad%20x1%20carbon')).json()) as {
    items: { _id: string }[];
  };
  return `/laptops/${page.items[0]!._id}/lenovo-thinkpad-x1-carbon-gen-9`;
}

const ROUTES: Record<Role, string[]> = {
  visitor: [
    ...['/', '/blog', '/login', '/signup', '/forgot-password', '/reset-password?token=made-up'],
    ...['/search?q=dell', '/category/gaming', 'LISTING'],
    ...['/about', '/stay-safe', '/contact', '/no/such/page'],
  ],
  buyer: [
    ...['/dashboard', '/dashboard/myOrders', '/dashboard/myWishlist', '/dashboard/savedSearches'],
    ...['/dashboard/messages', 'LISTING'],
  ],
  seller: ['/dashboard', '/dashboard/addAProduct', '/dashboard/myProducts', '/dashboard/myBuyers'],
  admin: ['/dashboard', '/dashboard/allBuyers', '/dashboard/allSellers', '/dashboard/reports', '/dashboard/moderation'],
};

/** axe-core on the page once its transitions have ended: the serious and critical violations, described. */
async function axeProblems(page: Page): Promise<string[]> {
  // A dialog fading in has half-transparent text: contrast is judged on what stays on screen.
  // A spinner's endless animation, and daisyUI's scroll-driven one (a modal's page-has-scroll, timed
  // by scrolling, not by the clock), never end and are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' ||
          a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY ||
          !(a.timeline instanceof DocumentTimeline),
      ),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The English words a person reads on the page (text, title, meta description, aria-label,
 * placeholder, title and alt attributes). Words of content users wrote, marked translate="no", are
 * allowed wherever they appear again (a laptop's name in the title, a search query, an alt text).
 */
async function englishLeft(page: Page, also: readonly string[] = []): Promise<string[]> {
  return page.evaluate(
    (allowed) => {
      const allow = new Set(allowed);
      for (const element of document.querySelectorAll('[translate="no"]')) {
        for (const word of element.textContent?.match(/[A-Za-z]{2,}/g) ?? []) allow.add(word);
      }
      const found: string[] = [];
      const keep = (text: string | null | undefined, where: string) => {
        for (const word of text?.match(/[A-Za-z]{2,}/g) ?? []) if (!allow.has(word)) found.push(`${word} (${where})`);
      };
      keep(document.title, 'title');
      keep(document.querySelector('meta[name="description"]')?.getAttribute('content'), 'meta description');
      const visit = (element: Element) => {
        if (element.matches('[translate="no"], script, style, svg, template, noscript')) return;
        const style = getComputedStyle(element);
        const srOnly = element.classList.contains('sr-only');
        if (style.display === 'none' || (style.visibility === 'hidden' && !srOnly)) return;
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          keep(element.getAttribute(name), `${element.tagName.toLowerCase()}[${name}]`);
        }
        for (const node of element.childNodes) {
          if (node.nodeType === Node.TEXT_NODE) keep(node.textContent, element.tagName.toLowerCase());
          else if (node.nodeType === Node.ELEMENT_NODE) visit(node as Element);
        }
      };
      visit(document.body);
      return found;
    },
    [...ALLOWED, ...ALLOWED_EXTRA, ...also],
  );
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  // Pages behind sign-in fill in after hydration; wait until nothing is loading.
  await expect(page.getByRole('status', { name: /Loading|লোড হচ্ছে/ })).toHaveCount(0);
}

async function check(page: Page, lang: Lang, where: string) {
  expect(await axeProblems(page), `axe on ${where} (${lang})`).toEqual([]);
  if (lang === 'bn') expect(await englishLeft(page, ALLOWED_ON[where]), `English left on ${where}`).toEqual([]);
}

for (const lang of ['en', 'bn'] as const) {
  const language = lang === 'en' ? 'English' : 'Bangla';
  for (const role of ['visitor', 'buyer', 'seller', 'admin'] as const) {
    for (const route of ROUTES[role]) {
      test(`${route} for the ${role} in ${language} passes axe${lang === 'bn' ? ' and reads in Bangla' : ''}`, async ({
        page,
        request,
      }) => {
        if (role !== 'visitor') await signIn(page, role);
        await page
          .context()
          .addCookies([{ name: 'lang', value: lang, url: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}` }]);
        const path = route === 'LISTING' ? await listingPath(request) : route;
        await visit(page, path);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await check(page, lang, path);
      });
    }
  }

  test(`dialogs, menus and drawers in ${language} pass axe`, async ({ page, request }) => {
    test.slow();
    await page
      .context()
      .addCookies([{ name: 'lang', value: lang, url: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}` }]);
    await signIn(page, 'buyer');
    // The booking dialog, over the category page.
    await visit(page, '/category/gaming');
    await page.locator('article button.btn-primary:not(.btn-outline):not([disabled])').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, lang, 'the booking dialog');
    await page.keyboard.press('Escape');
    // The report dialog, over a listing page.
    await visit(page, await listingPath(request));
    await page.locator('button[aria-haspopup="dialog"]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check(page, lang, 'the report dialog');
    await page.keyboard.press('Escape');
    // On a phone: the menu and the search filters' drawer.
    await page.setViewportSize({ width: 360, height: 740 });
    await visit(page, '/search?q=dell');
    await page.getByRole('button', { name: lang === 'en' ? 'Open menu' : 'মেনু খুলুন' }).click();
    await expect(page.getByRole('button', { name: lang === 'en' ? 'Close menu' : 'মেনু বন্ধ করুন' })).toBeVisible();
    await check(page, lang, 'the phone menu');
    await visit(page, '/search?q=dell');
    await page.locator('label[for="search-filters-drawer"]').filter({ visible: true }).first().click();
    await expect(page.locator('#search-filters-drawer')).toBeChecked();
    await check(page, lang, 'the filters drawer');
  });
}

test('a visitor switches to বাংলা on the home page; it stays through links, a reload and a shared link', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  await page.getByRole('link', { name: 'বাংলা' }).first().click();
  await expect(page).toHaveURL('/?lang=bn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('button', { name: 'এখনই কিনুন' })).toBeVisible();
  // Prices in ৳ with Bangla digits.
  await expect(page.getByText(/^৳[০-৯]{1,3}(,[০-৯]{2})*,[০-৯]{3}$/).first()).toBeVisible();
  // A link inside the app: the next page is in Bangla too, rendered in the browser this time.
  await page.getByRole('navigation', { name: 'প্রধান' }).getByRole('link', { name: 'ব্লগ' }).click();
  await expect(page).toHaveURL('/blog');
  await expect(page).toHaveTitle(/ব্লগ/);
  // A reload keeps the language (the cookie), as does a link shared with someone else.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const other = await browser.newPage();
  await other.goto('/blog?lang=bn');
  await expect(other.locator('html')).toHaveAttribute('lang', 'bn');
  await other.goto('/blog');
  await expect(other.locator('html')).toHaveAttribute('lang', 'bn');
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto('/blog');
  await expect(fresh.locator('html')).toHaveAttribute('lang', 'en');
  await expect(fresh).toHaveTitle('Blog — Laptop Haat');
  // And back to English.
  await page.getByRole('link', { name: 'English' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Blog — Laptop Haat');
  await other.close();
  await fresh.close();
});

test('Bangla a seller writes shows in the Bangla face on an English page, which otherwise fetches no Bangla face', async ({
  page,
}) => {
  const faces: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('noto-sans-bengali')) faces.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  expect(faces).toEqual([]);

  await signUpViaApi(page, { role: 'seller' });
  const name = 'ডেল ল্যাপটপ, অক্ষত স্ক্রিন';
  const id = await addLaptopViaApi(page, { laptop_name: name, laptopDesc: 'ব্যাটারি ভালো, চার্জার সহ।' });
  await page.goto(`/laptops/${id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const heading = page.getByRole('heading', { level: 1, name });
  await expect(heading).toBeVisible();
  await expect.poll(() => faces.length).toBe(1);
  // The fonts Chromium drew the heading's text with (this machine has no Bengali font of its own:
  // before, the letters were empty boxes in a Latin face).
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await heading.evaluate((h) => h.setAttribute('data-font-probe', ''));
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  await cdp.send('CSS.enable');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-font-probe]' });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  expect(fonts.map((f) => f.familyName)).toContain('Noto Sans Bengali');
});
