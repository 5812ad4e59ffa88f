import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Service } from '../../../../shared/services.ts';
import { apiGet } from '../../../lib/api-client.ts';

export const servicesKey = ['services'] as const;

export function getServices(signal?: AbortSignal): Promise<Service[]> {
  return apiGet<Service[]>('/services', { signal });
}

export const servicesQuery = () =>
  queryOptions({
    queryKey: servicesKey,
    queryFn: ({ signal }) => getServices(signal),
    // Editorial content: it changes with a deploy, not while someone reads the page.
    staleTime: 5 * 60 * 1000,
  });

export function useServices() {
  return useQuery(servicesQuery());
}
