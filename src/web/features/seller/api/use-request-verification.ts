import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../../../shared/users.ts';
import { apiSend } from '../../../lib/api-client.ts';
import { meKey } from '../../../lib/me.ts';

/** POST /api/users/verification-request (docs/product.md#seller-verification): the answer is the account as it now is. */
export function useRequestVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<Me>('POST', '/users/verification-request', {}),
    onSuccess: (me) => queryClient.setQueryData(meKey, me),
  });
}
