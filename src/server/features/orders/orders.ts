import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_ORDER_STATUSES, type OrderStatus } from '../../../shared/catalog.ts';
import type { Order } from '../../../shared/orders.ts';
import { internationalBdMobile } from '../../../shared/phone.ts';
import { ratingOf } from '../../../shared/reviews.ts';
import { LIST_LIMIT, type PageQuery } from '../../../shared/search.ts';
import { type Actor, requireSelfOrAdmin } from '../../platform/actor.ts';
import { type Db, newId } from '../../platform/db/client.ts';
import { namedOnce } from '../../platform/db/prepared.ts';
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
import { blocks } from '../conversations/schema.ts';
import { laptops } from '../laptops/schema.ts';
import { recordNotifications, type WithDeliveries } from '../notifications/notifications.ts';
import { notifications } from '../notifications/schema.ts';
import { users } from '../users/schema.ts';
import { wishlist } from '../wishlist/schema.ts';
import { orders } from './schema.ts';

const orderColumns = {
  id: orders.id,
  buyerName: users.name,
  buyerEmail: users.email,
  buyerPhone: orders.buyerPhone,
  buyerVerifiedPhone: users.verifiedPhone,
  meetingAddress: orders.meetingAddress,
  laptopImage: orders.laptopImage,
  laptopName: orders.laptopName,
  laptopId: orders.laptopId,
  resalePrice: orders.resalePrice,
  paymentStatus: orders.paymentStatus,
  status: orders.status,
  createdAt: orders.createdAt,
};

type OrderRecord = {
  [K in keyof typeof orderColumns]: (typeof orderColumns)[K]['_'] extends { notNull: true }
    ? (typeof orderColumns)[K]['_']['data']
    : (typeof orderColumns)[K]['_']['data'] | null;
};

const toOrder = (r: OrderRecord): Order => ({
  _id: r.id,
  buyerName: r.buyerName,
  buyerEmail: r.buyerEmail,
  buyerPhoneNumber: r.buyerPhone,
  // Booked with the number the buyer proved by SMS (docs/product.md#phone-verification).
  phone_verified: r.buyerVerifiedPhone !== null && r.buyerVerifiedPhone === internationalBdMobile(r.buyerPhone),
  meetingAddress: r.meetingAddress,
  laptop_img: r.laptopImage,
  laptop_name: r.laptopName,
  laptop_id: r.laptopId,
  resale_price: r.resalePrice,
  payment_status: r.paymentStatus,
  status: r.status,
  created_at: r.createdAt.toISOString(),
});

const selectOrders = (db: Db) => db.select(orderColumns).from(orders).innerJoin(users, eq(users.id, orders.buyerId));

/** An order still holds its laptop for its buyer (docs/product.md#deals). */
const standing = inArray(orders.status, [...ACTIVE_ORDER_STATUSES]);

/** A laptop is booked while any of its orders stands (requested or accepted). */
export async function recomputeBooked(db: Db | Tx, laptopIds: string[]) {
  for (const id of new Set(laptopIds)) {
    await db
      .update(laptops)
      .set({
        booked: sql`exists (select 1 from ${orders} where ${orders.laptopId} = ${id} and ${orders.status} in ('requested', 'accepted'))`,
      })
      .where(eq(laptops.id, id));
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A buyer's orders, newest first, a page at a time (docs/search.md#cursors). Unrun, so tests can
 * EXPLAIN it.
 */
export function orderPageStatement(db: Db, buyerEmail: string, { limit, cursor }: PageQuery) {
  const after = cursor
    ? afterKey(orders.createdAt, orders.id, 'desc', timestampCursor(decodeCursor(cursor, NEWEST, 'timestamp')))
    : undefined;
  return db
    .select({ ...orderColumns, createdAtKey: timestampKey(orders.createdAt) })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(and(eq(orders.buyerId, db.select({ id: users.id }).from(users).where(eq(users.email, buyerEmail))), after))
    .orderBy(newestFirst(orders.createdAt), newestFirst(orders.id))
    .limit((limit ?? LIST_LIMIT.default) + 1);
}

const NEWEST = 'newest';

export async function listOrders({
  db,
  actor,
  buyerEmail,
  page,
}: {
  db: Db;
  actor: Actor;
  buyerEmail: string;
  page: PageQuery;
}): Promise<Page<Order>> {
  requireSelfOrAdmin(actor, buyerEmail);
  const rows = await orderPageStatement(db, buyerEmail, page);
  return toPage(rows, page.limit ?? LIST_LIMIT.default, NEWEST, (r) => r.createdAtKey, toOrder);
}

export async function getOrder({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  const [row] = await selectOrders(db).where(eq(orders.id, id));
  // Someone else's order is answered as missing: no one learns which ids exist.
  if (!row || (actor.role !== 'admin' && row.buyerEmail !== actor.email)) throw new AppError('order_not_found');
  return toOrder(row);
}

interface BookingRow {
  sales_status: string;
  review_status: string;
  seller_id: string;
  name: string;
  image_url: string;
  resale_price: number;
  /** The seller has blocked this buyer. */
  blocked: boolean;
  inserted: boolean;
  buyer_name: string | null;
  buyer_email: string | null;
  /** The number the buyer verified by SMS (8801…), if any. */
  buyer_verified_phone: string | null;
  created_at: string | Date | null;
  /** The seller's notification of this booking, as written. */
  notification_id: string | number | null;
  notification_at: string | Date | null;
}

/**
 * Books a laptop: one order per buyer per laptop, held by the unique index under concurrency.
 * The laptop's name, image and price are copied from the database, never from the client.
 *
 * One statement (bookings at 1,000/s on PostgreSQL, docs/performance.md#targets and
 * docs/decisions/0012-fast-hot-path.md): it reads the laptop, inserts the order
 * unless this buyer already has one, marks the laptop booked, and says which of those happened —
 * atomically, in one round trip instead of a six-step transaction.
 *
 * The laptop is read `for update`, as every change to a deal locks it first (`lockedOrder`,
 * `markSold`): a booking and Mark sold take turns. Under READ COMMITTED a booking that waited for
 * the sale gets the laptop's row as the sale left it, so it sees `sold` and inserts nothing; read
 * without the lock, it saw the row as it was when the statement began and left a request standing
 * on a sold laptop that the sale had not declined. For the same reason the flag is tested on the
 * locked row (`l.booked`), not on the statement's snapshot, which may predate a cancel that cleared it.
 */
/**
 * A booking in one statement: the laptop locked, the order inserted unless the buyer has an open one
 * for it, the laptop marked booked, the buyer's phone remembered, the seller told. Every table is
 * reached by its key, so it is planned once and run by name (platform/db/prepared.ts `namedOnce`).
 */
const bookingStatement = () => sql`
  with l as (
    select ${laptops.id}, ${laptops.sellerId}, ${laptops.name}, ${laptops.imageUrl}, ${laptops.resalePrice},
      ${laptops.salesStatus}, ${laptops.reviewStatus}, ${laptops.booked},
      -- A seller who blocked this buyer takes no booking from them (docs/product.md#blocks).
      exists (select 1 from ${blocks} b where b.blocker_id = ${laptops.sellerId} and b.blocked_id = ${sql.placeholder('buyerId')}) as blocked
    from ${laptops} where ${laptops.id} = ${sql.placeholder('laptopId')}
    for update
  ), ins as (
    insert into ${orders} (id, buyer_id, laptop_id, seller_id, buyer_phone, meeting_address, laptop_name,
      laptop_image, resale_price, payment_status, status)
    select ${sql.placeholder('id')}, ${sql.placeholder('buyerId')}, l.id, l.seller_id, ${sql.placeholder('phone')}, ${sql.placeholder('address')}, l.name,
      l.image_url, l.resale_price, false, 'requested'
    from l where l.sales_status = 'unsold' and l.review_status = 'published' and l.seller_id <> ${sql.placeholder('buyerId')} and not l.blocked
    on conflict (buyer_id, laptop_id) where status in ('requested', 'accepted') do nothing
    returning laptop_id
  ), upd as (
    update ${laptops} set booked = true where ${laptops.id} in (select laptop_id from ins) and not (select booked from l)
  ), phone as (
    -- The next form this buyer fills starts with this number (docs/product.md#phone-numbers).
    update ${users} set phone = ${sql.placeholder('phone')}
    where ${users.id} = ${sql.placeholder('buyerId')} and ${users.phone} is null and exists (select 1 from ins)
  ), told as (
    insert into ${notifications} (user_id, kind, laptop_id, laptop_name, order_id, note)
    select l.seller_id, 'order_requested', l.id, l.name, ${sql.placeholder('id')}, (select name from ${users} where id = ${sql.placeholder('buyerId')})
    from l where exists (select 1 from ins)
    returning id, created_at
  )
  select l.sales_status, l.review_status, l.seller_id, l.name, l.image_url, l.resale_price, l.blocked,
    exists (select 1 from ins) as inserted, u.name as buyer_name, u.email as buyer_email,
    u.verified_phone as buyer_verified_phone,
    (select created_at from told) as created_at,
    (select id from told) as notification_id, (select created_at from told) as notification_at
  from l left join ${users} u on u.id = ${sql.placeholder('buyerId')}
`;

export async function createOrder({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: { laptop_id: string; buyerPhoneNumber: string; meetingAddress: string };
}): Promise<WithDeliveries<Order>> {
  const id = newId();
  const { rows } = await namedOnce<BookingRow>(db, 'create_order', bookingStatement).execute({
    id,
    buyerId: actor.id,
    laptopId: input.laptop_id,
    phone: input.buyerPhoneNumber,
    address: input.meetingAddress,
  });
  const row = rows[0];
  // A listing the admin hid, or one held for review, is answered as missing, as its page is
  // (features/laptops/laptops.ts getLaptop).
  if (!row || row.sales_status === 'hidden' || row.review_status !== 'published')
    throw new AppError('laptop_not_found');
  if (row.seller_id === actor.id) throw new AppError('own_laptop');
  if (row.blocked) throw new AppError('blocked_by_user');
  if (row.sales_status !== 'unsold') throw new AppError('laptop_not_for_sale');
  if (!row.inserted) throw new AppError('already_booked');
  const createdAt = new Date(row.created_at ?? Date.now());
  const buyerName = row.buyer_name ?? actor.name;
  return {
    result: toOrder({
      id,
      buyerName,
      buyerEmail: row.buyer_email ?? actor.email,
      buyerPhone: input.buyerPhoneNumber,
      buyerVerifiedPhone: row.buyer_verified_phone,
      meetingAddress: input.meetingAddress,
      laptopImage: row.image_url,
      laptopName: row.name,
      laptopId: input.laptop_id,
      resalePrice: Number(row.resale_price),
      paymentStatus: false,
      status: 'requested',
      createdAt,
    }),
    deliveries:
      row.notification_id == null
        ? []
        : [
            {
              userId: row.seller_id,
              notification: {
                _id: String(row.notification_id),
                kind: 'order_requested',
                laptop_id: input.laptop_id,
                laptop_name: row.name,
                order_id: id,
                amount: null,
                note: buyerName,
                created_at: new Date(row.notification_at ?? createdAt).toISOString(),
                read: false,
              },
            },
          ],
  };
}

/**
 * PUT /booked/{laptopId}: a buyer whose order for it stands (requested or accepted), its seller, or
 * an admin, while the laptop is for sale (409 after: a sale or a hide leaves it unbooked). The laptop
 * is locked first, as for every change to a deal, so a sale cannot slip in between the check and
 * the write.
 */
export async function setBooked({
  db,
  actor,
  laptopId,
  booked,
}: {
  db: Db;
  actor: Actor;
  laptopId: string;
  booked: boolean;
}) {
  return db.transaction(async (tx) => {
    const [laptop] = await tx
      .select({ sellerId: laptops.sellerId, salesStatus: laptops.salesStatus })
      .from(laptops)
      .where(eq(laptops.id, laptopId))
      .for('update');
    if (!laptop) throw new AppError('laptop_not_found');
    if (actor.role !== 'admin' && laptop.sellerId !== actor.id) {
      const [mine] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.laptopId, laptopId), eq(orders.buyerId, actor.id), standing))
        .limit(1);
      if (!mine) {
        throw new AppError('booking_change_forbidden');
      }
    }
    if (laptop.salesStatus !== 'unsold') throw new AppError('laptop_not_for_sale');
    const updated = await tx
      .update(laptops)
      .set({ booked })
      .where(eq(laptops.id, laptopId))
      .returning({ id: laptops.id });
    return { modifiedCount: updated.length };
  });
}

/**
 * Cancels a booking (DELETE /myOrders/{id}): its buyer or an admin, while it stands (requested or
 * accepted; 409 after). It stays in My Orders as cancelled; the laptop stays booked only while
 * other orders stand, and the seller is told.
 */
export async function cancelOrder({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: Actor;
  id: string;
}): Promise<WithDeliveries<{ deletedCount: number }>> {
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, id);
    if (!order || (actor.role !== 'admin' && order.buyerId !== actor.id)) throw new AppError('order_not_found');
    await moveOrder(tx, order, 'cancelled', ACTIVE_ORDER_STATUSES);
    await recomputeBooked(tx, [order.laptopId]);
    const [buyer] = await tx.select({ name: users.name }).from(users).where(eq(users.id, order.buyerId));
    const deliveries = await recordNotifications(tx, [
      {
        userId: order.sellerId,
        kind: 'order_cancelled',
        laptopId: order.laptopId,
        laptopName: order.laptopName,
        orderId: order.id,
        note: buyer?.name ?? null,
      },
    ]);
    return { result: { deletedCount: 1 }, deliveries };
  });
}

/**
 * An order, locked for the rest of the transaction, so two answers to one order are taken one
 * after the other. Its laptop is locked first: every change to a deal locks laptop, then order, in
 * that order (marking sold locks the laptop, then its orders), so two of them cannot deadlock.
 */
async function lockedOrder(tx: Tx, id: string) {
  const [peek] = await tx.select({ laptopId: orders.laptopId }).from(orders).where(eq(orders.id, id));
  if (!peek) return undefined;
  const [laptop] = await tx
    .select({ salesStatus: laptops.salesStatus })
    .from(laptops)
    .where(eq(laptops.id, peek.laptopId))
    .for('update');
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return order && laptop && { ...order, laptopSalesStatus: laptop.salesStatus };
}

/**
 * Moves a (locked) order to `to` if it is in one of `from` (docs/product.md#deals); 409 naming where
 * it is otherwise, so of two answers given at once exactly one takes effect.
 */
async function moveOrder(
  tx: Tx,
  order: { id: string; status: OrderStatus },
  to: OrderStatus,
  from: readonly OrderStatus[],
) {
  if (!from.includes(order.status)) {
    throw new AppError('booking_already', { status: order.status });
  }
  await tx.update(orders).set({ status: to, updatedAt: new Date() }).where(eq(orders.id, order.id));
}

/** GET /myBuyers: the bookings on the seller's laptops, newest first, a page at a time. Unrun, for EXPLAIN. */
export function buyerPageStatement(db: Db, sellerId: string, { limit, cursor }: PageQuery) {
  const after = cursor
    ? afterKey(orders.createdAt, orders.id, 'desc', timestampCursor(decodeCursor(cursor, NEWEST, 'timestamp')))
    : undefined;
  return db
    .select({
      ...orderColumns,
      createdAtKey: timestampKey(orders.createdAt),
      // The buyer's record from the sellers they bought from (docs/product.md#ratings), shown only to
      // sellers they book from: their published reviews by sellers, along review_subject_published_idx.
      // Drizzle writes columns unqualified in a select's expressions, so the subquery names its tables.
      buyerRating: sql<{
        count: number;
        sum: number;
      } | null>`(select json_build_object('count', count(*), 'sum', coalesce(sum(r.rating), 0))
        from review r where r.subject_id = "order".buyer_id and r.author_role = 'seller' and r.published_at is not null)`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(and(eq(orders.sellerId, sellerId), after))
    .orderBy(newestFirst(orders.createdAt), newestFirst(orders.id))
    .limit((limit ?? LIST_LIMIT.default) + 1);
}

export async function listMyBuyers({
  db,
  actor,
  page,
}: {
  db: Db;
  actor: Actor;
  page: PageQuery;
}): Promise<Page<Order>> {
  const rows = await buyerPageStatement(db, actor.id, page);
  return toPage(
    rows,
    page.limit ?? LIST_LIMIT.default,
    NEWEST,
    (r) => r.createdAtKey,
    (r) => {
      const rating = typeof r.buyerRating === 'string' ? JSON.parse(r.buyerRating) : r.buyerRating;
      return { ...toOrder(r), buyer_rating: ratingOf(Number(rating?.count ?? 0), Number(rating?.sum ?? 0)) };
    },
  );
}

/**
 * PUT /myBuyers/{orderId}: the laptop's seller accepts a booking (while it is requested and the
 * laptop is for sale) or declines it (requested or accepted). Anyone else's order is answered as
 * missing. The buyer is told.
 */
export async function answerOrder({
  db,
  actor,
  orderId,
  status,
}: {
  db: Db;
  actor: Actor;
  orderId: string;
  status: 'accepted' | 'declined';
}): Promise<WithDeliveries<{ modifiedCount: number }>> {
  return db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (!order || order.sellerId !== actor.id) throw new AppError('order_not_found');
    // Marking sold or hiding declines every standing booking; one left standing on a laptop no
    // longer for sale (as bookings racing a sale could, before they took the laptop's lock) may
    // still be declined, never accepted.
    if (status === 'accepted' && order.status === 'requested' && order.laptopSalesStatus !== 'unsold') {
      throw new AppError('laptop_not_for_sale');
    }
    await moveOrder(tx, order, status, status === 'accepted' ? ['requested'] : ACTIVE_ORDER_STATUSES);
    if (status === 'declined') await recomputeBooked(tx, [order.laptopId]);
    const deliveries = await recordNotifications(tx, [
      {
        userId: order.buyerId,
        kind: status === 'accepted' ? 'order_accepted' : 'order_declined',
        laptopId: order.laptopId,
        laptopName: order.laptopName,
        orderId: order.id,
      },
    ]);
    return { result: { modifiedCount: 1 }, deliveries };
  });
}

/**
 * PUT /myProducts/{id} `{ salesStatus: 'sold', orderId? }`: the seller marks the laptop sold, to one
 * of its standing bookings or to someone outside the site. In one transaction: the laptop leaves
 * every list (sold), that booking is completed, the others on the laptop are declined, and the
 * buyers and those who saved the laptop are told.
 */
export async function markSold({
  db,
  actor,
  laptopId,
  orderId,
}: {
  db: Db;
  actor: Actor;
  laptopId: string;
  orderId?: string;
}): Promise<WithDeliveries<{ modifiedCount: number }>> {
  return db.transaction(async (tx) => {
    const [laptop] = await tx
      .select({ sellerId: laptops.sellerId, name: laptops.name, salesStatus: laptops.salesStatus })
      .from(laptops)
      .where(eq(laptops.id, laptopId))
      .for('update');
    if (!laptop) throw new AppError('laptop_not_found');
    if (laptop.sellerId !== actor.id) throw new AppError('mark_sold_seller_only');
    if (laptop.salesStatus !== 'unsold') throw new AppError('laptop_not_for_sale');
    const open = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.laptopId, laptopId), standing))
      .for('update');
    let buyerId: string | undefined;
    if (orderId) {
      const target = open.find((o) => o.id === orderId);
      if (!target) {
        const [other] = await tx.select().from(orders).where(eq(orders.id, orderId));
        if (!other || other.sellerId !== actor.id) throw new AppError('order_not_found');
        if (other.laptopId !== laptopId) throw new AppError('booking_other_laptop');
        throw new AppError('booking_already', { status: other.status });
      }
      buyerId = target.buyerId;
    }
    const now = new Date();
    for (const o of open) {
      await tx
        .update(orders)
        .set({ status: o.id === orderId ? 'completed' : 'declined', updatedAt: now })
        .where(eq(orders.id, o.id));
    }
    await tx.update(laptops).set({ salesStatus: 'sold', booked: false }).where(eq(laptops.id, laptopId));
    const about = { laptopId, laptopName: laptop.name };
    const savers = await tx.select({ userId: wishlist.userId }).from(wishlist).where(eq(wishlist.laptopId, laptopId));
    const deliveries = await recordNotifications(tx, [
      ...open.map((o) => ({
        ...about,
        userId: o.buyerId,
        orderId: o.id,
        kind: o.id === orderId ? ('order_completed' as const) : ('sold_to_other' as const),
      })),
      ...savers
        .filter((w) => w.userId !== buyerId && !open.some((o) => o.buyerId === w.userId))
        .map((w) => ({ ...about, userId: w.userId, kind: 'wishlist_sold' as const })),
    ]);
    return { result: { modifiedCount: 1 }, deliveries };
  });
}
