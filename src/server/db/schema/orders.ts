import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { laptops } from './laptops.ts';
import { users } from './users.ts';

// An order (booking). Laptop name, image and price are copied at booking time: the order keeps
// the terms the buyer agreed to even if the listing changes.
export const orders = pgTable(
  'order',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    laptopId: text('laptop_id')
      .notNull()
      .references(() => laptops.id, { onDelete: 'cascade' }),
    buyerPhone: text('buyer_phone').notNull(),
    meetingAddress: text('meeting_address').notNull(),
    laptopName: text('laptop_name').notNull(),
    laptopImage: text('laptop_image').notNull(),
    resalePrice: integer('resale_price').notNull(),
    paymentStatus: boolean('payment_status').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One order per buyer per laptop, held by the database under concurrency.
    uniqueIndex('order_buyer_laptop_uq').on(t.buyerId, t.laptopId),
    // My Orders pages newest first by (created_at, id).
    index('order_buyer_newest_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    index('order_laptop_idx').on(t.laptopId),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
