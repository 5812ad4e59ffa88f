import { addLaptopViaApi, expect, signIn, signUpViaApi, test, X1, x1Path } from './fixtures.ts';

// A laptop's public page (/laptops/{id}/{name}), rendered on the server the same for everyone.

test('the page has its head: title with the price, description, canonical and the laptop as picture', async ({
  page,
  request,
}) => {
  const path = await x1Path(request);
  await page.goto(path);
  await expect(page).toHaveTitle(`${X1} — Tk 110,000 — Laptop Haat`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
  // The demo laptop's cover photo (db/seed/photos), its widest WebP.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /^https?:\/\/[^/]+\/photos\/[a-f0-9]{32}\/1280\.webp$/,
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Tk 110,000\./);
  // Every spec the seller gave, in a definition list.
  const details = page.getByRole('region', { name: 'Details' });
  for (const text of ['Intel Core i7-1165G7', '16 GB', '512 GB SSD', '14.0 inches', 'Intel Iris Xe']) {
    await expect(details.getByText(text, { exact: true })).toBeVisible();
  }
  // The seller's area beside the division (docs/product.md#laptops).
  await expect(details.getByText(/^[\w ]+, Rajshahi$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Similar laptops' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Similar laptops' }).getByText(X1)).toHaveCount(0);
});

test('an address without the name moves to the one with it', async ({ page, request }) => {
  const path = await x1Path(request);
  const id = path.split('/')[2]!;
  const response = await request.get(`/laptops/${id}/old-name`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(path);
  await page.goto(`/laptops/${id}`);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
});

test('the seller’s phone and e-mail are shown only to signed-in users', async ({ page, request }) => {
  const path = await x1Path(request);
  const html = await (await request.get(path)).text();
  expect(html).not.toMatch(/tel:01|seller@laptophaat\.test/);
  await page.goto(path);
  await expect(page.getByRole('link', { name: 'Log in to contact the seller' })).toBeVisible();
  await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);

  await signIn(page, 'buyer');
  await page.goto(path);
  await expect(page.locator('a[href^="tel:"]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'seller@laptophaat.test' })).toBeVisible();
  // The page itself is the same for everyone (it is cached and shared).
  expect(await (await page.request.get(path)).text()).not.toMatch(/tel:01|seller@laptophaat\.test/);
});

test('a deleted listing is the 404 page with a 404 status', async ({ page }) => {
  await signUpViaApi(page, { role: 'seller' });
  const id = await addLaptopViaApi(page, {
    laptop_name: 'HP Pavilion 15 to be deleted',
    laptop_img: 'https://images.example.invalid/hp.jpg',
    resale_price: 30_000,
    original_price: 60_000,
    conditionType: 'fair',
    location: 'khulna',
    usage_Time: 4,
    laptopDesc: 'Works, tired battery.',
    brand: 'HP',
    ram_gb: 8,
  });
  const path = `/laptops/${id}/hp-pavilion-15-to-be-deleted`;
  const shown = await page.goto(path);
  expect(shown?.status()).toBe(200);
  await expect(page.getByText('HP · 8 GB RAM', { exact: true })).toBeVisible();

  const deleted = await page.request.delete('/api/allLaptops', { data: { laptopId: id } });
  expect(deleted.ok(), await deleted.text()).toBe(true);
  const gone = await page.goto(path);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'OOps!!! Something went wrong.' })).toBeVisible();
});

test('an id that never was is the 404 page too', async ({ page }) => {
  const response = await page.goto('/laptops/no-such-laptop');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'OOps!!! Something went wrong.' })).toBeVisible();
});

test('the sitemap lists /search and the listings', async ({ request }) => {
  const path = await x1Path(request);
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toContain('/search</loc>');
  expect(xml).toContain(`${path}</loc>`);
});

for (const role of ['buyer', 'seller', 'admin'] as const) {
  test(`the listing and search pages hydrate for a signed-in ${role}`, async ({ page, request }) => {
    test.slow();
    const path = await x1Path(request);
    await signIn(page, role);
    for (const p of [path, '/search?q=thinkpad']) {
      await page.goto(p);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the listing page shows the laptop, its price and specs', async ({ page, request }) => {
    const path = await x1Path(request);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: X1 })).toBeVisible();
    await expect(page.getByText('You save Tk 100,000 (48%)')).toBeVisible();
    await expect(page.getByText('Lenovo · 16 GB RAM · 512 GB SSD').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Details' }).getByText('Intel Core i7-1165G7')).toBeVisible();
  });
});
