import { useInfiniteQuery } from '@tanstack/react-query';
import { ACTIVE_ORDER_STATUSES, type OrderStatus } from '../../../../shared/catalog.ts';
import type { Order } from '../../../../shared/orders.ts';
import { pagedListQuery } from '../../../lib/paged-list.ts';

// Every order query lives under 'orders', so booking or cancelling refreshes them all with one key.
export const ordersKey = ['orders'] as const;
export const myOrdersKey = (buyerEmail: string) => [...ordersKey, 'buyer', buyerEmail] as const;

/** GET /api/myOrders?buyerEmail=, newest first, a page at a time (Load more follows the Link header). */
export const myOrdersQuery = (buyerEmail: string) =>
  pagedListQuery<Order, ReturnType<typeof myOrdersKey>>(
    myOrdersKey(buyerEmail),
    `/myOrders?buyerEmail=${encodeURIComponent(buyerEmail)}`,
    30_000,
  );

/** The signed-in buyer's orders; idle until the e-mail is known. */
export function useMyOrders(buyerEmail: string | undefined) {
  return useInfiniteQuery({ ...myOrdersQuery(buyerEmail ?? ''), enabled: Boolean(buyerEmail) });
}

/**
 * Whether an order still holds its laptop for the buyer (requested or accepted): only these may be
 * cancelled, and only these stop the buyer from booking the same laptop again. Declined, cancelled
 * and completed orders stay in My Orders as history.
 */
export function isStandingOrder(order: { status: OrderStatus }): boolean {
  return (ACTIVE_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status);
}
