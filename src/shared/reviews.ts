import { idSchema } from './common.ts';
import { z } from './z.ts';

// Ratings from completed deals (docs/product.md#ratings, docs/decisions/0038). Shared by the rating
// dialog, the seller page, the admin's reported reviews and the routes, so limits and messages are
// written once. Texts are plain: clients show them as text, never as HTML.

/** Stars, 1 to 5. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** A review's words, counted after trimming. */
export const REVIEW_TEXT_MAX = 1_000;
/** How long after an order is completed its two people may rate each other. */
export const REVIEW_WINDOW_DAYS = 14;
/** A review nobody answered becomes public this long after it was written. */
export const REVIEW_HIDDEN_DAYS = 7;

const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** POST /api/orders/{id}/review. */
export const reviewBodySchema = z.object({
  rating: z
    .number({ error: 'rating must be a whole number from 1 to 5' })
    .int('rating must be a whole number from 1 to 5')
    .min(RATING_MIN, 'rating must be a whole number from 1 to 5')
    .max(RATING_MAX, 'rating must be a whole number from 1 to 5'),
  text: z.preprocess(
    blank,
    z
      .string({ error: 'text must be text' })
      .trim()
      .max(REVIEW_TEXT_MAX, `text must be ${REVIEW_TEXT_MAX} characters or shorter`)
      .optional(),
  ),
});
export type ReviewInput = z.output<typeof reviewBodySchema>;

/** A published review as anyone may read it. */
export const reviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  /** null: stars only. */
  text: z.string().nullable(),
  /** The author's name. */
  author_name: z.string(),
  /** The laptop the deal was about, as the order copied it. */
  laptop_name: z.string(),
  /** ISO 8601: when it was written. */
  created_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewPageSchema = z.object({ items: z.array(reviewSchema), nextCursor: z.string().nullable() });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** One's own review of an order, as its author sees it (published or not). */
export const ownReviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  text: z.string().nullable(),
  created_at: z.string(),
  /** Public already (the other side wrote theirs, or seven days passed). */
  published: z.boolean(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** GET /api/orders/{id}/review: where the rating of one completed deal stands, for one of its two people. */
export const orderReviewStateSchema = z.object({
  /** The caller may still write theirs: the order is completed, the window open and they have not. */
  can_review: z.boolean(),
  /** ISO 8601: when the window closes; null while the order is not completed. */
  closes_at: z.string().nullable(),
  /** Whom the caller rates: the seller (when the caller bought) or the buyer. */
  rates: z.enum(['seller', 'buyer']),
  mine: ownReviewSchema.nullable(),
  /** The other side's review of the caller: only once it is public. */
  theirs: ownReviewSchema.omit({ published: true }).nullable(),
});
export type OrderReviewState = z.infer<typeof orderReviewStateSchema>;

/** A reported review on the admin's Reports page: the review, whom it rates, who reported it. */
export const reportedReviewSchema = reviewSchema.extend({
  subject: z.object({ _id: z.string(), name: z.string() }),
  reported_by: z.string().nullable(),
  /** ISO 8601. */
  reported_at: z.string(),
});
export type ReportedReview = z.infer<typeof reportedReviewSchema>;
export const reportedReviewPageSchema = z.object({
  items: z.array(reportedReviewSchema),
  nextCursor: z.string().nullable(),
});
export type ReportedReviewPage = z.infer<typeof reportedReviewPageSchema>;

export const reviewIdParamsSchema = z.object({ id: idSchema() });

/** A person's average stars and how many public reviews it rests on (average null with none). */
export const ratingSummarySchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** The average of `count` ratings summing to `sum`, to one decimal (null with none). */
export function ratingOf(count: number, sum: number): RatingSummary {
  return { average: count > 0 ? Math.round((sum / count) * 10) / 10 : null, count };
}
