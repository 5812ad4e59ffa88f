import { useInfiniteQuery } from '@tanstack/react-query';
import type { Laptop } from '../../../../shared/laptops.ts';
import { pagedListQuery } from '../../../lib/paged-list.ts';

// Under 'laptops' like every other laptop list, so one prefix invalidation after a change
// (add, advertise, delete) refreshes this table, the home page's advertised grid and the categories.
export const laptopsPrefix = ['laptops'] as const;
export const sellerLaptopsKey = (email: string) => [...laptopsPrefix, 'seller', email] as const;

/** A laptop as its seller sees it: with its review (docs/product.md#moderation). */
export type SellerLaptop = Laptop;

/** GET /api/allLaptops?email=, a page at a time (Load more follows the Link header). */
export const sellerLaptopsQuery = (email: string) =>
  pagedListQuery<SellerLaptop, ReturnType<typeof sellerLaptopsKey>>(
    sellerLaptopsKey(email),
    `/allLaptops?email=${encodeURIComponent(email)}`,
  );

export function useSellerLaptops(email: string) {
  return useInfiniteQuery(sellerLaptopsQuery(email));
}
