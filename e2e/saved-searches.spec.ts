import { randomUUID } from 'node:crypto';
import type { CDPSession } from '@playwright/test';
import { startPushService } from '../src/server/test/push-service.ts';
import { addLaptopViaApi, expect, pageOf, signUpViaApi, test } from './fixtures.ts';

// Saved searches and their alerts (docs/product.md#saved-searches): a buyer on a phone, in Bangla,
// saves "Dell, 16 GB, under Tk 60,000"; a seller then posts such a laptop, and the buyer's open page
// hears of it (the bell and a toast) without a reload; a laptop that does not match tells nobody.
// And with the page closed: a search asked in Bangla words and digits, the app's question after
// saving, and the notification through a push service to the phone's service worker.

const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`;

// One after the other: each test's matching laptop matches the other's search too.
test.describe.configure({ mode: 'default' });

test('a buyer saves a search in Bangla on a phone and hears when a matching laptop is posted', async ({
  page,
  browser,
}) => {
  test.slow();
  const tag = randomUUID().slice(0, 6);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.context().addCookies([{ name: 'lang', value: 'bn', url: ORIGIN }]);
  await signUpViaApi(page, { name: `Saver ${tag}` });

  await page.goto('/search?brand=Dell&ram=16&maxPrice=60000');
  await page.getByRole('button', { name: 'এই সার্চটি সেভ করুন' }).click();
  const dialog = page.getByRole('dialog', { name: 'এই সার্চটি সেভ করুন' });
  await expect(dialog.getByLabel('নাম')).toHaveValue('Dell · ১৬ জিবি র‍্যাম · ৳৬০,০০০ পর্যন্ত');
  await dialog.getByLabel('নাম').fill(`ডেল ${tag}`);
  await dialog.getByRole('button', { name: 'সার্চ সেভ করুন' }).click();
  await expect(page.getByText('সার্চ সেভ হয়েছে। নতুন কোনো ল্যাপটপ মিললে আমরা আপনাকে জানাব।')).toBeVisible();
  // Nothing on the phone's page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const seller = await pageOf(browser);
  await signUpViaApi(seller, { role: 'seller', name: `Seller ${tag}` });
  // Another brand, and a Dell over the price: neither matches.
  await addLaptopViaApi(seller, { laptop_name: `HP EliteBook ${tag}`, brand: 'HP', ram_gb: 16, resale_price: 40_000 });
  await addLaptopViaApi(seller, { laptop_name: `Dell XPS ${tag}`, brand: 'Dell', ram_gb: 16, resale_price: 90_000 });
  await addLaptopViaApi(seller, {
    laptop_name: `Dell Latitude 5420 ${tag}`,
    brand: 'Dell',
    ram_gb: 16,
    resale_price: 55_000,
  });

  // Live on the open page, within the minute the alerts promise.
  const news = page.getByText(`আপনার সেভ করা সার্চ ডেল ${tag}-এর জন্য নতুন: Dell Latitude 5420 ${tag}, ৳৫৫,০০০।`);
  await expect(news.first()).toBeVisible({ timeout: 60_000 });

  await page.goto('/dashboard/savedSearches');
  const row = page.getByRole('listitem').filter({ hasText: `ডেল ${tag}` });
  await expect(row.getByText('১টি নতুন ল্যাপটপ')).toBeVisible();
  // Opening it shows the laptop, and counts it as seen.
  await row.getByRole('link', { name: `ডেল ${tag}` }).click();
  await expect(page.getByRole('heading', { name: `Dell Latitude 5420 ${tag}` })).toBeVisible();
  await page.goto('/dashboard/savedSearches');
  await expect(row.getByText('শেষবার দেখার পর নতুন কিছু নেই')).toBeVisible();

  // Only the matching laptop told them.
  const list = (await (await page.request.get('/api/notifications?limit=20')).json()) as {
    items: { kind: string; laptop_name: string }[];
  };
  const ours = list.items.filter((n) => n.kind === 'saved_search_match' && n.laptop_name.endsWith(tag));
  expect(ours.map((n) => n.laptop_name)).toEqual([`Dell Latitude 5420 ${tag}`]);
  await seller.close();
});

test('the phone is told by a push notification, with the page closed', async ({ page, browser }) => {
  test.slow();
  const tag = randomUUID().slice(0, 6);
  const push = await startPushService();
  try {
    const context = page.context();
    // Chromium reaches its push service (Google's) to make a subscription, and nothing outside
    // this machine is reachable here: the page's PushManager hands out a subscription of the local
    // push service instead, made with the app's VAPID key. That is the only stand-in; the prompt,
    // the app's registration of the subscription, the server's encrypted send and the service
    // worker's notification are all real.
    const { publicKey } = (await (await page.request.get('/api/push/key')).json()) as { publicKey: string };
    const device = await push.subscribe(publicKey);
    await context.addInitScript(standInPushService, { endpoint: device.endpoint, keys: device.keys });

    await page.setViewportSize({ width: 360, height: 740 });
    await context.addCookies([{ name: 'lang', value: 'bn', url: ORIGIN }]);
    await signUpViaApi(page, { name: `Phone ${tag}` });
    // The app's service worker, as on any visit.
    await page.goto('/search');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

    // "Dell, 16 GB, under Tk 60,000", asked in Bangla: the words in Bangla script, the price in Bangla digits.
    await page.locator('label.btn-outline[for="search-filters-drawer"]').click();
    const filters = page.getByRole('form', { name: 'ফিল্টার' });
    await filters.getByLabel('যা খুঁজছেন').fill('ডেল');
    await filters.getByLabel('র‍্যাম').selectOption({ label: '১৬ জিবি' });
    await filters.getByLabel('সর্বোচ্চ দাম').fill('৬০০০০');
    await filters.getByRole('button', { name: 'ল্যাপটপ দেখুন' }).click();
    await expect(page).toHaveURL(/ram=16/);
    await expect(page).toHaveURL(/maxPrice=60000/);
    await page.getByRole('button', { name: 'এই সার্চটি সেভ করুন' }).click();
    const dialog = page.getByRole('dialog', { name: 'এই সার্চটি সেভ করুন' });
    await dialog.getByLabel('নাম').fill(`ফোনে ডেল ${tag}`);
    await dialog.getByRole('button', { name: 'সার্চ সেভ করুন' }).click();

    // Only now, after saving, the app asks; Allow, then the browser's own question (answered yes
    // here, as the person would), subscribes this phone.
    const allow = page.getByRole('button', { name: 'অনুমতি দিন' });
    await expect(allow).toBeVisible();
    await context.grantPermissions(['notifications'], { origin: ORIGIN });
    await allow.click();
    await expect(page.getByText('এই ডিভাইসে নোটিফিকেশন চালু হয়েছে')).toBeVisible();
    const worker = context.serviceWorkers().find((w) => new URL(w.url()).pathname === '/sw.js');
    expect(worker, 'the app’s service worker').toBeDefined();

    // The phone's page is closed; the browser (and its service worker) lives on.
    await page.close();

    const seller = await pageOf(browser);
    await signUpViaApi(seller, { role: 'seller', name: `Seller ${tag}` });
    await addLaptopViaApi(seller, { laptop_name: `Dell XPS ${tag}`, brand: 'Dell', ram_gb: 16, resale_price: 90_000 });
    await addLaptopViaApi(seller, {
      laptop_name: `Dell Latitude 7420 ${tag}`,
      brand: 'Dell',
      ram_gb: 16,
      resale_price: 58_000,
    });
    await seller.close();

    // The push service got it, encrypted for this phone and in its language, within the minute.
    const sentence = `আপনার সেভ করা সার্চ ফোনে ডেল ${tag}-এর জন্য নতুন: Dell Latitude 7420 ${tag}, ৳৫৮,০০০।`;
    let delivered = '';
    await expect
      .poll(
        async () => {
          // Only of this test's laptops: the rest of the suite posts laptops too.
          const ours = [`Dell XPS ${tag}`, `Dell Latitude 7420 ${tag}`];
          const messages = (await push.messages(device)).filter((m) => ours.some((name) => m.includes(name)));
          delivered = messages[0] ?? '';
          return messages.map((m) => (JSON.parse(m) as { body: string }).body);
        },
        { timeout: 60_000 },
      )
      .toEqual([sentence]);
    const payload = JSON.parse(delivered) as { title: string; body: string; url: string };
    expect(payload).toMatchObject({ title: 'Laptop Haat', body: sentence });

    // The push service hands it to the phone's browser, whose service worker shows it.
    const cdp = await context.newCDPSession(await context.newPage());
    const { registrationId } = await registrationOf(cdp, `${ORIGIN}/`);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: ORIGIN, registrationId, data: delivered });
    await expect
      .poll(() =>
        worker!.evaluate(async () =>
          (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            url: (n.data as { url: string }).url,
          })),
        ),
      )
      .toEqual([{ title: 'Laptop Haat', body: sentence, url: payload.url }]);
  } finally {
    await push.close();
  }
});

/** The service worker registration of `scope`, by the DevTools protocol's id. */
async function registrationOf(cdp: CDPSession, scope: string) {
  const found = new Promise<{ registrationId: string }>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (registration) resolve(registration);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/**
 * In the page, before its scripts: PushManager's subscribe and getSubscription give `subscription`
 * (the local push service's) in place of one from Chromium's own push service.
 */
function standInPushService(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  let current: PushSubscription | null = null;
  const bytes = (base64url: string) =>
    Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
  PushManager.prototype.subscribe = async function subscribe(options) {
    current = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: options?.applicationServerKey ?? null },
      getKey: (name: PushEncryptionKeyName) => bytes(subscription.keys[name]),
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    } as unknown as PushSubscription;
    return current;
  };
  PushManager.prototype.getSubscription = async () => current;
}
