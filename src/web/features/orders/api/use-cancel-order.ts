import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../shared/orders.ts';
import { apiSend } from '../../../lib/api-client.ts';
import type { PagedList } from '../../../lib/paged-list.ts';
import { isPagedList, mapPagedItems } from '../../../lib/paged-list-items.ts';
import { ordersKey } from './use-my-orders.ts';

export function cancelOrder(id: string): Promise<{ deletedCount: number }> {
  return apiSend<{ deletedCount: number }>('DELETE', `/myOrders/${encodeURIComponent(id)}`);
}

const asCancelled = (order: Order, id: string): Order => (order._id === id ? { ...order, status: 'cancelled' } : order);

/**
 * Cancels one of the buyer's bookings (docs/product.md#deals). The order stays, as cancelled: every
 * order query that holds it (the lists and the payment page's one order) shows that at once, then
 * the orders are fetched afresh.
 */
export function useCancelOrder({ onCancelled }: { onCancelled?: (order: Order) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) => cancelOrder(order._id),
    onSuccess: (_result, order) => {
      queryClient.setQueriesData<unknown>({ queryKey: ordersKey }, (data: unknown) => {
        if (isPagedList(data)) {
          return mapPagedItems(data as PagedList<Order>, (list) => list.map((o) => asCancelled(o, order._id)));
        }
        if (typeof data === 'object' && data !== null && '_id' in data && 'status' in data) {
          return asCancelled(data as Order, order._id);
        }
        return data;
      });
      onCancelled?.(order);
      // Not awaited: the cache already shows the change, so the dialog closes without waiting for the refetch.
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}
