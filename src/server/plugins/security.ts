import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

// An explicit CSP: everything from our own origin only (helmet's default would add
// upgrade-insecure-requests, which breaks plain-HTTP hosts other than localhost).
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // react-hot-toast injects its keyframes in a <style> element.
  "style-src 'self' 'unsafe-inline'",
  // Sellers give their laptop pictures as http(s) URLs (docs/product.md); images cannot run script.
  // blob: is the photo picker's thumbnails of photos not sent yet (only our own script can make one).
  "img-src 'self' data: blob: https: http:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

/**
 * The headers helmet would send with our settings, computed once: they never depend on the
 * request, and setting a frozen set is a fraction of helmet's per-request cost (docs/decisions/0013).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * What an API answer needs (OWASP's REST security headers): JSON is never rendered as a page, so
 * the document policies above mean nothing on it; it must only never be framed, sniffed as another
 * type or read by other origins' pages. Four headers instead of eleven are also a quarter of the
 * bytes and header checks per answer on the hottest routes (docs/decisions/0013).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

export function registerSecurity(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? API_SECURITY_HEADERS : SECURITY_HEADERS);
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
      done(new AppError('validation', 'Text must not contain NUL characters'));
    } else done();
  });
}
