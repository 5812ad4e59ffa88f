import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, RESET_MESSAGES } from '../../../shared/auth.ts';
import { fieldMessages } from '../../test/fixtures.ts';
import { accessTokenOf, jsonPost, signIn, signUp, uniqueEmail } from '../../test/sessions.ts';
import { resetTokenOf, startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { RESET_LINK_MINUTES } from './instance.ts';
import { sessions, verifications } from './schema.ts';
import { RESET_MAILS_PER_EMAIL } from './served-endpoints.ts';

// Password reset by e-mail (docs/security.md#password-reset), with a real SMTP server receiving the mail.

let t: TestApp;
let smtp: TestSmtpServer;
const FROM = 'Laptop Haat <no-reply@laptophaat.test>';

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ config: { mail: { smtpUrl: smtp.url, from: FROM } } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const ask = (email: string, headers: Record<string, string> = {}) =>
  jsonPost(t, '/api/auth/request-password-reset', { email }, headers);
const reset = (token: string, newPassword: string) => jsonPost(t, '/api/auth/reset-password', { token, newPassword });

async function linkFor(email: string, headers: Record<string, string> = {}) {
  const res = await ask(email, headers);
  expect(res.status).toBe(200);
  return smtp.mailTo(email);
}

describe('asking for a reset link', () => {
  it('sends the account an e-mail with a one-time link to the reset page, in English by default', async () => {
    const user = await signUp(t, { name: 'Nadia Rahman' });
    const res = await ask(user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true, message: RESET_MESSAGES.sent });
    const mail = await smtp.mailTo(user.email);
    expect(mail.from).toBe('"Laptop Haat" <no-reply@laptophaat.test>');
    expect(mail.subject).toBe('Reset your Laptop Haat password');
    expect(mail.lang).toBe('en');
    expect(mail.text).toContain('Hello Nadia Rahman,');
    expect(mail.text).toContain(`within ${RESET_LINK_MINUTES} minutes`);
    expect(mail.text).toMatch(new RegExp(`${t.url}/reset-password\\?token=[A-Za-z0-9]{24}\\n`));
    expect(mail.html).toContain(`href="${t.url}/reset-password?token=${resetTokenOf(mail)}"`);
  });

  it('writes the e-mail in the language the person uses on the site: the lang cookie, then Accept-Language', async () => {
    const user = await signUp(t, { name: 'নাদিয়া' });
    const byCookie = await linkFor(user.email, { cookie: 'lang=bn', 'accept-language': 'en' });
    expect(byCookie.lang).toBe('bn');
    expect(byCookie.subject).toBe('আপনার Laptop Haat পাসওয়ার্ড রিসেট করুন');
    expect(byCookie.text).toContain('প্রিয় নাদিয়া,');
    expect(byCookie.text).toContain('৩০ মিনিটের মধ্যে');
    const byHeader = await linkFor(user.email, { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' });
    expect(byHeader.lang).toBe('bn');
    const english = await linkFor(user.email, { cookie: 'lang=en', 'accept-language': 'bn' });
    expect(english.lang).toBe('en');
  });

  it('answers an address without an account exactly as one with, and sends nothing', async () => {
    const user = await signUp(t);
    const known = await ask(user.email);
    const unknown = await ask(uniqueEmail('nobody'));
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    await smtp.mailTo(user.email);
    // The known address's mail came; give the unknown one the same time, then check it never did.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.filter((m) => m.to.some((to) => to.startsWith('nobody-')))).toEqual([]);
  });

  it('answers at once even when the mail server is down, and logs the failure', async () => {
    const down = await startTestApp({ config: { mail: { smtpUrl: 'smtp://127.0.0.1:1', from: FROM } } });
    try {
      const user = await signUp(down);
      const started = Date.now();
      const res = await jsonPost(down, '/api/auth/request-password-reset', { email: user.email });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: true, message: RESET_MESSAGES.sent });
      // Generous: the send is not awaited at all, whatever the connection timeout.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await down.close();
    }
  });

  it.each([
    [{}, AUTH_MESSAGES.emailRequired],
    [{ email: '' }, AUTH_MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, AUTH_MESSAGES.emailInvalid],
  ])('refuses %o with the field message', async (body, message) => {
    const res = await jsonPost(t, '/api/auth/request-password-reset', body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error.code).toBe('validation');
    expect(json.error.fields.email?.message).toBe(message);
  });
});

describe('setting a new password', () => {
  it('sets the new password once, signs every session out, and the link cannot be used again', async () => {
    const user = await signUp(t);
    const second = await signIn(t, user.email, 'Secret@123');
    const token = await accessTokenOf(t, second);
    const link = resetTokenOf(await linkFor(user.email));

    const res = await reset(link, 'Fresh@456');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });

    // Every session ended: cookies and access tokens alike.
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toEqual([]);
    for (const cookie of [user.cookie, second.cookie]) {
      const me = await t.request('/api/auth/get-session', { headers: { cookie } });
      expect(await me.json()).toBeNull();
    }
    const withToken = await t.request('/api/myOrders', { headers: { authorization: `Bearer ${token}` } });
    expect(withToken.status).toBe(401);

    // The new password works, the old one does not.
    expect((await jsonPost(t, '/api/auth/sign-in/email', { email: user.email, password: 'Secret@123' })).status).toBe(
      401,
    );
    expect((await jsonPost(t, '/api/auth/sign-in/email', { email: user.email, password: 'Fresh@456' })).status).toBe(
      200,
    );

    // Single use.
    const again = await reset(link, 'Other@789');
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      error: {
        code: 'validation',
        message: RESET_MESSAGES.linkInvalid,
        fields: { token: { code: 'reset_link_invalid', message: RESET_MESSAGES.linkInvalid } },
      },
    });
  });

  it(`keeps the link for ${RESET_LINK_MINUTES} minutes, stores only its hash, and refuses it once expired`, async () => {
    const user = await signUp(t);
    const before = Date.now();
    const link = resetTokenOf(await linkFor(user.email));
    const [row] = await t.database.db.select().from(verifications).where(eq(verifications.value, user.userId));
    expect(row).toBeDefined();
    // A copy of the database holds no working link.
    expect(row!.identifier).not.toContain(link);
    const minutes = (row!.expiresAt.getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(RESET_LINK_MINUTES - 1);
    expect(minutes).toBeLessThanOrEqual(RESET_LINK_MINUTES + 1);

    // 30 minutes later, as the database sees it.
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(verifications.id, row!.id));
    const res = await reset(link, 'Fresh@456');
    expect(res.status).toBe(400);
    expect(fieldMessages((await res.json()).error.fields)).toEqual({ token: RESET_MESSAGES.linkInvalid });
    // The old password still works.
    expect((await jsonPost(t, '/api/auth/sign-in/email', { email: user.email, password: 'Secret@123' })).status).toBe(
      200,
    );
  });

  it('refuses a made-up token', async () => {
    for (const token of ['a'.repeat(24), 'x', '../../etc']) {
      const res = await reset(token, 'Fresh@456');
      expect(res.status).toBe(400);
      expect(fieldMessages((await res.json()).error.fields)).toEqual({ token: RESET_MESSAGES.linkInvalid });
    }
  });

  it.each([
    ['', AUTH_MESSAGES.passwordRequired],
    ['Ab@1', AUTH_MESSAGES.passwordShort],
    ['secret@123', AUTH_MESSAGES.passwordWeak],
    ['Secret1234', AUTH_MESSAGES.passwordWeak],
    [`A1@${'a'.repeat(130)}`, AUTH_MESSAGES.passwordLong],
  ])(
    'holds the new password %j to the sign-up rules, and keeps the link for a better one',
    async (password, message) => {
      const user = await signUp(t);
      const link = resetTokenOf(await linkFor(user.email));
      const res = await reset(link, password);
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields.newPassword?.message).toBe(message);
      expect((await reset(link, 'Fresh@456')).status).toBe(200);
    },
  );
});

describe('limits', () => {
  it(`sends at most ${RESET_MAILS_PER_EMAIL} e-mails an hour to one address, account or not, and counts as sign-in attempts of the caller's address`, async () => {
    const limited = await startTestApp({
      config: {
        mail: { smtpUrl: smtp.url, from: FROM },
        authRateLimit: { perIpPerMinute: 9, failuresPerAccount: 10_000 },
      },
    });
    try {
      for (const email of [(await signUp(limited)).email, uniqueEmail('nobody')]) {
        const statuses: number[] = [];
        for (let i = 0; i <= RESET_MAILS_PER_EMAIL; i++)
          statuses.push((await jsonPost(limited, '/api/auth/request-password-reset', { email })).status);
        expect(statuses).toEqual([...Array(RESET_MAILS_PER_EMAIL).fill(200), 429]);
      }
      // Sign-up and the 8 requests above used the address's 9 attempts a minute.
      const res = await jsonPost(limited, '/api/auth/request-password-reset', { email: uniqueEmail() });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await res.json()).error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});

describe('without SMTP_URL outside production', () => {
  it('keeps the e-mail and shows it at /dev/mail, links and all, escaped', async () => {
    const local = await startTestApp();
    try {
      const user = await signUp(local, { name: '<b>Rafi</b>' });
      expect((await jsonPost(local, '/api/auth/request-password-reset', { email: user.email })).status).toBe(200);
      let page = '';
      for (let i = 0; i < 50 && !page.includes(user.email); i++) {
        await new Promise((r) => setTimeout(r, 50));
        page = await (await local.request('/dev/mail')).text();
      }
      expect(page).toContain('Reset your Laptop Haat password');
      expect(page).toContain('&lt;b&gt;Rafi&lt;/b&gt;');
      expect(page).not.toContain('<b>Rafi</b>');
      expect(page).toMatch(new RegExp(`<a href="${local.url}/reset-password\\?token=[A-Za-z0-9]{24}">`));
    } finally {
      await local.close();
    }
  });

  it('never serves /dev/mail in production', async () => {
    const prod = await startTestApp({
      config: { env: 'production', baseUrl: 'https://laptophaat.example', mail: { smtpUrl: smtp.url, from: FROM } },
    });
    try {
      expect((await prod.request('/dev/mail')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
