import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { BRANDS, PROCESSOR_FAMILY_PATTERN, RAM_SIZES_GB, STORAGE_TYPES } from '../../../shared/catalog.ts';
import {
  categoryEnum,
  conditionEnum,
  locationEnum,
  reviewStatusEnum,
  salesStatusEnum,
} from '../../platform/db/enums.ts';
import { users } from '../users/schema.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const inList = (values: readonly (string | number)[]) =>
  sql.raw(values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', '));

// Seller name, e-mail and verification are read from the seller's user row, so verifying a
// seller marks all their laptops at once and nothing can drift.
// Brand and storage type are text with a check rather than enums: the search columns below are
// generated from them, and a generated column may only use immutable expressions (an enum's
// text is not).
/** The filters a walking search tests as it goes (features/laptops/search.ts), carried by the indexes it walks. */
const tested = (t: { location: AnyPgColumn; ramGb: AnyPgColumn; storageGb: AnyPgColumn; condition: AnyPgColumn }) =>
  [t.location, t.ramGb, t.storageGb, t.condition] as const;
/** The same for a walk newest first, which tests the price range too. */
const testedNewest = (t: Parameters<typeof tested>[0] & { resalePrice: AnyPgColumn }) =>
  [t.resalePrice, ...tested(t)] as const;
/**
 * For sale and shown to everyone: the predicate of every partial index a public list walks, written
 * as `forSale` (features/laptops/laptops.ts) writes it, so each plan can use them.
 */
const forSaleIndex = (t: { salesStatus: AnyPgColumn; reviewStatus: AnyPgColumn }) =>
  sql`${t.salesStatus} = 'unsold' and ${t.reviewStatus} = 'published'`;

export const laptops = pgTable(
  'laptop',
  {
    id: text('id').primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: categoryEnum('category').notNull(),
    name: text('name').notNull(),
    /** The image URL the seller gave, or the cover photo's (its widest WebP) for a listing with photos. */
    imageUrl: text('image_url').notNull(),
    // The cover photo (the first of laptop_photo), copied here so lists need no join: a photo's
    // size never changes (features/photos/schema.ts).
    coverPhotoId: text('cover_photo_id'),
    coverWidth: integer('cover_width'),
    coverHeight: integer('cover_height'),
    coverWidths: smallint('cover_widths').array(),
    description: text('description').notNull(),
    location: locationEnum('location').notNull(),
    resalePrice: integer('resale_price').notNull(),
    originalPrice: integer('original_price').notNull(),
    /** Whole years of use, kept as `usage_months / 12` for clients that read years only. */
    usageYears: integer('usage_years').notNull(),
    /** How long the laptop has been used, in months (docs/product.md#years-of-use). */
    usageMonths: integer('usage_months').notNull().default(0),
    /** The seller will talk about the price. */
    negotiable: boolean('negotiable').notNull().default(false),
    /** Where in the division, as the seller writes it ("Mirpur 10"); searched as text. */
    area: text('area'),
    condition: conditionEnum('condition').notNull(),
    sellerMobile: text('seller_mobile').notNull(),
    salesStatus: salesStatusEnum('sales_status').notNull().default('unsold'),
    /**
     * Shown to everyone once `published`; `pending` while the admin reviews what the risk checks
     * found, `rejected` after (features/moderation): both seen by the seller and the admin only.
     */
    reviewStatus: reviewStatusEnum('review_status').notNull().default('published'),
    advertised: boolean('advertised').notNull().default(false),
    booked: boolean('booked').notNull().default(false),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why the admin hid it (salesStatus `hidden`), as its seller is told (docs/product.md#reports). */
    hiddenReason: text('hidden_reason'),
    // Structured specs (docs/product.md#specs), each optional.
    brand: text('brand'),
    processor: text('processor'),
    ramGb: smallint('ram_gb'),
    storageGb: integer('storage_gb'),
    storageType: text('storage_type'),
    screenInches: numeric('screen_inches', { precision: 3, scale: 1, mode: 'number' }),
    gpu: text('gpu'),
    batteryHealth: smallint('battery_health'),
    /** The processor's family (`i5`, `ryzen7`, `m2pro`), as shared/catalog.ts's processorFamily reads it. */
    processorFamily: text('processor_family').generatedAlwaysAs(
      sql`substring(regexp_replace(lower(processor), '[^a-z0-9]', '', 'g') from '${sql.raw(PROCESSOR_FAMILY_PATTERN)}')`,
    ),
    /** Full-text search document: name, brand, processor, area and description (docs/search.md). */
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      sql`to_tsvector('simple', name || ' ' || coalesce(brand, '') || ' ' || coalesce(processor, '') || ' ' || coalesce(area, '') || ' ' || description)`,
    ),
    /** Lower-cased name, brand and processor, for typo-tolerant matching of model names (pg_trgm). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name || ' ' || coalesce(brand, '') || ' ' || coalesce(processor, ''))`,
    ),
  },
  (t) => [
    // A category page and a seller's own list page newest first by (posted_at, id); a search in a
    // category walks it testing the filters it carries (`tested`, below).
    index('laptop_category_for_sale_idx')
      .on(t.category, t.postedAt.desc(), t.id.desc(), ...testedNewest(t))
      .where(forSaleIndex(t)),
    index('laptop_seller_newest_idx').on(t.sellerId, t.postedAt.desc(), t.id.desc()),
    // Search's verified filter: the laptops for sale of the verified sellers, read from indexes only.
    index('laptop_for_sale_seller_idx').on(t.sellerId).where(forSaleIndex(t)),
    index('laptop_advertised_idx')
      .on(t.postedAt.desc())
      .where(sql`${t.advertised} and ${forSaleIndex(t)}`),
    check('laptop_prices_positive', sql`${t.resalePrice} > 0 and ${t.originalPrice} > 0`),
    check('laptop_usage_years_range', sql`${t.usageYears} between 0 and 100`),
    check('laptop_usage_months_range', sql`${t.usageMonths} between 0 and 1200`),
    check('laptop_area_length', sql`char_length(${t.area}) between 1 and 60`),
    check('laptop_brand_known', sql`${t.brand} in (${inList(BRANDS)})`),
    check('laptop_ram_known', sql`${t.ramGb} in (${inList(RAM_SIZES_GB)})`),
    check('laptop_storage_range', sql`${t.storageGb} between 32 and 8192`),
    check('laptop_storage_type_known', sql`${t.storageType} in (${inList(STORAGE_TYPES)})`),
    check('laptop_screen_range', sql`${t.screenInches} between 10.0 and 18.4`),
    check('laptop_battery_range', sql`${t.batteryHealth} between 0 and 100`),
    // Search and browse (docs/search.md): every filter and sort has an index; lists page by
    // (sort key, id), so each sort's index ends with the id.
    index('laptop_search_document_idx').using('gin', t.searchDocument),
    index('laptop_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The indexes a search walks in its sort's order end with the filters it tests on the way
    // (`tested`): the walk then reads index entries only, not a table row per laptop it passes
    // (docs/search.md#walking-or-gathering-a-page; Drizzle cannot write INCLUDE, so they are key columns).
    // Also on (posted_at desc, id desc), in migration 0007 (Drizzle cannot write INCLUDE):
    // laptop_for_sale_newest_text_idx, which carries the text document for searches with words.
    index('laptop_for_sale_newest_idx')
      .on(t.postedAt.desc(), t.id.desc(), ...testedNewest(t))
      .where(forSaleIndex(t)),
    index('laptop_for_sale_price_idx')
      .on(t.resalePrice, t.id, ...tested(t))
      .where(forSaleIndex(t)),
    // A brand's or a category's laptops by price or newest first: prices differ by brand (Apple dear,
    // Xiaomi cheap), so walking all prices for one brand could pass most of the catalogue before its first match.
    index('laptop_for_sale_brand_price_idx')
      .on(t.brand, t.resalePrice, t.id, ...tested(t))
      .where(forSaleIndex(t)),
    index('laptop_for_sale_brand_newest_idx')
      .on(t.brand, t.postedAt.desc(), t.id.desc(), ...testedNewest(t))
      .where(forSaleIndex(t)),
    index('laptop_for_sale_category_price_idx')
      .on(t.category, t.resalePrice, t.id, ...tested(t))
      .where(forSaleIndex(t)),
    // The negotiable filter: the few laptops so marked, newest first (docs/search.md#indexes).
    index('laptop_for_sale_negotiable_idx')
      .on(t.postedAt.desc(), t.id.desc())
      .where(sql`${t.negotiable} and ${forSaleIndex(t)}`),
    // The battery filter alone (or with a price range): its count and prices read this index only (docs/search.md).
    index('laptop_for_sale_battery_idx').on(t.batteryHealth, t.resalePrice, t.id).where(forSaleIndex(t)),
    // The price guide's comparables (features/price-guide): published listings for sale or sold, of
    // one brand, processor family and memory, read by price from the index alone.
    index('laptop_price_guide_idx')
      .on(t.brand, t.processorFamily, t.ramGb, t.resalePrice)
      .where(sql`${t.salesStatus} in ('unsold', 'sold') and ${t.reviewStatus} = 'published'`),
    index('laptop_location_idx').on(t.location, t.postedAt.desc()),
    index('laptop_condition_idx').on(t.condition, t.postedAt.desc()),
    index('laptop_ram_idx').on(t.ramGb, t.postedAt.desc()),
    index('laptop_storage_idx').on(t.storageGb, t.postedAt.desc()),
  ],
);

export type LaptopRow = typeof laptops.$inferSelect;
export type NewLaptopRow = typeof laptops.$inferInsert;
