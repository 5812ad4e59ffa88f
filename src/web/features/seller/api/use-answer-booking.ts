import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../shared/orders.ts';
import { apiSend } from '../../../lib/api-client.ts';
import { ordersPrefix, refreshDeals, updateCachedOrders } from './cached-lists.ts';

export type BookingAnswer = 'accepted' | 'declined';

/**
 * PUT /api/myBuyers/{orderId} `{ status }` (docs/product.md#deals): the seller accepts a requested
 * booking or declines a standing one. A decline may free the laptop (`booked`), so the laptop
 * lists are refreshed too.
 */
export function useAnswerBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, status }: { order: Order; status: BookingAnswer }) =>
      apiSend<{ modifiedCount: number }>('PUT', `/myBuyers/${encodeURIComponent(order._id)}`, { status }),
    onSuccess: (_result, { order, status }) => {
      updateCachedOrders(queryClient, (o) => (o._id === order._id ? { ...o, status } : o));
      return status === 'declined'
        ? refreshDeals(queryClient)
        : queryClient.invalidateQueries({ queryKey: ordersPrefix });
    },
  });
}
