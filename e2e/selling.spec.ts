import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { LAPTOP_MESSAGES } from '../src/shared/laptops.ts';
import { DEMO_PASSWORD, expect, expectImagesLoaded, signIn, test } from './fixtures.ts';

const DELETE_QUESTION = 'Are you sure you want to delete?';

// The ten required messages of the add-laptop form (docs/product.md#validation-messages).
const REQUIRED_MESSAGES = [
  LAPTOP_MESSAGES.name,
  LAPTOP_MESSAGES.image,
  LAPTOP_MESSAGES.category,
  LAPTOP_MESSAGES.resalePrice,
  LAPTOP_MESSAGES.originalPrice,
  LAPTOP_MESSAGES.condition,
  LAPTOP_MESSAGES.mobile,
  LAPTOP_MESSAGES.location,
  LAPTOP_MESSAGES.years,
  LAPTOP_MESSAGES.description,
];

/** Signs a brand-new seller up through the API; the page's context gets the session cookie. */
async function signUpSeller(page: Page) {
  const suffix = randomUUID().slice(0, 8);
  const seller = { name: `Karim Traders ${suffix}`, email: `seller-${suffix}@example.com`, suffix };
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name: seller.name, email: seller.email, password: DEMO_PASSWORD, role: 'seller' },
  });
  expect(response.ok(), `sign-up: ${response.status()} ${await response.text()}`).toBe(true);
  return seller;
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

const advertisedCard = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Advertised Laptops' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

test.describe('selling', () => {
  test('a new seller adds a laptop, advertises it on the home page, then deletes it', async ({ page }) => {
    // A seller's whole first day in one test: sign-up, the form twice, three pages; it ran past 30 s
    // under the full suite's load.
    test.slow();
    const seller = await signUpSeller(page);
    const laptopName = `Lenovo ThinkPad T480 ${seller.suffix}`;

    await page.goto('/dashboard/addAProduct');
    await expect(page.getByRole('heading', { level: 2, name: 'Add A Product' })).toBeVisible();

    // Submitting the empty form shows every required message, in red under its field.
    await page.getByRole('button', { name: 'Add laptop' }).click();
    for (const message of REQUIRED_MESSAGES) await expect(page.getByText(message, { exact: true })).toBeVisible();

    const imageUrl = new URL('/images/laptops/casual-2.webp', page.url()).href;
    await page.getByLabel('Laptop name').fill(laptopName);
    await page.getByLabel('Laptop image').fill(imageUrl);
    await expectImagesLoaded(page, 'img[alt="Preview of your laptop"]');
    await page.getByLabel('Laptop category').selectOption('casual');
    await page.getByLabel('Resale price').fill('32000');
    await page.getByLabel('Original price').fill('95000');
    await page.getByLabel('Condition type').selectOption('good');
    await page.getByLabel('Mobile number').fill('01712345678');
    await page.getByLabel('Location').selectOption({ label: 'Sylhet' });
    await page.getByLabel('Months of use').fill('36');
    await page.getByLabel('Laptop description').fill('Core i5 8th gen, 16 GB RAM, 256 GB SSD, battery holds 4 hours.');
    for (const message of REQUIRED_MESSAGES) await expect(page.getByText(message, { exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Add laptop' }).click();

    await expect(page.getByText(LAPTOP_MESSAGES.added)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/myProducts$/);
    await expect(page.getByRole('heading', { level: 2, name: 'My Products' })).toBeVisible();
    const row = rowOf(page, laptopName);
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Tk 32,000').filter({ visible: true })).toBeVisible();
    await expect(row.getByText('On sale').filter({ visible: true })).toBeVisible();
    await expectImagesLoaded(page, `img[alt="${laptopName}"]`);

    // Advertise: a toast, then the button stays disabled.
    await row.getByRole('button', { name: 'Advertise' }).click();
    await expect(page.getByText(LAPTOP_MESSAGES.advertised)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Advertised' })).toBeDisabled();
    // Toasts start under the site's header, not over its menu: the Home click below reached the
    // toast when it lay over the link. (The toaster's box stays when its 2 s toast has gone.)
    const headerBottom = await page.getByRole('banner').evaluate((header) => header.getBoundingClientRect().bottom);
    expect(headerBottom).toBeGreaterThan(16);
    const toaster = page.locator('[data-rht-toaster]');
    expect(await toaster.evaluate((box) => box.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom);

    // The home page shows it among the advertised laptops (reached inside the app, so the cached
    // list must have been refreshed by the change).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(advertisedCard(page, laptopName)).toBeVisible();
    await expect(advertisedCard(page, laptopName).getByText('Tk 32,000')).toBeVisible();

    // Back to My Products; Delete asks first.
    await page.goto('/dashboard/myProducts');
    await rowOf(page, laptopName).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: DELETE_QUESTION });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(laptopName);
    await dialog.getByRole('button', { name: 'Delete' }).click();

    await expect(page.getByText(LAPTOP_MESSAGES.deleted)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, laptopName)).toHaveCount(0);
    await expect(page.getByText('You have not listed any laptops yet.')).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Laptop Categories' })).toBeVisible();
    await expect(advertisedCard(page, laptopName)).toHaveCount(0);
  });

  test('the seller menu leads to the three seller pages', async ({ page }) => {
    await signUpSeller(page);
    await page.goto('/dashboard/myProducts');
    await expect(page.getByText('You have not listed any laptops yet.')).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await menu.getByRole('link', { name: 'My Buyers' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'My Buyers' })).toBeVisible();
    await expect(page.getByText('No one has booked your laptops yet.')).toBeVisible();
    await menu.getByRole('link', { name: 'Add A Product' }).click();
    await expect(page.getByLabel('Laptop name')).toBeVisible();
  });

  test('works at 360 px: the form and the table fit without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signUpSeller(page);
    await page.goto('/dashboard/addAProduct');
    await expect(page.getByLabel('Laptop description')).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.getByLabel('Laptop name').fill('HP EliteBook 840 G5 with a rather long name for a small screen');
    await page.getByLabel('Laptop image').fill(new URL('/images/laptops/premium-1.webp', page.url()).href);
    await page.getByLabel('Laptop category').selectOption('premium');
    await page.getByLabel('Resale price').fill('41000');
    await page.getByLabel('Original price').fill('120000');
    await page.getByLabel('Condition type').selectOption('excellent');
    await page.getByLabel('Mobile number').fill('01812345678');
    await page.getByLabel('Location').selectOption('dhaka');
    await page.getByLabel('Months of use').fill('24');
    await page.getByLabel('Laptop description').fill('Core i7, 16 GB RAM.');
    await page.getByRole('button', { name: 'Add laptop' }).click();

    const row = rowOf(page, 'HP EliteBook 840 G5');
    await expect(row.getByRole('button', { name: 'Advertise' })).toBeInViewport();
    await expect(row.getByRole('button', { name: 'Delete' })).toBeInViewport();
    await expect(row.getByText('Tk 41,000').filter({ visible: true })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    const table = page.getByRole('table');
    expect(
      await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
    ).toBeLessThanOrEqual(0);
  });

  test('a buyer who opens Add A Product is sent to the login page', async ({ page }) => {
    await signIn(page, 'buyer');
    await page.goto('/dashboard/addAProduct');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Laptop name')).toHaveCount(0);
  });
});
