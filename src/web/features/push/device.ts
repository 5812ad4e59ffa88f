import { apiGet, apiSend, isApiError } from '../../lib/api-client.ts';

// This browser's push subscription (docs/product.md#push-notifications): whether it can have one,
// making one with the server's VAPID key and registering it, and ending it. The service worker
// (src/web/sw/sw.ts) registers itself; here it is only looked up.

/** Whether this browser can receive push notifications at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The app's service worker registration, once there is one. */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** This browser's subscription, if it has one. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  const registration = await workerRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * This browser's subscription as the server keeps it for the signed-in user: 'none' when the
 * browser has none, 'ended' when the browser still has one the server no longer keeps for this
 * sign-in (signing out ended it, or another account made it), 'on' when both have it.
 */
export async function deviceState(): Promise<'none' | 'ended' | 'on'> {
  const subscription = await deviceSubscription();
  if (!subscription) return 'none';
  try {
    await apiGet(`/push/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`);
    return 'on';
  } catch (error) {
    if (isApiError(error, 404)) return 'ended';
    throw error;
  }
}

/** The VAPID public key (URL-safe base64) as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Asks the browser's permission when it has not been given, subscribes this browser and registers
 * the subscription for the signed-in user, in the page's language. False when the person said no.
 */
export async function subscribeDevice(): Promise<boolean> {
  const registration = await workerRegistration();
  if (!registration) return false;
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return false;
  const { publicKey } = await apiGet<{ publicKey: string }>('/push/key');
  // One the browser still holds is one the server no longer keeps for this sign-in (a sign-out
  // ended it, or the push service said it was gone): a new one replaces it.
  await (await registration.pushManager.getSubscription())?.unsubscribe();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  // The page's language, read as i18n.ts's pageLocale reads it: importing that module from here
  // splits the first load's shared chunks and costs it bytes.
  const lang = document.documentElement.lang === 'bn' ? 'bn' : 'en';
  await apiSend('POST', '/push/subscriptions', { ...subscription.toJSON(), lang });
  return true;
}

/** Ends this browser's subscription, here and on the server. */
export async function unsubscribeDevice(): Promise<void> {
  const subscription = await deviceSubscription();
  if (!subscription) return;
  try {
    await apiSend('DELETE', `/push/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`);
  } catch (error) {
    // Not the caller's (another account's, or gone): this browser stops all the same.
    if (!isApiError(error, 404)) throw error;
  }
  await subscription.unsubscribe();
}
