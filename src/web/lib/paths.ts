import { ACCOUNT_SETTINGS_PATH } from '../../shared/account.ts';
import type { Category } from '../../shared/catalog.ts';
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
  laptop: (id: string, name = '') => {
    const slug = laptopSlug(name);
    return `/laptops/${encodeURIComponent(id)}${slug ? `/${slug}` : ''}`;
  },
  sellerPattern: '/sellers/:id',
  /** A seller's public page (docs/product.md#seller-pages). */
  seller: (id: string) => `/sellers/${encodeURIComponent(id)}`,
  category: (name: Category | string) => `/category/${encodeURIComponent(name)}`,
  dashboard: '/dashboard',
  myOrders: '/dashboard/myOrders',
  myWishlist: '/dashboard/myWishlist',
  /** A user's saved searches (docs/product.md#saved-searches). */
  savedSearches: '/dashboard/savedSearches',
  paymentPattern: '/dashboard/payment/:id',
  payment: (id: string) => `/dashboard/payment/${encodeURIComponent(id)}`,
  addAProduct: '/dashboard/addAProduct',
  /** Where a new seller lands after sign-up: Add A Product with a short welcome. */
  addAProductWelcome: '/dashboard/addAProduct?welcome=1',
  myProducts: '/dashboard/myProducts',
  editProductPattern: '/dashboard/myProducts/:id/edit',
  editProduct: (id: string) => `/dashboard/myProducts/${encodeURIComponent(id)}/edit`,
  myBuyers: '/dashboard/myBuyers',
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

/**
 * The readable part of a laptop's address: 'Lenovo ThinkPad X1 (Gen 9)' → 'lenovo-thinkpad-x1-gen-9'.
 * Latin letters and digits only, at most 60 characters; empty for a name without any.
 */
export function laptopSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
}
