import { addLaptopViaApi, expect, signUpViaApi, test } from './fixtures.ts';

// Text that looks like markup is stored verbatim and shown as text; no script runs
// (docs/security.md#request-forgery-and-input).
const NAMES = ['<script>window.__xss = 1</script>', '"><img src=x onerror="window.__xss=2">'];

test('markup in a seller name, laptop name and description is shown as text and never runs', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signUpViaApi(page, { role: 'seller', name: NAMES[1] });
  for (const name of NAMES) {
    await addLaptopViaApi(page, {
      laptop_name: name,
      laptop_img: 'https://images.example.invalid/x.jpg" onerror="window.__xss=3',
      category: 'premium',
      resale_price: 99_000,
      original_price: 150_000,
      conditionType: 'excellent',
      location: 'sylhet',
      usage_Time: 1,
      laptopDesc: `${name} <b>bold?</b> <iframe src="javascript:window.__xss=4"></iframe>`,
    });
  }

  await page.goto('/category/premium');
  await expect(page.getByRole('heading', { name: 'Premium Laptops' })).toBeVisible();
  for (const name of NAMES) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.getByText('<b>bold?</b>', { exact: false }).first()).toBeVisible();

  await page.goto('/dashboard/myProducts');
  for (const name of NAMES) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();

  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('iframe').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
