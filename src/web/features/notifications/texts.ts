import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import type { Notification } from '../../../shared/notifications.ts';
import { unreadText } from '../../components/count-badge.tsx';
import { translateMessage } from '../../i18n/shared-messages.ts';
import { userContentIn } from '../../i18n/user-content.tsx';
import { formatTk } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';

// The words of each notification (docs/product.md#notifications): the API sends the kind and its
// facts; saying them is the client's, in one place, in the page's language (docs/i18n.md).

export const NOTIFICATION_TEXTS = {
  get bell() {
    return t`Notifications`;
  },
  /** The bell's name: "Notifications, 3 unread". */
  bellWithUnread: (n: number) => {
    const bell = NOTIFICATION_TEXTS.bell;
    const unread = unreadText(n);
    return t`${bell}, ${unread}`;
  },
  /** Read out before an unread notification. */
  get unreadMark() {
    return t`Unread:`;
  },
  get empty() {
    return t`Nothing yet. You will hear here when someone books your laptop, answers your booking, or a laptop you saved changes.`;
  },
  get markAllRead() {
    return t`Mark all as read`;
  },
  get loadError() {
    return t`Could not load your notifications.`;
  },
};

/**
 * The sentence of `n`, with `laptop` and `note` (what people wrote: a laptop's name, a buyer's name,
 * the admin's reason) standing for `n.laptop_name` and `n.note`.
 */
function sentence(n: Notification, laptop: string, note: string): string {
  switch (n.kind) {
    case 'order_requested':
      return n.note === null ? t`A buyer booked your ${laptop}.` : t`${note} booked your ${laptop}.`;
    case 'order_accepted':
      return t`The seller accepted your booking of ${laptop}. Meet to check and pay.`;
    case 'order_declined':
      return t`The seller declined your booking of ${laptop}.`;
    case 'order_completed':
      return t`${laptop} is yours: the seller marked it sold to you.`;
    case 'sold_to_other':
      return t`${laptop} was sold to another buyer; your booking was declined.`;
    case 'order_cancelled':
      return n.note === null
        ? t`A buyer cancelled their booking of ${laptop}.`
        : t`${note} cancelled their booking of ${laptop}.`;
    case 'listing_hidden':
      return n.note ? t`The admin hid your listing ${laptop}: ${note}` : t`The admin hid your listing ${laptop}.`;
    case 'listing_approved':
      return t`Your listing ${laptop} was reviewed and is now published.`;
    case 'listing_rejected':
      return n.note
        ? t`The admin rejected your listing ${laptop}: ${note}`
        : t`The admin rejected your listing ${laptop}.`;
    case 'price_dropped': {
      if (n.amount === null) return t`${laptop} on your wishlist now costs less.`;
      const price = formatTk(n.amount);
      return t`${laptop} on your wishlist now costs ${price}.`;
    }
    case 'wishlist_sold':
      return t`${laptop} on your wishlist has been sold.`;
    case 'saved_search_match': {
      if (n.amount === null) return t`New for your saved search ${note}: ${laptop}.`;
      const price = formatTk(n.amount);
      return t`New for your saved search ${note}: ${laptop}, ${price}.`;
    }
  }
}

/**
 * The note as it reads: a buyer's name as written; why the admin hid a listing (the reasons the
 * server wrote in English, then the admin's own words) with the reasons in the page's language.
 */
const noteText = (n: Notification) =>
  n.kind === 'listing_hidden' && n.note ? translateMessage(n.note) : (n.note ?? '');

/** What happened, in a sentence (a toast's words). */
export function notificationText(n: Notification): string {
  return sentence(n, n.laptop_name, noteText(n));
}

/** The same sentence for the page: the laptop's name and the note as they were written (translate="no"). */
export function notificationContent(n: Notification): ReactNode {
  return userContentIn((laptop: string, note: string) => sentence(n, laptop, note), n.laptop_name, noteText(n));
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
    case 'listing_rejected':
      return paths.myProducts;
    case 'listing_approved':
      return n.laptop_id ? paths.laptop(n.laptop_id, n.laptop_name) : paths.myProducts;
    case 'price_dropped':
    case 'wishlist_sold':
      return n.laptop_id ? paths.laptop(n.laptop_id, n.laptop_name) : paths.myWishlist;
    case 'saved_search_match':
      return n.laptop_id ? paths.laptop(n.laptop_id, n.laptop_name) : paths.savedSearches;
  }
}
