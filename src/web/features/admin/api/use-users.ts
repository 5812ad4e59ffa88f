import { useInfiniteQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/users.ts';
import { pagedListQuery } from '../../../lib/paged-list.ts';

/** The two lists the admin manages (GET /api/users/buyer, /api/users/seller). */
export type ManagedRole = 'buyer' | 'seller';

/** Every list of that role, whatever was searched for. */
export const usersKey = (role: ManagedRole) => ['admin', 'users', role] as const;
export const usersSearchKey = (role: ManagedRole, q: string) => [...usersKey(role), q] as const;

/** The users of `role` whose name or e-mail matches `q` (all without), a page at a time. */
export const usersQuery = (role: ManagedRole, q = '') =>
  pagedListQuery<User, ReturnType<typeof usersSearchKey>>(
    usersSearchKey(role, q),
    q ? `/users/${role}?q=${encodeURIComponent(q)}` : `/users/${role}`,
  );

export function useUsers(role: ManagedRole, q = '') {
  return useInfiniteQuery(usersQuery(role, q));
}
