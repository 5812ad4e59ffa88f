import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/schema.ts';

// The code sent to a user's phone and not yet used (docs/product.md#phone-verification,
// docs/decisions/0037): one per account, replaced by the next send, deleted once it verifies or
// its tries are spent. Only its keyed hash is stored: whoever reads the table cannot type the code.

export const phoneCodes = pgTable('phone_code', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The number the code was sent to, as 8801XXXXXXXXX: the code proves this number only. */
  phone: text('phone').notNull(),
  /** HMAC-SHA-256 of the code under the server's secret, hex. */
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Wrong codes typed so far. */
  tries: integer('tries').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The verified numbers of accounts the admin removed: a removed user who signs up again cannot prove
 * the same phone on the new account (docs/decisions/0037). Only the number is kept, nothing else of
 * the account.
 */
export const removedPhones = pgTable('removed_phone', {
  /** As 8801XXXXXXXXX. */
  phone: text('phone').primaryKey(),
  removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
});
