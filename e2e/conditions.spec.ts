import { addLaptopViaApi, expect, signUpViaApi, test } from './fixtures.ts';

// Defined conditions (docs/product.md#conditions): the listing page says what its grade means, the
// listing form explains the grades and how to read the battery's health, and /search keeps only
// laptops with enough battery health, the filter kept in the address.

test('a grade is defined on the listing page and in the form, and search filters by battery health', async ({
  page,
}) => {
  test.slow();
  await signUpViaApi(page, { role: 'seller', name: 'Condition Seller' });
  const word = `voltmark${Date.now().toString(36)}`;
  const strong = await addLaptopViaApi(page, {
    laptop_name: `Dell XPS 13 ${word} strong`,
    conditionType: 'excellent',
    battery_health: 92,
  });
  await addLaptopViaApi(page, { laptop_name: `Dell XPS 13 ${word} tired`, conditionType: 'fair', battery_health: 64 });
  await addLaptopViaApi(page, { laptop_name: `Dell XPS 13 ${word} unknown`, conditionType: 'good' });

  // The listing page: the grade and what it promises, beside it in the details.
  await page.goto(`/laptops/${strong}`);
  const details = page.getByRole('region', { name: 'Details' });
  const condition = details.locator('dt', { hasText: /^Condition$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(condition).toContainText('Excellent');
  await expect(condition).toContainText('Looks almost new and works like new.');
  await expect(condition.getByRole('listitem')).toHaveText([
    'Screen: No scratches, no dead pixels.',
    'Body: No visible scratches or dents.',
    'Keyboard: Every key and the touchpad work; no worn keys.',
    'Battery: Health 85% or more of new.',
  ]);

  // The form: the chosen grade's meaning, how to read the battery, and a gentle word on a mismatch.
  await page.goto('/dashboard/addAProduct');
  const form = page.getByRole('form', { name: 'Add a laptop' });
  await form.getByLabel('Condition type').selectOption('excellent');
  // The chosen grade's meaning shows; every grade's is folded under "What each condition means".
  await expect(form.getByText('Looks almost new and works like new.').first()).toBeVisible();
  await form.getByText('What each condition means').click();
  await expect(form.getByText('Visible wear; works fully.')).toBeVisible();
  const battery = form.getByLabel('Battery health (%)');
  await expect(battery).toHaveAccessibleDescription(/powercfg \/batteryreport in Command Prompt/);
  await expect(battery).toHaveAccessibleDescription(/System Settings → Battery → Battery Health/);
  await battery.fill('60');
  await expect(form.getByRole('status')).toHaveText(
    'Excellent means a battery health of 85% or more; 60% fits a lower grade. Please check the number or the condition.',
  );
  await form.getByLabel('Condition type').selectOption('fair');
  await expect(form.getByRole('status')).toHaveCount(0);

  // Search: three laptops by the word; with 85% or more, only the strong one, kept in the address.
  await page.goto(`/search?q=${word}`);
  const names = page.getByRole('article').getByRole('heading', { level: 2 });
  await expect(names).toHaveCount(3);
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Battery health').selectOption('85');
  await filters.getByRole('button', { name: 'Show laptops' }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&minBattery=85$`));
  await expect(names).toHaveText([`Dell XPS 13 ${word} strong`]);
  // 60% or more: the tired one too; the one without a battery health never.
  await page.goto(`/search?q=${word}&minBattery=60`);
  await expect(page.getByRole('form', { name: 'Filters' }).getByLabel('Battery health')).toHaveValue('60');
  await expect(names).toHaveCount(2);
  await expect(names.filter({ hasText: 'unknown' })).toHaveCount(0);
});
