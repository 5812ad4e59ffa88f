import { and, eq, gt, sql } from 'drizzle-orm';
import type { Brand } from '../../../shared/catalog.ts';
import type { RiskFlag } from '../../../shared/listing-review.ts';
import type { RiskEvidence } from '../../../shared/moderation.ts';
import { warningsOf } from '../../../shared/scam-warnings.ts';
import type { Db } from '../../platform/db/client.ts';
import { laptops } from '../laptops/schema.ts';
import { findPhotoMatches } from '../photos/photo-matches.ts';
import { comparablePrices } from '../price-guide/price-guide.ts';
import { users } from '../users/schema.ts';

// The risk checks a new or edited listing goes through (docs/product.md#moderation,
// docs/decisions/0041): each a named flag with its evidence. A listing with a flag waits for an
// admin instead of going live.

/** What the checks read of a listing, as its seller sent it. */
export interface ListingToCheck {
  sellerId: string;
  /** The listing's id once it exists (an edit): its own photos and price are not evidence against it. */
  laptopId?: string | null;
  name: string;
  description: string;
  price: number;
  brand?: Brand | null;
  processor?: string | null;
  ramGb?: number | null;
  photoIds: readonly string[];
}

export interface RiskFindings {
  flags: RiskFlag[];
  evidence: RiskEvidence;
}

/** `price_outlier`: under half the median of at least five comparable listings. */
export async function priceCheck(db: Db, listing: ListingToCheck): Promise<RiskFindings> {
  const { brand, processor, ramGb } = listing;
  if (!brand || !processor || !ramGb) return { flags: [], evidence: {} };
  const guide = await comparablePrices(db, { brand, processor, ramGb });
  if (guide.median === null || listing.price * 2 >= guide.median) return { flags: [], evidence: {} };
  return { flags: ['price_outlier'], evidence: { price: guide } };
}

/** How a marketplace runs the checks (its configuration). */
export interface CheckRules {
  /** The marketplace requires a verified phone (PHONE_VERIFICATION=required). */
  phoneRequired: boolean;
  /** Listings a seller may post in 24 hours before the next is held (LISTINGS_PER_DAY_BEFORE_REVIEW). */
  perDay: number;
}

/** Every check for a listing. `isNew`: a new listing counts towards the seller's day (`burst`). */
export async function riskChecks(
  db: Db,
  listing: ListingToCheck,
  { isNew, phoneRequired, perDay }: CheckRules & { isNew: boolean },
): Promise<RiskFindings> {
  const flags: RiskFlag[] = [];
  const evidence: RiskEvidence = {};
  const price = await priceCheck(db, listing);
  flags.push(...price.flags);
  Object.assign(evidence, price.evidence);

  const matches = await findPhotoMatches(db, {
    photoIds: listing.photoIds,
    sellerId: listing.sellerId,
    laptopId: listing.laptopId ?? undefined,
  });
  if (matches.length > 0) {
    flags.push('duplicate_photo');
    evidence.photos = matches;
  }

  const contact = warningsOf(`${listing.name}\n${listing.description}`);
  if (contact.length > 0) {
    flags.push('contact_in_text');
    evidence.contact = contact;
  }

  if (isNew) {
    // Read down laptop_seller_newest_idx; this listing is not written yet, so it is the one more.
    const [day] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(laptops)
      .where(and(eq(laptops.sellerId, listing.sellerId), gt(laptops.postedAt, sql`now() - interval '24 hours'`)));
    const count = (day?.count ?? 0) + 1;
    if (count > perDay) {
      flags.push('burst');
      evidence.burst = { count };
    }
  }

  if (phoneRequired) {
    const [seller] = await db.select({ phone: users.verifiedPhone }).from(users).where(eq(users.id, listing.sellerId));
    if (!seller?.phone) flags.push('phone_unverified');
  }
  return { flags, evidence };
}
