import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Laptop } from '../../../../shared/laptops.ts';
import { apiGet } from '../../../lib/api-client.ts';

// Under 'laptops' like every other laptop list, so one prefix invalidation after a change
// (add, advertise, delete) refreshes this table, the home page's advertised grid and the categories.
export const laptopsPrefix = ['laptops'] as const;
export const sellerLaptopsKey = (email: string) => [...laptopsPrefix, 'seller', email] as const;

export function getSellerLaptops(email: string, signal?: AbortSignal): Promise<Laptop[]> {
  return apiGet<Laptop[]>(`/allLaptops?email=${encodeURIComponent(email)}`, { signal });
}

export const sellerLaptopsQuery = (email: string) =>
  queryOptions({
    queryKey: sellerLaptopsKey(email),
    queryFn: ({ signal }) => getSellerLaptops(email, signal),
  });

export function useSellerLaptops(email: string) {
  return useQuery(sellerLaptopsQuery(email));
}
