import { i18n } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { Locale } from '../../shared/locale.ts';
import { clientConfigQuery } from '../features/auth/api/use-client-config.ts';
import { articlesQuery } from '../features/blog/api/use-articles.ts';
import { categoryLaptopsQuery } from '../features/catalog/api/category-laptops-query.ts';
import { advertisedLaptopsQuery } from '../features/catalog/api/use-advertised-laptops.ts';
import { servicesQuery } from '../features/services/api/use-services.ts';
import { paths } from '../lib/paths.ts';
import { requireUser, roleLoader, signedInLoader } from './guards.ts';
import { RootHydrateFallback, RootLayout } from './layout/root-layout.tsx';
import { PAGES, type Page, type PageHandle } from './route-table.ts';
import { HomePage } from './routes/home-page.tsx';
import { NotFoundPage, RootErrorPage, RouteErrorPage } from './routes/not-found-page.tsx';

// The advertised grid exists only when non-empty (docs/product.md#home), so if it arrived after the first paint
// it would push the categories down under the visitor's eyes. Give it a short head start, but
// never let a slow or failing API (three retries) hold the whole home page back.
export const ADVERTISED_HEAD_START_MS = 800;

function homeLoader(queryClient: QueryClient, server: boolean, locale: Locale) {
  return async () => {
    const services = queryClient.prefetchQuery(servicesQuery(locale));
    const advertised = queryClient.prefetchQuery(advertisedLaptopsQuery());
    // The server renders the whole page once for everyone: it waits for both.
    if (server) {
      await Promise.all([services, advertised]);
      return null;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      advertised,
      new Promise((resolve) => {
        timer = setTimeout(resolve, ADVERTISED_HEAD_START_MS);
      }),
    ]);
    clearTimeout(timer);
    return null;
  };
}

/**
 * A loader that starts a request and, in the browser, shows the page (and its spinner) without
 * waiting; on the server, where the page is rendered whole, it waits.
 */
function prefetchLoader(server: boolean, prefetch: () => Promise<void>) {
  return async () => {
    const done = prefetch();
    if (server) await done;
    return null;
  };
}

/** The catch-all route: the server answers its pages with 404. */
export const NOT_FOUND_ROUTE_ID = 'not-found';

/** Routes behind sign-in: the server renders their layout and spinner, the browser the rest. */
export function isPrivateRoute(route: RouteObject): boolean {
  return (route.handle as PageHandle | undefined)?.private === true;
}
const PRIVATE = { private: true };

/** The module that renders a route, if it names one (the route table's `module`). */
export function routeModule(route: RouteObject): string | undefined {
  return (route.handle as PageHandle | undefined)?.module;
}

/** The catalogs of the lazy pieces a first-load page shows, by language (the route table's). */
export function routeCatalogs(route: RouteObject): PageHandle['catalogs'] {
  return (route.handle as PageHandle | undefined)?.catalogs;
}

/** A page's place in the router, from the route table: its path, and its module in its handle. */
function at(page: Page, handle: PageHandle = {}) {
  return { path: page.path, handle: { ...handle, module: page.module, catalogs: page.catalogs } };
}

// Each page's path and module come from the route table (route-table.ts); the lazy `import()`s
// name the same module here, as Vite splits chunks only at literal imports (route-table.test.ts
// checks that they agree). The home page is the landing page of nearly every visit, so it ships in
// the entry chunk (no second round trip before the hero shows); every other page is its own lazy
// chunk. Loaders stay outside `lazy` so their data request runs in parallel with the chunk download.
/**
 * `locale`: the language of the page (the server's choice for this request; in the browser the
 * page's, the default): queries of translated content are keyed by it.
 */
export function createRoutes(
  queryClient: QueryClient,
  { server = false, locale = i18n.locale as Locale }: { server?: boolean; locale?: Locale } = {},
): RouteObject[] {
  return [
    {
      path: paths.home,
      Component: RootLayout,
      HydrateFallback: RootHydrateFallback,
      // Only if the layout itself fails: nothing of it can be trusted, so render the page alone.
      ErrorBoundary: RootErrorPage,
      children: [
        {
          // Errors inside a page keep the navbar and footer around the error page.
          ErrorBoundary: RouteErrorPage,
          children: [
            {
              index: true,
              handle: { module: PAGES.home.module, catalogs: PAGES.home.catalogs },
              loader: homeLoader(queryClient, server, locale),
              Component: HomePage,
            },
            {
              ...at(PAGES.blog),
              loader: prefetchLoader(server, () => queryClient.prefetchQuery(articlesQuery(locale))),
              lazy: async () => ({ Component: (await import('./routes/blog-page.tsx')).BlogPage }),
            },
            {
              ...at(PAGES.login),
              // Whether to offer Google: asked alongside the chunk download.
              loader: prefetchLoader(server, () => queryClient.prefetchQuery(clientConfigQuery())),
              lazy: async () => ({ Component: (await import('./routes/login-page.tsx')).LoginPage }),
            },
            {
              ...at(PAGES.search),
              // The loader comes with the page's chunk: it keeps the first load of every other page
              // small (budget: docs/performance.md), at the price of one round trip before a search.
              lazy: async () => {
                const { SearchPage, searchLoader } = await import('./routes/search-page.tsx');
                return { Component: SearchPage, loader: searchLoader(queryClient) };
              },
            },
            {
              ...at(PAGES.laptop),
              lazy: async () => {
                const { ListingPage, ListingErrorBoundary, listingLoader } = await import('./routes/listing-page.tsx');
                return {
                  Component: ListingPage,
                  ErrorBoundary: ListingErrorBoundary,
                  loader: listingLoader(queryClient, server),
                };
              },
            },
            {
              ...at(PAGES.seller),
              lazy: async () => {
                const { SellerPage, SellerErrorBoundary, sellerLoader } = await import('./routes/seller-page.tsx');
                return {
                  Component: SellerPage,
                  ErrorBoundary: SellerErrorBoundary,
                  loader: sellerLoader(queryClient, server),
                };
              },
            },
            // The footer's pages (one chunk for the three); Contact's e-mail and phone come from the server's configuration.
            {
              ...at(PAGES.about),
              lazy: async () => ({ Component: (await import('./routes/site-pages.tsx')).AboutPage }),
            },
            {
              ...at(PAGES.staySafe),
              lazy: async () => ({ Component: (await import('./routes/site-pages.tsx')).StaySafePage }),
            },
            {
              ...at(PAGES.contact),
              loader: prefetchLoader(server, () => queryClient.prefetchQuery(clientConfigQuery())),
              lazy: async () => ({ Component: (await import('./routes/site-pages.tsx')).ContactPage }),
            },
            {
              ...at(PAGES.signup),
              lazy: async () => ({ Component: (await import('./routes/signup-page.tsx')).SignupPage }),
            },
            {
              ...at(PAGES.forgotPassword),
              lazy: async () => ({
                Component: (await import('../features/auth/components/forgot-password-page.tsx')).ForgotPasswordPage,
              }),
            },
            {
              ...at(PAGES.resetPassword),
              lazy: async () => ({
                Component: (await import('../features/auth/components/reset-password-page.tsx')).ResetPasswordPage,
              }),
            },
            {
              ...at(PAGES.category, PRIVATE),
              // Signed in only, and the laptops are fetched before the page shows
              // (docs/product.md#category-page). The guard
              // runs first so a signed-out visit never fires a request that can only fail.
              loader: async ({ params, request }) => {
                await requireUser(queryClient, request);
                await queryClient.ensureInfiniteQueryData(categoryLaptopsQuery(params.name ?? ''));
                return null;
              },
              lazy: async () => {
                const { CategoryPage, CategoryErrorBoundary } = await import('./routes/category-page.tsx');
                return { Component: CategoryPage, ErrorBoundary: CategoryErrorBoundary };
              },
            },
            {
              ...at(PAGES.dashboard, PRIVATE),
              // docs/product.md#route-guards: the shell itself needs a signed-in user; each group below adds its rule.
              loader: signedInLoader(queryClient),
              lazy: async () => ({ Component: (await import('./layout/dashboard-layout.tsx')).DashboardLayout }),
              children: [
                {
                  loader: signedInLoader(queryClient),
                  children: [
                    {
                      index: true,
                      handle: { module: PAGES.dashboardHome.module },
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard-home-page.tsx')).DashboardHomePage,
                      }),
                    },
                    {
                      ...at(PAGES.myWishlist),
                      lazy: async () => ({ Component: (await import('./routes/wishlist-page.tsx')).WishlistPage }),
                    },
                    {
                      ...at(PAGES.savedSearches),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/saved-searches-page.tsx')).SavedSearchesPage,
                      }),
                    },
                    {
                      ...at(PAGES.myOrders),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/my-orders-page.tsx')).MyOrdersPage,
                      }),
                    },
                    {
                      ...at(PAGES.payment),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/payment-page.tsx')).PaymentPage,
                      }),
                    },
                    {
                      ...at(PAGES.messages),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/messages-page.tsx')).MessagesPage,
                      }),
                    },
                    {
                      ...at(PAGES.messageThread),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/message-thread-page.tsx')).MessageThreadPage,
                      }),
                    },
                    {
                      ...at(PAGES.account),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/account-page.tsx')).AccountPage,
                      }),
                    },
                    // signed-in pages (insert above)
                  ],
                },
                {
                  loader: roleLoader(queryClient, 'seller'),
                  children: [
                    {
                      ...at(PAGES.addAProduct),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/add-product-page.tsx')).AddProductPage,
                      }),
                    },
                    {
                      ...at(PAGES.myProducts),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/my-products-page.tsx')).MyProductsPage,
                      }),
                    },
                    {
                      ...at(PAGES.editProduct),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/edit-product-page.tsx')).EditProductPage,
                      }),
                    },
                    {
                      ...at(PAGES.myBuyers),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/my-buyers-page.tsx')).MyBuyersPage,
                      }),
                    },
                    // seller pages (insert above)
                  ],
                },
                {
                  loader: roleLoader(queryClient, 'admin'),
                  children: [
                    {
                      ...at(PAGES.allBuyers),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/all-buyers-page.tsx')).AllBuyersPage,
                      }),
                    },
                    {
                      ...at(PAGES.allSellers),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/all-sellers-page.tsx')).AllSellersPage,
                      }),
                    },
                    {
                      ...at(PAGES.reports),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/reports-page.tsx')).ReportsPage,
                      }),
                    },
                    {
                      ...at(PAGES.moderation),
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/moderation-page.tsx')).ModerationPage,
                      }),
                    },
                  ],
                },
              ],
            },
            { id: NOT_FOUND_ROUTE_ID, ...at(PAGES.notFound), Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}
