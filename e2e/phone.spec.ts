import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, demoEmails, expect, signIn, test } from './fixtures.ts';

// A 360 px phone (docs/product.md#layout): in English and Bangla, nothing of the navbar, the bell's
// panel, the dialogs and every role's dashboard tables reaches past the screen's edges, the logo
// stays on one line, and the page never scrolls sideways. SCREENSHOTS=<dir> keeps a picture of each
// screen, for reading the Bangla.

const PHONE = { width: 360, height: 740 };
type Lang = 'en' | 'bn';

async function useLanguage(page: Page, lang: Lang) {
  await page
    .context()
    .addCookies([{ name: 'lang', value: lang, url: `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}` }]);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('status', { name: /Loading|লোড হচ্ছে/ })).toHaveCount(0);
}

/**
 * The visible elements under `selector` whose box reaches left of 0 or right of the screen, as
 * 'tag.class "text" left–right'; and whether the page itself scrolls sideways.
 */
async function pastTheEdges(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const root of document.querySelectorAll(sel)) {
      for (const element of [root, ...root.querySelectorAll('*')]) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || element.closest('.sr-only')) continue;
        if (box.left < -0.5 || box.right > width + 0.5) {
          const text = (element.textContent ?? '').trim().slice(0, 30);
          found.push(
            `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join('.')} "${text}" ${Math.round(box.left)}–${Math.round(box.right)}`,
          );
        }
      }
    }
    return found;
  }, selector);
}

async function expectFits(page: Page, selector: string, where: string) {
  await expect(page.locator(selector).first()).toBeVisible();
  expect(await pastTheEdges(page, selector), `${where} at 360 px`).toEqual([]);
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/${where.replace(/[^a-z0-9]+/gi, '-')}.png` });
  }
}

for (const lang of ['en', 'bn'] as const) {
  const language = lang === 'en' ? 'English' : 'Bangla';

  test.describe(`at 360 px in ${language}`, () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

    test('the navbar fits and the logo stays on one line', async ({ page }) => {
      await useLanguage(page, lang);
      await signIn(page, 'buyer');
      await visit(page, '/');
      await expectFits(page, 'header', `navbar ${lang}`);
      const logo = page.locator('header a').first();
      const lineHeight = await logo.evaluate((a) => {
        const text = a.querySelector('span')!;
        return {
          height: text.getBoundingClientRect().height,
          line: Number.parseFloat(getComputedStyle(text).lineHeight),
        };
      });
      expect(lineHeight.height, 'the logo on one line').toBeLessThanOrEqual(lineHeight.line + 1);
    });

    test('the bell panel opens inside the screen', async ({ page }) => {
      await useLanguage(page, lang);
      await signIn(page, 'buyer');
      await visit(page, '/');
      await page.getByRole('button', { name: lang === 'en' ? /Notifications/ : /নোটিফিকেশন|বিজ্ঞপ্তি/ }).click();
      await expectFits(page, 'header', `bell panel ${lang}`);
    });

    test('the booking and report dialogs fit', async ({ page, request }) => {
      await useLanguage(page, lang);
      await signIn(page, 'buyer');
      await visit(page, '/category/gaming');
      await page.locator('article button.btn-primary:not(.btn-outline):not([disabled])').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectFits(page, 'dialog[open] .modal-box', `booking dialog ${lang}`);
      await page.keyboard.press('Escape');
      const found = (await (await request.get('/api/laptops?q=thinkpad')).json()) as { items: { _id: string }[] };
      await visit(page, `/laptops/${found.items[0]!._id}`);
      await page.locator('button[aria-haspopup="dialog"]').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectFits(page, 'dialog[open] .modal-box', `report dialog ${lang}`);
    });

    const tables: Record<'buyer' | 'seller' | 'admin', string[]> = {
      buyer: ['/dashboard/myOrders', '/dashboard/myWishlist'],
      seller: ['/dashboard/myProducts', '/dashboard/myBuyers'],
      admin: ['/dashboard/allBuyers', '/dashboard/allSellers', '/dashboard/reports', '/dashboard/moderation'],
    };
    for (const [role, pages] of Object.entries(tables) as [keyof typeof tables, string[]][]) {
      test(`the ${role}'s dashboard pages fit, and their delete dialog`, async ({ page, request }) => {
        await useLanguage(page, lang);
        await signIn(page, role);
        if (role === 'buyer') {
          // A saved laptop whose price has dropped since: the wishlist's longest label.
          await request.post('/api/auth/sign-in/email', {
            data: { email: demoEmails.seller, password: DEMO_PASSWORD },
          });
          const mine = (await (await request.get(`/api/allLaptops?email=${demoEmails.seller}`)).json()) as {
            _id: string;
            resale_price: number;
            salesStatus: string;
          }[];
          const laptop = mine.find((l) => l.salesStatus === 'unsold')!;
          expect((await page.request.put(`/api/wishlist/${laptop._id}`)).ok()).toBe(true);
          const lower = await request.put(`/api/myProducts/${laptop._id}`, {
            data: { resale_price: laptop.resale_price - 1000 },
          });
          expect(lower.ok(), await lower.text()).toBe(true);
        }
        for (const path of pages) {
          await visit(page, path);
          await expectFits(page, 'main', `${path} ${lang}`);
          if (path === '/dashboard/myWishlist') {
            const label = page.getByText(lang === 'en' ? /Price dropped/ : /দাম কমেছে/);
            await expect(label).toBeVisible();
            // The label's words stay inside its box (a badge one line high let them spill over the price).
            expect(await label.evaluate((p) => p.scrollHeight <= p.clientHeight + 1)).toBe(true);
          }
        }
        if (role === 'seller' || role === 'admin') {
          await visit(page, pages[0]!);
          await page.locator('main button.btn-error:not([disabled])').first().click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await expectFits(page, 'dialog[open] .modal-box', `${role} delete dialog ${lang}`);
        }
      });
    }
  });
}

// The navbar's search keeps a usable width at every breakpoint: beside the longest menu (the
// admin's, in the wider language) it shrank to ~100 px at 1024 and 1280 px.
for (const lang of ['en', 'bn'] as const) {
  test(`the navbar search is at least 160 px wide at every width in ${lang === 'en' ? 'English' : 'Bangla'}`, async ({
    page,
  }) => {
    await useLanguage(page, lang);
    await signIn(page, 'admin');
    for (const width of [360, 640, 768, 1024, 1280, 1536]) {
      await page.setViewportSize({ width, height: 800 });
      await visit(page, '/');
      // Measured once the signed-in icons (Messages, the bell) have taken their room: before, the
      // field was wider than it stays.
      await expect(page.locator('header a[href="/dashboard/messages"]')).toBeVisible();
      const input = page.locator('header [role="search"] input[name="q"]');
      const box = (await input.boundingBox())!;
      expect(box.width, `the search field at ${width} px`).toBeGreaterThanOrEqual(160);
      expect(await pastTheEdges(page, 'header'), `the navbar at ${width} px`).toEqual([]);
    }
  });
}
