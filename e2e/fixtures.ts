import { test as base, expect, type Page } from '@playwright/test';

// The demo accounts of DESIGN.md §3, seeded into the fresh database of every e2e run.
export const DEMO_PASSWORD = 'Demo@1234';
export const demoEmails = {
  buyer: 'buyer@laptophaat.test',
  seller: 'seller@laptophaat.test',
  admin: 'admin@laptophaat.test',
} as const;

/** Signs the page's browser context in through the API; the login screen comes with its own issue. */
export async function signIn(page: Page, who: keyof typeof demoEmails = 'buyer') {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: demoEmails[who], password: DEMO_PASSWORD },
  });
  expect(response.ok(), `sign-in as ${who}: ${response.status()} ${await response.text()}`).toBe(true);
}

/**
 * Every test fails on an uncaught page error or a Content-Security-Policy refusal: both break
 * the app for real users while the assertions of the test may still happen to pass.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
          problems.push(`CSP: ${message.text()}`);
        }
      });
      await use(problems);
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Images that have finished loading with real pixels (not broken, not still lazy). */
export async function expectImagesLoaded(page: Page, selector: string) {
  await expect
    .poll(() =>
      page
        .locator(selector)
        .evaluateAll((images) =>
          images.every((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0),
        ),
    )
    .toBe(true);
}
