import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { notificationKindEnum } from '../../platform/db/enums.ts';
import { users } from '../users/schema.ts';

// What happened to a user's deals and saved laptops (docs/product.md#notifications). The id grows
// with every notification: a stream that reconnects asks for those after the last it saw
// (Last-Event-ID). The words are the client's (any language): a row keeps the kind and its facts.
export const notifications = pgTable(
  'notification',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    /** The laptop it is about; its name as it was (the laptop may be deleted since). */
    laptopId: text('laptop_id'),
    laptopName: text('laptop_name').notNull(),
    orderId: text('order_id'),
    /** A price in Tk (a price drop's new price). */
    amount: integer('amount'),
    /** Words from a person (why the admin hid a listing). */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notification_user_newest_idx').on(t.userId, t.id.desc())],
);
