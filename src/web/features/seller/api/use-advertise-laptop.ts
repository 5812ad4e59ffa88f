import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { laptopsPrefix } from './use-seller-laptops.ts';

/** PUT /api/myProducts/{id} {advertise:'true'} (docs/product.md#advertising): then it shows on the home page. */
export function useAdvertiseLaptop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (laptopId: string) =>
      apiSend<{ modifiedCount: number }>('PUT', `/myProducts/${encodeURIComponent(laptopId)}`, { advertise: 'true' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: laptopsPrefix }),
  });
}
