import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddLaptop, Laptop } from '../../../../shared/laptops.ts';
import { apiSend } from '../../../lib/api-client.ts';
import { laptopsPrefix } from './use-seller-laptops.ts';

/** POST /api/addLaptop with the bearer token (docs/product.md#routes), and seller_email: the seller's own. */
export function useAddLaptop(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (laptop: AddLaptop) =>
      apiSend<Laptop>('POST', '/addLaptop', { ...laptop, seller_email: email }, { bearer: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: laptopsPrefix }),
  });
}
