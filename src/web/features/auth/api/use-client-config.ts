import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../../../shared/auth.ts';
import { apiGet } from '../../../lib/api-client.ts';

export const clientConfigQuery = () =>
  queryOptions({
    queryKey: ['client-config'] as const,
    queryFn: ({ signal }) => apiGet<ClientConfig>('/client-config', { signal }),
    // Fixed for the life of the server process.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useClientConfig() {
  return useQuery(clientConfigQuery());
}
