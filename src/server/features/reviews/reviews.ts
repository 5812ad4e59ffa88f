import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type OrderReviewState,
  type OwnReview,
  REVIEW_HIDDEN_DAYS,
  REVIEW_WINDOW_DAYS,
  type ReportedReview,
  type Review,
  type ReviewInput,
} from '../../../shared/reviews.ts';
import type { PageQuery } from '../../../shared/search.ts';
import type { Actor } from '../../platform/actor.ts';
import { type Db, newId } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { type Page, pageAfter, timestampKey, toPage } from '../../platform/paging.ts';
import { orders } from '../orders/schema.ts';
import { users } from '../users/schema.ts';
import { reviews } from './schema.ts';

// Ratings from completed deals (docs/product.md#ratings, docs/decisions/0038). The seller's
// aggregate on their user row follows the published buyer reviews by a trigger (migration 0017), so
// nothing here adds or subtracts: publishing, removing and cascades all keep it right.

const DAY_MS = 86_400_000;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The order and which side of it the caller is on; 404 when there is none, 403 when it is not theirs. */
async function orderOf(db: Db | Tx, actor: Actor, orderId: string, lock: boolean) {
  const query = db
    .select({
      id: orders.id,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      status: orders.status,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new AppError('order_not_found');
  const side = order.buyerId === actor.id ? 'buyer' : order.sellerId === actor.id ? 'seller' : null;
  if (!side) throw new AppError('review_not_yours');
  // A completed order never moves again (docs/product.md#deals): its last change is its completion.
  const closesAt =
    order.status === 'completed' ? new Date(order.updatedAt.getTime() + REVIEW_WINDOW_DAYS * DAY_MS) : null;
  return { order, side, closesAt } as const;
}

const toOwn = (r: {
  id: string;
  rating: number;
  text: string | null;
  createdAt: Date;
  publishedAt: Date | null;
}): OwnReview => ({
  _id: r.id,
  rating: r.rating,
  text: r.text,
  created_at: r.createdAt.toISOString(),
  published: r.publishedAt !== null,
});

/**
 * POST /api/orders/{id}/review: the buyer or the seller of a completed order rates the other, once,
 * within 14 days of the completion. The order is locked, so when both write at once the second sees
 * the first and publishes both: neither ever reads the other's before writing their own.
 */
export async function writeReview({
  db,
  actor,
  orderId,
  input,
}: {
  db: Db;
  actor: Actor;
  orderId: string;
  input: ReviewInput;
}): Promise<{ review: OwnReview; published: boolean }> {
  return db.transaction(async (tx) => {
    const { order, side, closesAt } = await orderOf(tx, actor, orderId, true);
    if (!closesAt) throw new AppError('review_order_not_completed', { status: order.status });
    if (Date.now() > closesAt.getTime()) throw new AppError('review_window_closed');
    const [other] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.orderId, orderId), sql`${reviews.authorId} <> ${actor.id}`));
    const id = newId();
    const inserted = await tx
      .insert(reviews)
      .values({
        id,
        orderId,
        authorId: actor.id,
        subjectId: side === 'buyer' ? order.sellerId : order.buyerId,
        authorRole: side,
        rating: input.rating,
        text: input.text ?? null,
      })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0];
    if (!row) throw new AppError('already_reviewed');
    if (!other) return { review: toOwn(row), published: false };
    // The second of the two: both become public now.
    const publishedAt = new Date();
    await tx
      .update(reviews)
      .set({ publishedAt })
      .where(and(eq(reviews.orderId, orderId), isNull(reviews.publishedAt)));
    return { review: toOwn({ ...row, publishedAt }), published: true };
  });
}

/** GET /api/orders/{id}/review: the caller's side of rating one deal, and the other's review once public. */
export async function reviewStateOf({
  db,
  actor,
  orderId,
}: {
  db: Db;
  actor: Actor;
  orderId: string;
}): Promise<OrderReviewState> {
  const { side, closesAt } = await orderOf(db, actor, orderId, false);
  const rows = await db.select().from(reviews).where(eq(reviews.orderId, orderId));
  const mine = rows.find((r) => r.authorId === actor.id);
  const theirs = rows.find((r) => r.authorId !== actor.id && r.publishedAt !== null);
  return {
    can_review: !mine && closesAt !== null && Date.now() <= closesAt.getTime(),
    closes_at: closesAt?.toISOString() ?? null,
    rates: side === 'buyer' ? 'seller' : 'buyer',
    mine: mine ? toOwn(mine) : null,
    theirs: theirs
      ? { _id: theirs.id, rating: theirs.rating, text: theirs.text, created_at: theirs.createdAt.toISOString() }
      : null,
  };
}

/**
 * Publishes the reviews nobody answered within seven days; the server runs it every minute
 * (`registerReviewSweep`). Answers how many it published, so the caller clears cached answers only
 * when something changed. Safe on several instances at once: a row another sweep published first is
 * skipped once its lock is released (`published_at is null` is tested again).
 */
export async function publishDueReviews(db: Db): Promise<number> {
  const published = await db
    .update(reviews)
    .set({ publishedAt: sql`now()` })
    .where(
      and(
        isNull(reviews.publishedAt),
        sql`${reviews.createdAt} <= now() - make_interval(days => ${REVIEW_HIDDEN_DAYS})`,
      ),
    )
    .returning({ id: reviews.id });
  return published.length;
}

/**
 * POST /api/reviews/{id}/report: anyone signed in flags a public review for the admin. Reporting one
 * already reported changes nothing; a hidden one is answered as missing (its author alone knows it).
 */
export async function reportReview({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  const [row] = await db
    .select({ authorId: reviews.authorId, publishedAt: reviews.publishedAt })
    .from(reviews)
    .where(eq(reviews.id, id));
  if (!row || row.publishedAt === null) throw new AppError('review_not_found');
  await db
    .update(reviews)
    .set({ reportedAt: new Date(), reportedBy: actor.id })
    .where(and(eq(reviews.id, id), isNull(reviews.reportedAt)));
}

/** DELETE /api/reviews/{id}: the admin removes a review (the seller's aggregate follows by the trigger). */
export async function removeReview({ db, id }: { db: Db; id: string }) {
  const removed = await db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
  if (removed.length === 0) throw new AppError('review_not_found');
  return { deletedCount: removed.length };
}

/** DELETE /api/reviews/{id}/report: the admin keeps a reported review; it leaves the reported list. */
export async function keepReview({ db, id }: { db: Db; id: string }) {
  const kept = await db
    .update(reviews)
    .set({ reportedAt: null, reportedBy: null })
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  if (kept.length === 0) throw new AppError('review_not_found');
  return { modifiedCount: kept.length };
}

/** A published review as anyone reads it, from its row, its author's name and the order's laptop. */
export function toReview(r: {
  id: string;
  rating: number;
  text: string | null;
  createdAt: Date;
  authorName: string;
  laptopName: string;
}): Review {
  return {
    _id: r.id,
    rating: r.rating,
    text: r.text,
    author_name: r.authorName,
    laptop_name: r.laptopName,
    created_at: r.createdAt.toISOString(),
  };
}

const REPORTED = 'reported';
const author = alias(users, 'author');
const subject = alias(users, 'subject');
const reporter = alias(users, 'reporter');

/** GET /api/reviews/reported: the reported reviews, oldest report first, for the admin's Reports page. */
export async function listReportedReviews({ db, page }: { db: Db; page: PageQuery }): Promise<Page<ReportedReview>> {
  const { limit, after } = pageAfter(page, REPORTED, reviews.reportedAt, reviews.id, 'asc');
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      reportedAt: reviews.reportedAt,
      key: timestampKey(reviews.reportedAt),
      authorName: author.name,
      subjectId: subject.id,
      subjectName: subject.name,
      reporterName: reporter.name,
      laptopName: orders.laptopName,
    })
    .from(reviews)
    .innerJoin(author, eq(author.id, reviews.authorId))
    .innerJoin(subject, eq(subject.id, reviews.subjectId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .leftJoin(reporter, eq(reporter.id, reviews.reportedBy))
    .where(and(isNotNull(reviews.reportedAt), after))
    .orderBy(asc(reviews.reportedAt), asc(reviews.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    REPORTED,
    (r) => r.key,
    (r) => ({
      ...toReview(r),
      subject: { _id: r.subjectId, name: r.subjectName },
      reported_by: r.reporterName,
      reported_at: (r.reportedAt ?? r.createdAt).toISOString(),
    }),
  );
}
