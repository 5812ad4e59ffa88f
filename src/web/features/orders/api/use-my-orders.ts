import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../shared/orders.ts';
import { apiGet } from '../../../lib/api-client.ts';

// Every order query lives under 'orders', so booking or cancelling refreshes them all with one key.
export const ordersKey = ['orders'] as const;
export const myOrdersKey = (buyerEmail: string) => [...ordersKey, 'buyer', buyerEmail] as const;

export function getMyOrders(buyerEmail: string, signal?: AbortSignal): Promise<Order[]> {
  return apiGet<Order[]>(`/myOrders?buyerEmail=${encodeURIComponent(buyerEmail)}`, { signal });
}

export const myOrdersQuery = (buyerEmail: string) =>
  queryOptions({
    queryKey: myOrdersKey(buyerEmail),
    queryFn: ({ signal }) => getMyOrders(buyerEmail, signal),
    staleTime: 30_000,
  });

/** The signed-in buyer's orders; idle until the e-mail is known. */
export function useMyOrders(buyerEmail: string | undefined) {
  return useQuery({ ...myOrdersQuery(buyerEmail ?? ''), enabled: Boolean(buyerEmail) });
}
