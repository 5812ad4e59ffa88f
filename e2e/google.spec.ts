import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures.ts';

// The local provider lives at the server's public origin, http://localhost:PORT (scripts/e2e-server.mjs
// sets no BASE_URL). The flow's cookies belong to one host, so this file runs on that origin too.
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? '3100'}` });

async function signInWithGoogle(page: Page, account: { name: string; email: string }) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  // The local stand-in for Google's page.
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

test('sign up with Google, then log in with it again', async ({ page }) => {
  const account = { name: 'Farhana Akter', email: uniqueEmail('google') };

  await signInWithGoogle(page, account);
  await expect(page.getByText('SIGN UP WITH GOOGLE SUCCESSFUL')).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeTruthy();

  // Signed in as a buyer.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText([
    'My Orders',
    'My Wishlist',
    'Saved searches',
    'Messages',
    'Account settings',
  ]);

  await nav.getByRole('button', { name: 'Log Out' }).click();
  await expect(nav.getByRole('link', { name: 'Log In' })).toBeVisible();
  // Forget the provider's own session too, as on another device, so its page asks again.
  await page.context().clearCookies();

  await signInWithGoogle(page, account);
  await expect(page.getByText('LOGIN WITH GOOGLE SUCCESSFUL')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('a failed Google sign-in comes back to the login page with a clear message', async ({ page }) => {
  await page.goto('/login?error=google');
  await expect(page.getByRole('alert')).toContainText('Sign in with Google did not complete');
});
