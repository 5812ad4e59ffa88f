import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../shared/orders.ts';
import { apiSend } from '../../../lib/api-client.ts';
import type { PagedList } from '../../../lib/paged-list.ts';
import { isPagedList, mapPagedItems } from '../../../lib/paged-list-items.ts';
import { ordersKey } from './use-my-orders.ts';
import { orderKey } from './use-order.ts';

export function cancelOrder(id: string): Promise<{ deletedCount: number }> {
  return apiSend<{ deletedCount: number }>('DELETE', `/myOrders/${encodeURIComponent(id)}`);
}

/**
 * Cancels one of the buyer's bookings. The order disappears from every order query at once (so a
 * category page enables its buttons again without waiting), then the orders are fetched afresh.
 */
export function useCancelOrder({ onCancelled }: { onCancelled?: (order: Order) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Order) => cancelOrder(order._id),
    onSuccess: async (_result, order) => {
      queryClient.setQueriesData<unknown>({ queryKey: ordersKey }, (orders: unknown) =>
        isPagedList(orders)
          ? mapPagedItems(orders as PagedList<Order>, (list) => list.filter((o) => o._id !== order._id))
          : orders,
      );
      queryClient.removeQueries({ queryKey: orderKey(order._id) });
      onCancelled?.(order);
      await queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}
