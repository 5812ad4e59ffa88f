import { idSchema } from './common.ts';
import { z } from './z.ts';

// Saved searches (docs/product.md#saved-searches): a signed-in user keeps the address query of
// /search with a name, and hears (bell, push) when a listing published or made cheaper later matches
// it. Shared by the routes, the Save this search button and /dashboard/savedSearches.

/** How many saved searches one user may keep. */
export const SAVED_SEARCH_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
/** The longest address query kept (the search's own fields are far shorter). */
export const SAVED_SEARCH_QUERY_MAX = 1000;

const name = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, 'name is required')
  .max(SAVED_SEARCH_NAME_MAX, `name must be ${SAVED_SEARCH_NAME_MAX} characters or shorter`);

/**
 * POST /api/savedSearches: `query` is /search's address query ("q=dell&ram=16&maxPrice=60000", a
 * leading "?" allowed), read as GET /api/laptops reads it (sort, limit and cursor are dropped);
 * without `name` the server names it after its filters.
 */
export const newSavedSearchSchema = z.strictObject({
  query: z
    .string({ error: 'query must be text' })
    .max(SAVED_SEARCH_QUERY_MAX, `query must be ${SAVED_SEARCH_QUERY_MAX} characters or shorter`),
  name: name.optional(),
});
export type NewSavedSearch = z.infer<typeof newSavedSearchSchema>;

/** PATCH /api/savedSearches/{id}: a new name, and/or `seen: true` (its owner looked at its matches now). */
export const savedSearchChangeSchema = z.strictObject({
  name: name.optional(),
  seen: z.literal(true, { error: 'seen must be true' }).optional(),
});
export type SavedSearchChange = z.infer<typeof savedSearchChangeSchema>;

export const savedSearchParamsSchema = z.object({ id: idSchema('id') });

/** A saved search as its owner sees it. */
export const savedSearchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The address query of /search, normalised (sort, limit and cursor dropped): `/search?${query}` opens it. */
  query: z.string(),
  created_at: z.string(),
  seen_at: z.string(),
  /** Listings for sale that matched it since its owner last looked (`seen_at`). */
  new_matches: z.number().int(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** GET /api/savedSearches: the caller's, newest first (at most SAVED_SEARCH_MAX: one page). */
export const savedSearchListSchema = z.array(savedSearchSchema);
