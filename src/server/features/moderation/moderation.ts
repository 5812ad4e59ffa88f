import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ListingReview } from '../../../shared/laptops.ts';
import type { ReviewStatus } from '../../../shared/listing-review.ts';
import type { ModerationDecision, ModerationItem } from '../../../shared/moderation.ts';
import type { PageQuery } from '../../../shared/search.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { type Page, pageAfter, timestampKey, toPage } from '../../platform/paging.ts';
import { laptopColumns, toLaptop } from '../laptops/laptops.ts';
import { laptops } from '../laptops/schema.ts';
import { recordNotifications, type WithDeliveries } from '../notifications/notifications.ts';
import { ownPhotos } from '../photos/photos.ts';
import { photos } from '../photos/schema.ts';
import { enqueueAlert } from '../saved-searches/jobs.ts';
import { users } from '../users/schema.ts';
import { proofPhotoColumns, proofPhotoOf, reviewsOf } from './reviews.ts';
import { listingReviews } from './schema.ts';

// The admin's moderation queue (docs/product.md#moderation): the listings held for review, oldest
// first, with what the checks found; approving publishes one, rejecting tells its seller why.

/** The order of the queue, named in its cursors (platform/paging.ts). */
const HELD = 'held';

/** GET /api/moderation: the listings waiting for an admin, oldest held first, a page at a time. */
export async function listPending({ db, page }: { db: Db; page: PageQuery }): Promise<Page<ModerationItem>> {
  const { limit, after } = pageAfter(page, HELD, listingReviews.heldAt, listingReviews.laptopId, 'asc');
  // Down listing_review_queue_idx: the reviews not decided, by when they were held.
  const rows = await db
    .select({
      ...laptopColumns,
      flags: listingReviews.flags,
      evidence: listingReviews.evidence,
      heldAt: listingReviews.heldAt,
      heldAtKey: timestampKey(listingReviews.heldAt),
      proofCode: listingReviews.proofCode,
      ...proofPhotoColumns,
    })
    .from(listingReviews)
    .innerJoin(laptops, eq(laptops.id, listingReviews.laptopId))
    .innerJoin(users, eq(users.id, laptops.sellerId))
    .leftJoin(photos, eq(photos.id, listingReviews.proofPhotoId))
    .where(and(isNull(listingReviews.decidedAt), eq(laptops.reviewStatus, 'pending'), after))
    .orderBy(listingReviews.heldAt, listingReviews.laptopId)
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    HELD,
    (r) => r.heldAtKey,
    (r) => ({
      laptop: toLaptop(r),
      review_status: r.reviewStatus,
      flags: r.flags,
      evidence: r.evidence,
      held_at: r.heldAt.toISOString(),
      proof_code: r.proofCode,
      proof_photo: proofPhotoOf(r),
    }),
  );
}

/**
 * PUT /api/moderation/{laptopId}: the admin approves a held listing (published, and new again in the
 * lists: its posting time is now) or rejects it with a reason its seller is told. Only a listing
 * waiting for review (409 otherwise).
 */
export async function decide({
  db,
  actor,
  laptopId,
  decision,
}: {
  db: Db;
  actor: Actor;
  laptopId: string;
  decision: ModerationDecision;
}): Promise<WithDeliveries<{ review_status: ReviewStatus }>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        sellerId: laptops.sellerId,
        name: laptops.name,
        status: laptops.reviewStatus,
        flags: listingReviews.flags,
        approved: listingReviews.approvedFlags,
      })
      .from(laptops)
      .leftJoin(listingReviews, eq(listingReviews.laptopId, laptops.id))
      .where(eq(laptops.id, laptopId))
      .for('update', { of: laptops });
    if (!row) throw new AppError('laptop_not_found');
    if (row.status !== 'pending') throw new AppError('review_not_pending');
    const approve = decision.action === 'approve';
    const status: ReviewStatus = approve ? 'published' : 'rejected';
    await tx
      .update(laptops)
      .set(approve ? { reviewStatus: status, postedAt: sql`now()` } : { reviewStatus: status })
      .where(eq(laptops.id, laptopId));
    await tx
      .update(listingReviews)
      .set({
        decidedBy: actor.id,
        decidedAt: sql`now()`,
        rejectReason: approve ? null : (decision.reason ?? null),
        // An approved flag does not hold the listing again when its seller edits it.
        approvedFlags: approve ? [...new Set([...(row.approved ?? []), ...(row.flags ?? [])])] : (row.approved ?? []),
      })
      .where(eq(listingReviews.laptopId, laptopId));
    // Published now: those whose saved searches it matches are told (features/saved-searches).
    if (approve) await enqueueAlert(tx, laptopId, 'published');
    const deliveries = await recordNotifications(tx, [
      {
        userId: row.sellerId,
        kind: approve ? 'listing_approved' : 'listing_rejected',
        laptopId,
        laptopName: row.name,
        note: approve ? null : (decision.reason ?? null),
      },
    ]);
    return { result: { review_status: status }, deliveries };
  });
}

/**
 * PUT /api/laptops/{id}/proof: the seller of a listing held for review (or rejected) adds a photo of
 * the laptop beside the code the review gave; the admin sees it in the queue. The photo must be one
 * the seller uploaded.
 */
export async function addProof({
  db,
  actor,
  laptopId,
  photoId,
}: {
  db: Db;
  actor: Actor;
  laptopId: string;
  photoId: string;
}): Promise<ListingReview> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sellerId: laptops.sellerId, status: laptops.reviewStatus, code: listingReviews.proofCode })
      .from(laptops)
      .leftJoin(listingReviews, eq(listingReviews.laptopId, laptops.id))
      .where(eq(laptops.id, laptopId));
    if (!row) throw new AppError('laptop_not_found');
    if (row.sellerId !== actor.id) throw new AppError('proof_seller_only');
    if (row.status === 'published' || row.code === null) throw new AppError('review_not_pending');
    const [photo] = await ownPhotos(tx, actor, [photoId]);
    await tx.update(listingReviews).set({ proofPhotoId: photo!.id }).where(eq(listingReviews.laptopId, laptopId));
  });
  return (await reviewsOf(db, [laptopId])).get(laptopId)!;
}
