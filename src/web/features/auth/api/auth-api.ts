import type { QueryClient } from '@tanstack/react-query';
import type { GOOGLE_RETURN as SHARED_GOOGLE_RETURN, SignupRole } from '../../../../shared/auth.ts';
import { removeAccessToken } from '../../../lib/access-token.ts';
import { apiGet, apiSend, refreshAccessToken } from '../../../lib/api-client.ts';
import { type SessionUser, sessionKey, sessionQuery } from '../../../lib/session.ts';

// The calls of signing up and in (docs/product.md#accounts-and-sign-in): better-auth sets the session
// cookie, then the client records the user (POST /users) and fetches its access token (GET /jwt).

export interface Credentials {
  email: string;
  password: string;
}

export interface SignupValues extends Credentials {
  name: string;
  role: SignupRole;
}

export function signInWithEmail(credentials: Credentials) {
  return apiSend<unknown>('POST', '/auth/sign-in/email', credentials);
}

export function signUpWithEmail(values: SignupValues) {
  return apiSend<unknown>('POST', '/auth/sign-up/email', values);
}

/** POST /users with name, email, role (sign-up also sends verified). Idempotent on the server. */
export function recordUser(user: { name: string; email: string; role: SignupRole; verified?: boolean }) {
  return apiSend<unknown>('POST', '/users', user);
}

/**
 * After the session cookie is set: forget what was cached for whoever was here before, load the
 * new session and store its access token (docs/product.md#accounts-and-sign-in). Resolves to the
 * signed-in user, or null when there is no session after all (a hand-typed return URL).
 */
export async function startSession(queryClient: QueryClient): Promise<SessionUser | null> {
  // Another user's cached data (orders, role) must not show for this one. Queries on screen stay
  // attached to their components; they hold public data (client config, the home page's grids).
  queryClient.removeQueries({ predicate: (query) => query.getObserversCount() === 0 });
  const user = await queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 });
  if (!user) return null;
  try {
    await refreshAccessToken(user.email);
  } catch (error) {
    // Only logged: bearer calls fetch the token again when they need it.
    console.error('[auth] could not fetch the access token:', error);
  }
  return user;
}

// The shared module's GOOGLE_RETURN, restated: its zod schemas must stay out of the first load
// (the return is handled in the root layout), and the type check keeps the two equal.
export const GOOGLE_RETURN = {
  login: 'login',
  signup: 'signup',
  param: 'google',
} as const satisfies typeof SHARED_GOOGLE_RETURN;
export type GoogleReturn = typeof GOOGLE_RETURN.login | typeof GOOGLE_RETURN.signup;

/** `/login?error=google`: where the provider sends the browser when sign-in fails or is cancelled. */
export const GOOGLE_ERROR = { param: 'error', value: 'google' } as const;

export const GOOGLE_CALLBACKS = {
  callbackURL: `/?${GOOGLE_RETURN.param}=${GOOGLE_RETURN.login}`,
  newUserCallbackURL: `/?${GOOGLE_RETURN.param}=${GOOGLE_RETURN.signup}`,
  errorCallbackURL: `/login?${GOOGLE_ERROR.param}=${GOOGLE_ERROR.value}`,
} as const;

/** Starts sign-in with Google: the server answers with the provider's URL to send the browser to. */
export async function startGoogleSignIn(): Promise<string> {
  const { url } = await apiSend<{ url: string; redirect: boolean }>('POST', '/auth/sign-in/social', {
    provider: 'google',
    ...GOOGLE_CALLBACKS,
  });
  return url;
}

/**
 * After the provider returns, a user record is created as buyer when none exists
 * (GET /users/buyer/{email} answers [] for "none"; docs/product.md#accounts-and-sign-in).
 */
export async function ensureGoogleUserRecord(user: SessionUser): Promise<void> {
  const existing = await apiGet<unknown[]>(`/users/buyer/${encodeURIComponent(user.email)}`);
  if (existing.length === 0) await recordUser({ name: user.name, email: user.email, role: 'buyer' });
}

/** "Forgot password?": the server answers the same whether or not the address has an account. */
export function requestPasswordReset(email: string) {
  return apiSend<{ status: boolean; message: string }>('POST', '/auth/request-password-reset', { email });
}

/**
 * A new password with the token of the e-mail's link. The server ends every session of the
 * account, this browser's too: nothing of it may stay in the cache or in storage.
 */
export async function resetPassword(queryClient: QueryClient, values: { token: string; newPassword: string }) {
  await apiSend<{ status: boolean }>('POST', '/auth/reset-password', values);
  removeAccessToken();
  queryClient.clear();
  queryClient.setQueryData(sessionKey, null);
}
