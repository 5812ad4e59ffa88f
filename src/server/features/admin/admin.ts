import { count, eq } from 'drizzle-orm';
import type { Actor } from '../../platform/actor.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { laptops } from '../laptops/schema.ts';
import { recomputeBooked } from '../orders/orders.ts';
import { orders } from '../orders/schema.ts';
import { removedPhones } from '../phone/schema.ts';
import { photosOf, removeUnusedPhotos } from '../photos/photos.ts';
import type { PhotoStore } from '../photos/store.ts';
import { users } from '../users/schema.ts';

/**
 * DELETE /users: the admin removes a buyer or a seller, never themself or another admin.
 * Their verified phone number is kept as removed (it cannot be verified again on any account).
 * The database cascades: their sessions and sign-in accounts end, a seller's laptops (and the
 * orders on them) leave the catalogue, a buyer's orders go and the laptops they had booked are
 * booked again only if someone else's order stands.
 */
export async function deleteUser({ db, store, actor, id }: { db: Db; store: PhotoStore; actor: Actor; id: string }) {
  if (id === actor.id) throw new AppError('own_account_delete');
  const photoIds = await photosOf(db, {
    laptopIds: (await db.select({ id: laptops.id }).from(laptops).where(eq(laptops.sellerId, id))).map((l) => l.id),
    sellerIds: [id],
  });
  const result = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ role: users.role, verifiedPhone: users.verifiedPhone })
      .from(users)
      .where(eq(users.id, id));
    if (!target) throw new AppError('user_not_found');
    if (target.role === 'admin') throw new AppError('admin_not_deletable');
    // Their proved number stays refused: signing up again must not come with a fresh verified phone.
    if (target.verifiedPhone) {
      await tx.insert(removedPhones).values({ phone: target.verifiedPhone }).onConflictDoNothing();
    }
    const booked = await tx.select({ laptopId: orders.laptopId }).from(orders).where(eq(orders.buyerId, id));
    await tx.delete(users).where(eq(users.id, id));
    await recomputeBooked(
      tx,
      booked.map((b) => b.laptopId),
    );
    return { deletedCount: 1 };
  });
  // Their photos go with their listings and uploads, unless someone else holds one.
  await removeUnusedPhotos({ db, store, ids: photoIds, ignoreUploadsBy: id });
  return result;
}

/** What verifying a seller writes: the mark, and its record (who, when, on what grounds). */
const verification = (actor: Actor, note: string | undefined) => {
  const now = new Date();
  return { verified: true, verifiedAt: now, verifiedBy: actor.id, verificationNote: note ?? null, updatedAt: now };
};

/**
 * PUT /users/{id}: the admin verifies a seller, recording who, when and on what grounds (the seller
 * page shows since when). Verification applies to sellers only; verifying again keeps the first record.
 */
export async function verifySeller({ db, actor, id, note }: { db: Db; actor: Actor; id: string; note?: string }) {
  const [target] = await db.select({ role: users.role, verified: users.verified }).from(users).where(eq(users.id, id));
  if (!target) throw new AppError('user_not_found');
  if (target.role !== 'seller') throw new AppError('sellers_only_verified');
  if (target.verified) return { modifiedCount: 0 };
  await db.update(users).set(verification(actor, note)).where(eq(users.id, id));
  return { modifiedCount: 1 };
}

/**
 * PUT /allLaptop/{email}: marks a seller's laptops verified. A laptop reads its seller's
 * verification (docs/decisions/0002), so this confirms the seller is verified and reports how
 * many laptops now show the mark.
 */
export async function verifySellerLaptops({
  db,
  actor,
  email,
  note,
}: {
  db: Db;
  actor: Actor;
  email: string;
  note?: string;
}) {
  const [seller] = await db.select().from(users).where(eq(users.email, email));
  if (!seller) throw new AppError('seller_not_found');
  if (seller.role !== 'seller') throw new AppError('sellers_only_verified');
  if (!seller.verified) await db.update(users).set(verification(actor, note)).where(eq(users.id, seller.id));
  const [row] = await db.select({ n: count() }).from(laptops).where(eq(laptops.sellerId, seller.id));
  return { modifiedCount: row?.n ?? 0 };
}
