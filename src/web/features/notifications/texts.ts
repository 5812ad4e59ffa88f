import type { Notification } from '../../../shared/notifications.ts';
import { formatTk } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';

// The words of each notification (docs/product.md#notifications): the API sends the kind and its
// facts; saying them is the client's, in one place.

export const NOTIFICATION_TEXTS = {
  bell: 'Notifications',
  unread: (n: number) => (n === 1 ? '1 unread' : `${n} unread`),
  empty:
    'Nothing yet. You will hear here when someone books your laptop, answers your booking, or a laptop you saved changes.',
  markAllRead: 'Mark all as read',
  loadError: 'Could not load your notifications.',
} as const;

/** What happened, in a sentence. */
export function notificationText(n: Notification): string {
  const laptop = n.laptop_name;
  switch (n.kind) {
    case 'order_requested':
      return `${n.note ?? 'A buyer'} booked your ${laptop}.`;
    case 'order_accepted':
      return `The seller accepted your booking of ${laptop}. Meet to check and pay.`;
    case 'order_declined':
      return `The seller declined your booking of ${laptop}.`;
    case 'order_completed':
      return `${laptop} is yours: the seller marked it sold to you.`;
    case 'sold_to_other':
      return `${laptop} was sold to another buyer; your booking was declined.`;
    case 'order_cancelled':
      return `${n.note ?? 'A buyer'} cancelled their booking of ${laptop}.`;
    case 'listing_hidden':
      return `The admin hid your listing ${laptop}${n.note ? `: ${n.note}` : '.'}`;
    case 'price_dropped':
      return `${laptop} on your wishlist now costs ${n.amount === null ? 'less' : formatTk(n.amount)}.`;
    case 'wishlist_sold':
      return `${laptop} on your wishlist has been sold.`;
  }
}

/** Where a notification takes its reader. */
export function notificationLink(n: Notification): string {
  switch (n.kind) {
    case 'order_requested':
    case 'order_cancelled':
      return paths.myBuyers;
    case 'order_accepted':
    case 'order_declined':
    case 'order_completed':
    case 'sold_to_other':
      return paths.myOrders;
    case 'listing_hidden':
      return paths.myProducts;
    case 'price_dropped':
    case 'wishlist_sold':
      return n.laptop_id ? paths.laptop(n.laptop_id, n.laptop_name) : paths.myWishlist;
  }
}
