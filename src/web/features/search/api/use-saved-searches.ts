import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: the shared schemas would bring zod.
import type { SavedSearch } from '../../../../shared/saved-searches.ts';
import { apiGet, apiSend } from '../../../lib/api-client.ts';

// /api/savedSearches (docs/product.md#saved-searches). Every saved-search query lives under
// 'savedSearches' (a saved_search_match notification refreshes them) and the user's e-mail: one
// user's searches never show for the next person on the same browser.
export const savedSearchesKey = ['savedSearches'] as const;
const userKey = (email: string) => [...savedSearchesKey, email] as const;

export function useSavedSearches(email: string | undefined) {
  return useQuery({
    queryKey: userKey(email ?? ''),
    queryFn: ({ signal }) => apiGet<SavedSearch[]>('/savedSearches', { signal }),
    enabled: Boolean(email),
  });
}

const path = (id: string) => `/savedSearches/${encodeURIComponent(id)}`;

/** POST /api/savedSearches: `query` is /search's address query. */
export function useSaveSearch(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { query: string; name: string }) => apiSend<SavedSearch>('POST', '/savedSearches', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKey(email) }),
  });
}

export type SavedSearchChange = { id: string } & ({ name: string } | { seen: true } | { delete: true });

/** Renames, marks seen (its owner opened it) or deletes one of the caller's saved searches. */
export function useChangeSavedSearch(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SavedSearchChange): Promise<unknown> => {
      if ('delete' in change) return apiSend('DELETE', path(change.id));
      const { id: _id, ...body } = change;
      return apiSend<SavedSearch>('PATCH', path(change.id), body);
    },
    onMutate: (change) => {
      // Deleting takes the row away at once; it comes back should the server refuse.
      const before = queryClient.getQueryData<SavedSearch[]>(userKey(email));
      if ('delete' in change) {
        queryClient.setQueryData<SavedSearch[]>(userKey(email), (old) => old?.filter((s) => s._id !== change.id));
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(userKey(email), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKey(email) }),
  });
}
