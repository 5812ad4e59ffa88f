// Playwright's own page: the project's waits after each goto for the app to have hydrated. Pages are
// opened until their response starts ('commit'): the module scripts held back here hold the
// document's DOMContentLoaded too, though not its parsing or painting.
import { expect, type Page, test } from '@playwright/test';
import { addLaptopViaApi, signUpViaApi } from './fixtures.ts';

// A tap before the app runs (docs/rendering.md): on a slow phone the page is on screen before its
// scripts have arrived. What works without them (a link, a form that names where it goes) is the
// browser's; a tap on a control only the app drives is kept by the page's inline script and
// clicked again by the app once it has hydrated, and the control then does what it was asked.

test.use({ viewport: { width: 360, height: 740 } });

/** Holds every script of the app back until `release()`: the page is the server's HTML alone meanwhile. */
async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = 0;
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    asked++;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** A laptop of a new seller's, for a new buyer signed in on `page`: nothing of another test's touches it. */
async function laptopForANewBuyer(page: Page, request: Page['request'], name: string) {
  await signUpViaApi(request, { role: 'seller' });
  const id = await addLaptopViaApi(request, { laptop_name: name });
  await signUpViaApi(page);
  return `/laptops/${id}`;
}

test('a tap on the menu button before the app has started opens the menu once it has', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  // The page asks for its scripts as soon as it is parsed, not after its load event.
  await expect.poll(scripts.asked).toBeGreaterThan(0);
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  scripts.release();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
});

test('Book Now tapped before the app has started opens the booking form once it has', async ({ page, request }) => {
  const name = 'Dell Latitude 5420 early booking';
  const listing = await laptopForANewBuyer(page, request, name);
  const scripts = await holdScripts(page);
  await page.goto(listing, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Book Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Book ${name}` });
  await expect(dialog).toBeHidden();

  scripts.release();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Laptop name')).toHaveValue(name);
});

test('the heart tapped before the app has started saves the laptop once it has', async ({ page, request }) => {
  const listing = await laptopForANewBuyer(page, request, 'HP EliteBook 840 early heart');
  const scripts = await holdScripts(page);
  await page.goto(listing, { waitUntil: 'commit' });
  const heart = page.getByRole('button', { name: 'Add to Wishlist' });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');

  scripts.release();
  await expect(page.getByText('Added to your wishlist')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from Wishlist' })).toHaveAttribute('aria-pressed', 'true');
  const saved = await page.request.get('/api/wishlist?limit=100');
  expect(JSON.stringify(await saved.json())).toContain(listing.split('/').at(-1));
});

test('a search filter chosen before the app has started is applied by the browser at once', async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto('/search?q=dell', { waitUntil: 'commit' });
  // The drawer is a checkbox and its label, the filters a form that names /search: no script needed.
  await page.locator('label.btn-outline[for="search-filters-drawer"]').click();
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Verified sellers only').check();
  await filters.getByRole('button', { name: 'Show laptops' }).click();
  // Sent while the scripts are still held back: the browser's own submission.
  await expect(page).toHaveURL(/\/search\?(.+&)?verified=true/);
  // The page the server rendered for it counts the filter (the words are not one).
  await expect(page.getByText('Filters (1)')).toBeVisible();
  scripts.release();
});

test('a link tapped before the app has started is followed as usual', async ({ page }) => {
  await page.route(/\/assets\/[\w.-]+\.js$/, () => {}); // never answered: no app at all
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});
