import { expect, test } from './fixtures.ts';

test('the blog welcomes the reader and lists at least five articles', async ({ page }) => {
  await page.goto('/blog');
  await expect(page).toHaveTitle('Blog — Laptop Haat');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the Laptop Haat blog' })).toBeVisible();

  const articles = page.getByRole('main').getByRole('article');
  await expect(articles.first()).toBeVisible();
  const count = await articles.count();
  expect(count).toBeGreaterThanOrEqual(5);
  for (let i = 0; i < count; i++) {
    const article = articles.nth(i);
    await expect(article.getByRole('heading', { level: 2 })).not.toBeEmpty();
    await expect(article.getByRole('paragraph')).not.toBeEmpty();
  }
});

test('the navbar Blog link opens the blog', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to the Laptop Haat blog' })).toBeVisible();
});
