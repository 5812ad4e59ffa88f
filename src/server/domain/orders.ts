import { and, eq, exists, sql } from 'drizzle-orm';
import { ORDER_MESSAGES, type Order } from '../../shared/orders.ts';
import { LIST_LIMIT, type PageQuery } from '../../shared/search.ts';
import { type Db, newId } from '../db/client.ts';
import { laptops } from '../db/schema/laptops.ts';
import { orders } from '../db/schema/orders.ts';
import { users } from '../db/schema/users.ts';
import { AppError, notFound } from '../errors.ts';
import { type Actor, requireSelfOrAdmin } from './actor.ts';
import { afterKey, decodeCursor, newestFirst, type Page, timestampCursor, timestampKey, toPage } from './paging.ts';

const orderColumns = {
  id: orders.id,
  buyerName: users.name,
  buyerEmail: users.email,
  buyerPhone: orders.buyerPhone,
  meetingAddress: orders.meetingAddress,
  laptopImage: orders.laptopImage,
  laptopName: orders.laptopName,
  laptopId: orders.laptopId,
  resalePrice: orders.resalePrice,
  paymentStatus: orders.paymentStatus,
};

type OrderRecord = { [K in keyof typeof orderColumns]: (typeof orderColumns)[K]['_']['data'] };

const toOrder = (r: OrderRecord): Order => ({
  _id: r.id,
  buyerName: r.buyerName,
  buyerEmail: r.buyerEmail,
  buyerPhoneNumber: r.buyerPhone,
  meetingAddress: r.meetingAddress,
  laptop_img: r.laptopImage,
  laptop_name: r.laptopName,
  laptop_id: r.laptopId,
  resale_price: r.resalePrice,
  payment_status: r.paymentStatus,
});

const selectOrders = (db: Db) => db.select(orderColumns).from(orders).innerJoin(users, eq(users.id, orders.buyerId));

/** A laptop is booked while any order for it stands. */
export async function recomputeBooked(db: Db, laptopIds: string[]) {
  for (const id of new Set(laptopIds)) {
    await db
      .update(laptops)
      .set({ booked: sql`exists (select 1 from ${orders} where ${orders.laptopId} = ${id})` })
      .where(eq(laptops.id, id));
  }
}

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
  if (!row || (actor.role !== 'admin' && row.buyerEmail !== actor.email)) throw notFound('Order');
  return toOrder(row);
}

interface BookingRow {
  sales_status: string;
  seller_id: string;
  name: string;
  image_url: string;
  resale_price: number;
  inserted: boolean;
  buyer_name: string | null;
  buyer_email: string | null;
}

/**
 * Books a laptop: one order per buyer per laptop, held by the unique index under concurrency.
 * The laptop's name, image and price are copied from the database, never from the client.
 *
 * One statement (bookings at 1,000/s on PostgreSQL, docs/performance.md#targets and
 * docs/decisions/0012-fast-hot-path.md): it reads the laptop, inserts the order
 * unless this buyer already has one, marks the laptop booked, and says which of those happened —
 * atomically, in one round trip instead of a six-step transaction.
 */
export async function createOrder({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: { laptop_id: string; buyerPhoneNumber: string; meetingAddress: string };
}): Promise<Order> {
  const id = newId();
  const { rows } = (await db.execute(sql`
    with l as (
      select ${laptops.id}, ${laptops.sellerId}, ${laptops.name}, ${laptops.imageUrl}, ${laptops.resalePrice},
        ${laptops.salesStatus}
      from ${laptops} where ${laptops.id} = ${input.laptop_id}
    ), ins as (
      insert into ${orders} (id, buyer_id, laptop_id, buyer_phone, meeting_address, laptop_name, laptop_image,
        resale_price, payment_status)
      select ${id}, ${actor.id}, l.id, ${input.buyerPhoneNumber}, ${input.meetingAddress}, l.name, l.image_url,
        l.resale_price, false
      from l where l.sales_status = 'unsold' and l.seller_id <> ${actor.id}
      on conflict (buyer_id, laptop_id) do nothing
      returning laptop_id
    ), upd as (
      update ${laptops} set booked = true where ${laptops.id} in (select laptop_id from ins) and not ${laptops.booked}
    )
    select l.sales_status, l.seller_id, l.name, l.image_url, l.resale_price,
      exists (select 1 from ins) as inserted, u.name as buyer_name, u.email as buyer_email
    from l left join ${users} u on u.id = ${actor.id}
  `)) as unknown as { rows: BookingRow[] };
  const row = rows[0];
  if (row?.sales_status !== 'unsold') throw notFound('Laptop');
  if (row.seller_id === actor.id) throw new AppError('forbidden', ORDER_MESSAGES.ownLaptop);
  if (!row.inserted) throw new AppError('conflict', ORDER_MESSAGES.alreadyBooked);
  return toOrder({
    id,
    buyerName: row.buyer_name ?? actor.name,
    buyerEmail: row.buyer_email ?? actor.email,
    buyerPhone: input.buyerPhoneNumber,
    meetingAddress: input.meetingAddress,
    laptopImage: row.image_url,
    laptopName: row.name,
    laptopId: input.laptop_id,
    resalePrice: Number(row.resale_price),
    paymentStatus: false,
  });
}

/** PUT /booked/{laptopId}: a buyer with an order for it, its seller, or an admin. */
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
  const [laptop] = await db
    .select({
      sellerId: laptops.sellerId,
      ordered: exists(
        db
          .select({ one: sql`1` })
          .from(orders)
          .where(and(eq(orders.laptopId, laptops.id), eq(orders.buyerId, actor.id))),
      ).mapWith(Boolean),
    })
    .from(laptops)
    .where(eq(laptops.id, laptopId));
  if (!laptop) throw notFound('Laptop');
  if (actor.role !== 'admin' && laptop.sellerId !== actor.id && !laptop.ordered) {
    throw new AppError('forbidden', 'Only a buyer who booked this laptop, its seller or an admin may change this');
  }
  const updated = await db
    .update(laptops)
    .set({ booked })
    .where(eq(laptops.id, laptopId))
    .returning({ id: laptops.id });
  return { modifiedCount: updated.length };
}

/** Cancels an order: its buyer or an admin. The laptop stays booked only while other orders stand. */
export async function cancelOrder({ db, actor, id }: { db: Db; actor: Actor; id: string }) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id));
    if (!order || (actor.role !== 'admin' && order.buyerId !== actor.id)) throw notFound('Order');
    await tx.delete(orders).where(eq(orders.id, id));
    await recomputeBooked(tx, [order.laptopId]);
    return { deletedCount: 1 };
  });
}
