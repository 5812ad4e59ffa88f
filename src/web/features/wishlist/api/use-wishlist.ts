import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { WishlistItem } from '../../../../shared/wishlist.ts';
import { apiGetPage } from '../../../lib/api-client.ts';
import { pagedListQuery } from '../../../lib/paged-list.ts';

// GET /api/wishlist (docs/product.md#my-wishlist). Every wishlist query lives under 'wishlist' and
// the user's e-mail: saving or removing refreshes them all with one key, and one user's saves
// never show for the next person on the same browser.
export const wishlistKey = ['wishlist'] as const;
export const userWishlistKey = (email: string) => [...wishlistKey, email] as const;
export const wishlistPagesKey = (email: string) => [...userWishlistKey(email), 'pages'] as const;
export const savedIdsKey = (email: string) => [...userWishlistKey(email), 'ids'] as const;

/** The largest page the list routes answer (`LIST_LIMIT.max` in shared/search.ts, which brings zod). */
const LARGEST_PAGE = 100;
/** A bound on the pages walked for the hearts (10,000 saved laptops), should a server loop. */
const MAX_PAGES = 100;

/** The saved laptops, the most recently saved first, a page at a time (Load more follows the Link header). */
export const wishlistQuery = (email: string) =>
  pagedListQuery<WishlistItem, ReturnType<typeof wishlistPagesKey>>(wishlistPagesKey(email), '/wishlist', 30_000);

export function useWishlist(email: string | undefined) {
  return useInfiniteQuery({ ...wishlistQuery(email ?? ''), enabled: Boolean(email) });
}

/**
 * The ids of every saved laptop, for the hearts on cards: all pages at the largest size, which is
 * one request for nearly everyone.
 */
export async function getSavedIds(signal?: AbortSignal): Promise<string[]> {
  const ids: string[] = [];
  let path: string | null = `/wishlist?limit=${LARGEST_PAGE}`;
  for (let pages = 0; path && pages < MAX_PAGES; pages += 1) {
    const page: { data: WishlistItem[]; next: string | null } = await apiGetPage<WishlistItem[]>(path, { signal });
    ids.push(...page.data.map((item) => item._id));
    path = page.next;
  }
  return ids;
}

export const savedIdsQuery = (email: string) =>
  queryOptions({
    queryKey: savedIdsKey(email),
    queryFn: ({ signal }) => getSavedIds(signal),
    staleTime: 30_000,
  });

/** The signed-in user's saved laptop ids; idle until the e-mail is known. */
export function useSavedIds(email: string | undefined) {
  return useQuery({ ...savedIdsQuery(email ?? ''), enabled: Boolean(email) });
}
