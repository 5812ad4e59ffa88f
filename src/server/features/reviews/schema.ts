import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../orders/schema.ts';
import { users } from '../users/schema.ts';

// Ratings left after a completed deal (docs/product.md#ratings, docs/decisions/0038): the buyer
// rates the seller and the seller the buyer, once each per order. A review stays hidden from
// everyone but its author until it is published: when the other side has written theirs, or seven
// days after the first (`publishDueReviews`). Deleting the order or either account deletes it.
export const reviews = pgTable(
  'review',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who is rated: the order's seller when its buyer writes, its buyer when its seller writes. */
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The author's side of the deal: 'buyer' reviews rate a seller (the seller page's), 'seller' ones a buyer. */
    authorRole: text('author_role', { enum: ['buyer', 'seller'] }).notNull(),
    rating: smallint('rating').notNull(),
    /** Plain text as written (trimmed), null when only stars were given; never rendered as HTML. */
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it became public (null: hidden, only its author sees it). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When someone reported it to the admin (null: never, or the admin kept it). */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    reportedBy: text('reported_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // Once per order and person, held by the database when two tabs send at once.
    uniqueIndex('review_order_author_uq').on(t.orderId, t.authorId),
    check('review_rating_range', sql`${t.rating} between 1 and 5`),
    check('review_text_length', sql`char_length(${t.text}) between 1 and 1000`),
    check('review_author_role_known', sql`${t.authorRole} in ('buyer', 'seller')`),
    // A person's public reviews newest first, paged by (published_at, id): a seller page's list
    // (author_role 'buyer') and a buyer's record for the sellers they book from (author_role 'seller').
    index('review_subject_published_idx')
      .on(t.subjectId, t.authorRole, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.publishedAt} is not null`),
    // The reviews still hidden, oldest first: what the sweep publishes once seven days have passed.
    index('review_hidden_idx').on(t.createdAt).where(sql`${t.publishedAt} is null`),
    // The admin's reported reviews, oldest report first.
    index('review_reported_idx').on(t.reportedAt, t.id).where(sql`${t.reportedAt} is not null`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
