import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Laptop } from '../../../../shared/laptops.ts';
import { apiGet } from '../../../lib/api-client.ts';

export const categoryLaptopsKey = (name: string) => ['laptops', 'category', name] as const;

export function getCategoryLaptops(name: string, signal?: AbortSignal): Promise<Laptop[]> {
  return apiGet<Laptop[]>(`/categories/${encodeURIComponent(name)}`, { signal });
}

export const categoryLaptopsQuery = (name: string) =>
  queryOptions({
    queryKey: categoryLaptopsKey(name),
    queryFn: ({ signal }) => getCategoryLaptops(name, signal),
    // The route loader has just fetched it; without this the page would fetch it again on mount.
    staleTime: 30_000,
  });

/** For pages whose route loader already ran `ensureQueryData(categoryLaptopsQuery(name))`. */
export function useCategoryLaptops(name: string) {
  return useSuspenseQuery(categoryLaptopsQuery(name));
}
