import { queryOptions, useQuery } from '@tanstack/react-query';
// Types only: the shared zod schemas would pull zod into the pages that only read this.
import type { Me } from '../../shared/users.ts';
import { apiGet } from './api-client.ts';
import { sessionKey } from './session.ts';

// GET /api/users/me: the signed-in user's own account as their forms and dashboard read it (the
// seller's verification, the phone number to prefill). Under the session's key, so signing in or
// out forgets it with the session.

export const meKey = [...sessionKey, 'me'] as const;

export const meQuery = () =>
  queryOptions({
    queryKey: meKey,
    queryFn: ({ signal }) => apiGet<Me>('/users/me', { signal }),
    staleTime: 60_000,
  });

/** The account, once signed in (`enabled`); undefined while it loads or when it could not be read. */
export function useMe(enabled = true) {
  return useQuery({ ...meQuery(), enabled });
}
