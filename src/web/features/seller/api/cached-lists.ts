import type { QueryClient } from '@tanstack/react-query';
import type { Laptop } from '../../../../shared/laptops.ts';
import type { Order } from '../../../../shared/orders.ts';
import type { PagedList } from '../../../lib/paged-list.ts';
import { isPagedList, mapPagedItems } from '../../../lib/paged-list-items.ts';
import { laptopsPrefix } from './use-seller-laptops.ts';

// Every order query is kept under 'orders' (My Orders, My Buyers, one order), as every laptop list
// is under 'laptops'. Features may not import one another's keys, so the seller's side names the
// prefix itself.
export const ordersPrefix = ['orders'] as const;

/**
 * Shows a change the server has just made in every cached list at once, before the lists are
 * fetched again: the row changes where it is instead of jumping after the refetch.
 */
function updateCachedLists<T>(queryClient: QueryClient, prefix: readonly string[], change: (item: T) => T) {
  queryClient.setQueriesData<unknown>({ queryKey: prefix }, (data: unknown) =>
    isPagedList(data) ? mapPagedItems(data as PagedList<T>, (items) => items.map(change)) : data,
  );
}

export function updateCachedOrders(queryClient: QueryClient, change: (order: Order) => Order) {
  updateCachedLists(queryClient, ordersPrefix, change);
}

export function updateCachedLaptop(queryClient: QueryClient, laptopId: string, change: (laptop: Laptop) => Laptop) {
  updateCachedLists<Laptop>(queryClient, laptopsPrefix, (laptop) =>
    laptop._id === laptopId ? change(laptop) : laptop,
  );
}

/** Marks every list under 'orders' and 'laptops' stale: what is on screen refetches now. */
export function refreshDeals(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ordersPrefix }),
    queryClient.invalidateQueries({ queryKey: laptopsPrefix }),
  ]);
}
