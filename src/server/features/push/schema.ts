import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from '../auth/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A browser's push subscription (docs/product.md#push-notifications): where to send a user's
 * notifications when no page of theirs is open. The endpoint is the push service's address for that
 * browser; a subscription the push service no longer knows (404/410) is removed when a send finds out.
 */
export const pushSubscriptions = pgTable(
  'push_subscription',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The sign-in it was made in: it ends with it (signing out, ending every session or a new
     * password deletes the session row, and this with it), so the next person to use a shared
     * device gets none of its notifications. Subscriptions made before migration 0023 were removed.
     */
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The language of the page that subscribed ('en' or 'bn'): what its notifications are written in. */
    lang: text('lang').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscription_user_idx').on(t.userId), index('push_subscription_session_idx').on(t.sessionId)],
);
