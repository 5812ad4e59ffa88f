import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client.ts';
import { laptopsPrefix } from './use-seller-laptops.ts';

/** PUT /api/myProducts/{id} {advertise:'true'} (spec §7); the laptop then shows on the home page. */
export function useAdvertiseLaptop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (laptopId: string) =>
      apiSend<{ modifiedCount: number }>('PUT', `/myProducts/${encodeURIComponent(laptopId)}`, { advertise: 'true' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: laptopsPrefix }),
  });
}
