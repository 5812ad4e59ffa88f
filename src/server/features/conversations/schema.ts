import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { conversationReportReasonEnum } from '../../platform/db/enums.ts';
import { laptops } from '../laptops/schema.ts';
import { users } from '../users/schema.ts';

// Conversations between a buyer and a seller about one listing (docs/product.md#conversations,
// docs/decisions/0036), their messages, and who blocked whom. Deleting either account, or the
// listing, deletes the conversation and its messages (foreign key cascades).

export const conversations = pgTable(
  'conversation',
  {
    id: text('id').primaryKey(),
    laptopId: text('laptop_id')
      .notNull()
      .references(() => laptops.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The listing's seller when the conversation began (a listing never changes hands). */
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message's time: the lists' order. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Up to when each of the two has read it (null: nothing yet): their unread count is the other's
     * messages sent after it. Reading marks up to `last_message_at`; sending, up to one's own message.
     */
    buyerReadAt: timestamp('buyer_read_at', { withTimezone: true }),
    sellerReadAt: timestamp('seller_read_at', { withTimezone: true }),
    /**
     * The standing report (docs/product.md#conversations): when one of the two reported it to the
     * admin, who, why and in what words; all null when it is not reported, or the admin closed the
     * report. While `reported_at` is set the admin may read it; closing clears all four.
     */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    /** Either of its two people, so their account's deletion takes the conversation with it anyway. */
    reportedBy: text('reported_by').references(() => users.id, { onDelete: 'set null' }),
    reportReason: conversationReportReasonEnum('report_reason'),
    reportDetails: text('report_details'),
  },
  (t) => [
    // One per buyer and listing, held by the database when two first messages race.
    uniqueIndex('conversation_buyer_laptop_uq').on(t.buyerId, t.laptopId),
    // "My conversations, newest activity first", from either side (paged by (last_message_at, id)).
    index('conversation_buyer_newest_idx').on(t.buyerId, t.lastMessageAt.desc(), t.id.desc()),
    index('conversation_seller_newest_idx').on(t.sellerId, t.lastMessageAt.desc(), t.id.desc()),
    index('conversation_laptop_idx').on(t.laptopId),
    // The admin's list of reported conversations, the oldest report first (paged by (reported_at, id)).
    index('conversation_reported_idx').on(t.reportedAt, t.id).where(sql`${t.reportedAt} is not null`),
  ],
);

export const messages = pgTable(
  'message',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Plain text as written (trimmed); never rendered as HTML. */
    text: text('text').notNull(),
    /** The scam warnings of the text when it was sent (shared/scam-warnings.ts). */
    warnings: text('warnings').array().notNull().default(sql`'{}'::text[]`),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A conversation's messages newest first (paged by (sent_at, id)), and its unread count.
    index('message_conversation_newest_idx').on(t.conversationId, t.sentAt.desc(), t.id.desc()),
    index('message_sender_idx').on(t.senderId),
  ],
);

/** `blockerId` blocked `blockedId`: the blocked one cannot message the blocker nor book their laptops. */
export const blocks = pgTable(
  'block',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('block_blocked_idx').on(t.blockedId)],
);
