import { randomInt } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ListingReview } from '../../../shared/laptops.ts';
import type { ReviewStatus, RiskFlag } from '../../../shared/listing-review.ts';
import type { Photo } from '../../../shared/photos.ts';
import type { Db } from '../../platform/db/client.ts';
import { laptops } from '../laptops/schema.ts';
import { photos } from '../photos/schema.ts';
import type { RiskFindings } from './risk-checks.ts';
import { listingReviews } from './schema.ts';

// Where a listing stands after its risk checks (docs/product.md#moderation), written in the
// transaction that writes the listing, and read back for its seller and the admin.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Letters and digits hard to confuse by hand (no 0/O, 1/I/L, 2/Z, 5/S, 8/B). */
const CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';

/** The code a seller writes by hand and photographs beside the laptop: six characters. */
export function newProofCode(): string {
  return Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** What changed: a new listing, the seller's edit of it, or its price alone. */
export type ListingChange = 'new' | 'edit' | 'price';

async function hold(tx: Tx, laptopId: string, { flags, evidence }: RiskFindings) {
  await tx.update(laptops).set({ reviewStatus: 'pending' }).where(eq(laptops.id, laptopId));
  await tx
    .insert(listingReviews)
    .values({ laptopId, flags, evidence, proofCode: newProofCode() })
    .onConflictDoUpdate({
      target: listingReviews.laptopId,
      set: { flags, evidence, heldAt: sql`now()`, decidedAt: null, decidedBy: null },
    });
}

/**
 * Holds the listing for review or lets it be, from what its checks found, and answers where it
 * stands. A new listing with a flag is held. An edit is held for a flag an admin has not approved
 * for it before, or always after a rejection (the admin looks again); a held listing whose edit
 * cleared every flag is published. A price change is held only for a new `price_outlier`.
 */
export async function settleReview(
  tx: Tx,
  laptopId: string,
  findings: RiskFindings,
  change: ListingChange,
): Promise<ReviewStatus> {
  if (change === 'new') {
    if (findings.flags.length === 0) return 'published';
    await hold(tx, laptopId, findings);
    return 'pending';
  }
  const [row] = await tx
    .select({ status: laptops.reviewStatus, approved: listingReviews.approvedFlags })
    .from(laptops)
    .leftJoin(listingReviews, eq(listingReviews.laptopId, laptops.id))
    .where(eq(laptops.id, laptopId));
  const status = row?.status ?? 'published';
  const approved = new Set<RiskFlag>(row?.approved ?? []);
  const unapproved = findings.flags.filter((f) => !approved.has(f));
  if (change === 'price') {
    if (status !== 'published' || unapproved.length === 0) return status;
    await hold(tx, laptopId, findings);
    return 'pending';
  }
  if (status === 'rejected' || unapproved.length > 0) {
    await hold(tx, laptopId, findings);
    return 'pending';
  }
  if (status === 'pending') {
    await tx.update(laptops).set({ reviewStatus: 'published' }).where(eq(laptops.id, laptopId));
    await tx
      .update(listingReviews)
      .set({ flags: findings.flags, evidence: findings.evidence, decidedAt: sql`now()` })
      .where(eq(listingReviews.laptopId, laptopId));
    return 'published';
  }
  return status;
}

/** The proof photo's columns, from `photo` joined on the review's `proof_photo_id`. */
export const proofPhotoColumns = {
  proofId: photos.id,
  proofUrl: photos.url,
  proofWidth: photos.width,
  proofHeight: photos.height,
  proofWidths: photos.widths,
};

type ProofPhotoRecord = { [K in keyof typeof proofPhotoColumns]: (typeof proofPhotoColumns)[K]['_']['data'] | null };

/** The proof photo of a row with `proofPhotoColumns` (all null without one). */
export function proofPhotoOf(r: ProofPhotoRecord): Photo | null {
  return r.proofId && r.proofUrl && r.proofWidth && r.proofHeight && r.proofWidths
    ? { id: r.proofId, url: r.proofUrl, width: r.proofWidth, height: r.proofHeight, widths: r.proofWidths }
    : null;
}

const NOT_REVIEWED = { flags: [], reject_reason: null, proof_code: null, proof_photo: null } as const;

/** The reviews of these listings, as their seller and the admin see them. */
export async function reviewsOf(db: Db | Tx, laptopIds: readonly string[]): Promise<Map<string, ListingReview>> {
  if (laptopIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: laptops.id,
      status: laptops.reviewStatus,
      flags: listingReviews.flags,
      rejectReason: listingReviews.rejectReason,
      proofCode: listingReviews.proofCode,
      ...proofPhotoColumns,
    })
    .from(laptops)
    .leftJoin(listingReviews, eq(listingReviews.laptopId, laptops.id))
    .leftJoin(photos, eq(photos.id, listingReviews.proofPhotoId))
    .where(inArray(laptops.id, [...laptopIds]));
  return new Map(
    rows.map((r) => [
      r.id,
      r.flags === null
        ? { review_status: r.status, ...NOT_REVIEWED, flags: [] }
        : {
            review_status: r.status,
            // A published listing's old flags were settled: its seller is told of none.
            flags: r.status === 'published' ? [] : r.flags,
            reject_reason: r.status === 'rejected' ? r.rejectReason : null,
            proof_code: r.proofCode,
            proof_photo: proofPhotoOf(r),
          },
    ]),
  );
}

/** `list` with each listing's review, for its seller or the admin. */
export async function withReviews<T extends { _id: string }>(
  db: Db | Tx,
  list: T[],
): Promise<(T & { review_status: ReviewStatus; review: ListingReview })[]> {
  const reviews = await reviewsOf(
    db,
    list.map((l) => l._id),
  );
  return list.map((l) => {
    const review = reviews.get(l._id) ?? { review_status: 'published' as const, ...NOT_REVIEWED, flags: [] };
    return { ...l, review_status: review.review_status, review };
  });
}
