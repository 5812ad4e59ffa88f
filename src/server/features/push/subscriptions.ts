import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '../../../shared/locale.ts';
import type { PushSubscriptionBody, StoredPushSubscription } from '../../../shared/push.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Db } from '../../platform/db/client.ts';
import { pgCode } from '../../platform/db/pg-code.ts';
import { AppError } from '../../platform/errors.ts';
import { sessions } from '../auth/schema.ts';
import { pushSubscriptions } from './schema.ts';

// Push subscriptions (docs/product.md#push-notifications): each browser's endpoint belongs to one
// user at a time, and lasts as long as the sign-in it was made in: signing out deletes the session,
// and the subscription with it (a foreign key). Subscribing an endpoint
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
    .returning()
    .catch((error: unknown) => {
      // The session ended a moment ago (another instance still knew its cookie): signed out.
      if (pgCode(error) === '23503') throw new AppError('sign_in_required');
      throw error;
    });
  return toStored(row!);
}

/**
 * GET /push/subscriptions?endpoint=: the caller's subscription of that browser, made in this very
 * sign-in; anyone else's, one made in another sign-in (which would outlive this one's sign-out) or
 * none is not found, and subscribing again binds it to this one.
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
    .where(
      and(
        eq(pushSubscriptions.endpoint, endpoint),
        eq(pushSubscriptions.userId, actor.id),
        eq(pushSubscriptions.sessionId, actor.sessionId),
      ),
    );
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
 * The subscriptions of these users: each lasts while its session row does, so a seller who has not
 * visited for longer than a session's week still hears of a booking until better-auth removes it.
 */
export function subscriptionsOf(db: Db, userIds: readonly string[]): Promise<Row[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
}

/** Forgets a subscription the push service no longer knows (unless it was subscribed again since). */
export async function forgetSubscription(db: Db, row: Pick<Row, 'id' | 'endpoint' | 'p256dh'>): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.p256dh, row.p256dh)));
}

/** This sign-in's subscriptions: taken before a new password ends every session, and them with it. */
export function subscriptionsOfSession(db: Db, sessionId: string): Promise<Row[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/**
 * Puts `rows` (this device's, taken before a new password ended every session) back under the
 * sign-in the new password began, the user's newest: whoever changed it keeps their notifications
 * here, while every other device's end with their sessions.
 */
export async function carryOverSubscriptions(db: Db, userId: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const [newest] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  if (!newest) return;
  await db
    .insert(pushSubscriptions)
    .values(rows.map(({ id: _id, ...row }) => ({ ...row, sessionId: newest.id })))
    .onConflictDoNothing();
}
