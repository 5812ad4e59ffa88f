import { vi } from 'vitest';
import { reply } from './fetch.ts';
import { renderIn } from './locale.ts';

// jsdom has no service worker, Push API or Notification: a browser's, as far as the push feature
// asks them (src/web/features/push/device.ts). The state says what the browser did.

export const TEST_VAPID_KEY = 'BEZfeqKnNHBiPKaYzQP-aBAGV0FjhtARR3Od9kbtzg5XYm-oL-MnWQU1Ufzmzxl0_kCYIzYjggrYSntvDbi1SJk';
export const DEVICE_ENDPOINT = 'https://push.example.test/send/device-1';

/** Where the page asks the server about this browser's subscription (GET) or ends it (DELETE). */
export const DEVICE_SUBSCRIPTION = `/api/push/subscriptions?endpoint=${encodeURIComponent(DEVICE_ENDPOINT)}`;

/** The server's answer for a browser it keeps no subscription of for the caller (for `mockApi`). */
export const notSubscribed = () =>
  reply(404, {
    error: {
      code: 'not_found',
      reason: 'push_subscription_not_found',
      message: 'This device is not subscribed to notifications',
    },
  });

export interface PushBrowser {
  permission: NotificationPermission;
  subscribed: boolean;
  /** The applicationServerKey the page subscribed with. */
  subscribedWith: Uint8Array | undefined;
  requestPermission: ReturnType<typeof vi.fn>;
}

export function stubPushBrowser({
  permission = 'default',
  answer = 'granted',
  registered = true,
  subscribed = false,
}: {
  permission?: NotificationPermission;
  /** What the person answers to the browser's own question. */
  answer?: NotificationPermission;
  /** Whether the service worker is registered. */
  registered?: boolean;
  subscribed?: boolean;
} = {}): PushBrowser {
  const state: PushBrowser = {
    permission,
    subscribed,
    subscribedWith: undefined,
    requestPermission: vi.fn(async () => {
      state.permission = answer;
      return answer;
    }),
  };
  const subscription = {
    endpoint: DEVICE_ENDPOINT,
    toJSON: () => ({ endpoint: DEVICE_ENDPOINT, expirationTime: null, keys: { p256dh: 'BKey', auth: 'secret' } }),
    unsubscribe: async () => {
      state.subscribed = false;
      return true;
    },
  };
  const pushManager = {
    getSubscription: async () => (state.subscribed ? subscription : null),
    subscribe: async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      state.subscribedWith = applicationServerKey;
      state.subscribed = true;
      return subscription;
    },
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission: state.requestPermission,
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => (registered ? { pushManager } : undefined) },
  });
  return state;
}

export function unstubPushBrowser(): void {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
}

/** After a push test: the browser's own objects back, and the page in English again. */
export function restorePushPage(): void {
  unstubPushBrowser();
  renderIn('en');
  document.documentElement.lang = 'en';
}
