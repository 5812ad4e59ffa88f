import type { OrderStatus } from '../../../shared/catalog.ts';
import { formatTk } from '../../lib/format.ts';

// Every text of the buyer's orders screens (docs/product.md#my-orders), kept together for a later
// translation. The question and the toast are the spec's, word for word; the fixed texts ("you don't
// have any order") live in shared/messages.ts. Errors from the server are shown in its own words.
export const CANCEL_QUESTION = 'Are you sure you want to cancel this booking?';
export const CANCELLED_TOAST = 'Booking cancelled';

/** Where a booking stands, as its buyer reads it (docs/product.md#deals). */
export const ORDER_STATUS_TEXT = {
  requested: 'Waiting for the seller',
  accepted: 'Accepted — meet the seller',
  declined: 'Declined by the seller',
  cancelled: 'Cancelled',
  completed: 'Bought',
} as const satisfies Record<OrderStatus, string>;

export const ORDER_TEXTS = {
  heading: 'My Orders',
  what: 'your orders',
  columns: { laptop: 'Laptop', price: 'Price', status: 'Status', actions: 'Actions' },
  pay: 'Pay',
  paid: 'paid',
  cancel: 'Cancel',
  confirmCancel: 'Yes, cancel booking',
  cancelDetail: (laptopName: string, price: number) =>
    `Your booking of ${laptopName} (${formatTk(price)}) will be cancelled and the seller told. It stays in this list as cancelled.`,
  cancelFailed: 'Could not cancel the booking. Please try again.',
} as const;
