import { queryOptions, useQuery } from '@tanstack/react-query';
import { BRANDS, type Brand, RAM_SIZES_GB, SPEC_LIMITS } from '../../../../shared/catalog.ts';
// Types only: the shared zod schemas would pull zod into the page's chunk for nothing.
import type { PriceGuide } from '../../../../shared/moderation.ts';
import { apiGet } from '../../../lib/api-client.ts';

// GET /api/price-guide (docs/product.md#price-guide): what laptops of the same brand, processor
// family and RAM are listed and sold for. Under the 'laptops' keys, so a listing's write refreshes
// it with every other laptop list.

export interface GuideSpecs {
  brand: Brand;
  processor: string;
  ramGb: number;
}

/** The specs as a form or a listing holds them, or null while any of the three is missing. */
export function guideSpecs(
  brand: string | null | undefined,
  processor: string | null | undefined,
  ramGb: string | number | null | undefined,
): GuideSpecs | null {
  const known = BRANDS.find((b) => b === brand);
  const name = processor?.trim() ?? '';
  const ram = Number(ramGb);
  if (!known || !name || name.length > SPEC_LIMITS.textMax) return null;
  if (!(RAM_SIZES_GB as readonly number[]).includes(ram)) return null;
  return { brand: known, processor: name, ramGb: ram };
}

export const priceGuideQuery = ({ brand, processor, ramGb }: GuideSpecs) =>
  queryOptions({
    queryKey: ['laptops', 'price-guide', brand, processor, ramGb] as const,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ brand, processor, ram_gb: String(ramGb) });
      return apiGet<PriceGuide>(`/price-guide?${query}`, { signal });
    },
    staleTime: 60_000,
    // A guide is a help, not the page: one that cannot be had is left out, not asked for again.
    retry: false,
  });

const NONE: GuideSpecs = { brand: 'Other', processor: '', ramGb: 0 };

/** The guide for `specs` (nothing while they are null); a failure leaves `data` undefined. */
export function usePriceGuide(specs: GuideSpecs | null) {
  return useQuery({ ...priceGuideQuery(specs ?? NONE), enabled: specs !== null });
}

/** The usual range, when the guide has one (PRICE_GUIDE_MIN_COUNT comparables or more). */
export function usualRange(guide: PriceGuide | undefined) {
  if (!guide || guide.p25 === null || guide.median === null || guide.p75 === null) return null;
  return { count: guide.count, low: guide.p25, median: guide.median, high: guide.p75 };
}
