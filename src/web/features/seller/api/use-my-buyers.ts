import { useInfiniteQuery } from '@tanstack/react-query';
import { ACTIVE_ORDER_STATUSES, type OrderStatus } from '../../../../shared/catalog.ts';
import type { Order } from '../../../../shared/orders.ts';
import { pagedListQuery } from '../../../lib/paged-list.ts';
import { ordersPrefix } from './cached-lists.ts';

// Under 'orders' with every other order query: a booking, a cancel or an answer refreshes them all.
// The server answers for the signed-in seller; the e-mail keeps two accounts' lists apart in the cache.
export const myBuyersKey = (sellerEmail: string) => [...ordersPrefix, 'seller', sellerEmail] as const;

/** GET /api/myBuyers: the bookings on the seller's laptops, newest first, a page at a time. */
export const myBuyersQuery = (sellerEmail: string) =>
  pagedListQuery<Order, ReturnType<typeof myBuyersKey>>(myBuyersKey(sellerEmail), '/myBuyers');

export function useMyBuyers(sellerEmail: string) {
  return useInfiniteQuery(myBuyersQuery(sellerEmail));
}

/** A booking that still holds the laptop for its buyer (requested or accepted): the seller may still answer it. */
export function isStandingBooking(order: { status: OrderStatus }): boolean {
  return (ACTIVE_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status);
}
