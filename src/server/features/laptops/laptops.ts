import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Brand, CATEGORIES, type Category, type StorageType } from '../../../shared/catalog.ts';
import {
  type AddLaptop,
  type EditLaptop,
  type Laptop,
  type PublicLaptop,
  usageMonthsOf,
} from '../../../shared/laptops.ts';
import type { ReviewStatus } from '../../../shared/listing-review.ts';
import { internationalBdMobile } from '../../../shared/phone.ts';
import type { Photo } from '../../../shared/photos.ts';
import { ratingOf } from '../../../shared/reviews.ts';
import { type LaptopDetail, LIST_LIMIT, type PageQuery } from '../../../shared/search.ts';
import { type Actor, requireSelfOrAdmin } from '../../platform/actor.ts';
import { type Db, newId } from '../../platform/db/client.ts';
import { preparedOnce, withValues } from '../../platform/db/prepared.ts';
import { AppError } from '../../platform/errors.ts';
import {
  afterKey,
  CURSOR_PLACEHOLDERS,
  cursorValues,
  decodeCursor,
  newestFirst,
  type Page,
  timestampCursor,
  timestampKey,
  toPage,
} from '../../platform/paging.ts';
import { settleReview, withReviews } from '../moderation/reviews.ts';
import { type CheckRules, priceCheck, riskChecks } from '../moderation/risk-checks.ts';
import { type Delivery, recordNotifications } from '../notifications/notifications.ts';
import { attachPhotos, listingPhotos, ownPhotos, photosOf, removeUnusedPhotos } from '../photos/photos.ts';
import { laptopPhotos } from '../photos/schema.ts';
import type { PhotoStore } from '../photos/store.ts';
import { enqueueAlert } from '../saved-searches/jobs.ts';
import { users } from '../users/schema.ts';
import { rememberPhone } from '../users/users.ts';
import { wishlist } from '../wishlist/schema.ts';
import { laptops } from './schema.ts';

// Seller name, e-mail and verification come from the seller's row (see features/laptops/schema.ts).
export const laptopColumns = {
  id: laptops.id,
  category: laptops.category,
  imageUrl: laptops.imageUrl,
  name: laptops.name,
  description: laptops.description,
  location: laptops.location,
  resalePrice: laptops.resalePrice,
  originalPrice: laptops.originalPrice,
  usageYears: laptops.usageYears,
  usageMonths: laptops.usageMonths,
  negotiable: laptops.negotiable,
  area: laptops.area,
  postedAt: laptops.postedAt,
  condition: laptops.condition,
  salesStatus: laptops.salesStatus,
  reviewStatus: laptops.reviewStatus,
  advertised: laptops.advertised,
  booked: laptops.booked,
  sellerMobile: laptops.sellerMobile,
  brand: laptops.brand,
  processor: laptops.processor,
  ramGb: laptops.ramGb,
  storageGb: laptops.storageGb,
  storageType: laptops.storageType,
  screenInches: laptops.screenInches,
  gpu: laptops.gpu,
  batteryHealth: laptops.batteryHealth,
  coverPhotoId: laptops.coverPhotoId,
  coverWidth: laptops.coverWidth,
  coverHeight: laptops.coverHeight,
  coverWidths: laptops.coverWidths,
  sellerName: users.name,
  sellerEmail: users.email,
  sellerVerified: users.verified,
  sellerVerifiedPhone: users.verifiedPhone,
  // The seller page's link and the seller's stars on every card, from the user row the list joins
  // already (docs/decisions/0038).
  sellerId: users.id,
  sellerRatingCount: users.sellerRatingCount,
  sellerRatingSum: users.sellerRatingSum,
};

type ColumnValue<C> = C extends { _: { data: infer D; notNull: infer N } } ? (N extends true ? D : D | null) : never;
type LaptopRecord = { [K in keyof typeof laptopColumns]: ColumnValue<(typeof laptopColumns)[K]> };

export function toLaptop(r: LaptopRecord): Laptop {
  return {
    _id: r.id,
    category: r.category,
    laptop_img: r.imageUrl,
    laptop_name: r.name,
    laptopDesc: r.description,
    location: r.location,
    area: r.area,
    resale_price: r.resalePrice,
    original_price: r.originalPrice,
    negotiable: r.negotiable,
    usage_Time: r.usageYears,
    usage_months: r.usageMonths,
    post_date: r.postedAt.toISOString(),
    seller_name: r.sellerName,
    seller_email: r.sellerEmail,
    seller_verified: r.sellerVerified,
    seller_id: r.sellerId,
    seller_rating: ratingOf(r.sellerRatingCount, r.sellerRatingSum),
    sellerMobileNumber: r.sellerMobile,
    conditionType: r.condition,
    salesStatus: r.salesStatus,
    advertise: r.advertised,
    booked: r.booked,
    // The database's checks hold these to the shared vocabularies.
    brand: r.brand as Brand | null,
    processor: r.processor,
    ram_gb: r.ramGb,
    storage_gb: r.storageGb,
    storage_type: r.storageType as StorageType | null,
    screen_inches: r.screenInches,
    gpu: r.gpu,
    battery_health: r.batteryHealth,
    cover_photo:
      r.coverPhotoId && r.coverWidth && r.coverHeight && r.coverWidths
        ? { id: r.coverPhotoId, url: r.imageUrl, width: r.coverWidth, height: r.coverHeight, widths: r.coverWidths }
        : null,
  };
}

function selectLaptops(db: Db, where: SQL | undefined) {
  return db
    .select(laptopColumns)
    .from(laptops)
    .innerJoin(users, eq(users.id, laptops.sellerId))
    .where(where)
    .orderBy(newestFirst(laptops.postedAt), newestFirst(laptops.id));
}

/**
 * Still for sale and shown to everyone (not held for review), written as a literal rather than a
 * parameter: the partial indexes are defined `where sales_status = 'unsold' and review_status =
 * 'published'`, and only a literal lets every plan use them (docs/search.md#indexes).
 */
export const forSale = sql`${laptops.salesStatus} = 'unsold' and ${laptops.reviewStatus} = 'published'`;

/**
 * Not by any of the sellers in the placeholder `name` (a text array): the lists a user is shown
 * without the sellers they blocked (docs/decisions/0036). A placeholder, so one statement serves
 * every such user; no index is needed, as the list's own order and filters still lead.
 */
export const notBySellers = (name: string) => sql`${laptops.sellerId} <> all(${sql.placeholder(name)}::text[])`;

/** A laptop without its seller's contact. */
export function toPublicLaptop(r: LaptopRecord): PublicLaptop {
  const { seller_email: _email, sellerMobileNumber: _mobile, ...rest } = toLaptop(r);
  return rest;
}

/** Whose laptops a list page shows: a category's still for sale, or a seller's (any status). */
export type LaptopList = { category: Category } | { sellerEmail: string };

/**
 * A page of laptops newest first (posted_at, id descending), after `cursor` (docs/search.md#cursors),
 * built once per kind of list (platform/db/prepared.ts). Unrun, so tests can EXPLAIN it.
 */
export function laptopPageStatement(
  db: Db,
  list: LaptopList,
  { limit, cursor }: PageQuery,
  withoutSellers: readonly string[] = [],
) {
  const byCategory = 'category' in list;
  const without = withoutSellers.length > 0;
  const values = {
    ...(byCategory ? { category: list.category } : { email: list.sellerEmail }),
    rows: (limit ?? LIST_LIMIT.default) + 1,
    ...cursorValues(cursor ? decodeCursor(cursor, NEWEST, 'timestamp') : undefined),
    ...(without ? { without: withoutSellers } : {}),
  };
  const prepared = preparedOnce(
    db,
    `laptop page ${byCategory ? 'category' : 'seller'} ${cursor ? 'next' : 'first'}${without ? ' without' : ''}`,
    () => {
      const where = byCategory
        ? and(eq(laptops.category, sql.placeholder('category')), forSale)
        : // The seller's id is looked up by the unique e-mail index.
          eq(
            laptops.sellerId,
            db
              .select({ id: users.id })
              .from(users)
              .where(eq(users.email, sql.placeholder('email'))),
          );
      const after = cursor
        ? afterKey(laptops.postedAt, laptops.id, 'desc', timestampCursor(CURSOR_PLACEHOLDERS))
        : undefined;
      return db
        .select({ ...laptopColumns, postedAtKey: timestampKey(laptops.postedAt) })
        .from(laptops)
        .innerJoin(users, eq(users.id, laptops.sellerId))
        .where(and(where, after, without ? notBySellers('without') : undefined))
        .orderBy(newestFirst(laptops.postedAt), newestFirst(laptops.id))
        .limit(sql.placeholder('rows'));
    },
  );
  return withValues(prepared, values);
}

const NEWEST = 'newest';

async function laptopPage(
  db: Db,
  list: LaptopList,
  page: PageQuery,
  withoutSellers?: readonly string[],
): Promise<Page<Laptop>> {
  const rows = await laptopPageStatement(db, list, page, withoutSellers).execute();
  return toPage(rows, page.limit ?? LIST_LIMIT.default, NEWEST, (r) => r.postedAtKey, toLaptop);
}

/**
 * Advertised laptops still for sale, for the home page; without those of `withoutSellers` (whom the
 * caller blocked). The route's schema drops seller contact.
 */
export async function listAdvertised({
  db,
  withoutSellers = [],
}: {
  db: Db;
  withoutSellers?: readonly string[];
}): Promise<PublicLaptop[]> {
  const advertised = and(eq(laptops.advertised, true), forSale);
  const rows = withoutSellers.length
    ? await selectLaptops(db, and(advertised, notBySellers('without'))).execute({ without: withoutSellers })
    : await selectLaptops(db, advertised);
  return rows.map(toLaptop);
}

/**
 * The laptops for sale, newest first, as the sitemap lists their pages: id and name only, one
 * query down `laptop_for_sale_newest_idx`.
 */
export function listForSaleNames({ db, limit }: { db: Db; limit: number }): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: laptops.id, name: laptops.name })
    .from(laptops)
    .where(forSale)
    .orderBy(newestFirst(laptops.postedAt), newestFirst(laptops.id))
    .limit(limit);
}

/** Laptops of a category still for sale, with seller contact, a page at a time; without those of `withoutSellers`. */
export function listCategory({
  db,
  category,
  page,
  withoutSellers,
}: {
  db: Db;
  category: Category;
  page: PageQuery;
  withoutSellers?: readonly string[];
}) {
  return laptopPage(db, { category }, page, withoutSellers);
}

/**
 * GET /api/laptops/{id}: any laptop that exists, sold ones too (salesStatus says so); the seller's
 * e-mail and phone only for a signed-in caller.
 */
export async function getLaptop({ db, actor, id }: { db: Db; actor: Actor | null; id: string }): Promise<LaptopDetail> {
  // Built once (platform/db/prepared.ts): building it per request was a quarter of the listing's CPU
  // time beside its yardstick (docs/decisions/0028).
  const byId = preparedOnce(db, 'laptop by id', () => selectLaptops(db, eq(laptops.id, sql.placeholder('id'))));
  const [row] = await byId.execute({ id });
  // A listing the admin hid, or one held for review (docs/product.md#moderation), is gone for
  // everyone but its seller and the admin (docs/product.md#reports).
  const sellerOrAdmin = actor !== null && (actor.role === 'admin' || actor.email === row?.sellerEmail);
  if (!row || (!isPublic(row) && !sellerOrAdmin)) throw new AppError('laptop_not_found');
  const photos = row.coverPhotoId ? await listingPhotos(db, id) : [];
  // The mark says the number on the listing is one its seller proved by SMS, not the number itself.
  const phoneVerified =
    row.sellerVerifiedPhone !== null && row.sellerVerifiedPhone === internationalBdMobile(row.sellerMobile);
  const laptop = actor ? toLaptop(row) : toPublicLaptop(row);
  const shown = sellerOrAdmin ? (await withReviews(db, [laptop as Laptop]))[0]! : laptop;
  return { ...shown, phone_verified: phoneVerified, photos };
}

/** Shown to anyone: not hidden by the admin, not held for review. */
export const isPublic = (row: { salesStatus: string; reviewStatus: ReviewStatus }) =>
  row.salesStatus !== 'hidden' && row.reviewStatus === 'published';

export function parseCategory(name: string): Category {
  const category = CATEGORIES.find((c) => c === name.toLowerCase());
  if (!category) throw new AppError('category_not_found', { category: name });
  return category;
}

/**
 * POST /addLaptop: a seller lists a laptop; the server sets who, when and its status. With photos
 * (ids the seller uploaded), the first is the cover and `laptop_img` is its URL.
 */
export async function addLaptop({
  db,
  actor,
  input,
  rules,
}: {
  db: Db;
  actor: Actor;
  input: AddLaptop;
  /** The marketplace's risk-check rules (features/moderation/risk-checks.ts). */
  rules: CheckRules;
}): Promise<Laptop> {
  if (input.seller_email && input.seller_email.trim().toLowerCase() !== actor.email) {
    throw new AppError('add_as_yourself');
  }
  const id = newId();
  // Checked before the transaction: they only read, and the photos are the seller's (ownPhotos, below).
  const findings = await riskChecks(db, listingToCheck(actor, input), { ...rules, isNew: true });
  await db.transaction(async (tx) => {
    const photos = await ownPhotos(tx, actor, input.photos ?? []);
    const cover = photos[0];
    await insertLaptop(tx, id, actor, input, cover);
    await attachPhotos(tx, id, photos);
    await rememberPhone(tx, actor.id, input.sellerMobileNumber);
    // Published at once: those whose saved searches it matches are told (features/saved-searches).
    if ((await settleReview(tx, id, findings, 'new')) === 'published') await enqueueAlert(tx, id, 'published');
  });
  const [row] = await selectLaptops(db, eq(laptops.id, id));
  return (await withReviews(db, [toLaptop(row!)]))[0]!;
}

/** What the risk checks read of a listing as its seller sent it (features/moderation). */
function listingToCheck(actor: Actor, input: AddLaptop, laptopId?: string) {
  return {
    sellerId: actor.id,
    laptopId,
    name: input.laptop_name,
    description: input.laptopDesc,
    price: input.resale_price,
    brand: input.brand,
    processor: input.processor,
    ramGb: input.ram_gb,
    photoIds: input.photos ?? [],
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The columns a seller's form sets, for a new listing and an edited one alike. */
function listingFields(input: AddLaptop, cover: Photo | undefined) {
  const months = usageMonthsOf(input);
  return {
    category: input.category,
    name: input.laptop_name,
    imageUrl: cover?.url ?? input.laptop_img ?? '',
    coverPhotoId: cover?.id ?? null,
    coverWidth: cover?.width ?? null,
    coverHeight: cover?.height ?? null,
    coverWidths: cover?.widths ?? null,
    description: input.laptopDesc,
    location: input.location,
    area: input.area ?? null,
    negotiable: input.negotiable ?? false,
    resalePrice: input.resale_price,
    originalPrice: input.original_price,
    usageMonths: months,
    usageYears: Math.floor(months / 12),
    condition: input.conditionType,
    sellerMobile: input.sellerMobileNumber,
    brand: input.brand ?? null,
    processor: input.processor ?? null,
    ramGb: input.ram_gb ?? null,
    storageGb: input.storage_gb ?? null,
    storageType: input.storage_type ?? null,
    screenInches: input.screen_inches ?? null,
    gpu: input.gpu ?? null,
    batteryHealth: input.battery_health ?? null,
  };
}

function insertLaptop(tx: Tx, id: string, actor: Actor, input: AddLaptop, cover: Photo | undefined) {
  return tx.insert(laptops).values({
    id,
    sellerId: actor.id,
    ...listingFields(input, cover),
    salesStatus: 'unsold',
    advertised: false,
    booked: false,
  });
}

/** GET /allLaptops?email=: a seller's own laptops (any status), for that seller or an admin, a page at a time. */
export async function listSellerLaptops({
  db,
  actor,
  email,
  page,
}: {
  db: Db;
  actor: Actor;
  email: string;
  page: PageQuery;
}) {
  requireSelfOrAdmin(actor, email);
  const result = await laptopPage(db, { sellerEmail: email }, page);
  return { ...result, items: await withReviews(db, result.items) };
}

async function ownedLaptop(db: Db, id: string) {
  const [row] = await db
    .select({
      id: laptops.id,
      sellerId: laptops.sellerId,
      salesStatus: laptops.salesStatus,
      reviewStatus: laptops.reviewStatus,
    })
    .from(laptops)
    .where(eq(laptops.id, id));
  if (!row) throw new AppError('laptop_not_found');
  return row;
}

/**
 * PUT /myProducts/{id}: the laptop's seller advertises it while it is for sale: a sold or hidden
 * listing is refused (409). No un-advertise (docs/product.md#advertising).
 */
export async function advertiseLaptop({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  const laptop = await ownedLaptop(db, id);
  if (laptop.sellerId !== actor.id) throw new AppError('advertise_seller_only');
  if (laptop.salesStatus !== 'unsold') throw new AppError('laptop_not_for_sale');
  if (laptop.reviewStatus !== 'published') throw new AppError('listing_under_review');
  // Tested again as the row is written: a sale or a hide in between leaves it unadvertised.
  const updated = await db
    .update(laptops)
    .set({ advertised: true })
    .where(and(eq(laptops.id, id), eq(laptops.advertised, false), forSale))
    .returning({ id: laptops.id });
  return { modifiedCount: updated.length };
}

/**
 * PUT /myProducts/{id} `{ resale_price }`: the laptop's seller changes its price while it is for
 * sale. A lower price tells those who saved it when it is below the lowest they know of: the price
 * they saved it at, or the last drop they were told of (docs/product.md#my-wishlist). A price
 * flapping up and down so tells each saver once per new low, not at every drop.
 */
export async function setPrice({
  db,
  actor,
  id,
  price,
}: {
  db: Db;
  actor: Actor;
  id: string;
  price: number;
}): Promise<{ result: { modifiedCount: number }; deliveries: Delivery[] }> {
  // A price far under similar laptops' is held for review, as it would be on a new listing; checked
  // before the transaction, as the checks only read.
  const [specs] = await db
    .select({ sellerId: laptops.sellerId, brand: laptops.brand, processor: laptops.processor, ramGb: laptops.ramGb })
    .from(laptops)
    .where(eq(laptops.id, id));
  const findings = specs
    ? await priceCheck(db, {
        ...specs,
        brand: specs.brand as Brand | null,
        laptopId: id,
        price,
        name: '',
        description: '',
        photoIds: [],
      })
    : { flags: [], evidence: {} };
  return db.transaction(async (tx) => {
    const [laptop] = await tx
      .select({
        sellerId: laptops.sellerId,
        name: laptops.name,
        price: laptops.resalePrice,
        salesStatus: laptops.salesStatus,
      })
      .from(laptops)
      .where(eq(laptops.id, id))
      .for('update');
    if (!laptop) throw new AppError('laptop_not_found');
    if (laptop.sellerId !== actor.id) throw new AppError('price_seller_only');
    if (laptop.salesStatus !== 'unsold') throw new AppError('laptop_not_for_sale');
    if (laptop.price === price) return { result: { modifiedCount: 0 }, deliveries: [] };
    await tx.update(laptops).set({ resalePrice: price }).where(eq(laptops.id, id));
    if (price > laptop.price) return { result: { modifiedCount: 1 }, deliveries: [] };
    // Held for review, nobody else sees the drop until an admin publishes it.
    if ((await settleReview(tx, id, findings, 'price')) !== 'published') {
      return { result: { modifiedCount: 1 }, deliveries: [] };
    }
    await enqueueAlert(tx, id, 'price_dropped');
    return { result: { modifiedCount: 1 }, deliveries: await tellSaversOfDrop(tx, id, laptop.name, price) };
  });
}

/**
 * After a listing's price went down to `price`: tells those who saved it when it is below the
 * lowest they know of (the price they saved it at, or the last drop they were told of).
 */
async function tellSaversOfDrop(tx: Tx, id: string, name: string, price: number): Promise<Delivery[]> {
  const savers = await tx
    .update(wishlist)
    .set({ toldPrice: price })
    .where(and(eq(wishlist.laptopId, id), sql`coalesce(${wishlist.toldPrice}, ${wishlist.savedPrice}) > ${price}`))
    .returning({ userId: wishlist.userId });
  return recordNotifications(
    tx,
    savers.map((w) => ({
      userId: w.userId,
      kind: 'price_dropped' as const,
      laptopId: id,
      laptopName: name,
      amount: price,
    })),
  );
}

/**
 * PUT /api/laptops/{id} (docs/product.md#edit-a-listing): the listing's seller writes it again,
 * every field and its photos (kept, added, removed, reordered), while it is for sale: a sold or
 * hidden listing answers 409, an admin 403 (the route is the seller's). A lower price tells the
 * savers as a price change does. The photos it no longer shows are removed unless something holds them.
 */
export async function editLaptop({
  db,
  store,
  actor,
  id,
  input,
}: {
  db: Db;
  store: PhotoStore;
  actor: Actor;
  id: string;
  input: EditLaptop;
}): Promise<{ laptop: Laptop; deliveries: Delivery[] }> {
  if (input.seller_email && input.seller_email.trim().toLowerCase() !== actor.email) {
    throw new AppError('edit_own_only');
  }
  // An edit is no new listing (`burst`), and its seller's phone was judged when it was posted.
  const findings = await riskChecks(db, listingToCheck(actor, input, id), {
    isNew: false,
    phoneRequired: false,
    perDay: Number.POSITIVE_INFINITY,
  });
  const { deliveries, dropped } = await db.transaction(async (tx) => {
    const [laptop] = await tx
      .select({
        sellerId: laptops.sellerId,
        price: laptops.resalePrice,
        salesStatus: laptops.salesStatus,
        reviewStatus: laptops.reviewStatus,
      })
      .from(laptops)
      .where(eq(laptops.id, id))
      .for('update');
    if (!laptop) throw new AppError('laptop_not_found');
    if (laptop.sellerId !== actor.id) throw new AppError('edit_seller_only');
    if (laptop.salesStatus !== 'unsold') throw new AppError('listing_not_editable');
    // The listing's own photos stay allowed however long ago they were uploaded; new ones must be the seller's uploads.
    const current = await listingPhotos(tx, id);
    const wanted = input.photos ?? [];
    const held = new Map(current.map((p) => [p.id, p]));
    const uploaded = new Map(
      (
        await ownPhotos(
          tx,
          actor,
          wanted.filter((p) => !held.has(p)),
        )
      ).map((p) => [p.id, p] as const),
    );
    const photos = wanted.map((p) => (held.get(p) ?? uploaded.get(p))!);
    await tx.update(laptops).set(listingFields(input, photos[0])).where(eq(laptops.id, id));
    await tx.delete(laptopPhotos).where(eq(laptopPhotos.laptopId, id));
    await attachPhotos(tx, id, photos);
    await rememberPhone(tx, actor.id, input.sellerMobileNumber);
    const status = await settleReview(tx, id, findings, 'edit');
    // Saved searches hear of a held listing the edit published, or of a lower price of a published one.
    if (status === 'published' && laptop.reviewStatus !== 'published') await enqueueAlert(tx, id, 'published');
    else if (status === 'published' && input.resale_price < laptop.price) await enqueueAlert(tx, id, 'price_dropped');
    // Savers hear of a lower price once everyone can see it.
    const told =
      input.resale_price < laptop.price && status === 'published'
        ? await tellSaversOfDrop(tx, id, input.laptop_name, input.resale_price)
        : [];
    return { deliveries: told, dropped: current.filter((p) => !wanted.includes(p.id)).map((p) => p.id) };
  });
  if (dropped.length > 0) await removeUnusedPhotos({ db, store, ids: dropped });
  const [row] = await selectLaptops(db, eq(laptops.id, id));
  return { laptop: (await withReviews(db, [toLaptop(row!)]))[0]!, deliveries };
}

/**
 * DELETE /allLaptops: the laptop's seller or an admin. Its orders go with it (foreign key
 * cascade): a buyer's My Orders never shows a laptop that no longer exists.
 */
export async function deleteLaptop({ db, store, actor, id }: { db: Db; store: PhotoStore; actor: Actor; id: string }) {
  const laptop = await ownedLaptop(db, id);
  if (actor.role !== 'admin' && laptop.sellerId !== actor.id) {
    throw new AppError('delete_seller_or_admin');
  }
  const photoIds = await photosOf(db, { laptopIds: [id] });
  const deleted = await db.delete(laptops).where(eq(laptops.id, id)).returning({ id: laptops.id });
  // Its photos go with it, unless another listing holds one or another seller just uploaded it.
  await removeUnusedPhotos({ db, store, ids: photoIds, ignoreUploadsBy: laptop.sellerId });
  return { deletedCount: deleted.length };
}
