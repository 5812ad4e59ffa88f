import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingReview, ModerationItem } from '../../../../shared/moderation.ts';
import { apiSend } from '../../../lib/api-client.ts';
import type { PagedList } from '../../../lib/paged-list.ts';
import { mapPagedItems } from '../../../lib/paged-list-items.ts';
import { sessionKey } from '../../../lib/session.ts';
import { moderationKey } from './use-moderation-queue.ts';

export interface ListingDecision {
  laptopId: string;
  action: 'approve' | 'reject';
  /** Required with `reject`: told to the seller. */
  reason?: string | undefined;
}

/** PUT /api/moderation/{laptopId} {action, reason?} → `{ review_status }`. */
export function decideListing({ laptopId, action, reason }: ListingDecision) {
  return apiSend<Pick<ListingReview, 'review_status'>>('PUT', `/moderation/${encodeURIComponent(laptopId)}`, {
    action,
    ...(action === 'reject' ? { reason } : {}),
  });
}

/**
 * The listing leaves the queue at once. An approved one joins every public list: features may not
 * import one another's query keys, so everything cached but the admin's session is marked stale
 * (what is on screen refetches now, the rest when shown). A refusal (409: another admin decided
 * first) refetches the queue to show what is left.
 */
export function useDecideListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideListing,
    onSuccess: (_result, { laptopId }) => {
      queryClient.setQueriesData<PagedList<ModerationItem>>({ queryKey: moderationKey }, (list) =>
        mapPagedItems(list, (items) => items.filter((item) => item.laptop._id !== laptopId)),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    },
  });
}
