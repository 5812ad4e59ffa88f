import { readdirSync, readFileSync } from 'node:fs';
import { type ParsedMail, simpleParser } from 'mailparser';
import { e2eMailDir } from '../scripts/e2e-mail.mjs';
import { expect, logInAs, signUpViaApi, TEST_PASSWORD, test } from './fixtures.ts';

// Password reset through the e-mail a real SMTP server receives (scripts/e2e-mail.mjs, started
// beside the app by scripts/e2e-server.mjs).

const mailDir = e2eMailDir(process.env.E2E_PORT ?? '3100');

/** The message to `to`, waiting for it to arrive. */
async function mailTo(to: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const file of readdirSync(mailDir)) {
          const mail = await simpleParser(readFileSync(`${mailDir}/${file}`));
          const recipients = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
          if (recipients.includes(to)) found = mail;
        }
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

function resetLinkIn(mail: ParsedMail): string {
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

test('a user who forgot the password resets it from the e-mail, and every other session is signed out', async ({
  page,
  playwright,
  baseURL,
}) => {
  // Signed in elsewhere (another device): this session must end with the reset.
  const elsewhere = await playwright.request.newContext({ baseURL });
  const account = await signUpViaApi(elsewhere, { name: 'Farhana Akter' });
  expect(await (await elsewhere.get('/api/auth/get-session')).json()).not.toBeNull();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeVisible();
  const ask = page.getByRole('form', { name: 'Reset your password' });
  await ask.getByLabel('Email').fill(account.email);
  await ask.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account uses ${account.email}, we have sent it a link`);

  const mail = await mailTo(account.email);
  expect(mail.subject).toBe('Reset your Laptop Haat password');
  expect(mail.text).toContain('Hello Farhana Akter,');
  const link = resetLinkIn(mail);

  await page.goto(link);
  const form = page.getByRole('form', { name: 'Choose a new password' });
  // The sign-up rules hold for the new password.
  await form.getByLabel('New password').fill('weakpassword');
  await form.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    form.getByText('Password must contain uppercase, lowercase, number and special character'),
  ).toBeVisible();
  const newPassword = `New${TEST_PASSWORD}`;
  await form.getByLabel('New password').fill(newPassword);
  await form.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed. Log in with your new password.')).toBeVisible();
  await expect(page).toHaveURL('/login');

  // The other device is signed out; the new password works, the old one does not.
  expect(await (await elsewhere.get('/api/auth/get-session')).json()).toBeNull();
  await elsewhere.dispose();
  const form2 = page.getByRole('form', { name: 'Log in' });
  await form2.getByLabel('Email').fill(account.email);
  await form2.getByLabel('Password').fill(account.password);
  await form2.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await logInAs(page, account.email, newPassword);

  // The link worked once.
  await page.goto(link);
  await form.getByLabel('New password').fill(`Again${TEST_PASSWORD}`);
  await form.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link has expired or has already been used.');
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/forgot-password');
});

test('the e-mail and the pages speak Bangla to a Bangla reader', async ({ page, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const account = await signUpViaApi(api, { name: 'ফারহানা' });
  await api.dispose();

  await page.goto('/forgot-password?lang=bn');
  await expect(page.getByRole('heading', { level: 1, name: 'পাসওয়ার্ড ভুলে গেছেন?' })).toBeVisible();
  await page.getByLabel('ইমেইল').fill(account.email);
  await page.getByRole('button', { name: 'রিসেট লিংক পাঠান' }).click();
  await expect(page.getByRole('status')).toContainText('৩০ মিনিটের মধ্যে');

  const mail = await mailTo(account.email);
  expect(mail.subject).toBe('আপনার Laptop Haat পাসওয়ার্ড রিসেট করুন');
  expect(mail.text).toContain('প্রিয় ফারহানা,');

  // A link without its token says so at once, in Bangla too.
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toContainText('এই রিসেট লিংকটির মেয়াদ শেষ হয়ে গেছে');
});
