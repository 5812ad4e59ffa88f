import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { laptopsPrefix } from './use-seller-laptops.ts';

/** DELETE /api/allLaptops {laptopId} (docs/product.md#deleting); its orders go with it on the server. */
export function useDeleteLaptop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (laptopId: string) => apiSend<{ deletedCount: number }>('DELETE', '/allLaptops', { laptopId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: laptopsPrefix }),
  });
}
