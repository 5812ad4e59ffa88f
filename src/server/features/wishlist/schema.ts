import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { laptops } from '../laptops/schema.ts';
import { users } from '../users/schema.ts';

// Laptops a user saved (docs/product.md#wishlist), with the price when they saved it: the list shows
// when it has dropped since, and a drop below the lowest price they know of tells them (notifications).
export const wishlist = pgTable(
  'wishlist',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    laptopId: text('laptop_id')
      .notNull()
      .references(() => laptops.id, { onDelete: 'cascade' }),
    savedPrice: integer('saved_price').notNull(),
    /**
     * The price of the last drop they were told of, always a new low; null until the first. A drop
     * tells them only below this (or below `savedPrice`), so a price flapping up and down tells them
     * once per new low.
     */
    toldPrice: integer('told_price'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.laptopId] }),
    // The list, newest first; and who saved a laptop (to tell them of a drop or a sale).
    index('wishlist_user_newest_idx').on(t.userId, t.savedAt.desc(), t.laptopId.desc()),
    index('wishlist_laptop_idx').on(t.laptopId),
  ],
);
