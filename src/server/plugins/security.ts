import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

// An explicit CSP: everything from our own origin only. Helmet's default would add
// upgrade-insecure-requests, which breaks plain-HTTP hosts other than localhost.
export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-hot-toast injects its keyframes in a <style> element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Sellers give their laptop pictures as http(s) URLs (spec §5); images cannot run script.
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
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
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw new AppError('validation', 'Text must not contain NUL characters');
    }
  });
}
