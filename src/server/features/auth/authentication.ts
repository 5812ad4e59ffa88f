import { fromNodeHeaders } from 'better-auth/node';
import { genericOAuth, openAPI } from 'better-auth/plugins';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  loginSchema,
  RESET_MESSAGES,
  requestResetSchema,
  resetPasswordSchema,
  resetRequestAnswerSchema,
  signInAnswerSchema,
  signUpAnswerSchema,
  signupSchema,
  statusAnswerSchema,
  updateAccountSchema,
} from '../../../shared/auth.ts';
import { REASON_OF_CODE } from '../../../shared/error-codes.ts';
import type { Locale } from '../../../shared/locale.ts';
import { RESET_LINK } from '../../../shared/reset-link.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { markUnchanged } from '../../platform/http/cache.ts';
import { CODE_BY_STATUS, errorBody } from '../../platform/http/error-handler.ts';
import { callerLocale } from '../../platform/http/language.ts';
import { perAddress, tooMany } from '../../platform/http/rate-limits.ts';
import { createMailer, keptMailPage, type Mailer } from '../../platform/mail.ts';
import { Memo } from '../../platform/memo.ts';
import { outageCause } from '../../platform/outage.ts';
import { carryOverSubscriptions, subscriptionsOfSession } from '../push/subscriptions.ts';
import { countSessions, findTokenActor } from '../users/users.ts';
import { accessTokenKey, verifyAccessToken } from './access-token.ts';
import { AUTH_BASE_PATH, type Auth, createAuth, RESET_LINK_MINUTES } from './instance.ts';
import { createLocalOidc } from './local-oidc.ts';
import { localeOfRequest, resetPasswordMail } from './reset-mail.ts';
import {
  type IdentityEffect,
  PASSED_THROUGH,
  REQUEST_RESET,
  RESET_MAIL_WINDOW_MS,
  RESET_MAILS_PER_EMAIL,
  RESET_PASSWORD,
  REVOKE_OTHERS,
  SESSION_REQUESTS_PER_ADDRESS,
  SIGN_IN,
  SIGN_UP,
} from './served-endpoints.ts';

// Authentication: better-auth (sign-up, sign-in, sessions, Google or its local stand-in) behind
// our checks, and who a request's cookie or access token belongs to.

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    accessTokenKey: Uint8Array;
    actorCache: Memo<Actor | null>;
    /** E-mail out: SMTP, or outside production without SMTP_URL the mailbox /dev/mail shows. */
    mailer: Mailer;
  }
  interface FastifyContextConfig {
    /** A successful call may change who a cookie or token belongs to (role, verification, existence). */
    changesIdentity?: boolean;
  }
}

/**
 * The signed-in user of a request: from `Authorization: Bearer <accessToken>` when present,
 * else from the session cookie. features/auth/access.ts looks it up once for every non-public route and
 * puts it on `request.actor`.
 */
export function getActor(request: FastifyRequest): Promise<Actor | null> {
  const app = request.server;
  const key = request.headers.authorization ?? request.headers.cookie;
  if (!key) return Promise.resolve(null);
  const known = app.actorCache.get(key);
  if (known !== undefined) return Promise.resolve(known);
  // Requests with the same cookie or token at once (a session's streams checked again after a
  // change, a page's parallel calls) share one lookup.
  const pending = lookups.get(key);
  if (pending) return pending;
  // A sign-out or deletion answered while this lookup runs clears the cache; the generation keeps
  // this (possibly stale) answer from being remembered after it.
  const generation = app.actorCache.generation;
  const lookup = lookUpActor(request)
    .then((actor) => {
      app.actorCache.set(key, actor, generation);
      return actor;
    })
    .finally(() => lookups.delete(key));
  lookups.set(key, lookup);
  return lookup;
}

const lookups = new Map<string, Promise<Actor | null>>();

/** better-auth's session cookie, with or without the `__Secure-` prefix it takes over HTTPS. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * Whether a request carries a session cookie or an access token: what it is sent is never an edge
 * cache's to keep (platform/http/cache.ts), and the nginx in docs/operations.md passes it by.
 */
export function carriesCredentials(request: FastifyRequest): boolean {
  const { authorization, cookie } = request.headers;
  return authorization !== undefined || (cookie !== undefined && SESSION_COOKIE.test(cookie));
}

// Who a cookie or token belongs to, remembered for a few seconds so signed-in reads do not look the
// session up per request (docs/decisions/0010). Routes that declare `changesIdentity` forget
// everything on this instance when they succeed; other instances see the change within ACTOR_TTL_MS.
const ACTOR_TTL_MS = 5_000;

async function lookUpActor(request: FastifyRequest): Promise<Actor | null> {
  const app = request.server;
  const authorization = request.headers.authorization;
  if (authorization) {
    const [scheme, token] = authorization.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new AppError('bearer_malformed');
    }
    const claims = await verifyAccessToken(app.accessTokenKey, token);
    if (!claims) throw new AppError('token_invalid');
    const actor = await findTokenActor(app.db, claims);
    if (!actor) throw new AppError('token_revoked');
    return actor;
  }
  if (!request.headers.cookie) return null;
  const session = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const u = session.user as typeof session.user & { role: Actor['role']; verified: boolean };
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    verified: u.verified,
    sessionId: session.session.id,
    viaToken: false,
  };
}

// better-auth answers errors as { code, message }; callers of /api/auth get our documented shape.
function authErrorBody(status: number, text: string, path: string, locale: Locale) {
  if (path === SIGN_IN && status === 401) return errorBody(locale, 'wrong_credentials');
  if (path === SIGN_UP && status === 422) return errorBody(locale, 'account_exists');
  // An unknown, expired or used token (or its account deleted since): one answer for all.
  if (path === RESET_PASSWORD && status === 400) {
    return errorBody(locale, 'reset_link_invalid', {}, { token: { code: 'reset_link_invalid' } });
  }
  const code = CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'validation');
  const body = errorBody(locale, REASON_OF_CODE[code]);
  // better-auth's own words, in English, where we have none of our own.
  if (locale === 'en' && status < 500) {
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) body.error.message = parsed.message;
    } catch {}
  }
  return body;
}

/** Which sign-in provider the app offers besides e-mail and password. */
export type GoogleMode = 'google' | 'local' | 'none';

export function googleModeOf(config: FastifyInstance['config']): GoogleMode {
  if (config.google) return 'google';
  return config.env === 'production' ? 'none' : 'local';
}

/**
 * Hands the request to better-auth at `path` with `body`: sets its status and headers on `reply` and
 * gives back the body to send, errors in our shape. The caller sends it, so that what must happen
 * before the client hears the answer (counting a failed sign-in) can happen first.
 */
async function forward(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  body: unknown,
  identity?: IdentityEffect,
) {
  const app = request.server;
  // Whose sessions a sign-out or revocation may end, and how many they had: nothing ended, nothing changed.
  const caller = identity ? await getActor(request).catch(() => null) : null;
  const sessionsBefore = caller && identity === 'if-sessions-ended' ? await countSessions(app.db, caller.id) : 0;
  // Revoking the others' sessions when there are none: nothing to ask better-auth.
  if (caller && sessionsBefore <= 1 && path === REVOKE_OTHERS) return { status: true };
  const headers = fromNodeHeaders(request.headers);
  headers.delete('content-length');
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const response = await request.server.auth.handler(
    new Request(`${request.protocol}://${request.host}${AUTH_BASE_PATH}${path}${query}`, {
      method: request.method,
      headers,
      body: request.method === 'POST' && body !== undefined ? JSON.stringify(body) : undefined,
    }),
  );
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  // better-auth answers 500 for any failure of its own, an unreachable database included: the
  // caller is told an outage apart from a bug as every other route does (503 with Retry-After).
  if (response.status >= 500) await throwIfDatabaseAway(app);
  if (response.status >= 400) {
    reply.type('application/json; charset=utf-8');
    return authErrorBody(response.status, text, path, callerLocale(request.raw));
  }
  if (caller) {
    const ended = identity === 'always' || (await countSessions(app.db, caller.id)) < sessionsBefore;
    if (ended) app.changes.announce({ identity: true, users: [caller.id] });
  }
  return text;
}

/** Throws the outage when the database cannot be reached (its error goes to the error handler's log). */
async function throwIfDatabaseAway(app: FastifyInstance): Promise<void> {
  const error = await app.db.execute(sql`select 1`).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (error !== undefined && outageCause(error)) throw error;
}

/**
 * better-auth's own log lines (its failures: one per request while the database is away) go to our
 * log once per interval per message, with a count.
 */
function authLog(app: FastifyInstance) {
  return (level: 'info' | 'warn' | 'error' | 'debug', message: string) => {
    if (level !== 'error' && level !== 'warn') return app.log[level](message);
    app.errorLog.report(
      `better-auth ${level} ${message}`,
      () => app.log[level](message),
      (count, seconds) => app.log[level]({ count }, `${message} (${count} more in ${seconds} s)`),
    );
  };
}

async function createAuthInstance(app: FastifyInstance): Promise<Auth> {
  const { config } = app;
  // openAPI describes better-auth's routes for our API reference (features/operations/api-docs.ts); its own
  // page and schema route are not served (disableDefaultReference; the catch-all refuses /open-api/).
  const plugins: NonNullable<Parameters<typeof createAuth>[0]['plugins']> = [
    openAPI({ disableDefaultReference: true }),
  ];
  if (googleModeOf(config) === 'local') {
    const internalHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const local = await createLocalOidc({
      publicOrigin: config.baseUrl ?? `http://localhost:${config.port}`,
      internalOrigin: `http://${internalHost}:${config.port}`,
      secret: config.authSecret,
    });
    await local.register(app);
    plugins.push(genericOAuth({ config: [local.client] }));
  }
  return createAuth({
    db: app.db,
    config,
    plugins,
    socialProviders: config.google ? { google: { ...config.google, prompt: 'select_account' } } : undefined,
    log: authLog(app),
    sendResetPassword: ({ user, token }, request) => sendResetMail(app, user, token, request),
    // Every session of the account has ended: no instance may go on answering for them from its cache.
    onPasswordReset: (userId) => app.changes.announce({ identity: true, users: [userId] }),
  });
}

/** Why a send failed, in a fixed word where there is one (nodemailer keeps the socket's code as `originalCode`). */
function mailFailure(error: unknown): string {
  const e = error as { code?: unknown; originalCode?: unknown };
  const cause = outageCause(error) ?? outageCause({ code: e.originalCode });
  return cause ?? (typeof e.code === 'string' ? e.code : 'unknown');
}

/**
 * Sends the reset e-mail without waiting for the mail server: the answer to the request is the
 * same, and as quick, whether or not the address has an account, and whether or not SMTP is up.
 * A failed send is logged; the person can ask again.
 */
function sendResetMail(app: FastifyInstance, user: { email: string; name: string }, token: string, request?: Request) {
  // better-auth has checked the request's host (BASE_URL in production, a local host otherwise).
  const origin = app.config.baseUrl ?? (request ? new URL(request.url).origin : `http://localhost:${app.config.port}`);
  const link = `${origin}${RESET_LINK.path}?${RESET_LINK.tokenParam}=${encodeURIComponent(token)}`;
  const locale = localeOfRequest(request);
  // After the answer has gone: composing the message and opening the connection take time that
  // only an address with an account would spend.
  setImmediate(() => {
    const mail = resetPasswordMail({ to: user.email, name: user.name, link, minutes: RESET_LINK_MINUTES, locale });
    app.mailer.send(mail).then(
      () => app.log.info({ mail: 'reset-password' }, 'password-reset e-mail sent'),
      (error: unknown) =>
        app.log.warn(
          { err: error, cause: mailFailure(error) },
          'could not send a password-reset e-mail: the mail server did not take it',
        ),
    );
  });
}

/**
 * better-auth under /api/auth. The routes that take a password or change an account are our own
 * routes first, with the shared schemas and limits; everything else goes to better-auth as it is.
 * Registered after features/auth/access.ts and platform/http/rate-limits.ts, before the API routes.
 */
export async function registerAuthentication(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.decorate('mailer', createMailer(app.config));
  app.addHook('onClose', () => app.mailer.close());
  app.decorate('auth', await createAuthInstance(app));
  app.decorate('accessTokenKey', accessTokenKey(app.config.authSecret));
  app.decorate('actorCache', new Memo<Actor | null>(ACTOR_TTL_MS));
  app.changes.on(({ identity, users }) => {
    if (!identity) return;
    if (users) app.actorCache.forget((actor) => actor !== null && users.includes(actor.id));
    else app.actorCache.clear();
  });

  const { perIpPerMinute, failuresPerAccount } = app.config.authRateLimit;
  // Failed sign-ins count per account *and* address: someone guessing the admin's password from
  // one address slows only themselves, never the admin signing in from another.
  const failures = app.failureDelay('account-ip:', {
    free: failuresPerAccount,
    windowMs: 15 * 60_000,
    maxDelayMs: 15 * 60_000,
  });

  app.post(
    `${AUTH_BASE_PATH}${SIGN_IN}`,
    {
      schema: { body: loginSchema.loose() },
      config: {
        access: 'public',
        rateLimit: perAddress(perIpPerMinute, 'auth'),
        answers: { 200: signInAnswerSchema },
      },
    },
    async (request, reply) => {
      // A new session changes nothing another request sees: no cache needs clearing.
      markUnchanged(reply);
      const key = `${request.body.email}|${request.ip}`;
      const wait = await failures.wait(key);
      if (wait) {
        reply.header('retry-after', String(wait));
        throw tooMany(wait);
      }
      const answer = await forward(request, reply, SIGN_IN, request.body);
      // Counted before the answer leaves: a next attempt on any instance already sees this one.
      if (reply.statusCode === 401) await failures.fail(key);
      else if (reply.statusCode < 400) await failures.reset(key);
      return answer;
    },
  );

  app.post(
    `${AUTH_BASE_PATH}${SIGN_UP}`,
    {
      schema: { body: signupSchema },
      config: {
        access: 'public',
        rateLimit: perAddress(perIpPerMinute, 'auth'),
        answers: { 200: signUpAnswerSchema },
      },
    },
    // Only the fields the rules checked go on: better-auth would store anything else it knows
    // (an `image` of `javascript:…`, echoed by get-session), unchecked.
    (request, reply) => {
      const { name, email, password, role } = request.body;
      return forward(request, reply, SIGN_UP, { name, email, password, role });
    },
  );

  app.post(
    `${AUTH_BASE_PATH}/update-user`,
    // A seller's name shows on their listings.
    {
      schema: { body: updateAccountSchema.loose() },
      config: {
        access: 'signedIn',
        invalidates: ['laptops'],
        rateLimit: perAddress(SESSION_REQUESTS_PER_ADDRESS, 'session'),
        answers: { 200: statusAnswerSchema },
      },
    },
    (request, reply) => forward(request, reply, '/update-user', request.body, 'always'),
  );

  // A new password ends every other session, and with them every access token issued before.
  app.post(
    `${AUTH_BASE_PATH}/change-password`,
    {
      schema: { body: changePasswordSchema.loose() },
      // It checks the current password: a guess, limited as sign-in attempts are.
      config: {
        access: 'signedIn',
        rateLimit: perAddress(perIpPerMinute, 'auth'),
        answers: { 200: signUpAnswerSchema },
      },
    },
    async (request, reply) => {
      // This sign-in ends too (better-auth starts a new one): this device's push subscriptions go
      // with it, so they are carried over to the new sign-in; the other devices' end.
      const actor = await getActor(request);
      const devices = actor ? await subscriptionsOfSession(app.db, actor.sessionId) : [];
      const answer = await forward(
        request,
        reply,
        '/change-password',
        { ...request.body, revokeOtherSessions: true },
        'always',
      );
      if (actor && reply.statusCode === 200) await carryOverSubscriptions(app.db, actor.id, devices);
      return answer;
    },
  );

  // Forgot password: the same answer whether or not the address has an account (the e-mail goes
  // out in the background), limited per caller's address as sign-in is and per address asked for.
  const resetMails = app.createRateLimit({
    max: RESET_MAILS_PER_EMAIL,
    timeWindow: RESET_MAIL_WINDOW_MS,
    keyGenerator: (request) => `reset-mail:${(request.body as { email: string }).email}`,
  });
  app.post(
    `${AUTH_BASE_PATH}${REQUEST_RESET}`,
    {
      schema: { body: requestResetSchema },
      config: {
        access: 'public',
        rateLimit: perAddress(perIpPerMinute, 'auth'),
        answers: { 200: resetRequestAnswerSchema },
      },
    },
    async (request, reply) => {
      markUnchanged(reply);
      const counted = await resetMails(request);
      if (!counted.isAllowed && counted.isExceeded) {
        const seconds = Math.max(1, counted.ttlInSeconds);
        reply.header('retry-after', String(seconds));
        throw tooMany(seconds);
      }
      const answer = await forward(request, reply, REQUEST_RESET, { email: request.body.email });
      return reply.statusCode === 200 ? { status: true, message: RESET_MESSAGES.sent } : answer;
    },
  );

  // A new password from the e-mail's link: the token works once, and every session of the account
  // ends (better-auth's revokeSessionsOnPasswordReset; onPasswordReset clears the caches).
  app.post(
    `${AUTH_BASE_PATH}${RESET_PASSWORD}`,
    {
      schema: { body: resetPasswordSchema },
      config: {
        access: 'public',
        rateLimit: perAddress(perIpPerMinute, 'auth'),
        answers: { 200: statusAnswerSchema },
      },
    },
    (request, reply) => {
      markUnchanged(reply);
      const { token, newPassword } = request.body;
      return forward(request, reply, RESET_PASSWORD, { token, newPassword });
    },
  );

  if (app.mailer.kept) {
    const { mailer } = app;
    app.get('/dev/mail', (_request, reply) =>
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(keptMailPage(mailer)),
    );
  }

  // better-auth's routes served as they are (PASSED_THROUGH); they change nothing cached.
  for (const route of PASSED_THROUGH) {
    app.route({
      method: route.method,
      url: `${AUTH_BASE_PATH}${route.path}`,
      config: {
        access: route.access,
        rateLimit: perAddress(route.limit === 'auth' ? perIpPerMinute : SESSION_REQUESTS_PER_ADDRESS, route.limit),
      },
      handler(request, reply) {
        markUnchanged(reply);
        const path = (request.url.split('?')[0] ?? '').slice(AUTH_BASE_PATH.length);
        return forward(request, reply, path, request.body, route.identity);
      },
    });
  }
}
