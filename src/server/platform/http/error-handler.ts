import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_REASONS,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorParam,
  type ErrorReason,
  fieldCodeOf,
  REASON_OF_CODE,
} from '../../../shared/error-codes.ts';
import type { ErrorBody } from '../../../shared/errors.ts';
import type { Locale } from '../../../shared/locale.ts';
import { fieldWords, reasonWords } from '../error-words.ts';
import { AppError, type FieldIssue } from '../errors.ts';
import { LogThrottle } from '../log-throttle.ts';
import { type OutageCause, outageCause } from '../outage.ts';
import { callerLocale } from './language.ts';

/** The documented code for a 4xx status (docs/product.md#api). */
export const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'validation',
  // better-auth answers 422 when an account already exists.
  422: 'conflict',
  429: 'rate_limited',
};

/** How long a client waits before trying again after a 503, unless the route says otherwise. */
export const RETRY_AFTER_S = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** One log line per kind of failure per interval, with a count (platform/log-throttle.ts). */
    errorLog: LogThrottle;
  }
}

/** Answers 503 `unavailable` with Retry-After: something the request needs is away, not broken. */
export function sendUnavailable(reply: FastifyReply) {
  if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_S));
  return sendError(reply, 'unavailable');
}

/**
 * Logs a dependency that could not be reached: the first time in full, then how many more requests
 * met it, once per interval per cause (an outage fails every request; its log must not grow per request).
 */
export function logOutage(app: FastifyInstance, cause: OutageCause, error: unknown, what = 'request') {
  app.errorLog.report(
    `outage ${cause}`,
    () => app.log.error({ err: error, cause }, `a dependency is unreachable (${cause}): answering 503`),
    (count, seconds) =>
      app.log.error(
        { cause, count },
        `a dependency is still unreachable (${cause}): ${count} more ${what}s answered 503 in ${seconds} s`,
      ),
  );
}

/**
 * The documented error body for `reason` in `locale` (docs/decisions/0032): its code, the reason and
 * its parameters, and the same in words; each field's code and parameters beside its words. A
 * field's `message` is `wording[field]` when given (the English the schema words it in, the spec's
 * own), else the words of its code.
 */
export function errorBody(
  locale: Locale,
  reason: ErrorReason,
  params: Record<string, ErrorParam> = {},
  fields?: Record<string, FieldIssue>,
  wording: Record<string, string> = {},
): ErrorBody {
  const worded = fields
    ? Object.fromEntries(
        Object.entries(fields).map(([name, issue]) => [
          name,
          { ...issue, message: wording[name] ?? fieldWords(locale, name, issue) },
        ]),
      )
    : undefined;
  // A request refused for its fields is told what is wrong with the first of them.
  const first = reason === 'invalid_request' && worded ? Object.values(worded)[0] : undefined;
  return {
    error: {
      code: ERROR_REASONS[reason],
      reason,
      ...(Object.keys(params).length ? { params } : {}),
      message: first?.message ?? reasonWords(locale, reason, params),
      ...(worded ? { fields: worded } : {}),
    },
  };
}

/** Sends `body` with its status, saying which language its words are in. */
export function sendBody(reply: FastifyReply, body: ErrorBody, locale: Locale, status = ERROR_STATUS[body.error.code]) {
  return reply.code(status).type('application/json; charset=utf-8').header('content-language', locale).send(body);
}

/** Answers `reason` in the caller's language. */
export function sendError(
  reply: FastifyReply,
  reason: ErrorReason,
  params: Record<string, ErrorParam> = {},
  fields?: Record<string, FieldIssue>,
) {
  const locale = callerLocale(reply.request.raw);
  return sendBody(reply, errorBody(locale, reason, params, fields), locale);
}

/** A validation failure of the route's schemas: each field's code and parameters, and its words. */
function validationBody(error: FastifyError, request: FastifyRequest, locale: Locale): ErrorBody {
  const fields: Record<string, FieldIssue> = {};
  const english: Record<string, string> = {};
  const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
  const given = (request as unknown as Record<string, unknown>)[where];
  for (const v of error.validation ?? []) {
    const path = v.instancePath.replace(/^\//, '').split('/').filter(Boolean);
    const at = path.join('.');
    const params = v.params as Record<string, unknown>;
    // A strict schema's unknown keys are named one by one (e.g. a misspelt query parameter).
    const unknown = v.keyword === 'unrecognized_keys' ? params.keys : undefined;
    if (Array.isArray(unknown) && unknown.length) {
      for (const k of unknown) {
        const name = at ? `${at}.${String(k)}` : String(k);
        fields[name] ??= { code: 'unknown_parameter' };
        english[name] ??= `${String(k)} is not a known parameter`;
      }
      continue;
    }
    const name = at || '_';
    if (fields[name]) continue;
    fields[name] = fieldCodeOf({ ...params, code: v.keyword }, isMissing(valueAt(given, path)));
    english[name] = v.message ?? 'Invalid value';
  }
  return errorBody(locale, 'invalid_request', {}, fields, locale === 'en' ? english : {});
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Not given: absent, null or blank (the forms send a blank for an empty box). */
const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

// One place turns every failure into the documented JSON shape; 5xx details stay in the log.
export function registerErrorHandler(app: FastifyInstance) {
  app.decorate('errorLog', new LogThrottle());
  app.addHook('onClose', (_app, done) => {
    app.errorLog.flushAll();
    done();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // Something we depend on is away: say when to try again, whatever raised it.
      if (error.status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_S));
      return sendError(reply, error.reason, error.params, error.fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const locale = callerLocale(request.raw);
      return sendBody(reply, validationBody(error, request, locale), locale);
    }
    const status = error.statusCode ?? 500;
    const code = CODE_BY_STATUS[status];
    if (status < 500 && code) {
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      const locale = callerLocale(request.raw);
      const reason = clientReason(error, code);
      const body = errorBody(locale, reason);
      // Fastify's own 4xx messages name no internals: kept, in English, where we have no words of our own.
      if (locale === 'en' && reason === REASON_OF_CODE[code] && status !== 429) body.error.message = error.message;
      return sendBody(reply, body, locale, status);
    }
    // An outage of a dependency is not a bug: 503 with Retry-After, and one log line per interval.
    const cause = outageCause(error);
    if (cause) {
      logOutage(app, cause, error);
      return sendUnavailable(reply);
    }
    // The same bug met by many requests is logged once per interval too, with how many met it.
    app.errorLog.report(
      `bug ${request.routeOptions.url ?? ''} ${error.name} ${error.code ?? ''}`,
      () => request.log.error({ err: error }, 'request failed'),
      (count, seconds) =>
        request.log.error(
          { route: request.routeOptions.url, error: error.name, count },
          `request failed: ${count} more the same way in ${seconds} s`,
        ),
    );
    return sendError(reply, 'internal');
  });
}

/** Our reason for one of Fastify's own 4xx errors. */
function clientReason(error: FastifyError, code: ErrorCode): ErrorReason {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'invalid_json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
  }
  return REASON_OF_CODE[code];
}
