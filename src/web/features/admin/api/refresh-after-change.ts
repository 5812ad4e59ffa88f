import type { QueryClient } from '@tanstack/react-query';
import { sessionKey } from '../../../lib/session.ts';

/**
 * Deleting or verifying a user changes what other screens show: a deleted seller's laptops leave
 * every list, a verified seller's cards gain the mark. Features may not import one another's
 * query keys, so everything cached except the admin's own session is marked stale; what is on
 * screen refetches now, the rest when next shown.
 */
export function refreshAfterUserChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
}
