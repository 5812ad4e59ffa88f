import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { Role } from '../../shared/catalog.ts';
import { paths } from '../lib/paths.ts';
import { roleQuery, type SessionUser, sessionQuery } from '../lib/session.ts';

// Route guards (docs/product.md#route-guards). The server enforces every rule on its own; these only keep people
// away from screens that would fail for them, and remember where a signed-out visitor was going.

/** The query parameter that carries a signed-out visitor's destination through the login page. */
export const FROM_PARAM = 'from';

/** `/login?from=<path+search>` for the page a signed-out visitor asked for. */
export function loginRedirectPath(url: URL | string): string {
  const target = typeof url === 'string' ? new URL(url, 'http://x') : url;
  const from = `${target.pathname}${target.search}`;
  return `${paths.login}?${new URLSearchParams({ [FROM_PARAM]: from })}`;
}

/**
 * Where to go after login: only a path on this site (`/…`, not `//host` or a full URL), so a
 * crafted link cannot send a freshly signed-in user to another site.
 */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return paths.home;
  // The login and signup pages themselves are no place to return to.
  if (from === paths.login || from.startsWith(`${paths.login}?`) || from.startsWith(paths.signup)) return paths.home;
  return from;
}

/** Resolves to the signed-in user, or throws a redirect to the login page that remembers `request.url`. */
export async function requireUser(queryClient: QueryClient, request: Request): Promise<SessionUser> {
  // A failing session endpoint (after its retries) is an error page, not a misleading login form.
  const user = await queryClient.ensureQueryData(sessionQuery());
  if (!user) throw redirect(loginRedirectPath(request.url));
  return user;
}

/** Resolves when the signed-in user has `role`; anyone else goes to /login (docs/product.md#route-guards). */
export async function requireRole(queryClient: QueryClient, request: Request, role: Exclude<Role, 'buyer'>) {
  const user = await requireUser(queryClient, request);
  const actual = await queryClient.ensureQueryData(roleQuery(user.email));
  if (actual !== role) throw redirect(paths.login);
  return user;
}

/** Loader for routes any signed-in user may open. */
export function signedInLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireUser(queryClient, request);
    return null;
  };
}

/** Loader for seller-only or admin-only routes. */
export function roleLoader(queryClient: QueryClient, role: Exclude<Role, 'buyer'>) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireRole(queryClient, request, role);
    return null;
  };
}
