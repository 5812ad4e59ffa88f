import { CATEGORIES } from '../../shared/catalog.ts';
import type { Locale } from '../../shared/locale.ts';
import { HEART_CATALOG_MODULES } from '../i18n/catalog-modules.ts';
import { paths } from '../lib/paths.ts';

// The app's pages as plain data: the path of each and the module file that renders it. The router
// (routes.tsx) is built from it, and everything else that needs to know the pages reads it here:
// the chunks a page preloads (features/pages/preloads.ts, through the route the server matches),
// the first load's messages (lingui.config.ts) and the sitemap (entry-server.tsx). It imports no
// React and no zod, so build scripts and Lingui's configuration can import it.

export interface Page {
  /** The route's path; none for an index route (home, the dashboard's home). */
  path?: string;
  /** The module that renders the page, from the repository's root, as Vite's manifest names it. */
  module: string;
  /** Rendered from the entry chunk (the first load), not loaded lazily. */
  firstLoad?: boolean;
  /** The catalogs of the lazy pieces a first-load page shows, which its head names too. */
  catalogs?: Record<Locale, readonly string[]>;
  /** The addresses of the page that search engines should know (sitemap.xml). */
  sitemap?: readonly string[];
}

const route = (name: string) => `src/web/app/routes/${name}.tsx`;

export const PAGES = {
  // The index route of the root layout, at '/'.
  home: { module: route('home-page'), firstLoad: true, catalogs: HEART_CATALOG_MODULES, sitemap: [paths.home] },
  search: { path: paths.search, module: route('search-page'), sitemap: [paths.search] },
  blog: { path: paths.blog, module: route('blog-page'), sitemap: [paths.blog] },
  category: {
    path: paths.categoryPattern,
    module: route('category-page'),
    sitemap: CATEGORIES.map((name) => paths.category(name)),
  },
  about: { path: paths.about, module: route('site-pages'), sitemap: [paths.about] },
  staySafe: { path: paths.staySafe, module: route('site-pages'), sitemap: [paths.staySafe] },
  contact: { path: paths.contact, module: route('site-pages'), sitemap: [paths.contact] },
  // Every laptop's page is in the sitemap too, from the database (entry-server.tsx).
  laptop: { path: paths.laptopPattern, module: route('listing-page') },
  // Every seller's page is in the sitemap too, from the database (entry-server.tsx).
  seller: { path: paths.sellerPattern, module: route('seller-page') },
  login: { path: paths.login, module: route('login-page') },
  signup: { path: paths.signup, module: route('signup-page') },
  forgotPassword: { path: paths.forgotPassword, module: 'src/web/features/auth/components/forgot-password-page.tsx' },
  resetPassword: { path: paths.resetPassword, module: 'src/web/features/auth/components/reset-password-page.tsx' },
  dashboard: { path: paths.dashboard, module: 'src/web/app/layout/dashboard-layout.tsx' },
  dashboardHome: { module: route('dashboard-home-page') },
  myWishlist: { path: paths.myWishlist, module: route('wishlist-page') },
  savedSearches: { path: paths.savedSearches, module: route('dashboard/saved-searches-page') },
  myOrders: { path: paths.myOrders, module: route('dashboard/my-orders-page') },
  payment: { path: paths.paymentPattern, module: route('dashboard/payment-page') },
  messages: { path: paths.messages, module: route('dashboard/messages-page') },
  account: { path: paths.account, module: route('dashboard/account-page') },
  messageThread: { path: paths.messageThreadPattern, module: route('dashboard/message-thread-page') },
  addAProduct: { path: paths.addAProduct, module: route('dashboard/add-product-page') },
  myProducts: { path: paths.myProducts, module: route('dashboard/my-products-page') },
  editProduct: { path: paths.editProductPattern, module: route('dashboard/edit-product-page') },
  myBuyers: { path: paths.myBuyers, module: route('dashboard/my-buyers-page') },
  allBuyers: { path: paths.allBuyers, module: route('dashboard/all-buyers-page') },
  allSellers: { path: paths.allSellers, module: route('dashboard/all-sellers-page') },
  reports: { path: paths.reports, module: route('dashboard/reports-page') },
  moderation: { path: paths.moderation, module: route('dashboard/moderation-page') },
  notFound: { path: '*', module: route('not-found-page'), firstLoad: true },
} as const satisfies Record<string, Page>;

/** The modules the first load renders pages with (in the entry chunk, not lazy). */
export const FIRST_LOAD_PAGES: string[] = Object.values(PAGES as Record<string, Page>)
  .filter((page) => page.firstLoad)
  .map((page) => page.module);

/** The fixed addresses of the sitemap, in the table's order. */
export const SITEMAP_PAGES: string[] = Object.values(PAGES as Record<string, Page>).flatMap((page) => [
  ...(page.sitemap ?? []),
]);

/** What a route carries in its `handle` to say which module renders it (`pageModules` in entry-server.tsx). */
export interface PageHandle {
  module?: string;
  catalogs?: Record<Locale, readonly string[]>;
  private?: boolean;
}
