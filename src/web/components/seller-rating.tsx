import { t } from '@lingui/core/macro';
import type { RatingSummary } from '../../shared/reviews.ts';
import { formatCount, formatRating } from '../lib/format.ts';

/**
 * A seller's stars from their buyers, '★ 4.3 (12)', read out in words. Nothing when no buyer has
 * rated them yet, unless `empty` says what to show then (the seller page says so plainly).
 */
export function SellerRating({
  rating,
  empty,
  from = 'buyers',
}: {
  rating: RatingSummary;
  empty?: string;
  /** Who gave the stars: a seller's come from buyers, a buyer's (shown to sellers in My Buyers) from sellers. */
  from?: 'buyers' | 'sellers';
}) {
  if (rating.average === null || rating.count === 0) {
    return empty ? <span className="text-base-content/70">{empty}</span> : null;
  }
  const average = formatRating(rating.average);
  const count = formatCount(rating.count);
  const label =
    from === 'sellers'
      ? rating.count === 1
        ? t`Rated ${average} out of 5 by 1 seller`
        : t`Rated ${average} out of 5 by ${count} sellers`
      : rating.count === 1
        ? t`Rated ${average} out of 5 by 1 buyer`
        : t`Rated ${average} out of 5 by ${count} buyers`;
  return (
    <span role="img" aria-label={label} title={label} className="inline-flex items-center gap-1 whitespace-nowrap">
      <span aria-hidden="true" className="text-warning">
        ★
      </span>
      <span aria-hidden="true" className="font-semibold">
        {average}
      </span>
      <span aria-hidden="true" className="text-base-content/70">
        ({count})
      </span>
    </span>
  );
}
