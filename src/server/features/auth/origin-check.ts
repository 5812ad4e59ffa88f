import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * Browsers name the page's origin on every cross-site write: writes to the API from other sites are
 * refused, sign-in and sign-up included (login CSRF). Clients that are not browsers send no Origin.
 * Behind a proxy our host is BASE_URL's, whatever Host header the proxy sends.
 */
export function registerOriginCheck(app: FastifyInstance) {
  const ownHost = app.config.baseUrl ? new URL(app.config.baseUrl).host : undefined;
  app.addHook('onRequest', (request, _reply, done) => {
    if (READS.has(request.method) || !request.url.startsWith('/api/')) return done();
    const { origin, cookie, referer } = request.headers;
    const from = origin ?? (cookie && referer ? originOf(referer) : undefined);
    if (from && hostOf(from) !== (ownHost ?? request.host)) {
      return done(new AppError('cross_site'));
    }
    done();
  });
}
