import { BRANDS, RAM_SIZES_GB, SPEC_LIMITS } from './catalog.ts';
import { idSchema } from './common.ts';
import { parseTypedNumber } from './digits.ts';
import { LAPTOP_MESSAGES, laptopSchema } from './laptops.ts';
import { REVIEW_STATUSES, RISK_FLAGS } from './listing-review.ts';
import { photoSchema } from './photos.ts';
import { SCAM_WARNINGS } from './scam-warnings.ts';
import { z } from './z.ts';

// Honest listings (docs/product.md#moderation): the risk checks a new or edited listing goes
// through, the queue an admin works, and the price guide. Shared by the routes, the admin's
// Moderation page, My Products and the Add A Product form.

/** Comparable listings' prices (GET /api/price-guide): null percentiles under PRICE_GUIDE_MIN_COUNT. */
export const priceGuideSchema = z.object({
  count: z.number().int(),
  p25: z.number().int().nullable(),
  median: z.number().int().nullable(),
  p75: z.number().int().nullable(),
});
export type PriceGuide = z.infer<typeof priceGuideSchema>;

/** Fewer comparables than this say nothing about a price. */
export const PRICE_GUIDE_MIN_COUNT = 5;

/** A brand in any letter case, as the search's filter and the form read it. */
const knownBrand = (v: unknown) =>
  typeof v === 'string' ? (BRANDS.find((b) => b.toLowerCase() === v.trim().toLowerCase()) ?? v) : v;

/** GET /api/price-guide?brand=&processor=&ram_gb=: the specs as the form holds them (Bangla digits too). */
export const priceGuideQuerySchema = z.object({
  brand: z.preprocess(knownBrand, z.enum(BRANDS, { error: LAPTOP_MESSAGES.brand })),
  processor: z
    .string({ error: 'processor is required' })
    .trim()
    .min(1, 'processor is required')
    .max(SPEC_LIMITS.textMax, LAPTOP_MESSAGES.processor),
  ram_gb: z.preprocess(
    parseTypedNumber,
    z
      .number({ error: LAPTOP_MESSAGES.ram })
      .int(LAPTOP_MESSAGES.ram)
      .refine((v) => (RAM_SIZES_GB as readonly number[]).includes(v), {
        message: LAPTOP_MESSAGES.ram,
        params: { code: 'not_one_of', values: [...RAM_SIZES_GB] },
      }),
  ),
});
export type PriceGuideQuery = z.output<typeof priceGuideQuerySchema>;

/** One of the listing's photos that looks like a photo on another seller's listing. */
export const photoMatchSchema = z.object({
  photo_id: z.string(),
  photo_url: z.string(),
  match_photo_id: z.string(),
  match_url: z.string(),
  match_laptop_id: z.string(),
  match_laptop_name: z.string(),
  /** Bits that differ between the two perceptual hashes (0–64). */
  distance: z.number().int(),
});
export type PhotoMatch = z.infer<typeof photoMatchSchema>;

/** What each flag was raised on, for the admin to weigh. */
export const riskEvidenceSchema = z.object({
  /** price_outlier: the comparables' prices the listing's price fell under half the median of. */
  price: priceGuideSchema.optional(),
  /** duplicate_photo */
  photos: z.array(photoMatchSchema).optional(),
  /** contact_in_text: which of the chat's warnings the title or description calls for. */
  contact: z.array(z.enum(SCAM_WARNINGS)).optional(),
  /** burst: the seller's listings in the last 24 hours, this one included. */
  burst: z.object({ count: z.number().int() }).optional(),
});
export type RiskEvidence = z.infer<typeof riskEvidenceSchema>;

/** A listing held for review, as GET /api/moderation lists it. */
export const moderationItemSchema = z.object({
  laptop: laptopSchema,
  review_status: z.enum(REVIEW_STATUSES),
  flags: z.array(z.enum(RISK_FLAGS)),
  evidence: riskEvidenceSchema,
  /** ISO 8601: when it was held. */
  held_at: z.string(),
  /** The code the seller was asked to write by hand beside the laptop, and the photo they added. */
  proof_code: z.string(),
  proof_photo: photoSchema.nullable(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const REJECT_REASON_MAX = 500;

/** PUT /api/moderation/{laptopId} */
export const moderationDecisionSchema = z
  .object({
    action: z.enum(['approve', 'reject'], { error: "action must be 'approve' or 'reject'" }),
    reason: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string({ error: 'reason must be text' })
        .trim()
        .max(REJECT_REASON_MAX, 'reason must be at most 500 characters')
        .optional(),
    ),
  })
  .refine((d) => d.action !== 'reject' || d.reason !== undefined, {
    path: ['reason'],
    message: 'a rejection needs a reason',
    params: { code: 'required' },
  });
export type ModerationDecision = z.output<typeof moderationDecisionSchema>;

export { type ListingReview, listingReviewSchema } from './laptops.ts';

/** GET /api/moderation */
export const moderationListSchema = z.array(moderationItemSchema);

/** PUT /api/moderation/{laptopId}'s answer. */
export const reviewStatusAnswerSchema = z.object({ review_status: z.enum(REVIEW_STATUSES) });

/** PUT /api/laptops/{id}/proof: a photo the seller uploaded (POST /api/photos). */
export const proofBodySchema = z.object({ photo_id: idSchema('photo_id') });
