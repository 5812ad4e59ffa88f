import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationPage } from '../../../../shared/notifications.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

export const notificationsKey = ['notifications'] as const;

/** GET /api/notifications: the newest 20 and how many are unread (docs/product.md#notifications). */
export const notificationsQuery = () =>
  queryOptions({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => apiGet<NotificationPage>('/notifications?limit=20', { signal }),
    // The stream keeps it current; a refetch on focus catches up after a long sleep.
    staleTime: 60_000,
  });

export function useNotifications(enabled: boolean) {
  return useQuery({ ...notificationsQuery(), enabled });
}

/** Adds a notification that just arrived to the cached list (once), counting it unread. */
export function addNotification(page: NotificationPage | undefined, n: Notification): NotificationPage | undefined {
  if (!page || page.items.some((x) => x._id === n._id)) return page;
  return { ...page, items: [n, ...page.items].slice(0, 20), unread: page.unread + (n.read ? 0 : 1) };
}

/** PUT /api/notifications/read: these, or all of them. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) =>
      apiSend<{ modifiedCount: number }>('PUT', '/notifications/read', ids ? { ids } : {}),
    onMutate: (ids) => {
      queryClient.setQueryData<NotificationPage>(notificationsKey, (page) => {
        if (!page) return page;
        const marked = new Set(ids ?? page.items.map((x) => x._id));
        const newlyRead = page.items.filter((x) => !x.read && marked.has(x._id)).length;
        return {
          ...page,
          items: page.items.map((x) => (marked.has(x._id) ? { ...x, read: true } : x)),
          unread: ids ? Math.max(0, page.unread - newlyRead) : 0,
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
