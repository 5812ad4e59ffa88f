import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/users.ts';
import { apiSend } from '../../../lib/api-client.ts';
import type { PagedList } from '../../../lib/paged-list.ts';
import { mapPagedItems } from '../../../lib/paged-list-items.ts';
import { refreshAfterUserChange } from './refresh-after-change.ts';
import { type ManagedRole, usersKey } from './use-users.ts';

export function deleteUser(id: string): Promise<{ deletedCount: number }> {
  return apiSend<{ deletedCount: number }>('DELETE', '/users', { id });
}

/** DELETE /api/users {id}; the row leaves the list at once, then every list refetches. */
export function useDeleteUser(role: ManagedRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<User, '_id'>) => deleteUser(user._id),
    onSuccess: (_result, user) => {
      queryClient.setQueriesData<PagedList<User>>({ queryKey: usersKey(role) }, (users) =>
        mapPagedItems(users, (list) => list.filter((u) => u._id !== user._id)),
      );
    },
    onSettled: () => {
      // Not awaited: the toast should not wait for every list on screen to refetch.
      void refreshAfterUserChange(queryClient);
    },
  });
}
