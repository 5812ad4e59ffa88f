import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { formatCount, formatTk } from '../../../lib/format.ts';
import { type GuideSpecs, guideSpecs, usePriceGuide, usualRange } from '../api/use-price-guide.ts';

/** How long the specs must stay still before the guide is asked (a processor is typed key by key). */
export const GUIDE_WAIT_MS = 400;

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface PriceGuideHintProps {
  brand: string;
  processor: string;
  /** RAM in GB as the form's menu holds it. */
  ramGb: string;
}

/**
 * Add A Product's price guide (docs/product.md#price-guide): once brand, processor and RAM are
 * filled, what similar laptops sell for. Said only with enough comparables; quiet otherwise, and
 * when the guide cannot be had.
 */
export function PriceGuideHint({ brand, processor, ramGb }: PriceGuideHintProps) {
  // The last specs that stood still: their guide stays shown while the seller types the next.
  const settled = useSettled(JSON.stringify(guideSpecs(brand, processor, ramGb)), GUIDE_WAIT_MS);
  const specs = JSON.parse(settled) as GuideSpecs | null;
  const range = usualRange(usePriceGuide(specs).data);
  return (
    <p aria-live="polite" className="text-sm text-base-content/80 sm:col-span-2">
      {specs && range ? <GuideText {...range} /> : null}
    </p>
  );
}

function GuideText({ count, low, median, high }: { count: number; low: number; median: number; high: number }) {
  const from = formatTk(low);
  const to = formatTk(high);
  const middle = formatTk(median);
  const listings = formatCount(count);
  return (
    <span className="badge badge-soft badge-info h-auto py-1 text-left whitespace-normal">
      {t`Similar laptops sell for ${from} – ${to} (median ${middle}), from ${listings} listings.`}
    </span>
  );
}
