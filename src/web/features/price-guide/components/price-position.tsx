import { t } from '@lingui/core/macro';
import { formatCount, formatTk } from '../../../lib/format.ts';
import { guideSpecs, usePriceGuide, usualRange } from '../api/use-price-guide.ts';

interface PricePositionProps {
  price: number;
  brand: string | null;
  processor: string | null;
  ramGb: number | null;
}

/**
 * Where a listing's price sits among similar laptops' (docs/product.md#price-guide): below, within
 * or above their usual range (the 25th to 75th percentile), with the range. Said only when the
 * listing gives brand, processor and RAM and there are enough comparables.
 */
export function PricePosition({ price, brand, processor, ramGb }: PricePositionProps) {
  const range = usualRange(usePriceGuide(guideSpecs(brand, processor, ramGb)).data);
  if (!range) return null;
  const from = formatTk(range.low);
  const to = formatTk(range.high);
  const listings = formatCount(range.count);
  const position =
    price < range.low
      ? t`Below the usual range for similar laptops (${from} – ${to}).`
      : price > range.high
        ? t`Above the usual range for similar laptops (${from} – ${to}).`
        : t`Within the usual range for similar laptops (${from} – ${to}).`;
  return (
    <p className="text-sm text-base-content/80">
      {position}{' '}
      <span className="text-base-content/60">{t`From ${listings} listings with the same brand, processor and RAM.`}</span>
    </p>
  );
}
