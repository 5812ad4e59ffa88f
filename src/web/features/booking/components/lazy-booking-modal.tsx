import { type ComponentType, useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { NETWORK_MESSAGE } from '../../../lib/api-client.ts';
import { loadOnce } from '../../../lib/load-once.ts';
import { toast } from '../../../lib/toast.ts';
import type { BookingModalProps } from './booking-modal.tsx';

// The booking form's code (with zod and the shared order schema, about 40 KiB) is not part of a
// listing or category page's load: a visitor never books, and a buyer's Book Now only appears
// once the session is known. BookingActions starts fetching it (once) when it offers a laptop
// to book, so the dialog is usually there before the click (docs/performance.md).

/** Starts fetching the booking form's code, once (a failed fetch is tried again by the next call). */
export const preloadBookingModal = loadOnce(() => import('./booking-modal.tsx'));

/**
 * BookingModal, its code fetched on first use (or earlier, by preloadBookingModal), a spinner over
 * the page meanwhile. If the code cannot be fetched, the user is told so and the dialog closes,
 * leaving the page as it was. Code already fetched opens the dialog in the same frame as the tap.
 */
export function LazyBookingModal(props: BookingModalProps) {
  const [Modal, setModal] = useState<ComponentType<BookingModalProps> | undefined>(
    () => preloadBookingModal.loaded()?.BookingModal,
  );
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  const ready = Modal !== undefined;
  useEffect(() => {
    if (ready) return;
    let mounted = true;
    preloadBookingModal().then(
      (module) => mounted && setModal(() => module.BookingModal),
      () => {
        if (!mounted) return;
        toast.error(translateMessage(NETWORK_MESSAGE));
        onClose.current();
      },
    );
    return () => {
      mounted = false;
    };
  }, [ready]);
  if (Modal) return <Modal {...props} />;
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-base-content/20">
      <Spinner />
    </div>
  );
}
