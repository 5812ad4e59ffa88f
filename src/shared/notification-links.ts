import type { Notification } from './notifications.ts';

// Where a notification takes its reader (docs/product.md#notifications): the bell's links and the
// address a push notification opens. Zod-free and small: the web app's paths read the dashboard
// addresses from here, and the server names them in the push notifications it sends.

export const DASHBOARD_PATHS = {
  myOrders: '/dashboard/myOrders',
  myWishlist: '/dashboard/myWishlist',
  /** A user's saved searches (docs/product.md#saved-searches). */
  savedSearches: '/dashboard/savedSearches',
  myProducts: '/dashboard/myProducts',
  myBuyers: '/dashboard/myBuyers',
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

/** A laptop's public page; the name makes the address readable (`laptopSlug`). */
export function laptopPath(id: string, name = ''): string {
  const slug = laptopSlug(name);
  return `/laptops/${encodeURIComponent(id)}${slug ? `/${slug}` : ''}`;
}

/** Where a notification takes its reader. */
export function notificationLink(n: Pick<Notification, 'kind' | 'laptop_id' | 'laptop_name'>): string {
  switch (n.kind) {
    case 'order_requested':
    case 'order_cancelled':
      return DASHBOARD_PATHS.myBuyers;
    case 'order_accepted':
    case 'order_declined':
    case 'order_completed':
    case 'sold_to_other':
      return DASHBOARD_PATHS.myOrders;
    case 'listing_hidden':
    case 'listing_rejected':
      return DASHBOARD_PATHS.myProducts;
    case 'listing_approved':
      return n.laptop_id ? laptopPath(n.laptop_id, n.laptop_name) : DASHBOARD_PATHS.myProducts;
    case 'price_dropped':
    case 'wishlist_sold':
      return n.laptop_id ? laptopPath(n.laptop_id, n.laptop_name) : DASHBOARD_PATHS.myWishlist;
    case 'saved_search_match':
      return n.laptop_id ? laptopPath(n.laptop_id, n.laptop_name) : DASHBOARD_PATHS.savedSearches;
  }
}
