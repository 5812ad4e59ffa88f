import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The service worker's push handlers (src/web/sw/push.ts) in a scope of their own: what a push
// shows, and where a tap on the notification leads. A real push reaching a real service worker
// and its notification is in the browser tests (e2e/saved-searches.spec.ts); Chromium has no way
// to tap a notification there, so the tap's choices are tested here.

const ORIGIN = 'https://laptophaat.test';

interface AppWindow {
  url: string;
  focused: boolean;
  focus(): Promise<AppWindow>;
  navigate(url: string): Promise<AppWindow | null>;
}

const handlers = new Map<string, (event: unknown) => void>();
const shown: { title: string; options: NotificationOptions }[] = [];
const opened: string[] = [];
let windows: AppWindow[] = [];

function appWindow(url: string, { navigates = true } = {}): AppWindow {
  const w: AppWindow = {
    url,
    focused: false,
    focus: async () => {
      w.focused = true;
      return w;
    },
    navigate: async (to) => {
      if (!navigates) throw new TypeError('not controlled');
      w.url = to;
      return w;
    },
  };
  return w;
}

/** The worker's global scope, as far as push.ts uses it (stubbed again before each test: the setup's afterEach unstubs). */
function stubScope() {
  vi.stubGlobal('self', {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  });
}

beforeAll(async () => {
  stubScope();
  await import('./push.ts');
});

beforeEach(() => {
  stubScope();
  shown.length = 0;
  opened.length = 0;
  windows = [];
});

/** Dispatches `type` to the worker's handler and waits for what it asked to be waited for. */
async function dispatch(type: 'push' | 'notificationclick', fields: object) {
  const pending: Promise<unknown>[] = [];
  handlers.get(type)!({ ...fields, waitUntil: (p: Promise<unknown>) => pending.push(p) });
  await Promise.all(pending);
}

const push = (data: unknown) =>
  dispatch('push', {
    data: {
      json: () => (typeof data === 'string' ? JSON.parse(data) : data),
    },
  });

function tap(url: unknown) {
  const notification = { data: { url }, closed: false, close: () => (notification.closed = true) };
  return { notification, done: dispatch('notificationclick', { notification }) };
}

describe('a push', () => {
  it('shows what the server pushed, with its link and tag', async () => {
    await push({ title: 'Laptop Haat', body: 'নতুন: Dell Latitude', url: '/laptops/1/dell', tag: 'notification-7' });
    expect(shown).toEqual([
      {
        title: 'Laptop Haat',
        options: {
          body: 'নতুন: Dell Latitude',
          tag: 'notification-7',
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-192.png',
          data: { url: '/laptops/1/dell' },
        },
      },
    ]);
  });

  it('shows nothing for a push that is not ours', async () => {
    await push('not json');
    await push({ title: 'Laptop Haat' });
    await dispatch('push', { data: null });
    expect(shown).toEqual([]);
  });
});

describe('a tap on the notification', () => {
  it('brings forward a window already on its page', async () => {
    const there = appWindow(`${ORIGIN}/laptops/1/dell`);
    windows = [appWindow(`${ORIGIN}/`), there];
    const { notification, done } = tap('/laptops/1/dell');
    await done;
    expect(notification.closed).toBe(true);
    expect(there.focused).toBe(true);
    expect(windows[0]!.url).toBe(`${ORIGIN}/`);
    expect(opened).toEqual([]);
  });

  it("takes a window of the app to the page, or opens one when there is none (or it can't be moved)", async () => {
    const elsewhere = appWindow(`${ORIGIN}/search`);
    windows = [elsewhere];
    await tap('/dashboard/savedSearches').done;
    expect(elsewhere).toMatchObject({ url: `${ORIGIN}/dashboard/savedSearches`, focused: true });
    expect(opened).toEqual([]);

    windows = [appWindow(`${ORIGIN}/`, { navigates: false })];
    await tap('/dashboard/myOrders').done;
    windows = [];
    await tap('/dashboard/messages').done;
    expect(opened).toEqual([`${ORIGIN}/dashboard/myOrders`, `${ORIGIN}/dashboard/messages`]);
  });

  it('opens only pages of this site', async () => {
    await tap('https://evil.example/login').done;
    await tap(42).done;
    expect(opened).toEqual([`${ORIGIN}/`, `${ORIGIN}/`]);
  });
});
