import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/users.ts';
import { apiSend } from '../../../lib/api-client.ts';
import type { PagedList } from '../../../lib/paged-list.ts';
import { mapPagedItems } from '../../../lib/paged-list-items.ts';
import { refreshAfterUserChange } from './refresh-after-change.ts';
import { usersKey } from './use-users.ts';

type Seller = Pick<User, '_id' | 'email'>;

/**
 * PUT /users/{id} {verified:'true', note}, then PUT /allLaptop/{seller email} with the bearer token,
 * in that order: the first records on what grounds (with who and when), the second marks the
 * seller's laptops once the seller is verified (docs/product.md#seller-verification).
 */
export async function verifySeller(
  seller: Seller,
  note: string,
  adminEmail: string,
): Promise<{ modifiedCount: number }> {
  await apiSend<{ modifiedCount: number }>('PUT', `/users/${encodeURIComponent(seller._id)}`, {
    verified: 'true',
    note,
  });
  return apiSend<{ modifiedCount: number }>(
    'PUT',
    `/allLaptop/${encodeURIComponent(seller.email)}`,
    { verified: 'true' },
    { bearer: { email: adminEmail } },
  );
}

export function useVerifySeller(adminEmail: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seller, note }: { seller: Seller; note: string }) => verifySeller(seller, note, adminEmail),
    onSuccess: (_result, { seller }) => {
      // Disable the button now rather than after the refetch.
      queryClient.setQueriesData<PagedList<User>>({ queryKey: usersKey('seller') }, (sellers) =>
        mapPagedItems(sellers, (list) => list.map((s) => (s._id === seller._id ? { ...s, verified: true } : s))),
      );
    },
    // Even when the second call fails the first may have verified the seller: show the truth.
    onSettled: () => {
      // Not awaited: the toast should not wait for every list on screen to refetch.
      void refreshAfterUserChange(queryClient);
    },
  });
}
