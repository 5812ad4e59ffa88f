import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { categoryEnum, conditionEnum, locationEnum, salesStatusEnum } from './enums.ts';
import { users } from './users.ts';

// Seller name, e-mail and verification are read from the seller's user row, so verifying a
// seller marks all their laptops at once and nothing can drift.
export const laptops = pgTable(
  'laptop',
  {
    id: text('id').primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: categoryEnum('category').notNull(),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    description: text('description').notNull(),
    location: locationEnum('location').notNull(),
    resalePrice: integer('resale_price').notNull(),
    originalPrice: integer('original_price').notNull(),
    usageYears: integer('usage_years').notNull(),
    condition: conditionEnum('condition').notNull(),
    sellerMobile: text('seller_mobile').notNull(),
    salesStatus: salesStatusEnum('sales_status').notNull().default('unsold'),
    advertised: boolean('advertised').notNull().default(false),
    booked: boolean('booked').notNull().default(false),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('laptop_category_idx').on(t.category, t.postedAt.desc()),
    index('laptop_seller_idx').on(t.sellerId, t.postedAt.desc()),
    index('laptop_advertised_idx').on(t.postedAt.desc()).where(sql`${t.advertised} and ${t.salesStatus} = 'unsold'`),
    check('laptop_prices_positive', sql`${t.resalePrice} > 0 and ${t.originalPrice} > 0`),
    check('laptop_usage_years_range', sql`${t.usageYears} between 0 and 100`),
  ],
);

export type LaptopRow = typeof laptops.$inferSelect;
export type NewLaptopRow = typeof laptops.$inferInsert;
