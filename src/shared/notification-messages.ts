import type { I18n, MessageDescriptor } from '@lingui/core';
import type { Notification } from './notifications.ts';

// The sentence of each notification (docs/product.md#notifications), in English and Bangla: the
// bell and its toasts say them in the page's language (src/web/features/notifications/texts.ts),
// and the server in the language of a push subscription (features/push). Catalogs in
// src/shared/locales/ (`npm run i18n`). The values are words people wrote (a laptop's name, a
// buyer's name, the admin's reason, a saved search's name) and a price already in the language's
// digits: each side writes them its own way.

const M = {
  orderRequested: /*i18n*/ { id: 'notification.order_requested', message: 'A buyer booked your {laptop}.' },
  orderRequestedBy: /*i18n*/ { id: 'notification.order_requested_by', message: '{note} booked your {laptop}.' },
  orderAccepted: /*i18n*/ {
    id: 'notification.order_accepted',
    message: 'The seller accepted your booking of {laptop}. Meet to check and pay.',
  },
  orderDeclined: /*i18n*/ {
    id: 'notification.order_declined',
    message: 'The seller declined your booking of {laptop}.',
  },
  orderCompleted: /*i18n*/ {
    id: 'notification.order_completed',
    message: '{laptop} is yours: the seller marked it sold to you.',
  },
  soldToOther: /*i18n*/ {
    id: 'notification.sold_to_other',
    message: '{laptop} was sold to another buyer; your booking was declined.',
  },
  orderCancelled: /*i18n*/ {
    id: 'notification.order_cancelled',
    message: 'A buyer cancelled their booking of {laptop}.',
  },
  orderCancelledBy: /*i18n*/ {
    id: 'notification.order_cancelled_by',
    message: '{note} cancelled their booking of {laptop}.',
  },
  listingHidden: /*i18n*/ { id: 'notification.listing_hidden', message: 'The admin hid your listing {laptop}.' },
  listingHiddenBecause: /*i18n*/ {
    id: 'notification.listing_hidden_because',
    message: 'The admin hid your listing {laptop}: {note}',
  },
  listingApproved: /*i18n*/ {
    id: 'notification.listing_approved',
    message: 'Your listing {laptop} was reviewed and is now published.',
  },
  listingRejected: /*i18n*/ {
    id: 'notification.listing_rejected',
    message: 'The admin rejected your listing {laptop}.',
  },
  listingRejectedBecause: /*i18n*/ {
    id: 'notification.listing_rejected_because',
    message: 'The admin rejected your listing {laptop}: {note}',
  },
  priceDropped: /*i18n*/ {
    id: 'notification.price_dropped',
    message: '{laptop} on your wishlist now costs less.',
  },
  priceDroppedTo: /*i18n*/ {
    id: 'notification.price_dropped_to',
    message: '{laptop} on your wishlist now costs {price}.',
  },
  wishlistSold: /*i18n*/ { id: 'notification.wishlist_sold', message: '{laptop} on your wishlist has been sold.' },
  savedSearchMatch: /*i18n*/ {
    id: 'notification.saved_search_match',
    message: 'New for your saved search {note}: {laptop}.',
  },
  savedSearchMatchAt: /*i18n*/ {
    id: 'notification.saved_search_match_at',
    message: 'New for your saved search {note}: {laptop}, {price}.',
  },
} satisfies Record<string, MessageDescriptor>;

/** The message that says `n`: some kinds have a shorter one without a note or a price. */
function messageOf(n: Pick<Notification, 'kind' | 'note' | 'amount'>): MessageDescriptor {
  const hasAmount = n.amount !== null;
  switch (n.kind) {
    case 'order_requested':
      return n.note !== null ? M.orderRequestedBy : M.orderRequested;
    case 'order_accepted':
      return M.orderAccepted;
    case 'order_declined':
      return M.orderDeclined;
    case 'order_completed':
      return M.orderCompleted;
    case 'sold_to_other':
      return M.soldToOther;
    case 'order_cancelled':
      return n.note !== null ? M.orderCancelledBy : M.orderCancelled;
    case 'listing_hidden':
      return n.note ? M.listingHiddenBecause : M.listingHidden;
    case 'listing_approved':
      return M.listingApproved;
    case 'listing_rejected':
      return n.note ? M.listingRejectedBecause : M.listingRejected;
    case 'price_dropped':
      return hasAmount ? M.priceDroppedTo : M.priceDropped;
    case 'wishlist_sold':
      return M.wishlistSold;
    case 'saved_search_match':
      return hasAmount ? M.savedSearchMatchAt : M.savedSearchMatch;
  }
}

/**
 * The sentence in `lingui`'s language (not named `i18n`: the extractor reads `i18n._(…)` calls as
 * messages), with `laptop`, `note` and `price` (already written in that
 * language's digits) in their places.
 */
export function notificationSentence(
  lingui: I18n,
  n: Pick<Notification, 'kind' | 'note' | 'amount'>,
  values: { laptop: string; note: string; price: string },
): string {
  return lingui._({ ...messageOf(n), values });
}
