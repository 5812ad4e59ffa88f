import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RiskEvidence } from '../../../shared/moderation.ts';
import { riskFlagEnum } from '../../platform/db/enums.ts';
import { laptops } from '../laptops/schema.ts';
import { photos } from '../photos/schema.ts';
import { users } from '../users/schema.ts';

/**
 * A listing's review (docs/product.md#moderation): what the risk checks found when it was last held,
 * with the evidence the admin weighs, the seller's proof of possession, and the admin's decision.
 * The listing's own `review_status` says where it stands; a row is kept after the decision so an
 * approved listing edited later is held again only for a flag not already approved.
 */
export const listingReviews = pgTable(
  'listing_review',
  {
    laptopId: text('laptop_id')
      .primaryKey()
      .references(() => laptops.id, { onDelete: 'cascade' }),
    flags: riskFlagEnum('flags').array().notNull(),
    evidence: jsonb('evidence').$type<RiskEvidence>().notNull(),
    /** When it was (last) held: the queue is oldest first. */
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
    /** The code the seller writes by hand and photographs beside the laptop. */
    proofCode: text('proof_code').notNull(),
    proofPhotoId: text('proof_photo_id').references(() => photos.id, { onDelete: 'set null' }),
    /** The flags an admin approved: an edit is held again only for another. */
    approvedFlags: riskFlagEnum('approved_flags').array().notNull().default(sql`'{}'`),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why the admin rejected it, as its seller is told. */
    rejectReason: text('reject_reason'),
  },
  (t) => [index('listing_review_queue_idx').on(t.heldAt, t.laptopId).where(sql`${t.decidedAt} is null`)],
);
