import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/locale.ts';
import type { PushSubscriptionBody, StoredPushSubscription } from '../../../shared/push.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { sessions } from '../auth/schema.ts';
import { pushSubscriptions } from './schema.ts';

// Push subscriptions (docs/product.md#push-notifications): each browser's endpoint belongs to one
// user at a time, and lasts as long as the sign-in it was made in: signing out deletes the session,
// and the subscription with it; one whose session has run out gets nothing. Subscribing an endpoint
// someone else registered moves it to the caller: a shared device where a new account signed in now
// gets that account's notifications, not the old one's.

type Row = typeof pushSubscriptions.$inferSelect;

const toStored = (r: Row): StoredPushSubscription => ({
  endpoint: r.endpoint,
  lang: r.lang === 'bn' ? 'bn' : 'en',
  created_at: r.createdAt.toISOString(),
});

/** POST /push/subscriptions: keeps this browser's subscription for the caller, in `lang` (else `requestLocale`). */
export async function subscribe({
  db,
  actor,
  input,
  requestLocale,
}: {
  db: Db;
  actor: Actor;
  input: PushSubscriptionBody;
  requestLocale: Locale;
}): Promise<StoredPushSubscription> {
  const values = {
    userId: actor.id,
    sessionId: actor.sessionId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    lang: input.lang ?? requestLocale,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        sessionId: values.sessionId,
        p256dh: values.p256dh,
        auth: values.auth,
        lang: values.lang,
        createdAt: new Date(),
      },
    })
    .returning();
  return toStored(row!);
}

/** A live session's subscription, made in a sign-in that has not run out. */
const live = sql`(${pushSubscriptions.sessionId} is null or exists (select 1 from ${sessions} s where s.id = ${pushSubscriptions.sessionId} and s.expires_at > now()))`;

/**
 * GET /push/subscriptions?endpoint=: the caller's subscription of that browser while it lasts (made
 * in a sign-in of theirs that has not ended); anyone else's, an ended one or none is not found.
 */
export async function subscriptionOf({
  db,
  actor,
  endpoint,
}: {
  db: Db;
  actor: Actor;
  endpoint: string;
}): Promise<StoredPushSubscription> {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.id), live));
  if (!row) throw new AppError('push_subscription_not_found');
  return toStored(row);
}

/** DELETE /push/subscriptions?endpoint=: the caller's subscription of that browser; anyone else's is not found. */
export async function unsubscribe({ db, actor, endpoint }: { db: Db; actor: Actor; endpoint: string }): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.id)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError('push_subscription_not_found');
}

/**
 * The subscriptions of these users whose sign-in has not run out (an expired session's row may
 * outlive it until better-auth next meets it). Those made before subscriptions had a session stay.
 */
export function subscriptionsOf(db: Db, userIds: readonly string[]): Promise<Row[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(inArray(pushSubscriptions.userId, [...userIds]), live));
}

/** Forgets a subscription the push service no longer knows (unless it was subscribed again since). */
export async function forgetSubscription(db: Db, row: Pick<Row, 'id' | 'endpoint' | 'p256dh'>): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.p256dh, row.p256dh)));
}
