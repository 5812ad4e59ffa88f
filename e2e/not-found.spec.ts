import { expect, signIn, test } from './fixtures.ts';

test("an unknown path shows 'OOps!!! Something went wrong.' and Home leads back", async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'OOps!!! Something went wrong.' })).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
});

test('an unknown category says it is not found, with a Home link', async ({ page }) => {
  await signIn(page);
  await page.goto('/category/toys');
  await expect(page.getByRole('heading', { level: 1, name: 'Category not found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
});
