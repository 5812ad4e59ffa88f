import webPush from 'web-push';
import type { VapidKeys } from '../../platform/config.ts';

// Sending one push message (docs/product.md#push-notifications). web-push encrypts the payload for
// the subscription (RFC 8291) and signs the VAPID header; the request goes out with fetch, to the
// push service the endpoint names (web-push's own sender speaks https only, and the tests' local push
// service is plain http on this machine).

/** Where and how to reach one browser: a stored subscription. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What became of a send: delivered to the push service (`ok`), the subscription is no more (`gone`:
 * 404 or 410, remove it), or something else went wrong (`failed`, with why).
 */
export type PushResult = { outcome: 'ok' } | { outcome: 'gone' } | { outcome: 'failed'; error: unknown };

export interface PushSender {
  send(target: PushTarget, payload: string): Promise<PushResult>;
}

/** How long a push message waits on the push service for its device (seconds). */
const TTL_S = 24 * 60 * 60;
/** How long a push service may take to answer. */
const TIMEOUT_MS = 10_000;

export function webPushSender(vapid: VapidKeys): PushSender {
  return {
    async send(target, payload) {
      try {
        const request = webPush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          { vapidDetails: vapid, TTL: TTL_S },
        );
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await response.body?.cancel();
        if (response.ok) return { outcome: 'ok' };
        if (response.status === 404 || response.status === 410) return { outcome: 'gone' };
        return { outcome: 'failed', error: new Error(`push service answered ${response.status}`) };
      } catch (error) {
        return { outcome: 'failed', error };
      }
    },
  };
}
