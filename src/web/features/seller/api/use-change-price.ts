import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { updateCachedLaptop } from './cached-lists.ts';
import { laptopsPrefix } from './use-seller-laptops.ts';

/**
 * PUT /api/myProducts/{id} `{ resale_price }` (docs/product.md#deals): a new price for a laptop on
 * sale; a lower one tells everyone who saved it. Orders keep the price they were booked at.
 */
export function useChangePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ laptopId, price }: { laptopId: string; price: number }) =>
      apiSend<{ modifiedCount: number }>('PUT', `/myProducts/${encodeURIComponent(laptopId)}`, { resale_price: price }),
    onSuccess: (_result, { laptopId, price }) => {
      updateCachedLaptop(queryClient, laptopId, (laptop) => ({ ...laptop, resale_price: price }));
      return queryClient.invalidateQueries({ queryKey: laptopsPrefix });
    },
  });
}
