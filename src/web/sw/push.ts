/// <reference lib="webworker" />
import type { PushPayload } from '../../shared/push.ts';

// The service worker's half of push notifications (docs/product.md#push-notifications): shows what
// the server pushed and opens its page when tapped. Imported by the service worker (src/web/sw/sw.ts).

declare const self: ServiceWorkerGlobalScope;

/** The app's icon beside the notification (public/icons, from the web app manifest). */
const ICON = '/icons/icon-192.png';

/** The pushed payload, or nothing when it is not ours (a push without data, or not JSON of that shape). */
function payloadOf(event: PushEvent): PushPayload | undefined {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (typeof data?.title !== 'string' || typeof data.body !== 'string') return undefined;
    return {
      title: data.title,
      body: data.body,
      url: typeof data.url === 'string' ? data.url : '/',
      tag: typeof data.tag === 'string' ? data.tag : '',
    };
  } catch {
    return undefined;
  }
}

/** Only pages of this site are opened: a payload's url is a path here, never another site. */
function sameSiteUrl(url: string): string {
  const resolved = new URL(url, self.location.origin);
  return resolved.origin === self.location.origin ? resolved.href : new URL('/', self.location.origin).href;
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag || undefined,
      icon: ICON,
      badge: ICON,
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = sameSiteUrl(typeof data?.url === 'string' ? data.url : '/');
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A window already on that page comes forward; else any window of the app goes there; else a new one.
      const same = windows.find((w) => w.url === target);
      if (same) {
        await same.focus();
        return;
      }
      const any = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (any) {
        const moved = await any.navigate(target).catch(() => null);
        if (moved) {
          await moved.focus();
          return;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
