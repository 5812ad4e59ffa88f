import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, reply } from '../../test/fetch.ts';
import { renderIn } from '../../test/locale.ts';
import {
  DEVICE_ENDPOINT,
  DEVICE_SUBSCRIPTION,
  notSubscribed,
  restorePushPage,
  stubPushBrowser,
  TEST_VAPID_KEY,
} from '../../test/push-browser.ts';
import { sentRequests, stubMatchMedia } from '../../test/requests.ts';
import { askForPush, NOT_NOW_KEY } from './ask-for-push.tsx';

// Asking for notifications (docs/product.md#push-notifications): our own question first, the
// browser's only after Allow; "Not now" is remembered for 30 days; never asked where it cannot work
// or was answered already. In both languages.

const API = {
  '/api/push/key': { publicKey: TEST_VAPID_KEY },
  'POST /api/push/subscriptions': reply(201, { endpoint: DEVICE_ENDPOINT, lang: 'en', created_at: '' }),
};
const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_SUBSCRIBED = notSubscribed();

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
});
afterEach(restorePushPage);

describe('askForPush', () => {
  it('asks in our words, then on Allow asks the browser, subscribes with the key and registers the device', async () => {
    const browser = stubPushBrowser();
    const fetchMock = mockApi(API);
    const asked = askForPush();
    const dialog = await screen.findByRole('dialog', {
      name: 'Get a notification on this device when something happens to your bookings or saved searches, even with this page closed?',
    });
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await asked;
    expect(dialog).not.toBeInTheDocument();
    await waitFor(() => expect(sentRequests(fetchMock).some((r) => r.method === 'POST')).toBe(true));
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.subscribedWith).toHaveLength(65);
    expect(sentRequests(fetchMock).find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/push/subscriptions',
      body: { endpoint: DEVICE_ENDPOINT, expirationTime: null, keys: { p256dh: 'BKey', auth: 'secret' }, lang: 'en' },
    });
  });

  it('registers nothing when the browser is refused after Allow', async () => {
    const browser = stubPushBrowser({ answer: 'denied' });
    const fetchMock = mockApi(API);
    const asked = askForPush();
    await userEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    await asked;
    await waitFor(() => expect(browser.requestPermission).toHaveBeenCalledOnce());
    expect(browser.subscribed).toBe(false);
    expect(sentRequests(fetchMock).filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('remembers Not now for 30 days without asking the browser', async () => {
    const browser = stubPushBrowser();
    mockApi(API);
    const asked = askForPush();
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    await asked;
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Asked again the next day: nothing shows.
    await askForPush();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // 31 days on, it asks again.
    localStorage.setItem(NOT_NOW_KEY, String(Date.now() - 31 * DAY_MS));
    void askForPush();
    expect(await screen.findByRole('dialog')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
  });

  it('takes the focus when it appears, and Escape answers Not now', async () => {
    const browser = stubPushBrowser();
    mockApi(API);
    const asked = askForPush();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await asked;
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(Number(localStorage.getItem(NOT_NOW_KEY))).toBeGreaterThan(0);
  });

  it.each([
    ['the browser was already answered (granted)', { permission: 'granted' as const }],
    ['the browser was already answered (denied)', { permission: 'denied' as const }],
    ['there is no service worker', { registered: false }],
  ])('asks nothing when %s', async (_case, browserState) => {
    stubPushBrowser(browserState);
    mockApi(API);
    await askForPush();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks again, without the browser, where a sign-out ended the subscription the browser still has', async () => {
    const browser = stubPushBrowser({ permission: 'granted', subscribed: true });
    const fetchMock = mockApi({ ...API, [DEVICE_SUBSCRIPTION]: NOT_SUBSCRIBED });
    const asked = askForPush();
    await userEvent.click(await screen.findByRole('button', { name: 'Allow' }));
    await asked;
    await waitFor(() =>
      expect(sentRequests(fetchMock).find((r) => r.method === 'POST')?.body).toMatchObject({
        endpoint: DEVICE_ENDPOINT,
      }),
    );
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('asks nothing where this sign-in already has the browser subscribed', async () => {
    stubPushBrowser({ permission: 'granted', subscribed: true });
    mockApi({ ...API, [DEVICE_SUBSCRIPTION]: { endpoint: DEVICE_ENDPOINT, lang: 'en', created_at: '' } });
    await askForPush();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks nothing in a browser without push', async () => {
    mockApi(API);
    await askForPush();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks in Bangla on a Bangla page and registers the device in Bangla', async () => {
    renderIn('bn');
    document.documentElement.lang = 'bn';
    stubPushBrowser();
    const fetchMock = mockApi(API);
    const asked = askForPush();
    expect(
      await screen.findByRole('dialog', {
        name: 'আপনার বুকিং বা সেভ করা সার্চে কিছু ঘটলে এই ডিভাইসে নোটিফিকেশন পেতে চান, পেজটি বন্ধ থাকলেও?',
      }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'এখন না' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'অনুমতি দিন' }));
    await asked;
    await waitFor(() =>
      expect(sentRequests(fetchMock).find((r) => r.method === 'POST')?.body).toMatchObject({ lang: 'bn' }),
    );
  });
});
