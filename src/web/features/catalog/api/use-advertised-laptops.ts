import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicLaptop } from '../../../../shared/laptops.ts';
import { apiGet } from '../../../lib/api-client.ts';

// Every laptop list lives under 'laptops', so a later mutation (advertise, book, delete)
// can invalidate them all with one key.
export const advertisedLaptopsKey = ['laptops', 'advertised'] as const;

export function getAdvertisedLaptops(signal?: AbortSignal): Promise<PublicLaptop[]> {
  return apiGet<PublicLaptop[]>('/myProducts?advertise=true', { signal });
}

export const advertisedLaptopsQuery = () =>
  queryOptions({
    queryKey: advertisedLaptopsKey,
    queryFn: ({ signal }) => getAdvertisedLaptops(signal),
    staleTime: 30_000,
  });

export function useAdvertisedLaptops() {
  return useQuery(advertisedLaptopsQuery());
}
