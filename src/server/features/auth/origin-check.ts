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

/** Origins seen lately and their hosts: a write names one of a few, and parsing it was 2 % of a booking. */
const hosts = new Map<string, string | null>();
const MAX_HOSTS = 100;

function hostOf(url: string): string | null {
  let host = hosts.get(url);
  if (host === undefined) {
    try {
      host = new URL(url).host;
    } catch {
      host = null;
    }
    // Anyone can send any Origin: forgetting them all at once bounds the map.
    if (hosts.size >= MAX_HOSTS) hosts.clear();
    hosts.set(url, host);
  }
  return host;
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
