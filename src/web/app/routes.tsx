import type { QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import type { LaptopDetail } from '../../shared/search.ts';
import { clientConfigQuery } from '../features/auth/api/use-client-config.ts';
import { articlesQuery } from '../features/blog/api/use-articles.ts';
import { advertisedLaptopsQuery } from '../features/catalog/api/use-advertised-laptops.ts';
import { categoryLaptopsQuery } from '../features/catalog/api/use-category-laptops.ts';
import { laptopQuery } from '../features/catalog/api/use-laptop.ts';
import { parseSearchFilters } from '../features/search/api/search-filters.ts';
import { laptopSearchQuery, similarLaptopsQuery } from '../features/search/api/use-laptop-search.ts';
import { servicesQuery } from '../features/services/api/use-services.ts';
import { isApiError } from '../lib/api-client.ts';
import { laptopSlug, paths } from '../lib/paths.ts';
import { requireUser, roleLoader, signedInLoader } from './guards.ts';
import { RootHydrateFallback, RootLayout } from './layout/root-layout.tsx';
import { HomePage } from './routes/home-page.tsx';
import { NotFoundPage, RootErrorPage, RouteErrorPage } from './routes/not-found-page.tsx';

// The advertised grid exists only when non-empty (docs/product.md#home), so if it arrived after the first paint
// it would push the categories down under the visitor's eyes. Give it a short head start, but
// never let a slow or failing API (three retries) hold the whole home page back.
export const ADVERTISED_HEAD_START_MS = 800;

function homeLoader(queryClient: QueryClient, server: boolean) {
  return async () => {
    const services = queryClient.prefetchQuery(servicesQuery());
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

/**
 * A laptop's page (public): the laptop before the page shows, on both sides (the page is nothing
 * without it), and its similar laptops (waited for on the server only). A laptop that is gone (or
 * an id that never was) is a 404 route error: the page not found, with that status. An address
 * under another name moves to the laptop's one address, so every listing has one cached page.
 */
function listingLoader(queryClient: QueryClient, server: boolean) {
  return async ({ params }: LoaderFunctionArgs) => {
    const id = params.id ?? '';
    let laptop: LaptopDetail;
    try {
      laptop = await queryClient.ensureQueryData(laptopQuery(id));
    } catch (error) {
      if (isApiError(error, 404) || isApiError(error, 400)) throw data(null, { status: 404 });
      throw error;
    }
    if (laptop._id !== id || (params.slug ?? '') !== laptopSlug(laptop.laptop_name)) {
      throw redirect(paths.laptop(laptop._id, laptop.laptop_name), 301);
    }
    const similar = queryClient.prefetchQuery(similarLaptopsQuery(laptop.category));
    if (server) await similar;
    return null;
  };
}

/** The search page: its filters are its URL's query (shareable; back restores them). */
function searchLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const filters = parseSearchFilters(new URL(request.url).searchParams);
    // Never throws: a failed search shows its own message on the page (and is retried in the browser).
    await queryClient.prefetchInfiniteQuery(laptopSearchQuery(filters));
    return null;
  };
}

/** The catch-all route: the server answers its pages with 404. */
export const NOT_FOUND_ROUTE_ID = 'not-found';

/** Routes behind sign-in: the server renders their layout and spinner, the browser the rest. */
export function isPrivateRoute(route: RouteObject): boolean {
  return (route.handle as { private?: boolean } | undefined)?.private === true;
}
const PRIVATE = { private: true };

// The home page is the landing page of nearly every visit, so it ships in the entry chunk
// (no second round trip before the hero shows); every other page is its own lazy chunk.
// Loaders stay outside `lazy` so their data request runs in parallel with the chunk download.
export function createRoutes(queryClient: QueryClient, { server = false } = {}): RouteObject[] {
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
            { index: true, loader: homeLoader(queryClient, server), Component: HomePage },
            {
              path: paths.blog,
              loader: prefetchLoader(server, () => queryClient.prefetchQuery(articlesQuery())),
              lazy: async () => ({ Component: (await import('./routes/blog-page.tsx')).BlogPage }),
            },
            {
              path: paths.login,
              // Whether to offer Google: asked alongside the chunk download.
              loader: prefetchLoader(server, () => queryClient.prefetchQuery(clientConfigQuery())),
              lazy: async () => ({ Component: (await import('./routes/login-page.tsx')).LoginPage }),
            },
            {
              path: paths.search,
              // On both sides: a change of filters keeps the previous results until the new ones are in.
              loader: searchLoader(queryClient),
              lazy: async () => ({ Component: (await import('./routes/search-page.tsx')).SearchPage }),
            },
            {
              path: paths.laptopPattern,
              loader: listingLoader(queryClient, server),
              lazy: async () => {
                const { ListingPage, ListingErrorBoundary } = await import('./routes/listing-page.tsx');
                return { Component: ListingPage, ErrorBoundary: ListingErrorBoundary };
              },
            },
            {
              path: paths.signup,
              lazy: async () => ({ Component: (await import('./routes/signup-page.tsx')).SignupPage }),
            },
            {
              path: paths.categoryPattern,
              handle: PRIVATE,
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
              path: paths.dashboard,
              handle: PRIVATE,
              // docs/product.md#route-guards: the shell itself needs a signed-in user; each group below adds its rule.
              loader: signedInLoader(queryClient),
              lazy: async () => ({ Component: (await import('./layout/dashboard-layout.tsx')).DashboardLayout }),
              children: [
                {
                  loader: signedInLoader(queryClient),
                  children: [
                    {
                      index: true,
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard-home-page.tsx')).DashboardHomePage,
                      }),
                    },
                    {
                      path: paths.myWishlist,
                      lazy: async () => ({ Component: (await import('./routes/wishlist-page.tsx')).WishlistPage }),
                    },
                    {
                      path: paths.myOrders,
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/my-orders-page.tsx')).MyOrdersPage,
                      }),
                    },
                    {
                      path: paths.paymentPattern,
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/payment-page.tsx')).PaymentPage,
                      }),
                    },
                    // signed-in pages (insert above)
                  ],
                },
                {
                  loader: roleLoader(queryClient, 'seller'),
                  children: [
                    {
                      path: paths.addAProduct,
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/add-product-page.tsx')).AddProductPage,
                      }),
                    },
                    {
                      path: paths.myProducts,
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/my-products-page.tsx')).MyProductsPage,
                      }),
                    },
                    {
                      path: paths.myBuyers,
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
                      path: paths.allBuyers,
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/all-buyers-page.tsx')).AllBuyersPage,
                      }),
                    },
                    {
                      path: paths.allSellers,
                      lazy: async () => ({
                        Component: (await import('./routes/dashboard/all-sellers-page.tsx')).AllSellersPage,
                      }),
                    },
                    // admin pages (insert above)
                  ],
                },
              ],
            },
            { id: NOT_FOUND_ROUTE_ID, path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}
