import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../shared/orders.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { ordersKey } from './use-my-orders.ts';

export const orderKey = (id: string) => [...ordersKey, 'one', id] as const;

/** One order of the signed-in buyer; the server answers 404 for anyone else's. */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return apiGet<Order>(`/myOrders/${encodeURIComponent(id)}`, { signal });
}

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 30_000,
  });

export function useOrder(id: string) {
  return useQuery(orderQuery(id));
}
