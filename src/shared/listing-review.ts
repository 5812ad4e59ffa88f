// A listing's review (docs/product.md#moderation): its vocabularies, zod-free. Apart from
// catalog.ts, which every page loads first: only the forms' schemas and the server need these.

/**
 * Whether a listing is shown (docs/product.md#moderation): `published` to everyone; `pending` while an
 * admin reviews what the risk checks found, and `rejected` after, to its seller and the admin only.
 */
export const REVIEW_STATUSES = ['published', 'pending', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * Why a new or edited listing is held for review (docs/product.md#moderation): priced under half the
 * median of comparable listings, a photo matching another seller's, contact details or an advance
 * request in its text, more than 10 listings in a day, or its seller's phone not verified where the
 * marketplace requires it.
 */
export const RISK_FLAGS = ['price_outlier', 'duplicate_photo', 'contact_in_text', 'burst', 'phone_unverified'] as const;
export type RiskFlag = (typeof RISK_FLAGS)[number];
