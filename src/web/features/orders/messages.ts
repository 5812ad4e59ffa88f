// Texts of the orders screens that the spec leaves open (its own live in shared/messages.ts).
export const CANCEL_QUESTION = 'Are you sure you want to cancel this booking?';
export const CANCELLED_TOAST = 'Booking cancelled';
