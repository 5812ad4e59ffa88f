import { publicLaptopSchema } from './laptops.ts';
import { ratingSummarySchema } from './reviews.ts';
import { z } from './z.ts';

// A seller's public record (docs/product.md#seller-pages): who they are, since when, what they
// sold and what their buyers said. Never their e-mail or phone.

/** GET /api/sellers/{id}. */
export const sellerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Verified by the admin. */
  verified: z.boolean(),
  /** ISO 8601: since when the admin's verification stands; null when unverified (or verified before it was recorded). */
  verified_at: z.string().nullable(),
  /** Their phone number was confirmed by SMS. */
  phone_verified: z.boolean(),
  /** ISO 8601: when they joined. */
  member_since: z.string(),
  /** Their laptops marked sold. */
  sold_count: z.number().int(),
  rating: ratingSummarySchema,
});
export type Seller = z.infer<typeof sellerSchema>;

/** GET /api/sellers/{id}/laptops: their laptops for sale, newest first. */
export const sellerLaptopPageSchema = z.object({
  items: z.array(publicLaptopSchema),
  nextCursor: z.string().nullable(),
});
export type SellerLaptopPage = z.infer<typeof sellerLaptopPageSchema>;
