import { t } from '@lingui/core/macro';
import type { OrderStatus } from '../../../shared/catalog.ts';
import { formatTk } from '../../lib/format.ts';

// Every text of the buyer's orders screens (docs/product.md#my-orders), in the page's language
// (docs/i18n.md): each is a getter, read when it is shown. The question and the toast are the spec's,
// word for word; the fixed texts ("you don't have any order") live in shared/messages.ts. Errors from
// the server are shown through translateMessage.

/** The spec's question and toast, in English (ORDER_TEXTS.cancelQuestion and .cancelledToast translate them). */
export const CANCEL_QUESTION = 'Are you sure you want to cancel this booking?';
export const CANCELLED_TOAST = 'Booking cancelled';

/** Where a booking stands, as its buyer reads it (docs/product.md#deals). */
export const ORDER_STATUS_TEXT = {
  get requested() {
    return t`Waiting for the seller`;
  },
  get accepted() {
    return t`Accepted — meet the seller`;
  },
  get declined() {
    return t`Declined by the seller`;
  },
  get cancelled() {
    return t`Cancelled`;
  },
  get completed() {
    return t`Bought`;
  },
} as const satisfies Record<OrderStatus, string>;

export const ORDER_TEXTS = {
  get heading() {
    return t`My Orders`;
  },
  get what() {
    return t`your orders`;
  },
  columns: {
    get laptop() {
      return t`Laptop`;
    },
    get price() {
      return t`Price`;
    },
    get status() {
      return t`Status`;
    },
    get actions() {
      return t`Actions`;
    },
  },
  get pay() {
    return t`Pay`;
  },
  get paid() {
    return t`paid`;
  },
  get cancel() {
    return t`Cancel`;
  },
  get cancelQuestion() {
    return t`Are you sure you want to cancel this booking?`;
  },
  get cancelledToast() {
    return t`Booking cancelled`;
  },
  get confirmCancel() {
    return t`Yes, cancel booking`;
  },
  cancelDetail: (laptopName: string, price: number) => {
    const amount = formatTk(price);
    return t`Your booking of ${laptopName} (${amount}) will be cancelled and the seller told. It stays in this list as cancelled.`;
  },
  get cancelFailed() {
    return t`Could not cancel the booking. Please try again.`;
  },
};
