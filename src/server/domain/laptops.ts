import { and, desc, eq, type SQL } from 'drizzle-orm';
import { CATEGORIES, type Category } from '../../shared/catalog.ts';
import type { Laptop, PublicLaptop } from '../../shared/laptops.ts';
import type { Db } from '../db/client.ts';
import { laptops } from '../db/schema/laptops.ts';
import { users } from '../db/schema/users.ts';
import { notFound } from '../errors.ts';

// Seller name, e-mail and verification come from the seller's row (see db/schema/laptops.ts).
const laptopColumns = {
  id: laptops.id,
  category: laptops.category,
  imageUrl: laptops.imageUrl,
  name: laptops.name,
  description: laptops.description,
  location: laptops.location,
  resalePrice: laptops.resalePrice,
  originalPrice: laptops.originalPrice,
  usageYears: laptops.usageYears,
  postedAt: laptops.postedAt,
  condition: laptops.condition,
  salesStatus: laptops.salesStatus,
  advertised: laptops.advertised,
  booked: laptops.booked,
  sellerMobile: laptops.sellerMobile,
  sellerName: users.name,
  sellerEmail: users.email,
  sellerVerified: users.verified,
};

type LaptopRecord = {
  [K in keyof typeof laptopColumns]: (typeof laptopColumns)[K]['_']['data'];
};

export function toLaptop(r: LaptopRecord): Laptop {
  return {
    _id: r.id,
    category: r.category,
    laptop_img: r.imageUrl,
    laptop_name: r.name,
    laptopDesc: r.description,
    location: r.location,
    resale_price: r.resalePrice,
    original_price: r.originalPrice,
    usage_Time: r.usageYears,
    post_date: r.postedAt.toISOString(),
    seller_name: r.sellerName,
    seller_email: r.sellerEmail,
    seller_verified: r.sellerVerified,
    sellerMobileNumber: r.sellerMobile,
    conditionType: r.condition,
    salesStatus: r.salesStatus,
    advertise: r.advertised,
    booked: r.booked,
  };
}

function selectLaptops(db: Db, where: SQL | undefined) {
  return db
    .select(laptopColumns)
    .from(laptops)
    .innerJoin(users, eq(users.id, laptops.sellerId))
    .where(where)
    .orderBy(desc(laptops.postedAt), laptops.id);
}

/** Advertised laptops still for sale, for the home page. The route's schema drops seller contact. */
export async function listAdvertised({ db }: { db: Db }): Promise<PublicLaptop[]> {
  const rows = await selectLaptops(db, and(eq(laptops.advertised, true), eq(laptops.salesStatus, 'unsold')));
  return rows.map(toLaptop);
}

/** Laptops of a category still for sale, with seller contact. */
export async function listCategory({ db, category }: { db: Db; category: Category }): Promise<Laptop[]> {
  const rows = await selectLaptops(db, and(eq(laptops.category, category), eq(laptops.salesStatus, 'unsold')));
  return rows.map(toLaptop);
}

export function parseCategory(name: string): Category {
  const category = CATEGORIES.find((c) => c === name.toLowerCase());
  if (!category) throw notFound(`Category '${name}'`);
  return category;
}
