import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { RESET_LINK } from '../../../shared/reset-link.ts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../users/schema.ts';
import { accounts, sessions, verifications } from './schema.ts';

export const AUTH_BASE_PATH = '/api/auth';

/** How long a password-reset link works (docs/security.md#password-reset). */
export const RESET_LINK_MINUTES = RESET_LINK.minutes;

export interface AuthOptions {
  db: Db;
  config: Config;
  /** Sign-in providers besides e-mail and password (Google, or its local stand-in). */
  plugins?: Parameters<typeof betterAuth>[0]['plugins'];
  socialProviders?: Parameters<typeof betterAuth>[0]['socialProviders'];
  /** Where better-auth's own log lines go (the app's pino logger). */
  log?: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
  /**
   * Sends the password-reset e-mail of `user` with its one-time `token`. better-auth waits for it
   * before it answers, so it must return at once (the answer would otherwise take longer for an
   * address with an account than for one without).
   */
  sendResetPassword?: (
    data: { user: { id: string; email: string; name: string }; token: string },
    request?: Request,
  ) => void;
  /** After a password was reset: every session of the user has been ended. */
  onPasswordReset?: (userId: string) => void;
}

export function createAuth({
  db,
  config,
  plugins = [],
  socialProviders,
  log,
  sendResetPassword,
  onPasswordReset,
}: AuthOptions) {
  const production = config.env === 'production';
  return betterAuth({
    appName: 'Laptop Haat',
    secret: config.authSecret,
    basePath: AUTH_BASE_PATH,
    baseURL: config.baseUrl ?? {
      // Outside production the app answers on whatever local host and port it was started on.
      allowedHosts: ['localhost', 'localhost:*', '127.0.0.1', '127.0.0.1:*'],
      protocol: 'http',
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Password reset by e-mail: a one-time link, valid 30 minutes, and every session ends.
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: sendResetPassword
        ? async ({ user, token }, request) => sendResetPassword({ user, token }, request)
        : undefined,
      onPasswordReset: onPasswordReset ? async ({ user }) => onPasswordReset(user.id) : undefined,
    },
    // Reset tokens are kept as hashes: a copy of the database does not hold working reset links.
    verification: { storeIdentifier: { default: 'plain', overrides: { 'reset-password:': 'hashed' } } },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'buyer', input: true },
        verified: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Our own limiter runs in front of the auth routes (per IP and per account).
    rateLimit: { enabled: false },
    socialProviders,
    plugins,
    advanced: {
      useSecureCookies: production,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: production },
      database: { generateId: () => randomUUID() },
    },
    telemetry: { enabled: false },
    // A failure that is not better-auth's own (the database unreachable, a bug) reaches our error
    // handler: 503 for an outage, and a log line without the statement's values, never a console dump.
    onAPIError: { throw: true },
    logger: { disabled: !log, level: 'warn', log: (level, message) => log?.(level, `better-auth: ${message}`) },
    databaseHooks: {
      user: {
        create: {
          // better-auth does not validate additional fields: only buyer or seller may come from
          // sign-up, social sign-in always makes a buyer, and nobody becomes admin this way.
          async before(user, context) {
            const fromEmailSignUp = context?.path === '/sign-up/email';
            const role = fromEmailSignUp ? (user as { role?: unknown }).role : 'buyer';
            if (role !== 'buyer' && role !== 'seller') {
              throw new APIError('BAD_REQUEST', { message: "role must be 'buyer' or 'seller'" });
            }
            return { data: { ...user, email: user.email.toLowerCase(), role, verified: false } };
          },
        },
        update: {
          // role is an input field for sign-up only: /update-user must never change a role or
          // a verification (the admin's routes and the admin command write those directly).
          async before(data) {
            if ('role' in data || 'verified' in data) {
              throw new APIError('FORBIDDEN', { message: 'Your role and verification cannot be changed here' });
            }
            return { data };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
