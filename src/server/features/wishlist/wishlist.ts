import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { LIST_LIMIT, type PageQuery } from '../../../shared/search.ts';
import type { WishlistItem } from '../../../shared/wishlist.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import {
  afterKey,
  decodeCursor,
  newestFirst,
  type Page,
  timestampCursor,
  timestampKey,
  toPage,
} from '../../platform/paging.ts';
import { forSale, laptopColumns, toPublicLaptop } from '../laptops/laptops.ts';
import { laptops } from '../laptops/schema.ts';
import { users } from '../users/schema.ts';
import { wishlist } from './schema.ts';

// The wishlist (docs/product.md#my-wishlist): a user saves laptops, sees them with the price they
// had when saved (so a drop shows) and whether they have been sold, and removes them. Saving and
// removing are idempotent. A laptop the admin hid is left out of every answer; a deleted one takes
// its wishlist rows with it (foreign key cascade). Nobody sees another user's wishlist: every
// statement here is keyed by the caller's id.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The order of a wishlist page, named in its cursors (paging.ts). */
const SAVED = 'saved';

/**
 * Still in a wishlist's answers: anything but hidden or held for review (literals, as `forSale` is
 * in laptops.ts).
 */
const notHidden = sql`${laptops.salesStatus} <> 'hidden' and ${laptops.reviewStatus} = 'published'`;

const itemColumns = { ...laptopColumns, savedPrice: wishlist.savedPrice, savedAt: wishlist.savedAt };

type ItemRecord = Parameters<typeof toPublicLaptop>[0] & { savedPrice: number; savedAt: Date };

const toItem = (r: ItemRecord): WishlistItem => ({
  ...toPublicLaptop(r),
  saved_price: r.savedPrice,
  saved_at: r.savedAt.toISOString(),
});

/**
 * A page of the user's saved laptops, the most recently saved first (saved_at, laptop id
 * descending, down `wishlist_user_newest_idx`), after `cursor`. Unrun, so tests can EXPLAIN it.
 */
export function wishlistPageStatement(db: Db, userId: string, { limit, cursor }: PageQuery) {
  const after = cursor
    ? afterKey(wishlist.savedAt, wishlist.laptopId, 'desc', timestampCursor(decodeCursor(cursor, SAVED, 'timestamp')))
    : undefined;
  return db
    .select({ ...itemColumns, savedAtKey: timestampKey(wishlist.savedAt) })
    .from(wishlist)
    .innerJoin(laptops, eq(laptops.id, wishlist.laptopId))
    .innerJoin(users, eq(users.id, laptops.sellerId))
    .where(and(eq(wishlist.userId, userId), notHidden, after))
    .orderBy(newestFirst(wishlist.savedAt), newestFirst(wishlist.laptopId))
    .limit((limit ?? LIST_LIMIT.default) + 1);
}

/** GET /wishlist: the caller's saved laptops, sold ones too (their `salesStatus` says so). */
export async function listWishlist({
  db,
  actor,
  page,
}: {
  db: Db;
  actor: Actor;
  page: PageQuery;
}): Promise<Page<WishlistItem>> {
  const rows = await wishlistPageStatement(db, actor.id, page);
  // The cursor's id is the laptop's (`laptopColumns.id`), the order's tie-breaker.
  return toPage(rows, page.limit ?? LIST_LIMIT.default, SAVED, (r) => r.savedAtKey, toItem);
}

async function savedItem(db: Db, userId: string, laptopId: string): Promise<WishlistItem | undefined> {
  const [row] = await db
    .select(itemColumns)
    .from(wishlist)
    .innerJoin(laptops, eq(laptops.id, wishlist.laptopId))
    .innerJoin(users, eq(users.id, laptops.sellerId))
    .where(and(eq(wishlist.userId, userId), eq(wishlist.laptopId, laptopId), notHidden));
  return row && toItem(row);
}

/**
 * PUT /wishlist/{laptopId}: saves a laptop for sale at today's price and answers the saved item.
 * Saving it again changes nothing: it keeps the price and time of the first save, so a drop since
 * still shows. A laptop that does not exist or is hidden is 404; a sold one cannot be saved (409),
 * though one saved before its sale is answered as saved.
 */
export async function saveLaptop({
  db,
  actor,
  laptopId,
}: {
  db: Db;
  actor: Actor;
  laptopId: string;
}): Promise<WishlistItem> {
  // One statement: the laptop is read and saved together, so one deleted meanwhile is simply not saved.
  await db
    .insert(wishlist)
    .select(
      db
        .select({
          userId: sql<string>`${actor.id}::text`.as('user_id'),
          laptopId: laptops.id,
          savedPrice: laptops.resalePrice,
          // Nothing told yet: the first drop below the saved price is news (features/laptops/laptops.ts setPrice).
          toldPrice: sql<number | null>`null::integer`.as('told_price'),
          savedAt: sql<Date>`now()`.as('saved_at'),
        })
        .from(laptops)
        .where(and(eq(laptops.id, laptopId), forSale)),
    )
    .onConflictDoNothing();
  const item = await savedItem(db, actor.id, laptopId);
  if (item) return item;
  const [laptop] = await db.select({ salesStatus: laptops.salesStatus }).from(laptops).where(eq(laptops.id, laptopId));
  if (laptop?.salesStatus === 'sold') throw new AppError('laptop_sold');
  throw new AppError('laptop_not_found');
}

/** DELETE /wishlist/{laptopId}: removes it from the caller's wishlist; 0 when it was not there. */
export async function removeLaptop({ db, actor, laptopId }: { db: Db; actor: Actor; laptopId: string }) {
  const deleted = await db
    .delete(wishlist)
    .where(and(eq(wishlist.userId, actor.id), eq(wishlist.laptopId, laptopId)))
    .returning({ laptopId: wishlist.laptopId });
  return { deletedCount: deleted.length };
}

/**
 * Who saved a laptop, to tell them of a price drop or a sale (docs/product.md#notifications), read in
 * the caller's transaction (down `wishlist_laptop_idx`). `exceptUserId` leaves one user out (the
 * buyer it was sold to, the seller); `below` keeps only those who saved it at a price above that
 * one (a new, lower price).
 */
export function wishlistersOf(
  tx: Db | Tx,
  laptopId: string,
  { exceptUserId, below }: { exceptUserId?: string; below?: number } = {},
): Promise<{ userId: string; savedPrice: number }[]> {
  return tx
    .select({ userId: wishlist.userId, savedPrice: wishlist.savedPrice })
    .from(wishlist)
    .where(
      and(
        eq(wishlist.laptopId, laptopId),
        exceptUserId === undefined ? undefined : ne(wishlist.userId, exceptUserId),
        below === undefined ? undefined : gt(wishlist.savedPrice, below),
      ),
    );
}
