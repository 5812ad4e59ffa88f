import { addLaptopViaApi, expect, signUpViaApi, test } from './fixtures.ts';

// The price guide (docs/product.md#price-guide): with six listings of one brand, processor family
// and RAM, Add A Product shows their usual range once the seller picks the same specs, and a
// listing's page says where its price sits in that range.

// A combination no other test lists: Tk 40,000 to 60,000 in steps of 4,000.
const SPECS = { brand: 'Microsoft', processor: 'Intel Xeon E-2276M', ram_gb: 96 };
const PRICES = [40_000, 44_000, 48_000, 52_000, 56_000, 60_000];

test('Add A Product shows the usual range, and a listing where its price sits', async ({ page }) => {
  test.slow();
  await signUpViaApi(page, { role: 'seller', name: 'Guide Seller' });
  const ids: string[] = [];
  for (const [i, price] of PRICES.entries()) {
    ids.push(
      await addLaptopViaApi(page, {
        ...SPECS,
        laptop_name: `Surface Laptop Xeon ${i + 1}`,
        resale_price: price,
        original_price: 150_000,
      }),
    );
  }

  await page.goto('/dashboard/addAProduct');
  await page.getByLabel('Brand').selectOption('Microsoft');
  await page.getByLabel('RAM').selectOption('96');
  // Another processor of the same family, typed as a seller would.
  await page.getByLabel('Processor').pressSequentially('Xeon E-2286M');
  // percentile_cont: 44,000 + ¼ of 4,000; halfway between 48,000 and 52,000; 52,000 + ¾ of 4,000.
  await expect(
    page.getByText('Similar laptops sell for Tk 45,000 – Tk 55,000 (median Tk 50,000), from 6 listings.'),
  ).toBeVisible();

  await page.goto(`/laptops/${ids.at(-1)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Surface Laptop Xeon 6' })).toBeVisible();
  await expect(page.getByText('Above the usual range for similar laptops (Tk 45,000 – Tk 55,000).')).toBeVisible();
  await expect(page.getByText('From 6 listings with the same brand, processor and RAM.')).toBeVisible();

  await page.goto(`/laptops/${ids[2]}`);
  await expect(page.getByText('Within the usual range for similar laptops (Tk 45,000 – Tk 55,000).')).toBeVisible();
});
