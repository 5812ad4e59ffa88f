import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, reply } from '../../../test/fetch.ts';
import { renderIn } from '../../../test/locale.ts';
import {
  DEVICE_ENDPOINT,
  DEVICE_SUBSCRIPTION,
  notSubscribed,
  restorePushPage,
  stubPushBrowser,
  TEST_VAPID_KEY,
} from '../../../test/push-browser.ts';
import { sentRequests, stubMatchMedia } from '../../../test/requests.ts';
import { PushSwitch } from './push-switch.tsx';

// "Notifications on this device" in Account settings (docs/product.md#push-notifications): on
// subscribes this browser and registers it, off removes it here and on the server; a browser that
// blocked or cannot show notifications says so. In both languages.

const STORED = { endpoint: DEVICE_ENDPOINT, lang: 'en', created_at: '' };
const NOT_SUBSCRIBED = notSubscribed();

/** The API, with this browser's subscription kept on the server while `kept()` says so. */
const apiKeeping = (kept: () => boolean) => ({
  '/api/push/key': { publicKey: TEST_VAPID_KEY },
  'POST /api/push/subscriptions': reply(201, STORED),
  [`DELETE ${DEVICE_SUBSCRIPTION}`]: reply(204, null),
  get [DEVICE_SUBSCRIPTION]() {
    return kept() ? STORED : NOT_SUBSCRIBED;
  },
});
const API = apiKeeping(() => false);

beforeEach(() => stubMatchMedia());
afterEach(restorePushPage);

describe('PushSwitch', () => {
  it('turns notifications on for this device, then off again', async () => {
    const browser = stubPushBrowser();
    const fetchMock = mockApi(apiKeeping(() => browser.subscribed));
    render(<PushSwitch />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Notifications on this device' })).toBeVisible();
    const toggle = screen.getByRole('switch', { name: 'Notifications on this device' });
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(sentRequests(fetchMock).find((r) => r.method === 'POST')).toMatchObject({
      path: '/api/push/subscriptions',
      body: { endpoint: DEVICE_ENDPOINT, lang: 'en' },
    });

    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(browser.subscribed).toBe(false);
    expect(sentRequests(fetchMock).find((r) => r.method === 'DELETE')?.path).toBe(
      `/api/push/subscriptions?endpoint=${encodeURIComponent(DEVICE_ENDPOINT)}`,
    );
  });

  it('shows on for a device already subscribed', async () => {
    stubPushBrowser({ permission: 'granted', subscribed: true });
    mockApi(apiKeeping(() => true));
    render(<PushSwitch />);
    expect(await screen.findByRole('switch', { name: 'Notifications on this device' })).toBeChecked();
  });

  it('shows off where a sign-out ended the subscription the browser still has, and turns it on without asking the browser', async () => {
    const browser = stubPushBrowser({ permission: 'granted', subscribed: true });
    let kept = false;
    const fetchMock = mockApi(apiKeeping(() => kept));
    render(<PushSwitch />);
    const toggle = await screen.findByRole('switch', { name: 'Notifications on this device' });
    expect(toggle).not.toBeChecked();
    kept = true;
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(sentRequests(fetchMock).find((r) => r.method === 'POST')?.body).toMatchObject({ endpoint: DEVICE_ENDPOINT });
  });

  it('goes by the browser when the server cannot be asked', async () => {
    stubPushBrowser({ permission: 'granted', subscribed: true });
    mockApi({
      ...API,
      [DEVICE_SUBSCRIPTION]: reply(503, {
        error: { code: 'unavailable', reason: 'unavailable', message: 'The service is briefly unavailable.' },
      }),
    });
    render(<PushSwitch />);
    expect(await screen.findByRole('switch', { name: 'Notifications on this device' })).toBeChecked();
  });

  it('says when the browser blocked notifications, and cannot be switched', async () => {
    stubPushBrowser({ permission: 'denied' });
    mockApi(API);
    render(<PushSwitch />);
    expect(
      await screen.findByText("Notifications are blocked for this site in your browser's settings."),
    ).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Notifications on this device' })).toBeDisabled();
  });

  it('says when the browser cannot show notifications', async () => {
    stubPushBrowser({ registered: false });
    mockApi(API);
    render(<PushSwitch />);
    expect(await screen.findByText('This browser cannot show notifications from Laptop Haat.')).toBeVisible();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('speaks Bangla on a Bangla page and registers the device in Bangla', async () => {
    renderIn('bn');
    document.documentElement.lang = 'bn';
    const browser = stubPushBrowser();
    const fetchMock = mockApi(apiKeeping(() => browser.subscribed));
    render(<PushSwitch />);
    expect(await screen.findByRole('heading', { level: 3, name: 'এই ডিভাইসে নোটিফিকেশন' })).toBeVisible();
    expect(screen.getByText('সাইট বন্ধ থাকলেও আপনার বুকিং, বিজ্ঞাপন আর সেভ করা সার্চের খবর এখানে পান।')).toBeVisible();
    const toggle = screen.getByRole('switch', { name: 'এই ডিভাইসে নোটিফিকেশন' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(sentRequests(fetchMock).find((r) => r.method === 'POST')?.body).toMatchObject({ lang: 'bn' });
  });
});
