import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../../shared/errors.ts';
import { UNAVAILABLE_MESSAGE } from '../../../shared/messages.ts';
import { AppError } from '../errors.ts';
import { LogThrottle } from '../log-throttle.ts';
import { type OutageCause, outageCause } from '../outage.ts';

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
  return sendError(reply, 503, { error: { code: 'unavailable', message: UNAVAILABLE_MESSAGE } });
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

export function sendError(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

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
      return sendError(reply, error.status, {
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const at = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // A strict schema's unknown keys are named one by one (e.g. a misspelt query parameter).
        const unknown = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: unknown }).keys : undefined;
        if (Array.isArray(unknown) && unknown.length) {
          for (const k of unknown)
            fields[at ? `${at}.${String(k)}` : String(k)] ??= `${String(k)} is not a known parameter`;
          continue;
        }
        fields[at || '_'] ??= v.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return sendError(reply, 400, { error: { code: 'validation', message: first, fields } });
    }
    const status = error.statusCode ?? 500;
    const code = CODE_BY_STATUS[status];
    if (status < 500 && code) {
      if (status === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
      return sendError(reply, status, { error: { code, message: clientMessage(error, status) } });
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
    return sendError(reply, 500, {
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
    });
  });
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large (100 KB at most)';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as application/json';
  }
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  // Fastify's own 4xx messages name no internals; keep them but never for 5xx.
  return error.message;
}
