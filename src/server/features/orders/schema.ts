import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderStatusEnum } from '../../platform/db/enums.ts';
import { laptops } from '../laptops/schema.ts';
import { users } from '../users/schema.ts';

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
    /** The laptop's seller, copied at booking: My Buyers pages by (seller, newest) from one index. */
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerPhone: text('buyer_phone').notNull(),
    meetingAddress: text('meeting_address').notNull(),
    laptopName: text('laptop_name').notNull(),
    laptopImage: text('laptop_image').notNull(),
    resalePrice: integer('resale_price').notNull(),
    paymentStatus: boolean('payment_status').notNull().default(false),
    /** docs/product.md#deals: requested → accepted | declined | cancelled | completed. */
    status: orderStatusEnum('status').notNull().default('requested'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One standing order per buyer per laptop, held by the database under concurrency; after a
    // cancelled or declined one the buyer may book again.
    uniqueIndex('order_buyer_laptop_active_uq')
      .on(t.buyerId, t.laptopId)
      .where(sql`${t.status} in ('requested', 'accepted')`),
    // My Orders pages newest first by (created_at, id).
    index('order_buyer_newest_idx').on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    index('order_laptop_idx').on(t.laptopId),
    // My Buyers: a seller's bookings newest first by (created_at, id).
    index('order_seller_newest_idx').on(t.sellerId, t.createdAt.desc(), t.id.desc()),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
