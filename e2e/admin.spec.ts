import { DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts';

// The demo's unverified seller (README.md#demo-data). Verification cannot be undone and the demo
// data is shared by every browser test of a run, so the test below also accepts finding her
// verified.
const NUSRAT = { name: 'Nusrat Jahan', email: 'newseller@laptophaat.test' };

const DELETE_QUESTION = 'Are you sure you want to delete this user?';

test.describe('admin', () => {
  test('verifies a seller: the button is then disabled and her cards carry the mark', async ({ page }) => {
    await signIn(page, 'admin');
    // Which category shows her laptops: ask the API as the admin may.
    const listing = await page.request.get(`/api/allLaptops?email=${encodeURIComponent(NUSRAT.email)}`);
    expect(listing.ok()).toBe(true);
    const laptops = (await listing.json()) as { laptop_name: string; category: string }[];
    expect(laptops.length).toBeGreaterThan(0);
    const [laptop] = laptops;

    await page.goto('/dashboard/allSellers');
    await expect(page.getByRole('heading', { level: 2, name: 'All Sellers' })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: NUSRAT.email, exact: true }) });
    await expect(row.getByRole('cell', { name: NUSRAT.name, exact: true })).toBeVisible();
    const action = row.getByRole('button', { name: /^Verif(y|ied)$/ });
    await expect(action).toBeVisible();

    if ((await action.textContent())?.trim() === 'Verify') {
      await expect(row.getByText('Not verified')).toBeVisible();
      await action.click();
      // On what grounds: kept with who verified and when, and the seller's page says since when.
      const dialog = page.getByRole('dialog', { name: `Verify ${NUSRAT.name}` });
      await dialog.getByRole('textbox', { name: 'On what grounds?' }).fill('Trade licence seen at the shop');
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('successfully verified seller')).toBeVisible();
      await expect(dialog).toBeHidden();
    }
    await expect(row.getByRole('button', { name: 'Verified', exact: true })).toBeDisabled();
    await expect(row.getByText('Verified', { exact: true }).first()).toBeVisible();

    // Through the navbar, as the admin would go there.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Categories' }).click();
    const label = `${laptop!.category.charAt(0).toUpperCase()}${laptop!.category.slice(1)} Laptops`;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
    const cards = page.getByRole('article').filter({ hasText: NUSRAT.name });
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBe(laptops.filter((l) => l.category === laptop!.category).length);
    for (let i = 0; i < count; i += 1) {
      await expect(cards.nth(i).getByRole('img', { name: 'Verified seller' })).toBeVisible();
    }
  });

  test('deletes a buyer after the question; the row goes and their session ends', async ({ page, browser }, info) => {
    const suffix = `${Date.now()}-${info.workerIndex}-${Math.random().toString(36).slice(2, 8)}`;
    const buyer = { name: `Shirin Akter ${suffix.slice(-6)}`, email: `doomed-buyer-${suffix}@example.com` };

    // The buyer signs up in a browser of their own, which stays signed in until the deletion.
    const buyerContext = await browser.newContext({ baseURL: info.project.use.baseURL });
    try {
      const signUp = await buyerContext.request.post('/api/auth/sign-up/email', {
        data: { ...buyer, password: DEMO_PASSWORD, role: 'buyer' },
      });
      expect(signUp.ok(), `sign-up: ${signUp.status()} ${await signUp.text()}`).toBe(true);
      const ownRecord = `/api/users/buyer/${encodeURIComponent(buyer.email)}`;
      expect((await buyerContext.request.get(ownRecord)).status()).toBe(200);

      await signIn(page, 'admin');
      await page.goto('/dashboard/allBuyers');
      await expect(page.getByRole('heading', { level: 2, name: 'All Buyers' })).toBeVisible();
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: buyer.email, exact: true }) });
      await expect(row.getByRole('cell', { name: buyer.name, exact: true })).toBeVisible();

      await row.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: DELETE_QUESTION });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading', { name: DELETE_QUESTION })).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete' }).click();

      await expect(page.getByText('successfully deleted')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row).toHaveCount(0);
      // The list as the server now has it, not only as the page last drew it.
      await page.reload();
      await expect(page.getByRole('heading', { level: 2, name: 'All Buyers' })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'buyer@laptophaat.test', exact: true })).toBeVisible();
      await expect(page.getByRole('cell', { name: buyer.email, exact: true })).toHaveCount(0);

      // Their session ended with the account.
      expect((await buyerContext.request.get(ownRecord)).status()).toBe(401);
      const session = await buyerContext.request.get('/api/auth/get-session');
      expect(await session.json()).toBeNull();
    } finally {
      await buyerContext.close();
    }
  });

  test('cancelling the question deletes nothing', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/dashboard/allBuyers');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'buyer@laptophaat.test' }) });
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: DELETE_QUESTION });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await row.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(row).toBeVisible();
  });
});
