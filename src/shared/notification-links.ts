import type { Notification } from './notifications.ts';
import { DASHBOARD_PATHS, laptopPath } from './site-paths.ts';

// Where a notification takes its reader (docs/product.md#notifications): the bell's links and the
// address a push notification opens. Apart from site-paths.ts so that the first load, which reads
// the paths, does not carry this.

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
