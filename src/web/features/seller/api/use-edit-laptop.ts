import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddLaptop, Laptop } from '../../../../shared/laptops.ts';
import { apiSend } from '../../../lib/api-client.ts';
import { laptopsPrefix } from './use-seller-laptops.ts';

/**
 * PUT /api/laptops/{id} (docs/product.md#edit-a-listing): the whole listing again, as the Add A
 * Product form holds it. Every laptop list and the listing's own page (all under 'laptops') refresh.
 */
export function useEditLaptop(email: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (laptop: AddLaptop) =>
      apiSend<Laptop>('PUT', `/laptops/${encodeURIComponent(id)}`, { ...laptop, seller_email: email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: laptopsPrefix }),
  });
}
