import {
  demoEmails,
  demoNames,
  expect,
  expectKeyboardStaysIn,
  logInAs,
  signIn,
  signUpViaApi,
  test,
} from './fixtures.ts';

const MENUS = {
  buyer: [
    ['My Orders', '/dashboard/myOrders'],
    ['My Wishlist', '/dashboard/myWishlist'],
    ['Saved searches', '/dashboard/savedSearches'],
    ['Messages', '/dashboard/messages'],
    ['Account settings', '/dashboard/account'],
  ],
  seller: [
    ['Add A Product', '/dashboard/addAProduct'],
    ['My Products', '/dashboard/myProducts'],
    ['My Buyers', '/dashboard/myBuyers'],
    ['Saved searches', '/dashboard/savedSearches'],
    ['Messages', '/dashboard/messages'],
    ['Account settings', '/dashboard/account'],
  ],
  admin: [
    ['All Buyers', '/dashboard/allBuyers'],
    ['All Sellers', '/dashboard/allSellers'],
    ['Reports', '/dashboard/reports'],
    ['Moderation', '/dashboard/moderation'],
    ['Saved searches', '/dashboard/savedSearches'],
    ['Messages', '/dashboard/messages'],
    ['Account settings', '/dashboard/account'],
  ],
} as const;

test.describe('dashboard menu by role', () => {
  for (const role of ['buyer', 'seller', 'admin'] as const) {
    test(`the demo ${role} sees exactly the ${role} menu under their name`, async ({ page }) => {
      await logInAs(page, demoEmails[role]);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
      await expect(page).toHaveURL('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: demoNames[role] })).toBeVisible();
      const links = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
      await expect(links).toHaveText(MENUS[role].map(([label]) => label));
      for (const [label, href] of MENUS[role]) {
        await expect(links.filter({ hasText: label })).toHaveAttribute('href', href);
      }
    });
  }
});

test.describe('route guards', () => {
  test('a signed-out visit to /dashboard goes to /login, remembering it', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?from=%2Fdashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
  });

  test('a buyer on /dashboard/allBuyers is sent to /login', async ({ page }) => {
    await signUpViaApi(page, { role: 'buyer' });
    await page.goto('/dashboard/allBuyers');
    await expect(page).toHaveURL('/login');
  });

  test('a buyer on a seller page is sent to /login', async ({ page }) => {
    await signUpViaApi(page, { role: 'buyer' });
    await page.goto('/dashboard/addAProduct');
    await expect(page).toHaveURL('/login');
  });

  test('a seller on /dashboard/allSellers is sent to /login', async ({ page }) => {
    await signUpViaApi(page, { role: 'seller' });
    await page.goto('/dashboard/allSellers');
    await expect(page).toHaveURL('/login');
  });

  test('a seller may open the seller pages, an admin the admin pages', async ({ page }) => {
    await signIn(page, 'seller');
    await page.goto('/dashboard/myBuyers');
    await expect(page).toHaveURL('/dashboard/myBuyers');
    await signIn(page, 'admin');
    await page.goto('/dashboard/allBuyers');
    await expect(page).toHaveURL('/dashboard/allBuyers');
  });

  test('My Wishlist opens from the menu', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Wishlist' }).click();
    await expect(page).toHaveURL('/dashboard/myWishlist');
    await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  });
});

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the dashboard menu is a drawer opened by a button', async ({ page }) => {
    const account = await signUpViaApi(page, { role: 'seller', name: 'Nusrat Computers' });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link', { name: 'My Products' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await menu.getByRole('link', { name: 'My Buyers' }).click();
    await expect(page).toHaveURL('/dashboard/myBuyers');
    await expect(menu.getByRole('link', { name: 'My Buyers' })).toBeHidden();
  });

  test('in Bangla, My Products’ buttons hold their two-line labels', async ({ page }) => {
    await signIn(page, 'seller');
    await page.goto('/dashboard/myProducts?lang=bn');
    const buttons = page.getByRole('table').getByRole('button');
    await expect(buttons.first()).toBeVisible();
    const labels = await buttons.evaluateAll((all) =>
      all.map((button) => {
        const box = button.getBoundingClientRect();
        const text = document.createRange();
        text.selectNodeContents(button);
        const words = text.getBoundingClientRect();
        // Bangla letters reach above and below their line: a label needs room inside the border.
        return {
          label: button.textContent,
          twoLines: words.height > 24,
          roomy: words.top - box.top >= 3 && box.bottom - words.bottom >= 3,
        };
      }),
    );
    // "বিক্রি সম্পন্ন করুন" takes two lines in the narrow column; every label has room in its button.
    expect(labels.some((l) => l.twoLines)).toBe(true);
    expect(labels.filter((l) => !l.roomy)).toEqual([]);
  });

  test('the dashboard menu keeps the keyboard inside while open and gives the focus back', async ({ page }) => {
    await signUpViaApi(page, { role: 'seller', name: 'Nusrat Computers' });
    await page.goto('/dashboard');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // Exactly: the overlay behind the open menu is the button "Close dashboard menu".
    const toggle = page.getByRole('button', { name: 'Dashboard menu', exact: true });
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    // Enter on the button opens it: the focus lands on its first link.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('link').first()).toBeFocused();
    // Tab and Shift+Tab go round the menu, never to the page behind it.
    await expectKeyboardStaysIn(page, 'nav[aria-label="Dashboard"]', 8, 3);
    // Escape closes it and the focus is back on its button.
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link').first()).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});
