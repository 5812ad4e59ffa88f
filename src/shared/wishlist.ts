import { idSchema } from './common.ts';
import { publicLaptopSchema } from './laptops.ts';
import { z } from './z.ts';

export { WISHLIST_MESSAGES } from './rules.ts';

// The wishlist (docs/product.md#my-wishlist): laptops a signed-in user saved, each with the price it
// had when they saved it, so the list can show a drop since. Only the user themself ever sees it.

/** A saved laptop: the public laptop (no seller contact), its price when saved and when. */
export const wishlistItemSchema = publicLaptopSchema.extend({
  /** The laptop's resale price when the user saved it (Tk); `resale_price` is today's. */
  saved_price: z.number().int(),
  /** When the user saved it (ISO 8601). */
  saved_at: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

/** GET /api/wishlist: the caller's saved laptops, the most recently saved first, a page at a time. */
export const wishlistSchema = z.array(wishlistItemSchema);

/** PUT and DELETE /api/wishlist/{laptopId}. */
export const wishlistParamsSchema = z.object({ laptopId: idSchema('laptopId') });
