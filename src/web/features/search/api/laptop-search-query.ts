import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
// Types only: the shared zod schemas would pull zod into the client's first load.
import type { LaptopPage } from '../../../../shared/search.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { type SearchFilters, searchQueryString } from './search-filters.ts';

// The route loaders' half of use-laptop-search.ts, in a module of its own: the loaders are in the
// first load, and a module shared with the lazy pages would bring their hooks into it.

// GET /api/laptops (public): one page of matching laptops with its `nextCursor`. Under 'laptops'
// like every laptop list, so a booking, an advert or a deletion refreshes the results too.

export const SEARCH_PAGE_SIZE = 24;

export const laptopSearchKey = (query: string) => ['laptops', 'search', query] as const;

export function searchLaptops(
  query: string,
  cursor: string | null,
  signal?: AbortSignal,
  limit: number = SEARCH_PAGE_SIZE,
): Promise<LaptopPage> {
  const params = new URLSearchParams(query);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return apiGet<LaptopPage>(`/laptops?${params}`, { signal });
}

export const laptopSearchQuery = (filters: SearchFilters) => {
  const query = searchQueryString(filters);
  return infiniteQueryOptions({
    queryKey: laptopSearchKey(query),
    queryFn: ({ pageParam, signal }) => searchLaptops(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: LaptopPage) => last.nextCursor,
    staleTime: 30_000,
  });
};

/** How many other laptops a listing page suggests. */
export const SIMILAR_COUNT = 3;

/** The newest laptops of a category (one more than shown, as the listing itself may be among them). */
export const similarLaptopsQuery = (category: string) =>
  queryOptions({
    queryKey: ['laptops', 'similar', category] as const,
    queryFn: async ({ signal }) =>
      (await searchLaptops(`category=${encodeURIComponent(category)}`, null, signal, SIMILAR_COUNT + 1)).items,
    staleTime: 30_000,
  });
