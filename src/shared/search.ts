import { BRANDS, CATEGORIES, CONDITIONS, LOCATIONS, RAM_SIZES_GB, SPEC_LIMITS } from './catalog.ts';
import { parseTypedNumber } from './digits.ts';
import { listingReviewSchema, PRICE_MAX, publicLaptopSchema } from './laptops.ts';
import { photoSchema } from './photos.ts';
import { LIST_LIMIT, QUERY_MAX, SEARCH_LIMIT, SORTS } from './rules.ts';
import { z } from './z.ts';

export { LIST_LIMIT, QUERY_MAX, SEARCH_LIMIT, SORTS } from './rules.ts';

// Search, filters and paging (docs/search.md): the query strings of `GET /api/laptops` and of the
// list routes that page, and the page `GET /api/laptops` answers. Shared by the server (validation)
// and the web client (the URL of /search is this query).

export type Sort = (typeof SORTS)[number];

/** `total` counts at most this many; beyond it the page says `totalCapped: true`. */
export const TOTAL_CAP = 10_000;
export const CURSOR_MAX = 300;

const blank = (v: unknown) => (v === '' ? undefined : v);

/** A whole number in a query string, named in its message. */
const queryInt = (name: string, min: number, max: number) =>
  z.preprocess(
    (v) => parseTypedNumber(blank(v)),
    z.coerce
      .number({ error: `${name} must be a whole number from ${min} to ${max}` })
      .int(`${name} must be a whole number from ${min} to ${max}`)
      .min(min, `${name} must be a whole number from ${min} to ${max}`)
      .max(max, `${name} must be a whole number from ${min} to ${max}`)
      .optional(),
  );

const queryEnum = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? blank(v.trim().toLowerCase()) : v),
    z.enum(values, { error: `${name} must be one of ${values.join(', ')}` }).optional(),
  );

/** An opaque page position from a previous answer's `nextCursor` or `Link` header. */
export const cursorSchema = z.preprocess(
  blank,
  z.string({ error: 'cursor must be a cursor from a previous page' }).max(CURSOR_MAX).optional(),
);

/** `limit` and `cursor` of the list routes that answer arrays (and send `Link: <…>; rel="next"`). */
export const pageQuerySchema = z.object({
  limit: queryInt('limit', LIST_LIMIT.min, LIST_LIMIT.max),
  cursor: cursorSchema,
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** `GET /api/users/buyer` and `/api/users/seller`: a page, optionally only users whose name or e-mail contains `q`. */
export const userListQuerySchema = pageQuerySchema.extend({
  q: z.preprocess(
    (v) => (typeof v === 'string' ? blank(v.trim()) : v),
    z.string({ error: 'q must be text' }).max(QUERY_MAX, `q must be ${QUERY_MAX} characters or shorter`).optional(),
  ),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const laptopSearchQuerySchema = z.strictObject({
  q: z.preprocess(
    (v) => (typeof v === 'string' ? blank(v.trim()) : v),
    z.string({ error: 'q must be text' }).max(QUERY_MAX, `q must be ${QUERY_MAX} characters or shorter`).optional(),
  ),
  category: queryEnum('category', CATEGORIES),
  brand: z.preprocess(
    (v) => (typeof v === 'string' ? (BRANDS.find((b) => b.toLowerCase() === v.trim().toLowerCase()) ?? blank(v)) : v),
    z.enum(BRANDS, { error: `brand must be one of ${BRANDS.join(', ')}` }).optional(),
  ),
  location: queryEnum('location', LOCATIONS),
  condition: queryEnum('condition', CONDITIONS),
  minPrice: queryInt('minPrice', 0, PRICE_MAX),
  maxPrice: queryInt('maxPrice', 0, PRICE_MAX),
  ram: queryInt('ram', 2, 128).refine((v) => v === undefined || (RAM_SIZES_GB as readonly number[]).includes(v), {
    message: `ram must be one of ${RAM_SIZES_GB.join(', ')}`,
    params: { code: 'not_one_of', values: [...RAM_SIZES_GB] },
  }),
  storage: queryInt('storage', SPEC_LIMITS.storageGb.min, SPEC_LIMITS.storageGb.max),
  /** Only laptops whose seller gave a battery health of at least this many % (docs/search.md). */
  minBattery: queryInt('minBattery', SPEC_LIMITS.batteryHealth.min, SPEC_LIMITS.batteryHealth.max),
  verified: z.preprocess(
    blank,
    z
      .enum(['true', 'false'], { error: "verified must be 'true' or 'false'" })
      .transform((v) => v === 'true')
      .optional(),
  ),
  negotiable: z.preprocess(
    blank,
    z
      .enum(['true', 'false'], { error: "negotiable must be 'true' or 'false'" })
      .transform((v) => v === 'true')
      .optional(),
  ),
  sort: z.preprocess(blank, z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).default('newest')),
  limit: queryInt('limit', SEARCH_LIMIT.min, SEARCH_LIMIT.max),
  cursor: cursorSchema,
});
export type LaptopSearchQuery = z.output<typeof laptopSearchQuerySchema>;
export type LaptopSearchParams = z.input<typeof laptopSearchQuerySchema>;

/** What `GET /api/laptops` answers: one page of public laptops (never seller contact). */
export const laptopPageSchema = z.object({
  items: z.array(publicLaptopSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});
export type LaptopPage = z.infer<typeof laptopPageSchema>;

/** `GET /api/laptops/{id}`: the public laptop, with the seller's contact only for a signed-in caller. */
export const laptopDetailSchema = publicLaptopSchema.extend({
  seller_email: z.string().optional(),
  sellerMobileNumber: z.string().optional(),
  /** The listing's number is one its seller verified by SMS (docs/product.md#phone-verification). */
  phone_verified: z.boolean(),
  /** Every photo of the listing in the seller's order, the cover first (empty for an image URL). */
  photos: z.array(photoSchema),
  /** For its seller and the admin only: the listing's review (docs/product.md#moderation). */
  review_status: listingReviewSchema.shape.review_status.optional(),
  review: listingReviewSchema.optional(),
});
export type LaptopDetail = z.infer<typeof laptopDetailSchema>;
