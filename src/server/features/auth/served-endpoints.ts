import { AUTH_BASE_PATH } from './instance.ts';

// Which of better-auth's routes the app serves (features/auth/authentication.ts), in one list that the
// API reference (features/operations/api-docs.ts) describes too.

export const SIGN_IN = '/sign-in/email';
export const SIGN_UP = '/sign-up/email';
export const REVOKE_OTHERS = '/revoke-other-sessions';
/** Asks for a password-reset e-mail; the same answer whether or not the address has an account. */
export const REQUEST_RESET = '/request-password-reset';
/** Sets a new password with the token of the e-mail's link, and ends every session of the account. */
export const RESET_PASSWORD = '/reset-password';

/**
 * Password-reset e-mails per address asked for, per RESET_MAIL_WINDOW_MS, whoever asks: a stranger
 * cannot fill someone's inbox. Requests also count as sign-in attempts of the caller's address.
 */
export const RESET_MAILS_PER_EMAIL = 3;
export const RESET_MAIL_WINDOW_MS = 60 * 60_000;

/** Requests to better-auth's session routes per client address a minute (a page load reads the session once). */
export const SESSION_REQUESTS_PER_ADDRESS = 600;

/**
 * How a successful call changes who a cookie or token belongs to: `always` (a new password, a new
 * name), or `if-sessions-ended` (signing out and revoking sessions, which change nothing when there
 * was nothing to end).
 */
export type IdentityEffect = 'always' | 'if-sessions-ended';

/**
 * better-auth's routes that the app serves as they are, each with who may call it and its limit.
 * Every other route of better-auth's is not served at all (404): each is a way in that nobody
 * tests (its `/verify-password` was an unthrottled password oracle). Sign-in, sign-up, changing the
 * account and the password are our own routes in front of better-auth's, below.
 */
export const PASSED_THROUGH: readonly {
  method: 'GET' | 'POST' | ('GET' | 'POST')[];
  path: string;
  access: 'public' | 'signedIn';
  /** Which per-address counter it draws on: sign-in attempts, or session reads and ends. */
  limit: 'auth' | 'session';
  identity?: IdentityEffect;
}[] = [
  { method: 'GET', path: '/get-session', access: 'public', limit: 'session' },
  { method: 'POST', path: '/sign-out', access: 'public', limit: 'session', identity: 'if-sessions-ended' },
  // Sign in with Google (or its local stand-in): the start, and the provider's return.
  { method: 'POST', path: '/sign-in/social', access: 'public', limit: 'auth' },
  { method: ['GET', 'POST'], path: '/callback/:providerId', access: 'public', limit: 'auth' },
  // Ending sessions: every access token issued under them ends too (docs/security.md#authentication).
  { method: 'GET', path: '/list-sessions', access: 'signedIn', limit: 'session' },
  { method: 'POST', path: '/revoke-session', access: 'signedIn', limit: 'session', identity: 'if-sessions-ended' },
  { method: 'POST', path: '/revoke-sessions', access: 'signedIn', limit: 'session', identity: 'if-sessions-ended' },
  { method: 'POST', path: REVOKE_OTHERS, access: 'signedIn', limit: 'session', identity: 'if-sessions-ended' },
];

/** better-auth's routes served as they are, as their URLs: described by better-auth in the reference. */
export const PASSED_THROUGH_URLS: ReadonlySet<string> = new Set(
  PASSED_THROUGH.map((r) => `${AUTH_BASE_PATH}${r.path}`),
);

/** Every better-auth route the app serves, as `METHOD /api/auth/path`: the API reference lists only these. */
export const SERVED_AUTH_ROUTES: ReadonlySet<string> = new Set([
  `POST ${AUTH_BASE_PATH}${SIGN_IN}`,
  `POST ${AUTH_BASE_PATH}${SIGN_UP}`,
  `POST ${AUTH_BASE_PATH}/update-user`,
  `POST ${AUTH_BASE_PATH}/change-password`,
  `POST ${AUTH_BASE_PATH}${REQUEST_RESET}`,
  `POST ${AUTH_BASE_PATH}${RESET_PASSWORD}`,
  ...PASSED_THROUGH.flatMap(({ method, path }) => [method].flat().map((m) => `${m} ${AUTH_BASE_PATH}${path}`)),
]);
