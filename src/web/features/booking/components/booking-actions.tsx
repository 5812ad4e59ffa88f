import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { FaCheckCircle } from 'react-icons/fa';
import { preloadBookingModal } from './lazy-booking-modal.tsx';

/**
 * Where the signed-in user stands with one laptop:
 * - available: may book it;
 * - ordered: already has an order for it (Book Now disabled: docs/product.md#category-page);
 * - own: it is their own listing, which the server refuses to book;
 * - checking: their orders are still loading, so it is not yet known;
 * - unknown: who is looking is not known yet (the page as the server sends it): a press is kept by
 *   the page until it knows.
 */
export type Availability = 'available' | 'ordered' | 'own' | 'checking' | 'unknown';

interface BookingActionsProps {
  availability: Availability;
  onBook: () => void;
}

/** Book Now and where the user stands, for a laptop card's action slot or a listing page. */
export function BookingActions({ availability, onBook }: BookingActionsProps) {
  const bookable = availability === 'available';
  // The form's code comes once booking is possible, so the dialog opens at the click.
  useEffect(() => {
    if (bookable) void preloadBookingModal().catch(() => {});
  }, [bookable]);
  return (
    <div className="flex w-full flex-col gap-2">
      {availability === 'ordered' ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-success">
          <FaCheckCircle aria-hidden="true" /> {t`You have booked this laptop`}
        </p>
      ) : null}
      {availability === 'own' ? <p className="text-sm text-base-content/70">{t`This is your own listing`}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm sm:btn-md"
          disabled={!bookable && availability !== 'unknown'}
          onClick={onBook}
        >
          {availability === 'checking' ? (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          ) : null}
          {t`Book Now`}
        </button>
      </div>
    </div>
  );
}
