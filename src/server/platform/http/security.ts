import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../errors.ts';

/**
 * Helmet's headers for `options`, computed once: with our settings they never depend on the
 * request, so helmet runs at start-up against a stand-in response and each request sets the frozen
 * result in one call, not helmet's dozen middlewares (docs/decisions/0012, measured there).
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

/**
 * What an API answer needs (OWASP's REST security headers): JSON is never rendered as a page, so
 * the document policies above mean nothing on it; it must only never be framed, sniffed as another
 * type or read by other origins' pages. Four headers instead of eleven are also a quarter of the
 * bytes and header checks per answer on the hottest routes (docs/decisions/0013). The build's
 * scripts, styles and fonts (`/assets/`) and the photos (`/photos/`, AVIF and WebP only) are never
 * documents either: they get the same four, about 500 bytes less on each of a page's 20–30
 * requests (docs/performance.md).
 */
export const API_SECURITY_HEADERS = helmetHeaders({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/** Paths whose answers are never rendered as a document: the API, built assets, photos. */
const NOT_DOCUMENTS = /^\/(?:api|assets|photos)\//;

/** Every answer's security headers: `pageHeaders` on documents (the pages feature's), the API's four elsewhere. */
export function registerSecurity(app: FastifyInstance, pageHeaders: Readonly<Record<string, string>>) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(NOT_DOCUMENTS.test(request.url) ? API_SECURITY_HEADERS : pageHeaders);
    done();
  });
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  for (const [key, v] of Object.entries(value)) if (key.includes('\u0000') || hasNul(v, depth + 1)) return true;
  return false;
}

// PostgreSQL text cannot hold a NUL character: refuse it at the edge instead of failing in SQL.
export function registerInputGuards(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      done(new AppError('nul_character'));
    } else done();
  });
}
