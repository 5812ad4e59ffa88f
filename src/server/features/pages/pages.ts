import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../../shared/locale.ts';
import { AppError } from '../../platform/errors.ts';
import { sendCachedText, sendText } from '../../platform/http/cache.ts';
import { logOutage, RETRY_AFTER_S, sendError } from '../../platform/http/error-handler.ts';
import { outageCause } from '../../platform/outage.ts';
import { isOutageError } from '../../platform/response-cache.ts';
import { listForSaleNames } from '../laptops/laptops.ts';
import { listSellerNames } from '../sellers/sellers.ts';
import { pageFonts } from './fonts.ts';
import { languageCookie, pageLanguage } from './language.ts';
import { moduleChunks } from './preloads.ts';
import { pageTemplate } from './template.ts';

// The web app's pages, rendered by React on the server (docs/rendering.md), and the build's files.
// A page is the same for every visitor, so it is cached like a public API answer (tag 'pages',
// cleared by every write that clears anything) with an ETag, and an edge may keep it a few seconds.

/** The web app's server entry (src/web/app/entry-server.tsx), as the server uses it. */
export interface PageRenderer {
  pageKind(path: string): 'public' | 'private' | 'notFound';
  renderPage(
    url: string,
    options: { origin: string; fetch: typeof fetch; locale: Locale },
  ): Promise<{ status: number; location?: string; head: string; html: string; state: string }>;
  /** The modules that render the page at `path` (the route table's), outermost first, then its lazy catalogs in `locale`. */
  pageModules(path: string, locale: Locale): string[];
  /** The public pages search engines should know, as paths, given the laptops for sale. */
  sitemapPaths(listings: readonly { id: string; name: string }[], sellers: readonly { id: string }[]): string[];
  /** How many listings the sitemap has room for. */
  SITEMAP_LISTINGS: number;
  /** How many sellers' pages the sitemap lists at most. */
  SITEMAP_SELLERS: number;
}

/** A rendered page: its status, its HTML, or the address it moved to. */
interface PageAnswer {
  status: number;
  body: string;
  location?: string;
  /** Rendered from answers the cache served stale while a dependency was away: sent, never cached. */
  stale?: boolean;
}

/**
 * A page whose rendering did not give the status its kind expects: a public path whose loader found
 * nothing (a deleted listing: 404) or that moved (a listing under an old name: 301). Sent as it is
 * and never cached, so invented addresses cannot fill the cache.
 */
class UncachedPage extends Error {
  constructor(readonly page: PageAnswer) {
    super(`page answered ${page.status}`);
  }
}

/**
 * A page rendered from answers the cache served stale (a dependency is away): an outage to the page
 * cache, which serves the page it last rendered instead when it has one; else this one is sent,
 * marked stale, and not cached.
 */
class StalePage extends AppError {
  constructor(readonly page: PageAnswer) {
    super('unavailable');
  }
}

const HTML = 'text/html; charset=utf-8';
/** A page's language comes from its address, the `lang` cookie or Accept-Language. */
const PAGE_VARY = 'accept-encoding, accept-language, cookie';

/** What the API's answers to one rendering said about a dependency being away. */
interface Outage {
  /** An answer was 503: the page would render without its data. */
  unavailable: boolean;
  /** An answer was served stale (platform/http/cache.ts): the page shows old data. */
  stale: boolean;
}

/** fetch() for the server's own API, in process: what the page's loaders ask for during rendering. */
function inProcessFetch(app: FastifyInstance, outage: Outage): typeof fetch {
  return async (input) => {
    const url =
      typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    if (res.statusCode === 503) outage.unavailable = true;
    if (res.headers['x-served-stale']) outage.stale = true;
    const headers = new Headers({ 'content-type': String(res.headers['content-type'] ?? 'application/json') });
    // The list routes that page say where the next page is (Link: <…>; rel="next").
    if (typeof res.headers.link === 'string') headers.set('link', res.headers.link);
    return new Response(res.payload, { status: res.statusCode, headers });
  };
}

export async function registerPages(app: FastifyInstance, webDir: string | undefined, renderer?: PageRenderer) {
  const indexFile = webDir ? join(webDir, 'index.html') : undefined;
  if (!webDir || !indexFile || !existsSync(indexFile)) {
    app.log.warn('the web client is not built (npm run build): only the API is served');
    app.setNotFoundHandler(notFound);
    return;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of every text asset (scripts/compress-web.mjs).
    preCompressed: true,
    // Ours below, not send's: @fastify/static applies send's own `public, max-age=0` after
    // setHeaders, which had made every hashed asset revalidate on every page.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader('cache-control', fileCacheControl(path));
    },
  });

  const indexHtml = readFileSync(indexFile, 'utf8');
  const chunks = moduleChunks(join(webDir, 'preloads.json'));
  const template = pageTemplate(indexHtml, {
    chunksFor: (path, locale) => chunks(renderer?.pageModules(path, locale) ?? []),
    fonts: pageFonts(webDir, indexHtml),
  });
  const { config } = app;
  const origin = config.baseUrl ?? `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;

  /**
   * The page at `url`, rendered; throws when rendering fails (see `unrendered`), and throws
   * `unavailable` when a loader's data could not be had because a dependency is away: a page
   * without its data must not be cached as the page (the cache serves the last good one instead).
   */
  async function render(url: string, path: string, expected: number, locale: Locale): Promise<PageAnswer> {
    if (!renderer) return { status: expected, body: template(path, undefined, locale) };
    const outage: Outage = { unavailable: false, stale: false };
    const fetchApi = inProcessFetch(app, outage);
    const page = await renderer.renderPage(url, { origin, fetch: fetchApi, locale }).catch((error: unknown) => {
      throw outage.unavailable ? new AppError('unavailable') : error;
    });
    if (outage.unavailable) throw new AppError('unavailable');
    if (page.location) return { status: 301, body: '', location: page.location };
    return { status: page.status, body: template(path, page, locale), stale: outage.stale };
  }

  /**
   * A page rendered for this request only. Rendered whole, it goes out as a cached page does (ETag,
   * compression; a public one for an edge to keep, one behind sign-in `private`); a redirect, a
   * listing that is gone or a page from stale answers is kept by no one.
   */
  function sendUncached(
    request: FastifyRequest,
    reply: FastifyReply,
    page: PageAnswer,
    kind: 'public' | 'private' | 'notFound' = 'public',
  ) {
    if (page.status === 200 && !page.stale && !page.location)
      return sendText(request, reply, {
        scope: kind === 'private' ? 'private' : 'public',
        vary: PAGE_VARY,
        type: HTML,
        body: page.body,
      });
    if (page.stale) reply.header('x-served-stale', '1');
    if (page.location) return reply.header('cache-control', 'no-cache').redirect(page.location, 301);
    return reply
      .code(page.status)
      .type(HTML)
      .header('cache-control', 'no-cache')
      .header('vary', PAGE_VARY)
      .send(page.body);
  }

  /**
   * A page whose data cannot be had because a dependency is away, and no earlier rendering of it is
   * kept: the app's shell with status 503 and Retry-After (the browser's own requests then meet the
   * outage, and say so), never cached.
   */
  function unavailablePage(reply: FastifyReply, path: string, locale: Locale, error: unknown) {
    const cause = outageCause(error);
    if (cause) logOutage(app, cause, error, 'page');
    return reply
      .code(503)
      .type(HTML)
      .header('cache-control', 'no-store')
      .header('retry-after', String(RETRY_AFTER_S))
      .send(template(path, undefined, locale));
  }

  /** A failed rendering: the browser can still build the page itself; nothing of it is cached. */
  function unrendered(reply: FastifyReply, url: string, path: string, locale: Locale, error: unknown) {
    if (isOutageError(error)) return unavailablePage(reply, path, locale, error);
    // One line per 10 s for a page that fails the same way at every request, with a count.
    app.errorLog.report(
      `rendering ${path} ${error instanceof Error ? error.name : typeof error}`,
      () => reply.log.error({ err: error, url }, 'server rendering failed; sending the page unrendered'),
      (count, seconds) =>
        reply.log.error({ path, count }, `server rendering failed: ${count} more for this page in ${seconds} s`),
    );
    return reply
      .code(200)
      .type(HTML)
      .header('cache-control', 'no-cache')
      .send(template(path, undefined, locale));
  }

  const pageConfig = { config: { access: 'public' } } as const;
  app.get('/*', pageConfig, async (request, reply) => {
    const [path = '/', search] = request.url.split('?');
    if (path === '/api' || path.startsWith('/api/')) return notFound(request, reply);
    // One address per page: '/blog/' and '/blog//' move to '/blog' (and only canonical paths are cached).
    const canonical = path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
    if (canonical !== path) return reply.redirect(`${canonical}${search === undefined ? '' : `?${search}`}`, 301);
    const kind = renderer?.pageKind(path) ?? 'public';
    // The page's language (docs/i18n.md); one chosen by address is remembered for the next visit.
    const { locale, fromQuery } = pageLanguage(request.raw);
    if (fromQuery) reply.header('set-cookie', languageCookie(locale));
    // Cached, one per language: public pages without a query but `?lang=` (a bounded set of paths)
    // and the one 404 page. Pages behind sign-in (only a layout and a spinner here) and other query
    // variants are rendered each time.
    const variant = `${locale}${fromQuery ? '?' : ''}`;
    const plain = !search || (fromQuery && /^lang=\w+$/.test(search));
    const key =
      kind === 'notFound' ? `page 404 ${variant}` : kind === 'public' && plain ? `page ${variant} ${path}` : undefined;
    const status = kind === 'notFound' ? 404 : 200;
    try {
      if (!key) return await sendUncached(request, reply, await render(request.url, path, status, locale), kind);
      // A load that throws leaves nothing in the cache: the next request renders again.
      return await sendCachedText(request, reply, {
        key,
        tag: 'pages',
        scope: 'public',
        vary: PAGE_VARY,
        type: HTML,
        status,
        load: async () => {
          const page = await render(request.url, path, status, locale);
          if (page.status !== status || page.location) throw new UncachedPage(page);
          if (page.stale) throw new StalePage(page);
          return page.body;
        },
      });
    } catch (error) {
      if (error instanceof UncachedPage || error instanceof StalePage) return sendUncached(request, reply, error.page);
      return unrendered(reply, request.url, path, locale, error);
    }
  });

  app.get('/robots.txt', pageConfig, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /dashboard\n\nSitemap: ${origin}/sitemap.xml\n`),
  );
  app.get('/sitemap.xml', pageConfig, (request, reply) =>
    sendCachedText(request, reply, {
      key: 'sitemap',
      tag: 'pages',
      scope: 'public',
      type: 'application/xml; charset=utf-8',
      // One query for the listings (not the search API page by page: its counts would run hundreds of times).
      load: async () =>
        sitemap(
          origin,
          renderer
            ? renderer.sitemapPaths(
                await listForSaleNames({ db: app.db, limit: renderer.SITEMAP_LISTINGS }),
                await listSellerNames({ db: app.db, limit: renderer.SITEMAP_SELLERS }),
              )
            : ['/'],
        ),
    }),
  );
  app.setNotFoundHandler(notFound);
}

/**
 * How long a browser keeps a file of the build: a hashed asset for ever; the service worker never
 * without asking (a deploy's new worker is found at the next visit: docs/decisions/0043); the rest
 * revalidated on each use.
 */
export function fileCacheControl(path: string): string {
  if (path.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (path.endsWith('/sw.js')) return 'no-cache';
  return 'public, max-age=0, must-revalidate';
}

function sitemap(origin: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}</urlset>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  return sendError(reply, 'no_route', { method: request.method, path });
}
