import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { demoEmails, expect, logInAs, signUpViaApi, test } from './fixtures.ts';

// The wishlist (docs/product.md#my-wishlist): the heart on the cards, My Wishlist, and a visitor
// asked to log in. Each buyer is new, so no other test's saves show here.

/** The card of the laptop called `name` among the cards in `scope` (the page, or a section of it). */
const cardOf = (page: Page, scope: Locator | Page, name: string, level: 2 | 3) =>
  scope.getByRole('article').filter({ has: page.getByRole('heading', { level, name, exact: true }) });

const nameOf = async (card: Locator, level: 2 | 3) =>
  (await card.getByRole('heading', { level }).textContent())!.trim();

test.describe('wishlist', () => {
  test('a buyer hearts laptops on the home page and a category page, sees them in My Wishlist, and removes them', async ({
    page,
  }) => {
    test.slow();
    await signUpViaApi(page, { name: `Farhana Akter ${randomUUID().slice(0, 6)}` });

    // The home page's hearts come once the page runs.
    await page.goto('/');
    const advertised = page.getByRole('region', { name: 'Advertised Laptops' });
    // The oldest advertised card: the newest may be another test's laptop, about to be deleted.
    const homeName = await nameOf(advertised.getByRole('article').last(), 3);
    const homeCard = cardOf(page, advertised, homeName, 3);
    const homeHeart = homeCard.getByRole('button', { name: /^Add (.+ )?to Wishlist$/ });
    await expect(homeHeart).toBeEnabled();
    await expect(homeHeart).toHaveAttribute('aria-pressed', 'false');
    await homeHeart.click();
    await expect(page.getByText('Added to your wishlist')).toBeVisible();
    await expect(homeCard.getByRole('button', { name: /^Remove (.+ )?from Wishlist$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // A category page: a laptop not saved yet (the advertised one may be in this category too).
    await page.goto('/category/gaming');
    await expect(page.getByRole('heading', { level: 1, name: 'Gaming Laptops' })).toBeVisible();
    await expect(
      page
        .getByRole('article')
        .first()
        .getByRole('button', { name: /wishlist/i }),
    ).toBeEnabled();
    const unsaved = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: /^Add (.+ )?to Wishlist$/ }) });
    const categoryName = await nameOf(unsaved.first(), 2);
    const categoryCard = cardOf(page, page, categoryName, 2);
    await categoryCard.getByRole('button', { name: /^Add (.+ )?to Wishlist$/ }).click();
    await expect(categoryCard.getByRole('button', { name: /^Remove (.+ )?from Wishlist$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Saved on the server: still filled after a reload.
    await page.reload();
    await expect(categoryCard.getByRole('button', { name: /^Remove (.+ )?from Wishlist$/ })).toBeEnabled();

    // My Wishlist, from the dashboard menu: the most recently saved first.
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Wishlist' }).click();
    await expect(page).toHaveURL('/dashboard/myWishlist');
    const list = page.getByRole('region', { name: 'My Wishlist' });
    const rows = list.getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole('heading', { level: 3 })).toHaveText(categoryName);
    await expect(rows.nth(1).getByRole('heading', { level: 3 })).toHaveText(homeName);
    await expect(rows.nth(0).getByText(/^Tk \d{1,3}(,\d{3})*$/)).toBeVisible();

    await rows.nth(0).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Removed from your wishlist')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole('button', { name: 'Remove' }).click();
    await expect(list.getByText('Your wishlist is empty.')).toBeVisible();

    // The hearts agree.
    await page.goto('/');
    await expect(homeCard.getByRole('button', { name: /^Add (.+ )?to Wishlist$/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('a visitor who presses a heart is asked to log in, and comes back afterwards', async ({ page }) => {
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Advertised Laptops' }).getByRole('article').first();
    const heart = card.getByRole('button', { name: /^Add (.+ )?to Wishlist$/ });
    await expect(heart).toBeEnabled();
    await heart.click();

    await expect(page).toHaveURL('/login?from=%2F');
    await expect(page.getByRole('heading', { level: 1, name: 'Log In' })).toBeVisible();
    await expect(page.getByText('Log in to save laptops to your wishlist')).toBeVisible();
    await logInAs(page, demoEmails.buyer);
    await expect(page).toHaveURL('/');
  });
});
