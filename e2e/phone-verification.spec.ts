import { expect, signUpViaApi, test } from './fixtures.ts';

// Verifying a phone by SMS in the browser (docs/product.md#phone-verification): outside production
// without a gateway the code goes to the stand-in, which /dev/sms shows, as a developer reads it.

test('a new buyer verifies their phone on Account settings with the code the stand-in kept', async ({ page }) => {
  await signUpViaApi(page, { name: 'Sadia Rahman' });
  // A number no demo account has verified, different on each run.
  const phone = `0165${String(Date.now()).slice(-7)}`;

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL('/dashboard/account');
  const section = page.locator('section', { has: page.getByRole('heading', { level: 3, name: /^Phone/ }) });
  await expect(section.getByText('Not verified')).toBeVisible();

  await section.getByLabel('Phone number').fill(phone);
  await section.getByRole('button', { name: 'Send code' }).click();
  await expect(section.getByText(`We sent a code to ${phone}. It works for 5 minutes.`)).toBeVisible();

  // The stand-in's page, as the developer opens it beside the app.
  const inbox = await page.context().newPage();
  await inbox.goto('/dev/sms');
  const message = inbox.locator('article', { hasText: `88${phone}` }).first();
  await expect(message).toContainText('Laptop Haat');
  const code = /\b(\d{6})\b/.exec((await message.locator('pre').textContent()) ?? '')?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await inbox.close();

  await section.getByLabel('Code').fill(code);
  await section.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your phone number is verified')).toBeVisible();
  await expect(section.getByText('Phone verified')).toBeVisible();
  await expect(section.getByLabel('Code')).toHaveCount(0);
});
