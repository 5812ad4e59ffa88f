import { i18n } from '@lingui/core';
import { dehydrate, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { Locale } from '../../shared/locale.ts';
import { FIRST_CATALOG_MODULES, PAGE_CATALOG_MODULES } from '../i18n/catalog-modules.ts';
import { messages as banglaPages } from '../i18n/pages-bn.ts';
import { messages as englishPages } from '../i18n/pages-en.ts';
import { setApiFetch } from '../lib/api-client.ts';
import { setBanglaFormats } from '../lib/format.ts';
import * as banglaFormats from '../lib/format-bn.ts';
import { paths } from '../lib/paths.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { messages as banglaFirst } from '../locales/bn/first.ts';
import { messages as englishFirst } from '../locales/en/first.ts';
import { type AppState, serializeAppState, serializeRouteErrors } from './app-state.ts';
import { resolveLazyRoutes } from './lazy-routes.ts';
import { Providers } from './providers.tsx';
import { FIRST_LOAD_PAGES, SITEMAP_PAGES } from './route-table.ts';
import { createRoutes, isPrivateRoute, NOT_FOUND_ROUTE_ID, routeCatalogs, routeModule } from './routes.tsx';

// Server rendering (docs/rendering.md): the same routes, loaders and components as the browser,
// run once on the server per page version. Pages are the same for every visitor (they are cached
// and shared): the account is resolved in the browser, so pages behind sign-in render the layout
// and the spinner here and their content after hydration.

/** What kind of page a path is; decides how the server caches it. */
export type PageKind = 'public' | 'private' | 'notFound';

export interface RenderedPage {
  /** 301: the page has another address (`location`), e.g. a listing under its old name. */
  status: 200 | 301 | 404;
  location?: string;
  /** Tags for the head: title, description, canonical URL, Open Graph, Twitter card, preloads. */
  head: string;
  /** The app's markup, for inside `<div id="root">`. */
  html: string;
  /** The state the browser hydrates from, as the text of a `<script type="application/json">`. */
  state: string;
}

export interface RenderOptions {
  /** The public origin, e.g. https://laptophaat.com.bd: canonical and Open Graph URLs start with it. */
  origin: string;
  /** How the server's loaders reach the API (in process, without the network). */
  fetch: typeof fetch;
  /** The language to render the page in (chosen by the server: src/server/features/pages/language.ts). */
  locale: Locale;
}

// The server renders every language: all their messages, and the Bangla formats, are loaded once.
i18n.load({ en: { ...englishFirst, ...englishPages }, bn: { ...banglaFirst, ...banglaPages } });
i18n.activate('en');
setBanglaFormats(banglaFormats);

const matchingRoutes = createRoutes(createQueryClient());

/** The sitemap protocol's limit of addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;

/** A laptop for sale as the sitemap needs it: enough for its page's address. */
export interface SitemapListing {
  id: string;
  name: string;
}

/** How many sellers' pages the sitemap lists at most (docs/product.md#seller-pages). */
export const SITEMAP_SELLERS = 10_000;
/** How many listings fit in the sitemap beside the fixed pages (the route table's) and the sellers'. */
export const SITEMAP_LISTINGS = SITEMAP_MAX_URLS - SITEMAP_PAGES.length - SITEMAP_SELLERS;

/**
 * The public pages search engines should know: the fixed pages, then the pages of the laptops for
 * sale the server read (newest first, up to SITEMAP_LISTINGS), then the sellers' pages.
 */
export function sitemapPaths(
  listings: readonly SitemapListing[] = [],
  sellers: readonly { id: string }[] = [],
): string[] {
  const laptops = listings.slice(0, SITEMAP_LISTINGS).map((l) => paths.laptop(l.id, l.name));
  return [...SITEMAP_PAGES, ...laptops, ...sellers.slice(0, SITEMAP_SELLERS).map((s) => paths.seller(s.id))];
}

/**
 * The modules that render the page at `path`, outermost first (the route table's), then the
 * catalogs it shows in `locale` that the browser loads lazily (the first load's in Bangla, and the
 * pages' when a page is lazy, or its lazy pieces' when it is in the first load): the server names their chunks in the page's head, so the browser
 * fetches them beside the entry instead of once it has run.
 */
export function pageModules(path: string, locale: Locale): string[] {
  const matches = matchRoutes(matchingRoutes, path) ?? [];
  const modules = matches.flatMap((m) => routeModule(m.route) ?? []);
  const lazy = modules.some((module) => !FIRST_LOAD_PAGES.includes(module));
  const pieces = matches.flatMap((m) => routeCatalogs(m.route)?.[locale] ?? []);
  return [...modules, ...FIRST_CATALOG_MODULES[locale], ...(lazy ? PAGE_CATALOG_MODULES[locale] : pieces)];
}

/** Whether `path` is a public page, a page behind sign-in, or no page at all. */
export function pageKind(path: string): PageKind {
  let kind = pageKinds.get(path);
  if (kind === undefined) {
    const matches = matchRoutes(matchingRoutes, path) ?? [];
    kind = matches.some((m) => isPrivateRoute(m.route))
      ? 'private'
      : matches.at(-1)?.route.id === NOT_FOUND_ROUTE_ID
        ? 'notFound'
        : 'public';
    // Bounded: any visitor can invent paths. Forgetting all at once costs one match per path again.
    if (pageKinds.size >= MAX_PAGE_KINDS) pageKinds.clear();
    pageKinds.set(path, kind);
  }
  return kind;
}

/**
 * A path's kind never changes while the server runs (the route table is fixed), and matching it
 * (React Router flattens and ranks every route on each call) was most of a cached home page's time:
 * 1,000–1,800 answers/s for `GET /` without this memo, 5,800–10,000 with it (decision 0031).
 */
const pageKinds = new Map<string, PageKind>();
const MAX_PAGE_KINDS = 10_000;

// React emits <title>, <meta> and <link> elements of the page first when it renders less than a
// whole document; they belong in the head.
const HOISTED = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*\/>)*/;

export async function renderPage(url: string, { origin, fetch, locale }: RenderOptions): Promise<RenderedPage> {
  setApiFetch(fetch);
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const request = new Request(new URL(url, origin));
  const location = new URL(request.url);
  const routes = createRoutes(queryClient, { server: true, locale });
  await resolveLazyRoutes(routes, location.pathname);
  const handler = createStaticHandler(routes);
  // Loaders behind sign-in do not run: the browser runs them with the visitor's session.
  const matches = matchRoutes(handler.dataRoutes, location.pathname) ?? [];
  const firstPrivate = matches.findIndex((m) => isPrivateRoute(m.route));
  const skipped = new Set(firstPrivate < 0 ? [] : matches.slice(firstPrivate).map((m) => m.route.id));
  const context = await handler.query(request, { filterMatchesToLoad: (m) => !skipped.has(m.route.id) });
  if (context instanceof Response) {
    // A loader's redirect to the page's one address (a listing under an old or missing name).
    const location = context.headers.get('location');
    if (context.status >= 300 && context.status < 400 && location?.startsWith('/')) {
      return { status: 301, location, head: '', html: '', state: '' };
    }
    throw new Error(`${url}: a loader answered ${context.status} on the server`);
  }
  // The public loaders only prefetch, or say that what the address names does not exist (a 404
  // route error: a deleted listing); anything else is a bug, and the caller serves the page
  // unrendered for the browser to build.
  const errors = serializeRouteErrors(context.errors);

  // Only what succeeded goes to the browser, and the server renders from exactly that, so both
  // render the same first frame (a failed query is retried in the browser, showing its spinner).
  const dehydrated = dehydrate(queryClient);
  const renderClient = createQueryClient();
  hydrate(renderClient, dehydrated);
  queryClient.clear();

  const router = createStaticRouter(handler.dataRoutes, context);
  // Components translate through Lingui's global i18n (i18n/i18n.ts): the page's language is
  // activated right before the render, which is synchronous, so no other page can change it meanwhile.
  i18n.activate(locale);
  const markup = renderToString(
    <StrictMode>
      <Providers queryClient={renderClient} origin={origin}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  renderClient.clear();
  const head = HOISTED.exec(markup)?.[0] ?? '';
  const state: AppState = {
    origin,
    router: { loaderData: context.loaderData, actionData: context.actionData, errors },
    queries: dehydrated,
  };
  const notFound = context.matches.at(-1)?.route.id === NOT_FOUND_ROUTE_ID || context.statusCode === 404;
  return { status: notFound ? 404 : 200, head, html: markup.slice(head.length), state: serializeAppState(state) };
}
