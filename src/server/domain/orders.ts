import { and, desc, eq, exists, sql } from 'drizzle-orm';
import { ORDER_MESSAGES, type Order } from '../../shared/orders.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { laptops } from '../db/schema/laptops.ts';
import { orders } from '../db/schema/orders.ts';
import { users } from '../db/schema/users.ts';
import { AppError, notFound } from '../errors.ts';
import { type Actor, requireSelfOrAdmin, requireSignedIn } from './actor.ts';

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

export async function listOrders({ db, actor, buyerEmail }: { db: Db; actor: Actor | null; buyerEmail: string }) {
  requireSelfOrAdmin(actor, buyerEmail);
  const rows = await selectOrders(db).where(eq(users.email, buyerEmail)).orderBy(desc(orders.createdAt), orders.id);
  return rows.map(toOrder);
}

export async function getOrder({ db, actor, id }: { db: Db; actor: Actor | null; id: string }) {
  const a = requireSignedIn(actor);
  const [row] = await selectOrders(db).where(eq(orders.id, id));
  // Someone else's order is answered as missing: no one learns which ids exist.
  if (!row || (a.role !== 'admin' && row.buyerEmail !== a.email)) throw notFound('Order');
  return toOrder(row);
}

/**
 * Books a laptop: one order per buyer per laptop, held by the unique index under concurrency.
 * The laptop's name, image and price are copied from the database, never from the client.
 */
export async function createOrder({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor | null;
  input: { laptop_id: string; buyerPhoneNumber: string; meetingAddress: string };
}): Promise<Order> {
  const a = requireSignedIn(actor);
  return db.transaction(async (tx) => {
    const [laptop] = await tx.select().from(laptops).where(eq(laptops.id, input.laptop_id));
    if (laptop?.salesStatus !== 'unsold') throw notFound('Laptop');
    if (laptop.sellerId === a.id) throw new AppError('forbidden', ORDER_MESSAGES.ownLaptop);
    const id = newId();
    const inserted = await tx
      .insert(orders)
      .values({
        id,
        buyerId: a.id,
        laptopId: laptop.id,
        buyerPhone: input.buyerPhoneNumber,
        meetingAddress: input.meetingAddress,
        laptopName: laptop.name,
        laptopImage: laptop.imageUrl,
        resalePrice: laptop.resalePrice,
        paymentStatus: false,
      })
      .onConflictDoNothing({ target: [orders.buyerId, orders.laptopId] })
      .returning({ id: orders.id });
    if (inserted.length === 0) throw new AppError('conflict', ORDER_MESSAGES.alreadyBooked);
    await tx.update(laptops).set({ booked: true }).where(eq(laptops.id, laptop.id));
    const [row] = await selectOrders(tx).where(eq(orders.id, id));
    return toOrder(row!);
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
  actor: Actor | null;
  laptopId: string;
  booked: boolean;
}) {
  const a = requireSignedIn(actor);
  const [laptop] = await db
    .select({
      sellerId: laptops.sellerId,
      ordered: exists(
        db
          .select({ one: sql`1` })
          .from(orders)
          .where(and(eq(orders.laptopId, laptops.id), eq(orders.buyerId, a.id))),
      ).mapWith(Boolean),
    })
    .from(laptops)
    .where(eq(laptops.id, laptopId));
  if (!laptop) throw notFound('Laptop');
  if (a.role !== 'admin' && laptop.sellerId !== a.id && !laptop.ordered) {
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
export async function cancelOrder({ db, actor, id }: { db: Db; actor: Actor | null; id: string }) {
  const a = requireSignedIn(actor);
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id));
    if (!order || (a.role !== 'admin' && order.buyerId !== a.id)) throw notFound('Order');
    await tx.delete(orders).where(eq(orders.id, id));
    await recomputeBooked(tx, [order.laptopId]);
    return { deletedCount: 1 };
  });
}
