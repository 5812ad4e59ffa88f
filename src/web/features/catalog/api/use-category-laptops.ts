import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import type { Laptop } from '../../../../shared/laptops.ts';
import { pagedListQuery } from '../../../lib/paged-list.ts';

export const categoryLaptopsKey = (name: string) => ['laptops', 'category', name] as const;

/** GET /api/categories/{name}, a page at a time (Load more follows the Link header). */
export const categoryLaptopsQuery = (name: string) =>
  // staleTime: the route loader has just fetched it; without it the page would fetch it again on mount.
  pagedListQuery<Laptop, ReturnType<typeof categoryLaptopsKey>>(
    categoryLaptopsKey(name),
    `/categories/${encodeURIComponent(name)}`,
    30_000,
  );

/** For pages whose route loader already ran `ensureInfiniteQueryData(categoryLaptopsQuery(name))`. */
export function useCategoryLaptops(name: string) {
  return useSuspenseInfiniteQuery(categoryLaptopsQuery(name));
}
