import type { Page } from '@playwright/test';
import { expect, test, X1, x1Path } from './fixtures.ts';

// Share on a listing's page: the phone's share sheet where the browser has one, else the link
// copied to the clipboard with a toast saying so. navigator.share is the browser's own API: the test
// stands in for the share sheet to see what the page hands it.

/** A share sheet that records what it is given. */
async function recordShares(page: Page) {
  await page.addInitScript(() => {
    const shares: ShareData[] = [];
    Object.assign(window, { __shares: shares });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        shares.push(data);
      },
    });
  });
}

/** A browser without a share sheet (desktop Chromium on Linux has none; this makes sure). */
async function withoutShareSheet(page: Page) {
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
}

test('Share hands the phone’s share sheet the listing’s canonical address', async ({ page, request }) => {
  await recordShares(page);
  const path = await x1Path(request);
  await page.goto(path);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(new RegExp(`^https?://[^/]+${path}$`));
  await page.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shares: ShareData[] }).__shares))
    .toEqual([{ title: X1, text: `${X1} — Tk 110,000`, url: canonical }]);
  await expect(page.getByText('Link copied')).toHaveCount(0);
});

test('without a share sheet, Share copies the link and says so, in English and Bangla', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await withoutShareSheet(page);
  const path = await x1Path(request);
  await page.goto(path);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);

  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.goto(`${path}?lang=bn`);
  await page.getByRole('button', { name: 'শেয়ার করুন' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'লিংক কপি হয়েছে' })).toBeVisible();
  // The link to share is the laptop's one address, whatever language the page is in.
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
});

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('Share is a 44 px target and the page does not scroll sideways', async ({ page, request }) => {
    await page.goto(await x1Path(request));
    const box = await page.getByRole('button', { name: 'Share' }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
