import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistItem } from '../../../../shared/wishlist.ts';
import { errorText } from '../../../i18n/api-errors.ts';
import { apiSend } from '../../../lib/api-client.ts';
import type { PagedList } from '../../../lib/paged-list.ts';
import { mapPagedItems } from '../../../lib/paged-list-items.ts';
import { toast } from '../../../lib/toast.ts';
import { WISHLIST_TEXTS } from '../messages.ts';
import { savedIdsKey, userWishlistKey, wishlistKey, wishlistPagesKey } from './use-wishlist.ts';

// PUT and DELETE /api/wishlist/{laptopId} (docs/product.md#my-wishlist): both idempotent.

export function saveToWishlist(laptopId: string): Promise<WishlistItem> {
  return apiSend<WishlistItem>('PUT', `/wishlist/${encodeURIComponent(laptopId)}`);
}

export function removeFromWishlist(laptopId: string): Promise<{ deletedCount: number }> {
  return apiSend<{ deletedCount: number }>('DELETE', `/wishlist/${encodeURIComponent(laptopId)}`);
}

export interface WishlistChange {
  laptopId: string;
  /** true saves the laptop, false removes it. */
  save: boolean;
}

const changeKey = [...wishlistKey, 'change'] as const;

/**
 * Saves or removes a laptop for the signed-in user, optimistically: every heart (and My Wishlist,
 * on a removal) shows the change at once and goes back should the server refuse. The toasts are
 * raised here, not by the button, so they still come when the button has gone (a removed row).
 * Once the last pending change settles, the wishlist is fetched afresh.
 */
export function useChangeWishlist(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: changeKey,
    mutationFn: ({ laptopId, save }: WishlistChange): Promise<unknown> =>
      save ? saveToWishlist(laptopId) : removeFromWishlist(laptopId),
    onMutate: async ({ laptopId, save }) => {
      await queryClient.cancelQueries({ queryKey: userWishlistKey(email) });
      const ids = queryClient.getQueryData<string[]>(savedIdsKey(email));
      const pages = queryClient.getQueryData<PagedList<WishlistItem>>(wishlistPagesKey(email));
      queryClient.setQueryData<string[]>(savedIdsKey(email), (old = []) =>
        save ? [laptopId, ...old.filter((id) => id !== laptopId)] : old.filter((id) => id !== laptopId),
      );
      if (!save) {
        queryClient.setQueryData<PagedList<WishlistItem>>(wishlistPagesKey(email), (old) =>
          mapPagedItems(old, (items) => items.filter((item) => item._id !== laptopId)),
        );
      }
      return { ids, pages };
    },
    onSuccess: (_result, { save }) => {
      toast.success(save ? WISHLIST_TEXTS.added : WISHLIST_TEXTS.removed);
    },
    onError: (error, _change, before) => {
      if (before?.ids) queryClient.setQueryData(savedIdsKey(email), before.ids);
      if (before?.pages) queryClient.setQueryData(wishlistPagesKey(email), before.pages);
      toast.error(errorText(error, WISHLIST_TEXTS.failed));
    },
    onSettled: async () => {
      // Refetching while another change is on its way would undo that one's optimistic state.
      if (queryClient.isMutating({ mutationKey: changeKey }) === 1) {
        await queryClient.invalidateQueries({ queryKey: userWishlistKey(email) });
      }
    },
  });
}
