import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { PublicLaptop } from '../../../shared/laptops.ts';
import { type Review, ratingOf } from '../../../shared/reviews.ts';
import type { PageQuery } from '../../../shared/search.ts';
import type { Seller } from '../../../shared/sellers.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { newestFirst, type Page, pageAfter, timestampKey, toPage } from '../../platform/paging.ts';
import { forSale, laptopColumns, toPublicLaptop } from '../laptops/laptops.ts';
import { laptops } from '../laptops/schema.ts';
import { orders } from '../orders/schema.ts';
import { toReview } from '../reviews/reviews.ts';
import { reviews } from '../reviews/schema.ts';
import { users } from '../users/schema.ts';

// A seller's public page (docs/product.md#seller-pages): their record, their buyers' published
// reviews and their laptops for sale. Public: never an e-mail or a phone number.

/** Whether the seller proved a phone number by SMS (docs/product.md#phone-verification). */
const phoneVerified = sql<boolean>`${users.verifiedPhone} is not null`;

/** GET /api/sellers/{id}: a seller's record. Buyers and admins have no seller page (404). */
export async function getSeller({ db, id }: { db: Db; id: string }): Promise<Seller> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      verified: users.verified,
      verifiedAt: users.verifiedAt,
      phoneVerified,
      createdAt: users.createdAt,
      ratingCount: users.sellerRatingCount,
      ratingSum: users.sellerRatingSum,
      // Along laptop_seller_newest_idx: a seller's listings are tens, not thousands.
      // Drizzle writes columns unqualified in a select's expressions: the subquery names its tables itself.
      soldCount: sql<number>`(select count(*)::int from ${laptops} sold where sold.seller_id = "user".id and sold.sales_status = 'sold')`,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'seller')));
  if (!row) throw new AppError('seller_not_found');
  return {
    _id: row.id,
    name: row.name,
    verified: row.verified,
    verified_at: row.verified ? (row.verifiedAt?.toISOString() ?? null) : null,
    phone_verified: Boolean(row.phoneVerified),
    member_since: row.createdAt.toISOString(),
    sold_count: Number(row.soldCount ?? 0),
    rating: ratingOf(row.ratingCount, row.ratingSum),
  };
}

const NEWEST = 'newest';

/** GET /api/sellers/{id}/reviews: what the seller's buyers said, published ones only, newest first. */
export async function listSellerReviews({
  db,
  id,
  page,
}: {
  db: Db;
  id: string;
  page: PageQuery;
}): Promise<Page<Review>> {
  await requireSeller(db, id);
  const { limit, after } = pageAfter(page, NEWEST, reviews.publishedAt, reviews.id, 'desc');
  // Along review_subject_published_idx (subject, role, published_at desc, id desc).
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      text: reviews.text,
      createdAt: reviews.createdAt,
      key: timestampKey(reviews.publishedAt),
      authorName: users.name,
      laptopName: orders.laptopName,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(and(eq(reviews.subjectId, id), eq(reviews.authorRole, 'buyer'), isNotNull(reviews.publishedAt), after))
    .orderBy(newestFirst(reviews.publishedAt), newestFirst(reviews.id))
    .limit(limit + 1);
  return toPage(rows, limit, NEWEST, (r) => r.key, toReview);
}

/** GET /api/sellers/{id}/laptops: the seller's laptops for sale, newest first (laptop_seller_newest_idx). */
export async function listSellerLaptops({
  db,
  id,
  page,
}: {
  db: Db;
  id: string;
  page: PageQuery;
}): Promise<Page<PublicLaptop>> {
  await requireSeller(db, id);
  const { limit, after } = pageAfter(page, NEWEST, laptops.postedAt, laptops.id, 'desc');
  const rows = await db
    .select({ ...laptopColumns, postedAtKey: timestampKey(laptops.postedAt) })
    .from(laptops)
    .innerJoin(users, eq(users.id, laptops.sellerId))
    .where(and(eq(laptops.sellerId, id), forSale, after))
    .orderBy(newestFirst(laptops.postedAt), newestFirst(laptops.id))
    .limit(limit + 1);
  return toPage(rows, limit, NEWEST, (r) => r.postedAtKey, toPublicLaptop);
}

async function requireSeller(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'seller')));
  if (!row) throw new AppError('seller_not_found');
}

/** The sellers with something to show, newest first, for the sitemap: id and name. */
export function listSellerNames({ db, limit }: { db: Db; limit: number }) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.role, 'seller'))
    .orderBy(newestFirst(users.createdAt), newestFirst(users.id))
    .limit(limit);
}
