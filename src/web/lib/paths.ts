import { ACCOUNT_SETTINGS_PATH } from '../../shared/account.ts';
import type { Category } from '../../shared/catalog.ts';
import { DASHBOARD_PATHS, laptopPath } from '../../shared/notification-links.ts';
import { RESET_LINK } from '../../shared/reset-link.ts';

// Every route path of the client lives here, so links and the router cannot drift apart.
export const paths = {
  home: '/',
  blog: '/blog',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  /** Where the password-reset e-mail's link leads (`?token=`). */
  resetPassword: RESET_LINK.path,
  categoryPattern: '/category/:name',
  search: '/search',
  laptopPattern: '/laptops/:id/:slug?',
  /** A laptop's public page; the name makes the address readable (`laptopSlug`). */
  laptop: laptopPath,
  sellerPattern: '/sellers/:id',
  /** A seller's public page (docs/product.md#seller-pages). */
  seller: (id: string) => `/sellers/${encodeURIComponent(id)}`,
  category: (name: Category | string) => `/category/${encodeURIComponent(name)}`,
  dashboard: '/dashboard',
  myOrders: DASHBOARD_PATHS.myOrders,
  myWishlist: DASHBOARD_PATHS.myWishlist,
  /** A user's saved searches (docs/product.md#saved-searches). */
  savedSearches: DASHBOARD_PATHS.savedSearches,
  paymentPattern: '/dashboard/payment/:id',
  payment: (id: string) => `/dashboard/payment/${encodeURIComponent(id)}`,
  addAProduct: '/dashboard/addAProduct',
  /** Where a new seller lands after sign-up: Add A Product with a short welcome. */
  addAProductWelcome: '/dashboard/addAProduct?welcome=1',
  myProducts: DASHBOARD_PATHS.myProducts,
  editProductPattern: '/dashboard/myProducts/:id/edit',
  editProduct: (id: string) => `/dashboard/myProducts/${encodeURIComponent(id)}/edit`,
  myBuyers: DASHBOARD_PATHS.myBuyers,
  allBuyers: '/dashboard/allBuyers',
  allSellers: '/dashboard/allSellers',
  reports: '/dashboard/reports',
  /** Listings held by the risk checks (docs/product.md#moderation). */
  moderation: '/dashboard/moderation',
  /** Name, photo, phone, password and language (docs/product.md#account-settings). */
  account: ACCOUNT_SETTINGS_PATH,
  messages: '/dashboard/messages',
  messageThreadPattern: '/dashboard/messages/:id',
  messageThread: (id: string) => `/dashboard/messages/${encodeURIComponent(id)}`,
  about: '/about',
  staySafe: '/stay-safe',
  contact: '/contact',
} as const;

// In-page anchors that other components scroll to.
export const sectionIds = {
  categories: 'categories',
} as const;
