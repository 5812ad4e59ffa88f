import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { reportReasonEnum, reportStatusEnum } from '../../platform/db/enums.ts';
import { laptops } from '../laptops/schema.ts';
import { users } from '../users/schema.ts';

// A user's report of a listing (docs/product.md#reports); the admin hides the listing or dismisses
// its open reports.
export const reports = pgTable(
  'report',
  {
    id: text('id').primaryKey(),
    laptopId: text('laptop_id')
      .notNull()
      .references(() => laptops.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: reportReasonEnum('reason').notNull(),
    details: text('details'),
    status: reportStatusEnum('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    // One open report per user per listing, held by the database under concurrency.
    uniqueIndex('report_open_per_reporter_uq').on(t.reporterId, t.laptopId).where(sql`${t.status} = 'open'`),
    // The admin's list of open reports, newest first; and a listing's open reports.
    index('report_open_newest_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.status} = 'open'`),
    index('report_laptop_idx').on(t.laptopId, t.status),
  ],
);
