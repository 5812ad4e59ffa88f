import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  demoEmails,
  demoNames,
  expect,
  logInAs,
  signUpViaApi,
  TEST_PASSWORD,
  test,
  uniqueEmail,
} from './fixtures.ts';

const WEAK = 'Password must contain uppercase, lowercase, number and special character';
const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('access-token'));

test.describe('sign up', () => {
  for (const role of ['buyer', 'seller'] as const) {
    test(`a new ${role} signs up through the form and lands ${role === 'seller' ? 'on Add A Product' : 'home'}, signed in`, async ({
      page,
    }) => {
      const email = uniqueEmail(`signup-${role}`);
      await page.goto('/signup');
      const form = page.getByRole('form', { name: 'Sign up' });
      await form.getByLabel('Name').fill('Nadia Islam');
      await expect(form.getByLabel('Role')).toHaveValue('buyer');
      await form.getByLabel('Role').selectOption(role);
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Password').fill(TEST_PASSWORD);
      await form.getByRole('button', { name: 'Sign Up' }).click();

      await expect(page.getByText('User created successfully')).toBeVisible();
      // A new seller goes on to list a laptop (docs/product.md#seller-onboarding).
      await expect(page).toHaveURL(role === 'seller' ? '/dashboard/addAProduct?welcome=1' : '/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
      expect(await accessToken(page)).toBeTruthy();

      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Nadia Islam' })).toBeVisible();
      const menu = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
      await expect(menu).toHaveText(
        role === 'seller'
          ? ['Add A Product', 'My Products', 'My Buyers', 'Saved searches', 'Messages', 'Account settings']
          : ['My Orders', 'My Wishlist', 'Saved searches', 'Messages', 'Account settings'],
      );
    });
  }

  test('Sell Now opens the signup form as a seller', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sell Now' }).click();
    await expect(page).toHaveURL('/signup?role=seller');
    await expect(page.getByLabel('Role')).toHaveValue('seller');
  });

  test('shows each validation message under its field', async ({ page }) => {
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Email Address is required')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Name is required')).toHaveClass(/text-error/);

    await form.getByLabel('Name').fill('Nadia Islam');
    await form.getByLabel('Email').fill(uniqueEmail('rules'));
    const password = form.getByLabel('Password');
    for (const [value, message] of [
      ['Ab1!', 'Password must be 6 characters or longer'],
      ['abcdef1!', WEAK],
      ['Abcdefg!', WEAK],
      ['Abcdef12', WEAK],
    ] as const) {
      await password.fill(value);
      await form.getByRole('button', { name: 'Sign Up' }).click();
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(form.getByText('Name is required')).toBeHidden();
    await expect(page).toHaveURL('/signup');
  });

  test('an e-mail that already has an account is refused under Email', async ({ page }) => {
    await page.goto('/signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('Name').fill('Someone Else');
    await form.getByLabel('Email').fill(demoEmails.buyer);
    await form.getByLabel('Password').fill(TEST_PASSWORD);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(form.getByText(/already exists/)).toBeVisible();
    await expect(page).toHaveURL('/signup');
  });
});

test.describe('before the page has started', () => {
  // The scripts load after the page is on screen; until they run, the browser would send a form
  // itself: a GET that put the e-mail and the password in the address.
  for (const [path, name, button] of [
    ['/login', 'Log in', 'Log In'],
    ['/signup', 'Sign up', 'Sign Up'],
  ] as const) {
    test(`${path} cannot be sent, and would never put the password in the address`, async ({ page }) => {
      await page.route('**/assets/*.js', (route) => route.abort());
      // The frame's own goto: the fixture's page.goto waits for the page to be hydrated.
      await page.mainFrame().goto(path);
      const form = page.getByRole('form', { name });
      await expect(form).toHaveAttribute('method', 'post');
      await expect(form.getByRole('button', { name: button })).toBeDisabled();
      await form.getByLabel('Email').fill(demoEmails.buyer);
      await form.getByLabel('Password').fill(DEMO_PASSWORD);
      await form.getByLabel('Password').press('Enter');
      // Pressing Enter sends a form only through an enabled button: the page stays as it is.
      await expect(form.getByLabel('Password')).toHaveValue(DEMO_PASSWORD);
      expect(new URL(page.url()).search).toBe('');
    });
  }

  test('the Log In button comes on once the page has started', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log In' })).toBeEnabled();
  });
});

test.describe('log in and out', () => {
  test('shows each validation message under its field', async ({ page }) => {
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByRole('button', { name: 'Log In' }).click();
    await expect(form.getByText('Email Address is required')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();

    await form.getByLabel('Email').fill(demoEmails.buyer);
    for (const [value, message] of [
      ['Ab1!', 'Password must be 6 characters or longer'],
      ['abcdef1!', WEAK],
      ['Abcdefg!', WEAK],
      ['Abcdef12', WEAK],
    ] as const) {
      await form.getByLabel('Password').fill(value);
      await form.getByRole('button', { name: 'Log In' }).click();
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(form.getByText('Email Address is required')).toBeHidden();
  });

  test('a demo buyer logs in through the form: toast, token, Dashboard link', async ({ page }) => {
    await logInAs(page, demoEmails.buyer, DEMO_PASSWORD);
    await expect(page).toHaveURL('/');
    expect(await accessToken(page)).toBeTruthy();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  test('a wrong password says so above the form, without saying whether the e-mail exists', async ({
    page,
    request,
  }) => {
    // `request` has its own cookies: the browser stays signed out.
    const account = await signUpViaApi(request);
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill('Wrong@1234');
    await form.getByRole('button', { name: 'Log In' }).click();
    await expect(form.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL('/login');

    await form.getByLabel('Email').fill(uniqueEmail('nobody'));
    await form.getByRole('button', { name: 'Log In' }).click();
    await expect(form.getByRole('alert')).toHaveText('Invalid email or password');
    expect(await accessToken(page)).toBeNull();
  });

  test('log out removes the token and the Dashboard link', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await logInAs(page, account.email, account.password);
    expect(await accessToken(page)).toBeTruthy();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();

    await nav.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL('/');
    await expect(nav.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    expect(await accessToken(page)).toBeNull();
    // The session is gone on the server too: the dashboard asks to log in again.
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?from=%2Fdashboard');
  });

  test('a signed-out visit to a category returns there after login', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await page.goto('/category/gaming');
    await expect(page).toHaveURL('/login?from=%2Fcategory%2Fgaming');
    await logInAs(page, account.email, account.password);
    await expect(page).toHaveURL('/category/gaming');
    await expect(page.getByRole('heading', { level: 1, name: 'Gaming Laptops' })).toBeVisible();
  });

  test('the demo buyer logs in from the navbar and sees their name on the dashboard', async ({ page }) => {
    await page.goto('/blog');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log In' }).click();
    await logInAs(page, demoEmails.buyer);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: demoNames.buyer })).toBeVisible();
  });
});
