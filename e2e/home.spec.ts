import { readFileSync } from 'node:fs';
import { CATEGORY_LIST } from '../src/shared/catalog.ts';
import { expect, expectImagesLoaded, expectShowsPrice, signIn, test } from './fixtures.ts';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

test.describe('home page', () => {
  test('shows the hero with its image, Buy Now and Sell Now', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Laptop Haat — used laptops in Bangladesh');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sell Now' })).toBeVisible();
    await expectImagesLoaded(page, 'main picture img[src="/images/hero-600.webp"]');
  });

  test('Buy Now scrolls to the categories section', async ({ page }) => {
    await page.goto('/');
    const categoriesHeading = page.getByRole('main').getByRole('heading', { level: 2, name: 'Laptop Categories' });
    await expect(page.getByRole('region', { name: 'Advertised Laptops' })).toBeVisible();
    await expect(categoriesHeading).not.toBeInViewport();

    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(categoriesHeading).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('shows the advertised laptops with prices in Tk', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Advertised Laptops' });
    const cards = section.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(2);

    const first = cards.first();
    await expect(first.getByRole('heading', { level: 3 })).not.toBeEmpty();
    await expectShowsPrice(first);
    await expect(first.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    // Each card is laid out, and its photo loaded, as it comes near the screen (docs/performance.md).
    for (const card of await cards.all()) {
      await card.scrollIntoViewIfNeeded();
      await expectImagesLoaded(card, 'img');
    }
  });

  test('carries its icon in the page and the manifest: no request for it', async ({ page, request }) => {
    const favicon = readFileSync('public/favicon.svg', 'utf8').trim();
    await page.goto('/');
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(decodeURIComponent(href?.replace(/^data:image\/svg\+xml,/, '') ?? '')).toBe(favicon);
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    // Beside the PNG icons an installed app needs (e2e/installable-app.spec.ts).
    const svgIcons = manifest.icons.filter((icon: { type: string }) => icon.type === 'image/svg+xml');
    expect(svgIcons.map((icon: { src: string }) => icon.src)).toEqual([href]);
  });

  test('names its manifest once the app runs, not in the page the server sends', async ({ page, request }) => {
    // Named in the page, Chromium fetched it beside the stylesheet, the hero and the Bangla face
    // before the first paint (docs/performance.md); the app names it once it runs.
    expect(await (await request.get('/')).text()).not.toContain('rel="manifest"');
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  });

  test('shows the four services, each with a name', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Our Services' });
    await expect(section.getByRole('listitem')).toHaveCount(4);
    for (const name of ['Trusted Community', '24/7 Support', 'Verified Sellers']) {
      await expect(section.getByRole('heading', { name })).toBeVisible();
    }
  });

  for (const { category_name } of CATEGORY_LIST) {
    const title = `${capitalize(category_name)} Laptops`;

    test(`the ${category_name} category card leads to "${title}" with laptop cards`, async ({ page }) => {
      await signIn(page);
      await page.goto('/');
      const categories = page.getByRole('region', { name: 'Laptop Categories' });
      await categories.getByRole('link', { name: capitalize(category_name), exact: true }).click();

      await expect(page).toHaveURL(`/category/${category_name}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const cards = page.getByRole('main').getByRole('article');
      await expect(cards.first()).toBeVisible();
      expect(await cards.count()).toBeGreaterThanOrEqual(3);
      await expectShowsPrice(cards.first());
    });
  }

  test('a signed-out visitor opening a category is asked to log in', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Laptop Categories' }).getByRole('link', { name: 'Gaming' }).click();
    // Login required (docs/product.md#route-guards); the login page remembers the category to
    // return to.
    await expect(page).toHaveURL('/login?from=%2Fcategory%2Fgaming');
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  });
});
