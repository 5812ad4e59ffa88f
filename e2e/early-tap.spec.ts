// Playwright's own page: the project's waits after each goto for the app to have hydrated.
import { expect, test } from '@playwright/test';

// A tap before the app runs (docs/rendering.md): on a slow phone the page is on screen seconds
// before its script has started. The boot script starts the app at once on a touch, keeps the tap
// on a control the app drives, and the app clicks it again once it has hydrated.

test.use({ viewport: { width: 360, height: 740 } });

test('a tap on the menu button before the app has started opens the menu once it has', async ({ page }) => {
  // The app's entry is held back until after the tap: the page is the server's HTML alone meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.click();
  // The tap asked for the app at once, and did nothing by itself.
  await expect.poll(() => asked).toBe(true);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  release();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
});

test('a link tapped before the app has started is followed as usual', async ({ page }) => {
  await page.route(/\/assets\/index-[\w-]+\.js$/, () => {}); // never answered: no app at all
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});
