import { useInfiniteQuery } from '@tanstack/react-query';
import type { ModerationItem } from '../../../../shared/moderation.ts';
import { pagedListQuery } from '../../../lib/paged-list.ts';

/** Every list of held listings the admin has loaded. */
export const moderationKey = ['moderation'] as const;

/** GET /api/moderation: the listings held for review, oldest held first, a page at a time. */
export const moderationQueueQuery = () =>
  pagedListQuery<ModerationItem, typeof moderationKey>(moderationKey, '/moderation');

export function useModerationQueue() {
  return useInfiniteQuery(moderationQueueQuery());
}
