// The cancel texts of the orders screens (docs/product.md#my-orders); the fixed texts live in shared/messages.ts.
export const CANCEL_QUESTION = 'Are you sure you want to cancel this booking?';
export const CANCELLED_TOAST = 'Booking cancelled';
