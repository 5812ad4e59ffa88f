import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { laptopSearchQuery, similarLaptopsQuery } from './laptop-search-query.ts';
import type { SearchFilters } from './search-filters.ts';

/** For the page whose loader has fetched (or tried) the first page already. */
export function useLaptopSearch(filters: SearchFilters) {
  return useInfiniteQuery(laptopSearchQuery(filters));
}

export function useSimilarLaptops(category: string) {
  return useQuery(similarLaptopsQuery(category));
}
