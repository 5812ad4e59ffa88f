import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoEmails } from './fixtures';

// The API reference (docs/operations.md#api-reference): a newcomer opens /api/docs, reads the
// routes and calls one from the page, signed in as on the site. The page has its own CSP: nothing
// it needs may be refused, and nothing may leave our origin.
test('a newcomer reads the API reference and calls a route from it', async ({ page, baseURL }) => {
  // The reference's script is 3.5 MB: on the 2-core machine beside other tests it takes a while.
  test.setTimeout(90_000);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:') && !r.url().startsWith('blob:'))
      problems.push(`left our origin: ${r.url()}`);
  });
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: demoEmails.buyer, password: DEMO_PASSWORD },
  });
  expect(signIn.ok()).toBe(true);

  await page.goto('/api/docs');
  await expect(page).toHaveURL(/\/api\/docs\/$/);
  await expect(page).toHaveTitle('Laptop Haat API reference');
  await expect(page.getByRole('heading', { name: 'Laptop Haat API', exact: true })).toBeVisible();
  for (const group of ['Accounts and sign-in', 'Laptops', 'Orders', 'Selling', 'Admin', 'Notifications'])
    await expect(page.getByRole('heading', { name: group }).first()).toBeVisible();

  // A signed-in call: the buyer's wishlist, through the page's client, with the session cookie.
  await page
    .getByRole('button', { name: /^Wishlist/ })
    .first()
    .click();
  await page.getByRole('button', { name: /\(get \/api\/wishlist\)$/ }).click();
  const wishlist = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/wishlist');
  await page.getByRole('button', { name: /^Send get request to/ }).click();
  const answer = await wishlist;
  expect(answer.status()).toBe(200);
  expect(Array.isArray(await answer.json())).toBe(true);
  await expect(page.getByText('200 OK')).toBeVisible();

  expect(problems).toEqual([]);
});
