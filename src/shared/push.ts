import { LOCALES } from './locale.ts';
import { z } from './z.ts';

// Web push (docs/product.md#push-notifications): a browser that allowed notifications gives the app
// its push subscription (PushSubscription.toJSON()), and the server pushes every notification the
// bell shows to it, worded in the language of the page that subscribed.

export const PUSH_ENDPOINT_MAX = 2048;

/** Base64url text of at most `max` characters (the subscription's keys). */
const key = (name: string, max: number) =>
  z
    .string({ error: `keys.${name} must be text` })
    .min(1, `keys.${name} is required`)
    .max(max, `keys.${name} must be ${max} characters or shorter`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `keys.${name} must be URL-safe base64`);

/** Whether an endpoint is the local test push service's (http on this machine). */
const LOCAL_HTTP = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//;

/**
 * POST /api/push/subscriptions: what PushSubscription.toJSON() gives, and the language its
 * notifications are written in (the request's language without one). The endpoint is the push
 * service's https address; outside production a push service on this machine (http) is accepted too.
 */
export const pushSubscriptionBodySchema = (allowLocalHttp: boolean) =>
  z.object({
    endpoint: z
      .string({ error: 'endpoint must be text' })
      .max(PUSH_ENDPOINT_MAX, `endpoint must be ${PUSH_ENDPOINT_MAX} characters or shorter`)
      .refine((url) => (URL.canParse(url) && url.startsWith('https://')) || (allowLocalHttp && LOCAL_HTTP.test(url)), {
        error: "endpoint must be the push service's https URL",
      }),
    expirationTime: z.number({ error: 'expirationTime must be a number or null' }).nullable().optional(),
    keys: z.object({ p256dh: key('p256dh', 200), auth: key('auth', 100) }, { error: 'keys must hold p256dh and auth' }),
    lang: z.enum(LOCALES, { error: "lang must be 'en' or 'bn'" }).optional(),
  });
export type PushSubscriptionBody = z.infer<ReturnType<typeof pushSubscriptionBodySchema>>;

/** DELETE /api/push/subscriptions?endpoint=…: the caller's subscription of this browser. */
export const pushSubscriptionQuerySchema = z.object({
  endpoint: z
    .string({ error: 'endpoint is required' })
    .min(1, 'endpoint is required')
    .max(PUSH_ENDPOINT_MAX, `endpoint must be ${PUSH_ENDPOINT_MAX} characters or shorter`),
});

/** A stored subscription as its owner sees it (the keys stay on the server). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string(),
  lang: z.enum(LOCALES),
  created_at: z.string(),
});
export type StoredPushSubscription = z.infer<typeof pushSubscriptionSchema>;

/** GET /api/push/key: the VAPID public key, the browser's applicationServerKey. */
export const pushKeySchema = z.object({ publicKey: z.string() });

/** What the service worker receives and shows (src/web/sw/push.ts). */
export interface PushPayload {
  title: string;
  body: string;
  /** The page to open, on this site (a path). */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag: string;
}
