import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../platform/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { API_DOCS_PREFIX } from '../operations/api-docs.ts';
import { getActor } from './authentication.ts';

/**
 * Who may call a route, declared on the route (`config: { access }`):
 * - `public`: anyone; the actor is not looked up;
 * - `signedIn`: any signed-in user (ownership rules, such as "only this order's buyer", are the
 *   domain's: its own rules and queries: `src/server/features/<feature>/<feature>.ts`);
 * - `seller`, `admin`: a signed-in user with that role.
 */
export type Access = 'public' | 'signedIn' | 'seller' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in caller of a non-public route (null for anonymous callers of public ones). */
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** 'METHOD /api/path' → declared access, for every API route (the authorization matrix test reads it). */
    apiRoutes: Map<string, Access>;
  }
}

function check(access: Access, actor: Actor | null): AppError | undefined {
  if (access === 'public') return undefined;
  if (!actor) return new AppError('sign_in_required');
  if (access === 'seller' && actor.role !== 'seller') return new AppError('sellers_only');
  if (access === 'admin' && actor.role !== 'admin') return new AppError('admins_only');
  return undefined;
}

/**
 * Every /api route must declare its access (registration fails otherwise); one hook checks it
 * before the body is parsed or validated, so an anonymous caller of a protected route gets 401
 * whatever it sends and learns nothing about the route's schema.
 */
export function registerAccess(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.decorate('apiRoutes', new Map<string, Access>());
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    // The API reference's page and script (features/operations/api-docs.ts) come from Scalar's plugin, which
    // cannot declare access: they are public, like the document they show.
    if (!route.config?.access && route.url.startsWith(API_DOCS_PREFIX))
      route.config = { ...route.config, access: 'public' };
    const access = route.config?.access;
    if (!access) throw new Error(`${route.url} declares no access: add config: { access } to the route`);
    for (const method of [route.method].flat())
      if (method !== 'HEAD') app.apiRoutes.set(`${method} ${route.url}`, access);
  });
  // A callback hook: public routes, the hot path, pass through with no promise.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return done();
    getActor(request).then((actor) => {
      request.actor = actor;
      done(check(access, actor));
    }, done);
  });
}

/** The caller of a route whose access is not `public`: the access hook has made sure there is one. */
export function signedIn(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('sign_in_required');
  return request.actor;
}
