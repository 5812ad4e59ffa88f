import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { categoryEnum, conditionEnum, locationEnum } from '../../platform/db/enums.ts';
import { laptops } from '../laptops/schema.ts';
import { users } from '../users/schema.ts';

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

/**
 * A user's saved search (docs/product.md#saved-searches): the address query of /search as they saved
 * it, with a name, and its filters taken apart into columns so that one new listing is matched
 * against every saved search in one statement (features/saved-searches/matching.ts). A filter left
 * out is null; `text_query` holds the words of `q` (after the Bangla ones are read as English) as a
 * prefix full-text query on the listing's search document, as search matches them.
 */
export const savedSearches = pgTable(
  'saved_search',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The address query of /search (without sort, limit and cursor), as the page opens it. */
    query: text('query').notNull(),
    category: categoryEnum('category'),
    brand: text('brand'),
    location: locationEnum('location'),
    condition: conditionEnum('condition'),
    minPrice: integer('min_price'),
    maxPrice: integer('max_price'),
    ramGb: integer('ram_gb'),
    storageGb: integer('storage_gb'),
    minBattery: smallint('min_battery'),
    verified: boolean('verified').notNull().default(false),
    negotiable: boolean('negotiable').notNull().default(false),
    textQuery: tsquery('text_query'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its owner last looked at its matches: the list counts the matches found since. */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_search_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

/**
 * A listing that matched a saved search: written once per listing and search (the primary key), so
 * a listing published, dropped in price and dropped again tells the search's owner once.
 */
export const savedSearchMatches = pgTable(
  'saved_search_match',
  {
    savedSearchId: text('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    laptopId: text('laptop_id')
      .notNull()
      .references(() => laptops.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.laptopId] }),
    index('saved_search_match_newest_idx').on(t.savedSearchId, t.matchedAt.desc()),
    index('saved_search_match_laptop_idx').on(t.laptopId),
  ],
);

/**
 * Listings to match against the saved searches (docs/decisions/0042): written in the transaction
 * that publishes a listing or lowers its price, claimed by a worker with `FOR UPDATE SKIP LOCKED`,
 * deleted when done; a failed attempt is tried again later (`run_after`), up to a limit (`failed_at`).
 */
export const alertJobs = pgTable(
  'alert_job',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    laptopId: text('laptop_id')
      .notNull()
      .references(() => laptops.id, { onDelete: 'cascade' }),
    /** Why: 'published' or 'price_dropped'. */
    reason: text('reason').notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_job_due_idx').on(t.runAfter, t.id).where(sql`${t.failedAt} is null`)],
);
