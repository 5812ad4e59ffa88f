import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { refreshDeals, updateCachedLaptop, updateCachedOrders } from './cached-lists.ts';
import { isStandingBooking } from './use-my-buyers.ts';

export interface MarkSold {
  laptopId: string;
  /** The booking it was sold to; without one it was sold outside Laptop Haat. */
  orderId?: string;
}

/**
 * PUT /api/myProducts/{id} `{ salesStatus: 'sold', orderId? }` (docs/product.md#deals). The server,
 * in one transaction, takes the laptop out of every list, completes that booking and declines the
 * other standing ones on the laptop; the cached lists show the same before they are fetched again.
 */
export function useMarkSold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ laptopId, orderId }: MarkSold) =>
      apiSend<{ modifiedCount: number }>(
        'PUT',
        `/myProducts/${encodeURIComponent(laptopId)}`,
        orderId ? { salesStatus: 'sold', orderId } : { salesStatus: 'sold' },
      ),
    onSuccess: (_result, { laptopId, orderId }) => {
      updateCachedOrders(queryClient, (order) =>
        order.laptop_id === laptopId && isStandingBooking(order)
          ? { ...order, status: order._id === orderId ? 'completed' : 'declined' }
          : order,
      );
      updateCachedLaptop(queryClient, laptopId, (laptop) => ({ ...laptop, salesStatus: 'sold', booked: false }));
      return refreshDeals(queryClient);
    },
  });
}
