import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/catalog.ts';
import type { LiveMessage } from '../../../shared/conversations.ts';
import { NOTIFICATION_LIMIT, type Notification, type NotificationPage } from '../../../shared/notifications.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Db } from '../../platform/db/client.ts';
import { notifications } from './schema.ts';

// Notifications (docs/product.md#notifications): written in the same transaction as what they tell
// (a booking, an answer, a sale, a hidden listing, a price drop), delivered live after it commits
// (features/notifications/streams.ts), and kept: the list, the unread count, and a stream that comes back
// after a drop asks for what it missed.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  laptopId: string | null;
  laptopName: string;
  orderId?: string | null;
  amount?: number | null;
  note?: string | null;
}

/** A notification on its way to one user's streams. */
export interface NotificationDelivery {
  userId: string;
  notification: Notification;
}

/**
 * A chat message on its way to one user's streams (the `message` event): live only, never written
 * as a notification, so the bell and its count never see it (docs/decisions/0036).
 */
export interface MessageDelivery {
  userId: string;
  message: LiveMessage;
}

/** What goes to one user's open streams once the change that made it has committed. */
export type Delivery = NotificationDelivery | MessageDelivery;

/** What a change made, and what to send to open streams once it has committed. */
export interface WithDeliveries<T> {
  result: T;
  deliveries: Delivery[];
}

type Row = typeof notifications.$inferSelect;

export const toNotification = (r: Row): Notification => ({
  _id: String(r.id),
  kind: r.kind,
  laptop_id: r.laptopId,
  laptop_name: r.laptopName,
  order_id: r.orderId,
  amount: r.amount,
  note: r.note,
  created_at: r.createdAt.toISOString(),
  read: r.readAt !== null,
});

/** Writes notifications (in the caller's transaction) and gives them back for delivery once it commits. */
export async function recordNotifications(
  tx: Db | Tx,
  list: readonly NewNotification[],
): Promise<NotificationDelivery[]> {
  if (list.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(
      list.map((n) => ({
        userId: n.userId,
        kind: n.kind,
        laptopId: n.laptopId,
        laptopName: n.laptopName,
        orderId: n.orderId ?? null,
        amount: n.amount ?? null,
        note: n.note ?? null,
      })),
    )
    .returning();
  return rows.map((r) => ({ userId: r.userId, notification: toNotification(r) }));
}

/** GET /api/notifications: the caller's, newest first, a page at a time, and how many are unread. */
export async function listNotifications({
  db,
  actor,
  limit = NOTIFICATION_LIMIT.default,
  cursor,
}: {
  db: Db;
  actor: Actor;
  limit?: number;
  cursor?: string;
}): Promise<NotificationPage> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, actor.id), cursor ? lt(notifications.id, Number(cursor)) : undefined))
    .orderBy(desc(notifications.id))
    .limit(limit + 1);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return {
    items: shown.map(toNotification),
    unread: Number(unread?.n ?? 0),
    nextCursor: more ? String(shown.at(-1)!.id) : null,
  };
}

/** PUT /api/notifications/read: marks the caller's notifications `ids` read (all of them without ids). */
export async function markRead({ db, actor, ids }: { db: Db; actor: Actor; ids?: string[] }) {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, actor.id),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids.map(Number)) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return { modifiedCount: updated.length };
}

/** What a stream missed: the user's notifications after `afterId`, oldest first (at most `limit`). */
export async function notificationsAfter(db: Db, userId: string, afterId: number, limit = 100) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
    .orderBy(notifications.id)
    .limit(limit);
  return rows.map(toNotification);
}

/**
 * The newest notification id of anyone (0 without any): while the change feed is down, streams read
 * the database again only when it has grown.
 */
export async function newestNotificationId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${notifications.id}), 0)`.mapWith(Number) })
    .from(notifications);
  return row?.id ?? 0;
}

/** The newest notification id of a user (0 without any): where a new stream starts. */
export async function latestNotificationId(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${notifications.id}), 0)`.mapWith(Number) })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return row?.id ?? 0;
}
