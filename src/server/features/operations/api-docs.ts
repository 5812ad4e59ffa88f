import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { errorBodySchema } from '../../../shared/errors.ts';
import { z } from '../../../shared/z.ts';
import type { Access } from '../auth/access.ts';
import { AUTH_BASE_PATH } from '../auth/instance.ts';
import { PASSED_THROUGH_URLS, SERVED_AUTH_ROUTES } from '../auth/served-endpoints.ts';
import { scriptHash } from '../pages/early-taps.ts';

// The API reference (docs/operations.md#api-reference): an OpenAPI 3.1 document generated from the
// zod schemas the routes validate and serialize with (@fastify/swagger with the zod type provider's
// transform), served at /api/openapi.json, and Scalar's browsable reference at /api/docs.

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answers described for the API reference only, for routes whose answer is not ours to
     * serialize (better-auth's): never used to serialize or check the answer at run time.
     */
    answers?: Record<number, ZodType | { description: string; content: Record<string, { schema: ZodType }> }>;
  }
}

// Tags group the reference's routes; a route's tag is its first path segment's.
const TAGS: [prefix: string, tag: string][] = [
  ['/api/auth/', 'Accounts and sign-in'],
  ['/api/jwt', 'Accounts and sign-in'],
  ['/api/users', 'Users'],
  ['/api/user', 'Users'],
  ['/api/myProducts/', 'Selling'],
  ['/api/myProducts', 'Laptops'],
  ['/api/laptops', 'Laptops'],
  ['/api/categories', 'Laptops'],
  ['/api/price-guide', 'Laptops'],
  ['/api/addLaptop', 'Selling'],
  ['/api/allLaptops', 'Selling'],
  ['/api/photos', 'Selling'],
  ['/api/myOrders', 'Orders'],
  ['/api/myBuyers', 'Orders'],
  ['/api/booked', 'Orders'],
  ['/api/wishlist', 'Wishlist'],
  ['/api/notifications', 'Notifications'],
  ['/api/reports', 'Reports'],
  ['/api/conversations', 'Conversations'],
  ['/api/blocks', 'Conversations'],
  ['/api/allLaptop/', 'Admin'],
];
const tagOf = (url: string) => TAGS.find(([prefix]) => url.startsWith(prefix))?.[1] ?? 'Site content';

const WHO: Record<Access, string> = {
  public: 'Anyone, signed in or not.',
  signedIn: 'Any signed-in user (session cookie or access token).',
  seller: 'A signed-in seller.',
  admin: 'A signed-in admin.',
};

const errorAnswer = {
  description: 'The error shape: a stable `code`, a message for people, and per-field messages for `validation`.',
  content: { 'application/json': { schema: z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' }) } },
};

/**
 * Only /api routes are documented by their schemas, without the reference's own routes and the
 * better-auth routes served as they are (better-auth describes those: withAuthRoutes).
 */
export function isDocumented(url: string): boolean {
  return (
    url.startsWith('/api/') && url !== OPENAPI_PATH && !url.startsWith(API_DOCS_PREFIX) && !PASSED_THROUGH_URLS.has(url)
  );
}

/** `/callback/{id}` and `/callback/:providerId` alike: the same route. */
const routeShape = (method: string, url: string) => `${method.toUpperCase()} ${url.replace(/\{[^}]+\}|:[^/]+/g, '{}')}`;
const SERVED_SHAPES = new Set([...SERVED_AUTH_ROUTES].map((r) => routeShape(...(r.split(' ') as [string, string]))));

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

function documentRoute(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { url, route } = input;
  if (!isDocumented(url)) return { schema: { hide: true } as TransformInput['schema'], url };
  const config = (route as RouteOptions).config ?? {};
  const declared = (input.schema?.response ?? {}) as Record<string, unknown>;
  const schema = { ...input.schema, response: { ...declared, ...config.answers } };
  const { schema: documented } = jsonSchemaTransform({ ...input, schema });
  const access: Access = config.access ?? 'public';
  const response = (documented.response ?? {}) as Record<string, unknown>;
  return {
    url,
    schema: {
      ...documented,
      tags: [tagOf(url)],
      description: `Who may call: ${WHO[access]}`,
      ...(access === 'public' ? {} : { security: [{ session: [] }, { accessToken: [] }] }),
      response: { ...response, '4XX': errorAnswer, '5XX': errorAnswer },
    } as TransformInput['schema'],
  };
}

const DOCS_CSP_BASE = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/**
 * The reference page's own policy: the app's CSP allows only the app's early-taps script inline, and
 * Scalar's page has one of its own (its configuration). Only that script is allowed, by its hash;
 * everything else is from our origin, as for the app.
 */
export function docsPolicy(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) =>
    scriptHash(body ?? ''),
  );
  return [...DOCS_CSP_BASE, `script-src 'self' ${hashes.join(' ')}`.trim()].join(';');
}

// Scalar's page is empty until its script (3.5 MB, 1 MB compressed) has loaded and run: it says so
// meanwhile, in the element the script then fills.
const SCALAR_MOUNT = '<div id="app"></div>';
const SCALAR_MOUNT_LOADING =
  '<div id="app"><p role="status" style="font: 1rem/1.5 system-ui, sans-serif; margin: 2rem">Loading the API reference…</p></div>';

/** Scalar's page as we send it: saying it is loading, under its own policy. */
function docsPage(html: string): { html: string; csp: string } {
  return { html: html.replace(SCALAR_MOUNT, SCALAR_MOUNT_LOADING), csp: docsPolicy(html) };
}

let lastPage: { from: string; html: string; csp: string } | undefined;
function finishDocsPage(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (e: null, p: unknown) => void,
) {
  if (typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')) {
    if (lastPage?.from !== payload) lastPage = { from: payload, ...docsPage(payload) };
    reply.header('content-security-policy', lastPage.csp);
    done(null, lastPage.html);
    return;
  }
  done(null, payload);
}

type Operation = Record<string, unknown> & { security?: unknown[]; description?: string };
interface AuthDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

/** Marks an operation that better-auth answers as it is: described by better-auth, not by our schemas. */
export const FROM_BETTER_AUTH = 'x-answered-by-better-auth';

/**
 * better-auth's own routes that the app serves (features/auth/served-endpoints.ts), as its openAPI plugin
 * describes them, beside ours (ours win where we front one: sign-in, sign-up, update-user,
 * change-password). The routes it has and we do not serve are left out.
 */
function withAuthRoutes(document: ReturnType<typeof jsonSchemaTransformObject>, auth: AuthDocument | undefined) {
  if (!auth) return document;
  const paths = { ...(document.paths as Record<string, Record<string, Operation>>) };
  for (const [path, operations] of Object.entries(auth.paths)) {
    const url = `${AUTH_BASE_PATH}${path}`;
    const ours = paths[url] ?? {};
    const theirs: Record<string, Operation> = {};
    for (const [method, operation] of Object.entries(operations)) {
      if (ours[method] || !SERVED_SHAPES.has(routeShape(method, url))) continue;
      // Its errors reach the caller in our error shape (authentication.ts turns them).
      const answers = Object.entries((operation.responses ?? {}) as Record<string, unknown>).filter(
        ([code]) => !/^[45]/.test(code),
      );
      theirs[method] = {
        ...operation,
        responses: { ...Object.fromEntries(answers), '4XX': errorAnswer, '5XX': errorAnswer },
        tags: [tagOf(url)],
        description:
          `${operation.description ?? ''}\n\nAnswered by better-auth, the sign-in library, as it describes itself.`.trim(),
        ...(operation.security ? { security: [{ session: [] }] } : {}),
        [FROM_BETTER_AUTH]: true,
      };
    }
    if (Object.keys(theirs).length) paths[url] = { ...ours, ...theirs };
  }
  const { components } = document as { components?: { schemas?: Record<string, unknown> } };
  return {
    ...document,
    paths,
    components: { ...components, schemas: { ...auth.components?.schemas, ...components?.schemas } },
  } as ReturnType<typeof jsonSchemaTransformObject>;
}

/** Collects the routes registered after it: call before the API's routes. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Laptop Haat API',
        version: '1',
        description:
          'The JSON API of Laptop Haat, the marketplace for used laptops in Bangladesh. Prices are in Tk. ' +
          'Sign in with `POST /api/auth/sign-in/email` (the session cookie then rides along), or send ' +
          '`Authorization: Bearer <accessToken>` from `GET /api/jwt`. Every error answers `{ "error": { "code", "message" } }`.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: documentRoute,
    transformObject: (document) => withAuthRoutes(jsonSchemaTransformObject(document), authDocument),
  });
  // better-auth's part is asked for when the document is first wanted, not at every start-up;
  // @fastify/swagger builds the document once, on that first request, and keeps it.
  let authDocument: AuthDocument | undefined;
  let loading: Promise<void> | undefined;
  const withAuthDocument = async () => {
    const api = app.auth.api as unknown as { generateOpenAPISchema(o: { headers: Headers }): Promise<AuthDocument> };
    // A direct call has no request to take the origin from; the paths do not depend on it.
    loading ??= api.generateOpenAPISchema({ headers: new Headers({ host: 'localhost' }) }).then(
      (document) => {
        authDocument = document;
      },
      (error: unknown) => {
        loading = undefined; // asked again on the next request
        throw error;
      },
    );
    await loading;
  };

  app.get(
    OPENAPI_PATH,
    { schema: { hide: true }, config: { access: 'public' }, onRequest: withAuthDocument },
    (_request, reply) => {
      reply.send(app.swagger());
    },
  );

  await app.register(async (docs) => {
    docs.addHook('onRequest', withAuthDocument);
    docs.addHook('onSend', finishDocsPage);
    await docs.register(scalar, {
      routePrefix: API_DOCS_PREFIX,
      // The page reads Scalar's normalized copy of our document (also as YAML) beside itself.
      // Nothing leaves our origin: no web fonts, no AI agent, no developer toolbar, no telemetry.
      configuration: {
        content: () => app.swagger(),
        pageTitle: 'Laptop Haat API reference',
        favicon: '/favicon.svg',
        withDefaultFonts: false,
        agent: { disabled: true },
        showDeveloperTools: 'never',
        telemetry: false,
      },
    });
  });
}
