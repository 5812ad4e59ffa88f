import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, test as base, expect, type Locator, type Page } from '@playwright/test';

// The demo accounts (README.md#demo-data), seeded into the fresh database of every e2e run.
export const DEMO_PASSWORD = 'Demo@1234';
export const demoEmails = {
  buyer: 'buyer@laptophaat.test',
  seller: 'seller@laptophaat.test',
  admin: 'admin@laptophaat.test',
} as const;

/** The demo users' display names (the seed, src/server/seed/demo-data.ts). */
export const demoNames = {
  buyer: 'Tanvir Ahmed',
  seller: 'Rahim Computers',
  admin: 'Haat Admin',
} as const;

/** Signs the page's browser context in through the API (fast; use `logInAs` to go through the form). */
export async function signIn(page: Page, who: keyof typeof demoEmails = 'buyer') {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: demoEmails[who], password: DEMO_PASSWORD },
  });
  expect(response.ok(), `sign-in as ${who}: ${response.status()} ${await response.text()}`).toBe(true);
}

/**
 * Every test fails on an uncaught page error, a Content-Security-Policy refusal or a hydration
 * mismatch: all break the app for real users while the assertions of the test may still pass.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  // Pages arrive rendered by the server: wait until React has hydrated one before using it, as
  // a person cannot click faster than the page's script runs (docs/rendering.md).
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      return response;
    };
    await use(page);
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
          problems.push(`CSP: ${message.text()}`);
        }
        // A page that differs from the server's rendering (main.tsx logs '[hydration]'; React's
        // own wording in development).
        if (/\[hydration\]|hydrat|Minified React error #4(18|19|21|23|25)/i.test(message.text())) {
          problems.push(`hydration: ${message.text()}`);
        }
      });
      // Violations a script catches (zod's eval probe, say) reach no console: listen for the event.
      await page.exposeFunction('__reportCspViolation', (text: string) => problems.push(`CSP: ${text}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation;
          report(`${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
        });
      });
      await use(problems);
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A second person's page, in a browser context of its own, waiting for hydration as the `page`
 * fixture does; close it with `page.context().close()`.
 */
export async function pageOf(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    return response;
  };
  return page;
}

/** A laptop card's resale price in Tk, e.g. 'Tk 85,000' (docs/product.md#prices), is on screen. */
export async function expectShowsPrice(card: Locator) {
  await expect(card.getByText(/^Tk \d{1,3}(,\d{3})*$/).first()).toBeVisible();
}

/** Images under `scope` (a page, or a part of one) that have finished loading with real pixels (not broken, not still lazy). */
export async function expectImagesLoaded(scope: Page | Locator, selector: string) {
  await expect
    .poll(() =>
      scope
        .locator(selector)
        .evaluateAll((images) =>
          images.every((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0),
        ),
    )
    .toBe(true);
}

/**
 * Tab `forward` times and Shift+Tab `backward` times, and the focus never leaves what `selector`
 * matches: a drawer that traps the keyboard while it is open (src/web/lib/use-focus-trap.ts).
 */
export async function expectKeyboardStaysIn(page: Page, selector: string, forward: number, backward: number) {
  const press = async (key: string, times: number) => {
    for (let i = 1; i <= times; i++) {
      await page.keyboard.press(key);
      const inside = await page.evaluate((s) => !!document.activeElement?.closest(s), selector);
      expect(inside, `${key} ×${i}`).toBe(true);
    }
  };
  await press('Tab', forward);
  await press('Shift+Tab', backward);
}

/** A password that meets every rule of docs/product.md#accounts-and-sign-in. */
export const TEST_PASSWORD = 'Test@1234';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
  role: 'buyer' | 'seller';
}

/** An e-mail address no other test (nor an earlier run against the same server) uses. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Signs a brand-new user up through the API, as the signup page does (sign-up, then POST /users:
 * docs/product.md#routes). Given a page, its browser context is signed in as the new user
 * afterwards; given an APIRequestContext, that context is.
 */
export async function signUpViaApi(
  target: Page | APIRequestContext,
  options: Partial<TestAccount> = {},
): Promise<TestAccount> {
  const role = options.role ?? 'buyer';
  const account: TestAccount = {
    role,
    name: options.name ?? (role === 'seller' ? 'Test Seller' : 'Test Buyer'),
    email: options.email ?? uniqueEmail(role),
    password: options.password ?? TEST_PASSWORD,
  };
  const request = 'goto' in target ? target.request : target;
  const signUp = await request.post('/api/auth/sign-up/email', { data: account });
  expect(signUp.ok(), `sign-up of ${account.email}: ${signUp.status()} ${await signUp.text()}`).toBe(true);
  const record = await request.post('/api/users', {
    data: { name: account.name, email: account.email, role, verified: false },
  });
  expect(record.ok(), `POST /api/users for ${account.email}: ${record.status()} ${await record.text()}`).toBe(true);
  return account;
}

/**
 * Logs in through the real login form and waits until the app has taken the user onwards.
 * Stays on the current login page when already there (e.g. `/login?from=...` after a guard).
 */
export async function logInAs(page: Page, email: string, password: string = DEMO_PASSWORD) {
  if (new URL(page.url(), 'http://x').pathname !== '/login') await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Successfully Logged In')).toBeVisible();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/**
 * Lists a laptop through the API (POST /api/addLaptop) as the seller `target` is signed in as: an
 * ordinary casual Dell unless `fields` say otherwise. Returns its id.
 */
/** A listing's fields as `addLaptopViaApi` sends them, unless told otherwise. */
export const LAPTOP_FIELDS = {
  laptop_name: 'Dell Latitude 7490',
  laptop_img: 'https://images.example.invalid/latitude.jpg',
  category: 'casual',
  resale_price: 28_000,
  original_price: 75_000,
  conditionType: 'good',
  sellerMobileNumber: '01712345678',
  location: 'dhaka',
  usage_Time: 3,
  laptopDesc: 'i5-8350U, 8 GB RAM, 256 GB SSD.',
} as const;

export async function addLaptopViaApi(
  target: Page | APIRequestContext,
  fields: Record<string, string | number> = {},
): Promise<string> {
  const request = 'goto' in target ? target.request : target;
  const added = await request.post('/api/addLaptop', { data: { ...LAPTOP_FIELDS, ...fields } });
  expect(added.status(), await added.text()).toBe(201);
  return ((await added.json()) as { _id: string })._id;
}

/**
 * A fresh seller in a page of their own with one fresh listing, and a fresh buyer signed up in
 * `buyer`: the two people of a conversation. Names are made unique with a tag.
 */
export async function sellerAndBuyer(
  browser: Browser,
  buyer: Page,
  names: { seller: string; laptop: string; buyer: string },
  laptopFields: Record<string, string | number> = {},
) {
  const tag = randomUUID().slice(0, 6);
  const seller = await pageOf(browser);
  const sellerName = `${names.seller} ${tag}`;
  await signUpViaApi(seller, { role: 'seller', name: sellerName });
  const laptopName = `${names.laptop} ${tag}`;
  const laptopId = await addLaptopViaApi(seller, { laptop_name: laptopName, ...laptopFields });
  const buyerName = `${names.buyer} ${tag}`;
  await signUpViaApi(buyer, { name: buyerName });
  return { tag, seller, sellerName, laptopId, laptopName, buyerName };
}

/** The demo data's ThinkPad X1 Carbon, whose page the listing tests open. */
export const X1 = 'Lenovo ThinkPad X1 Carbon Gen 9';

/** The address of the X1 Carbon's page, found through the search API. */
export async function x1Path(request: APIRequestContext): Promise<string> {
  const page = (await (await request.get('/api/laptops?q=thinkpad%20x1%20carbon')).json()) as {
    items: { _id: string; laptop_name: string }[];
  };
  const laptop = page.items.find((l) => l.laptop_name === X1);
  expect(laptop, 'the demo data has the X1 Carbon').toBeDefined();
  return `/laptops/${laptop!._id}/lenovo-thinkpad-x1-carbon-gen-9`;
}
