import { t } from '@lingui/core/macro';
import type { RatingSummary } from '../../shared/reviews.ts';
import { formatCount, formatRating } from '../lib/format.ts';

/**
 * Someone's stars, '★ 4.3 (12)', read out in words: by default a seller's from their buyers
 * (`words` says another's, such as a buyer's from sellers in My Buyers). Nothing when nobody has
 * rated them yet, unless `empty` says what to show then (the seller page says so plainly). On every
 * card, so it stays small (the first load's budget, docs/performance.md#targets).
 */
export function SellerRating({
  rating,
  empty,
  words,
}: {
  rating: RatingSummary;
  empty?: string;
  words?: (average: string, count: string) => string;
}) {
  if (rating.average === null || rating.count === 0) {
    return empty ? <span className="text-base-content/70">{empty}</span> : null;
  }
  const average = formatRating(rating.average);
  const count = formatCount(rating.count);
  const label = words
    ? words(average, count)
    : rating.count === 1
      ? t`Rated ${average} out of 5 by 1 buyer`
      : t`Rated ${average} out of 5 by ${count} buyers`;
  // The children of role="img" are not read out: the label says it all.
  return (
    <span role="img" aria-label={label} className="whitespace-nowrap">
      <span className="text-warning">★</span> <b>{average}</b> ({count})
    </span>
  );
}
