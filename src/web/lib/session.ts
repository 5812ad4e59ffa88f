import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../shared/catalog.ts';
import { removeAccessToken } from './access-token.ts';
import { apiGet, apiSend } from './api-client.ts';

// Who is signed in, shared by every feature (features may not import one another).

export interface SessionUser {
  id: string;
  name: string;
  email: string;
}

export const sessionKey = ['session'] as const;

/** better-auth's own session endpoint: null when signed out. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: sessionKey,
    queryFn: async ({ signal }) => {
      const body = await apiGet<{ user: SessionUser } | null>('/auth/get-session', { signal });
      return body?.user ? { id: body.user.id, name: body.user.name, email: body.user.email } : null;
    },
    staleTime: 60_000,
  });

/** The role: the server is asked per e-mail whether the user is an admin or a seller (docs/product.md#roles). */
export const roleQuery = (email: string) =>
  queryOptions({
    queryKey: [...sessionKey, 'role', email] as const,
    queryFn: async ({ signal }): Promise<Role> => {
      const enc = encodeURIComponent(email);
      const [{ isAdmin }, { isSeller }] = await Promise.all([
        apiGet<{ isAdmin: boolean }>(`/users/admin/${enc}`, { signal }),
        apiGet<{ isSeller: boolean }>(`/users/seller/${enc}`, { signal }),
      ]);
      return isAdmin ? 'admin' : isSeller ? 'seller' : 'buyer';
    },
    staleTime: 5 * 60_000,
  });

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: SessionUser; role: Role };

export function useSession(): SessionState {
  const session = useQuery(sessionQuery());
  const email = session.data?.email;
  const role = useQuery({ ...roleQuery(email ?? ''), enabled: Boolean(email) });
  if (session.isPending) return { status: 'loading' };
  if (!session.data) return { status: 'signedOut' };
  if (role.isPending) return { status: 'loading' };
  return { status: 'signedIn', user: session.data, role: role.data ?? 'buyer' };
}

/** Ends the session and removes the access token (docs/product.md#accounts-and-sign-in). */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await apiSend('POST', '/auth/sign-out', {});
    } finally {
      removeAccessToken();
      // Nothing of the previous user's may stay in the cache for the next one.
      queryClient.clear();
      queryClient.setQueryData(sessionKey, null);
    }
  };
}
