import {
  BRANDS,
  CATEGORIES,
  CONDITIONS,
  LOCATIONS,
  RAM_SIZES_GB,
  SALES_STATUSES,
  SPEC_LIMITS,
  STORAGE_TYPES,
} from './catalog.ts';
import { emailFieldSchema, flagSchema, idSchema, trueFlagSchema } from './common.ts';
import { parseTypedNumber } from './digits.ts';
import { REVIEW_STATUSES, RISK_FLAGS } from './listing-review.ts';
import { bdMobileSchema } from './phone.ts';
import { photoIdsSchema, photoSchema } from './photos.ts';
import { ratingSummarySchema } from './reviews.ts';
import { AREA_MAX, LAPTOP_MESSAGES, PRICE_MAX, PRODUCT_MESSAGES, USAGE_MONTHS_MAX } from './rules.ts';
import { z } from './z.ts';

export { AREA_MAX, LAPTOP_MESSAGES, PRICE_MAX, PRODUCT_MESSAGES, USAGE_MONTHS_MAX } from './rules.ts';

// A laptop as anyone may see it: no seller e-mail or phone (docs/product.md#laptops).
export const publicLaptopSchema = z.object({
  _id: z.string(),
  category: z.enum(CATEGORIES),
  laptop_img: z.string(),
  laptop_name: z.string(),
  laptopDesc: z.string(),
  location: z.enum(LOCATIONS),
  /** Where in the division ("Mirpur 10"), as the seller wrote it; null when not given. */
  area: z.string().nullable(),
  resale_price: z.number().int(),
  original_price: z.number().int(),
  /** The seller will talk about the price. */
  negotiable: z.boolean(),
  /** Whole years of use (`usage_months` / 12, rounded down), for clients that read years. */
  usage_Time: z.number().int(),
  /** How long the laptop has been used, in months. */
  usage_months: z.number().int(),
  /** ISO 8601 timestamp; the UI shows it in en-GB. */
  post_date: z.string(),
  seller_name: z.string(),
  seller_verified: z.boolean(),
  /** The seller's page is /sellers/{seller_id}. */
  seller_id: z.string(),
  /** The seller's stars from their buyers (docs/product.md#ratings). */
  seller_rating: ratingSummarySchema,
  conditionType: z.enum(CONDITIONS),
  salesStatus: z.enum(SALES_STATUSES),
  advertise: z.boolean(),
  booked: z.boolean(),
  // Structured specs (docs/product.md#specs): null when the seller left one out.
  brand: z.enum(BRANDS).nullable(),
  processor: z.string().nullable(),
  ram_gb: z.number().int().nullable(),
  storage_gb: z.number().int().nullable(),
  storage_type: z.enum(STORAGE_TYPES).nullable(),
  screen_inches: z.number().nullable(),
  gpu: z.string().nullable(),
  battery_health: z.number().int().nullable(),
  /** The first of the seller's photos (`laptop_img` is its URL); null for a listing with an image URL. */
  cover_photo: photoSchema.nullable(),
});
export type PublicLaptop = z.infer<typeof publicLaptopSchema>;

/**
 * A listing's review (docs/product.md#moderation) as its seller and the admin see it: where it
 * stands, why it was held, why it was rejected, and the proof of possession asked for.
 */
export const listingReviewSchema = z.object({
  review_status: z.enum(REVIEW_STATUSES),
  flags: z.array(z.enum(RISK_FLAGS)),
  reject_reason: z.string().nullable(),
  /** The code to write by hand and photograph beside the laptop; null for a listing never held. */
  proof_code: z.string().nullable(),
  proof_photo: photoSchema.nullable(),
});
export type ListingReview = z.infer<typeof listingReviewSchema>;

// A laptop as a signed-in buyer sees it on a category page: with the seller's contact.
export const laptopSchema = publicLaptopSchema.extend({
  seller_email: z.string(),
  sellerMobileNumber: z.string(),
  /**
   * Only in the answers for its seller and the admin (My Products, the listing page, the queue):
   * where it stands (`review.review_status`, also here at the top), and why.
   */
  review_status: z.enum(REVIEW_STATUSES).optional(),
  review: listingReviewSchema.optional(),
});
export type Laptop = z.infer<typeof laptopSchema>;

export const publicLaptopListSchema = z.array(publicLaptopSchema);
export const laptopListSchema = z.array(laptopSchema);

export const advertisedQuerySchema = z.object({
  advertise: z.enum(['true'], { error: "advertise must be 'true'" }),
});

export const categoryParamsSchema = z.object({
  name: z.string().max(40),
});

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A whole number that forms may send as a numeric string. */
const wholeNumber = (required: string, invalid: string, min: number, max: number) =>
  z.preprocess(
    (v) => parseTypedNumber(blankToUndefined(v)),
    z
      .number({ error: (issue) => (issue.input === undefined ? required : invalid) })
      .int(invalid)
      .min(min, invalid)
      .max(max, invalid),
  );

const requiredText = (required: string, max: number, tooLong: string) =>
  z.preprocess(blankToUndefined, z.string({ error: required }).trim().min(1, required).max(max, tooLong));

/** An optional number: blank means not given; anything else must be a number within bounds. */
const optionalNumber = (message: string, min: number, max: number, { whole = true } = {}) =>
  z.preprocess(
    (v) => parseTypedNumber(blankToUndefined(v)),
    (whole ? z.number({ error: message }).int(message) : z.number({ error: message }))
      .min(min, message)
      .max(max, message)
      .optional(),
  );

const optionalText = (message: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : blankToUndefined(v)),
    z.string({ error: message }).trim().max(max, message).optional(),
  );

/** A brand in any letter case, answered as we spell it. */
const brandSchema = z.preprocess((v) => {
  const b = blankToUndefined(v);
  return typeof b === 'string' ? (BRANDS.find((x) => x.toLowerCase() === b.trim().toLowerCase()) ?? b) : b;
}, z.enum(BRANDS, { error: LAPTOP_MESSAGES.brand }).optional());

const ramSchema = optionalNumber(LAPTOP_MESSAGES.ram, 2, 128).refine(
  (v) => v === undefined || (RAM_SIZES_GB as readonly number[]).includes(v),
  { message: LAPTOP_MESSAGES.ram, params: { code: 'not_one_of', values: [...RAM_SIZES_GB] } },
);

/** The optional specs a seller may give (docs/product.md#specs), as the add form sends them. */
export const laptopSpecsSchema = z.object({
  brand: brandSchema,
  processor: optionalText(LAPTOP_MESSAGES.processor, SPEC_LIMITS.textMax),
  ram_gb: ramSchema,
  storage_gb: optionalNumber(LAPTOP_MESSAGES.storage, SPEC_LIMITS.storageGb.min, SPEC_LIMITS.storageGb.max),
  storage_type: z.preprocess(
    (v) => (typeof v === 'string' ? blankToUndefined(v.trim().toLowerCase()) : blankToUndefined(v)),
    z.enum(STORAGE_TYPES, { error: LAPTOP_MESSAGES.storageType }).optional(),
  ),
  screen_inches: optionalNumber(LAPTOP_MESSAGES.screen, SPEC_LIMITS.screenInches.min, SPEC_LIMITS.screenInches.max, {
    whole: false,
  }).refine((v) => v === undefined || Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, LAPTOP_MESSAGES.screen),
  gpu: optionalText(LAPTOP_MESSAGES.gpu, SPEC_LIMITS.textMax),
  battery_health: optionalNumber(LAPTOP_MESSAGES.battery, SPEC_LIMITS.batteryHealth.min, SPEC_LIMITS.batteryHealth.max),
});
export type LaptopSpecs = z.output<typeof laptopSpecsSchema>;

const requiredEnum = <T extends readonly [string, ...string[]]>(values: T, required: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: required }));

const givenUsage = (laptop: { usage_Time?: unknown; usage_months?: unknown }) =>
  laptop.usage_Time !== undefined || laptop.usage_months !== undefined;
/** A refinement's issue code: the field was not given (src/shared/errors.ts). */
const REQUIRED = { code: 'required' };
const isObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

export const addLaptopSchema = z
  .object({
    laptop_name: requiredText(LAPTOP_MESSAGES.name, 120, LAPTOP_MESSAGES.nameLong),
    // Required unless the listing has photos (checked below); with photos the cover's URL is used.
    laptop_img: z.preprocess(
      blankToUndefined,
      z
        .string({ error: LAPTOP_MESSAGES.image })
        .trim()
        .max(2000, LAPTOP_MESSAGES.imageUrl)
        .refine(
          (v) => {
            try {
              const u = new URL(v);
              return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
            } catch {
              return false;
            }
          },
          { message: LAPTOP_MESSAGES.imageUrl, params: { code: 'invalid_url' } },
        )
        .optional(),
    ),
    /** Ids from POST /api/photos, the cover first (docs/photos.md). */
    photos: z.preprocess((v) => (v === null ? undefined : v), photoIdsSchema.optional()),
    category: requiredEnum(CATEGORIES, LAPTOP_MESSAGES.category),
    resale_price: wholeNumber(LAPTOP_MESSAGES.resalePrice, LAPTOP_MESSAGES.price, 1, PRICE_MAX),
    original_price: wholeNumber(LAPTOP_MESSAGES.originalPrice, LAPTOP_MESSAGES.price, 1, PRICE_MAX),
    conditionType: requiredEnum(CONDITIONS, LAPTOP_MESSAGES.condition),
    sellerMobileNumber: z.preprocess(
      (v) => (typeof v === 'number' ? `0${v}` : blankToUndefined(v)),
      bdMobileSchema(LAPTOP_MESSAGES.mobile, LAPTOP_MESSAGES.mobileInvalid),
    ),
    location: requiredEnum(LOCATIONS, LAPTOP_MESSAGES.location),
    area: optionalText(LAPTOP_MESSAGES.area, AREA_MAX),
    negotiable: z.preprocess(blankToUndefined, flagSchema.optional()),
    // How long it was used: months (`usage_months`), or whole years from older clients
    // (`usage_Time`); one of them is required (checked below). Months win when both are sent.
    usage_Time: wholeNumber(LAPTOP_MESSAGES.years, LAPTOP_MESSAGES.years0to30, 0, 30).optional(),
    usage_months: wholeNumber(LAPTOP_MESSAGES.years, LAPTOP_MESSAGES.months, 0, USAGE_MONTHS_MAX).optional(),
    laptopDesc: requiredText(LAPTOP_MESSAGES.description, 5000, LAPTOP_MESSAGES.descriptionLong),
    /** Sent by the web client; must be the seller's own when present. */
    seller_email: z.string().optional(),
  })
  .extend(laptopSpecsSchema.shape)
  // A listing shows a photo or the image at a URL: one of them is required. Checked even when other
  // fields are wrong (`when`), so an empty form names every required field at once.
  .refine(
    (laptop: { laptop_img?: unknown; photos?: unknown }) =>
      Boolean(laptop.laptop_img) || (Array.isArray(laptop.photos) && laptop.photos.length > 0),
    {
      path: ['laptop_img'],
      message: LAPTOP_MESSAGES.image,
      params: { code: 'photo_required' },
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  )
  // Named under both fields: older clients show `usage_Time`'s message, the form `usage_months`'.
  .refine(givenUsage, { path: ['usage_months'], message: LAPTOP_MESSAGES.years, params: REQUIRED, when: isObject })
  .refine(givenUsage, { path: ['usage_Time'], message: LAPTOP_MESSAGES.years, params: REQUIRED, when: isObject });
export type AddLaptopInput = z.input<typeof addLaptopSchema>;
export type AddLaptop = z.output<typeof addLaptopSchema>;

/**
 * PUT /api/laptops/{id}: the whole listing again, as the Add A Product form sends it
 * (docs/product.md#edit-a-listing); `photos` is the listing's new list, kept, added and reordered.
 */
export const editLaptopSchema = addLaptopSchema;
export type EditLaptop = AddLaptop;

/** Months of use from what a client sent: months, or whole years from older clients. */
export function usageMonthsOf(laptop: { usage_months?: number | undefined; usage_Time?: number | undefined }): number {
  return laptop.usage_months ?? (laptop.usage_Time ?? 0) * 12;
}

export const sellerEmailQuerySchema = z.object({
  email: emailFieldSchema('email'),
});
export const advertiseBodySchema = z.object({
  advertise: trueFlagSchema('advertise'),
});

/**
 * PUT /api/myProducts/{id} (docs/product.md#deals): one change at a time: advertise it (the spec's
 * `{ advertise: true }`), mark it sold (to one of its bookings: `orderId`), or set its price.
 */
export const productUpdateSchema = z
  .object({
    advertise: trueFlagSchema('advertise').optional(),
    salesStatus: z.literal('sold', { error: "salesStatus must be 'sold'" }).optional(),
    orderId: idSchema('orderId').optional(),
    resale_price: wholeNumber(LAPTOP_MESSAGES.resalePrice, LAPTOP_MESSAGES.price, 1, PRICE_MAX).optional(),
  })
  .refine((b) => [b.advertise, b.salesStatus, b.resale_price].filter((v) => v !== undefined).length === 1, {
    message: PRODUCT_MESSAGES.oneChange,
    params: { code: 'one_change' },
  })
  .refine((b) => b.orderId === undefined || b.salesStatus === 'sold', {
    message: PRODUCT_MESSAGES.orderWithSold,
    params: { code: 'order_with_sold' },
    path: ['orderId'],
  });
export type ProductUpdate = z.output<typeof productUpdateSchema>;
export const deleteLaptopBodySchema = z.object({
  laptopId: idSchema('laptopId'),
});
