import { expect, signIn, test } from './fixtures.ts';

test.describe('navbar and footer', () => {
  test('the navbar links Home, the three categories, Blog and Log In', async ({ page }) => {
    await page.goto('/blog');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Laptop Haat' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');

    await nav.getByRole('button', { name: 'Categories' }).click();
    for (const name of ['casual', 'gaming', 'premium']) {
      const label = `${name.charAt(0).toUpperCase()}${name.slice(1)} Laptops`;
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('href', `/category/${name}`);
    }
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Casual Laptops' })).toBeHidden();

    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the footer has its three headings and links only to pages of the site, which open', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const heading of ['Laptop Categories', 'Company', 'Help']) {
      await expect(footer.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    const links: [string, string][] = [
      ['Casual Laptop', '/category/casual'],
      ['Gaming Laptop', '/category/gaming'],
      ['Premium Laptop', '/category/premium'],
      ['About us', '/about'],
      ['Blog', '/blog'],
      ['Dashboard', '/dashboard'],
      ['How to stay safe', '/stay-safe'],
      ['Contact', '/contact'],
    ];
    for (const [name, href] of links) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(footer.getByRole('link')).toHaveCount(links.length + 1); // and the logo, to /
    await footer.getByRole('link', { name: 'How to stay safe' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'How to stay safe' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Never pay in advance' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    // The e2e server's stand-ins (CONTACT_EMAIL and CONTACT_PHONE are unset outside production).
    await expect(page.getByRole('link', { name: 'help@laptophaat.test' })).toHaveAttribute(
      'href',
      'mailto:help@laptophaat.test',
    );
    await expect(page.getByRole('link', { name: '+880 1700-000000' })).toHaveAttribute('href', 'tel:+8801700000000');
  });
});

test.describe('at 360 px wide', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ['/', '/blog', '/category/gaming', '/no/such/page']) {
    test(`${path} has no horizontal scrollbar`, async ({ page }) => {
      await signIn(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }

  test('signed in, the logo, the language switch, the bell and the menu button share one row', async ({ page }) => {
    await signIn(page);
    for (const [path, other] of [
      ['/?lang=en', 'বাংলা'],
      ['/?lang=bn', 'English'],
    ] as const) {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: /Main|প্রধান/ });
      const row = [
        nav.getByRole('link', { name: 'Laptop Haat' }),
        nav.getByRole('link', { name: other }),
        nav.getByRole('button', { name: /^(Notifications|নোটিফিকেশন)/ }),
        nav.getByRole('button', { name: /^(Open menu|মেনু খুলুন)$/ }),
      ];
      // One row: the middle of each lies within the logo's height (a wrapped item sits below it).
      const logo = (await row[0]!.boundingBox())!;
      for (const item of row.slice(1)) {
        const box = (await item.boundingBox())!;
        const middle = box.y + box.height / 2;
        expect(middle, `${path}: ${item}`).toBeGreaterThan(logo.y);
        expect(middle, `${path}: ${item}`).toBeLessThan(logo.y + logo.height);
      }
      // The page's own language is not named again where there is no room for it.
      const languages = nav.getByRole('list', { name: /Language|ভাষা/ });
      await expect(languages.getByRole('listitem')).toHaveCount(1);
      await expect(languages.locator('[aria-current="true"]')).toBeHidden();
    }
  });

  test('the menu button opens the navigation', async ({ page }) => {
    // Signed in: a category page needs a login (docs/product.md#category-page), and this test is
    // about the menu.
    await signIn(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Blog' })).toBeHidden();
    await nav.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Gaming Laptops' }).click();
    await expect(page).toHaveURL('/category/gaming');
    await expect(nav.getByRole('link', { name: 'Gaming Laptops' })).toBeHidden();
  });
});
