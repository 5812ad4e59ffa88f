import { NOTIFICATION_KINDS } from './catalog.ts';
import { NOTIFICATION_LIMIT } from './rules.ts';
import { z } from './z.ts';

export { NOTIFICATION_LIMIT } from './rules.ts';

// Notifications (docs/product.md#notifications): what happened to a user's deals and saved laptops.
// The API carries the kind and its facts; the words are the client's (`notificationText` in
// src/web/features/notifications), so every language can say them.

export const notificationSchema = z.object({
  /** Grows with every notification: the stream's event id (Last-Event-ID). */
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  laptop_id: z.string().nullable(),
  laptop_name: z.string(),
  order_id: z.string().nullable(),
  /** A price in Tk (a price drop's new price). */
  amount: z.number().int().nullable(),
  /** Words from a person: the buyer's name on a booking or a cancellation, the admin's reason. */
  note: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the newest first, a page at a time, and how many are unread in all. */
export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** GET /api/notifications/stream: where a first connection starts (a reconnection sends Last-Event-ID). */
export const notificationStreamQuerySchema = z.object({
  /** The newest notification the client already shows (its list's first `_id`, 0 for none). */
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'after must be the id of a notification you have, or 0')
    .transform(Number)
    .optional(),
});

export const notificationPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${NOTIFICATION_LIMIT.max}` })
    .int(`limit must be a whole number from 1 to ${NOTIFICATION_LIMIT.max}`)
    .min(1, `limit must be a whole number from 1 to ${NOTIFICATION_LIMIT.max}`)
    .max(NOTIFICATION_LIMIT.max, `limit must be a whole number from 1 to ${NOTIFICATION_LIMIT.max}`)
    .optional(),
  /** The `_id` of the last notification of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'cursor must be a cursor from a previous page')
    .optional(),
});

/** PUT /api/notifications/read: these (ids), or every one when none are given. */
export const markReadBodySchema = z.object({
  ids: z
    .array(z.string().regex(/^\d{1,18}$/, 'each id must be a notification id'), {
      error: 'ids must be a list of notification ids',
    })
    .max(200, 'ids must name at most 200 notifications')
    .optional(),
});
