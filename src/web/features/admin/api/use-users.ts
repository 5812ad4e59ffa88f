import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/users.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** The two lists the admin manages (GET /api/users/buyer, /api/users/seller). */
export type ManagedRole = 'buyer' | 'seller';

export const usersKey = (role: ManagedRole) => ['admin', 'users', role] as const;

export function getUsers(role: ManagedRole, signal?: AbortSignal): Promise<User[]> {
  return apiGet<User[]>(`/users/${role}`, { signal });
}

export const usersQuery = (role: ManagedRole) =>
  queryOptions({
    queryKey: usersKey(role),
    queryFn: ({ signal }) => getUsers(role, signal),
  });

export function useUsers(role: ManagedRole) {
  return useQuery(usersQuery(role));
}
