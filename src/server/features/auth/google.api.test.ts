import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../users/schema.ts';

// Sign in with Google through the local OpenID Connect stand-in, as a browser would: following
// every redirect by hand with a cookie jar, on http://localhost:PORT (the provider's public origin).
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await startTestApp();
  origin = t.url.replace('127.0.0.1', 'localhost');
});
afterAll(() => t?.close());

class Browser {
  private jar = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, origin), { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = pair!.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.jar.delete(name!);
      else this.jar.set(name!, value.join('='));
    }
    return res;
  }

  /** Follows redirects until a page that is not a redirect; returns it and the last URL. */
  async follow(url: string, init?: RequestInit): Promise<{ res: Response; url: string; chain: string[] }> {
    let res = await this.fetch(url, init);
    let current = url;
    const chain = [url];
    for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
      current = new URL(res.headers.get('location')!, new URL(current, origin)).toString();
      chain.push(current);
      res = await this.fetch(current);
    }
    return { res, url: current, chain };
  }
}

async function googleSignIn(browser: Browser, account: { name: string; email: string }) {
  const start = await browser.fetch('/api/auth/sign-in/social', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ provider: 'google', callbackURL: '/?google=login', newUserCallbackURL: '/?google=signup' }),
  });
  expect(start.status).toBe(200);
  const { url, redirect } = await start.json();
  expect(redirect).toBe(true);
  expect(url).toContain(`${origin}/oidc/auth`);
  const page = await browser.follow(url);
  expect(page.url).toMatch(/\/oidc-dev\/interaction\//);
  expect(await page.res.text()).toContain('Sign in with Google');
  return browser.follow(page.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(account).toString(),
  });
}

describe('sign in with Google (local stand-in)', () => {
  it('offers the stand-in outside production', async () => {
    expect(await (await t.request('/api/client-config')).json()).toMatchObject({ googleSignIn: 'local' });
  });

  it('creates a buyer on the first sign-in and signs the same user in again', async () => {
    const account = { name: 'Farhana Akter', email: uniqueEmail('google') };
    const first = await googleSignIn(new Browser(), account);
    expect(first.url).toBe(`${origin}/?google=signup`);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, account.email));
    expect(row).toMatchObject({ name: 'Farhana Akter', role: 'buyer', verified: false });

    const browser = new Browser();
    const again = await googleSignIn(browser, account);
    expect(again.url).toBe(`${origin}/?google=login`);
    const session = await (await browser.fetch('/api/auth/get-session')).json();
    expect(session.user.email).toBe(account.email);
    const lookup = await browser.fetch(`/api/users/buyer/${account.email}`);
    expect((await lookup.json())[0]).toMatchObject({ email: account.email, role: 'buyer' });
    expect(await t.database.db.select().from(users).where(eq(users.email, account.email))).toHaveLength(1);
  });

  it('refuses an account form without a valid e-mail', async () => {
    const browser = new Browser();
    const start = await browser.fetch('/api/auth/sign-in/social', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ provider: 'google', callbackURL: '/' }),
    });
    const page = await browser.follow((await start.json()).url);
    const res = await browser.fetch(page.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=X&email=not-an-email',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Enter a name and a valid email address.');
  });

  it('is not offered in production without Google credentials', async () => {
    const prod = await startTestApp({ config: { env: 'production', baseUrl: 'https://laptophaat.example' } });
    try {
      expect(await (await prod.request('/api/client-config')).json()).toMatchObject({ googleSignIn: 'none' });
      expect((await prod.request('/oidc/.well-known/openid-configuration')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
