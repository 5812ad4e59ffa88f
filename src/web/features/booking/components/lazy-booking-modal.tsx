import { lazy, Suspense } from 'react';
import type { BookingModalProps } from './booking-modal.tsx';

// The booking form's code (with zod and the shared order schema, about 40 KiB) is not part of a
// listing or category page's load: a visitor never books, and a buyer's Book Now only appears
// once the session is known. BookingActions starts fetching it (once) when it offers a laptop
// to book, so the dialog is usually there before the click (docs/performance.md).

let loading: Promise<typeof import('./booking-modal.tsx')> | undefined;

/** Starts fetching the booking form's code, once. */
export function preloadBookingModal() {
  // A failed fetch (offline) is not kept: the next call tries again.
  loading ??= import('./booking-modal.tsx').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const Modal = lazy(() => preloadBookingModal().then((module) => ({ default: module.BookingModal })));

/** BookingModal, its code fetched on first use (or earlier, by preloadBookingModal). */
export function LazyBookingModal(props: BookingModalProps) {
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
