import { t } from '@lingui/core/macro';
import {
  BRANDS,
  type Brand,
  CATEGORIES,
  type Category,
  CONDITIONS,
  type Condition,
  LOCATIONS,
  type Location,
  RAM_SIZES_GB,
  SPEC_LIMITS,
} from '../../../../shared/catalog.ts';
import { parseTypedNumber } from '../../../../shared/digits.ts';
// Types only: shared/laptops.ts and shared/search.ts build zod schemas when loaded, and this module
// is in the first load (the route's loader); their constants are repeated here and checked
// against the shared ones by search-filters.test.ts.
import type { Sort } from '../../../../shared/search.ts';

/** The orders `GET /api/laptops` knows (`SORTS` in shared/search.ts). */
export const SORTS = ['newest', 'price_asc', 'price_desc'] as const satisfies readonly Sort[];
/** The highest price in Tk (`PRICE_MAX` in shared/laptops.ts). */
export const PRICE_MAX = 10_000_000;
/** The longest search text (`QUERY_MAX` in shared/search.ts). */
export const QUERY_MAX = 100;

// The filters of /search as its URL holds them (the page's state: shareable, and the back button
// restores it). The same names as `GET /api/laptops` (laptopSearchQuerySchema): the page's query
// string, cleaned, is the API's. Cleaned here by hand rather than by the zod schema, which would
// pull zod into the entry chunk (the route's loader lives there): an invented or stale value is
// dropped instead of making the API answer 400.

export interface SearchFilters {
  q?: string;
  category?: Category;
  brand?: Brand;
  location?: Location;
  condition?: Condition;
  minPrice?: number;
  maxPrice?: number;
  ram?: number;
  storage?: number;
  minBattery?: number;
  verified?: true;
  negotiable?: true;
  sort: Sort;
}

/** The filter names, in the order the URL and the API query write them. */
export const FILTER_KEYS = [
  'q',
  'category',
  'brand',
  'location',
  'condition',
  'minPrice',
  'maxPrice',
  'ram',
  'storage',
  'minBattery',
  'verified',
  'negotiable',
  'sort',
] as const;

/** The storage sizes offered as a filter (the API matches the size exactly). */
export const STORAGE_FILTER_GB = [128, 256, 512, 1024, 2048] as const;

/** The orders as the page names them, in its language. */
export const SORT_LABELS: Record<Sort, string> = {
  get newest() {
    return t`Newest`;
  },
  get price_asc() {
    return t`Price: low to high`;
  },
  get price_desc() {
    return t`Price: high to low`;
  },
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fold = true): T | undefined => {
  const v = value?.trim();
  if (!v) return undefined;
  return values.find((x) => (fold ? x.toLowerCase() === v.toLowerCase() : x === v));
};

/** A whole number as people type one (Bangla digits, 60,000 or 1,00,000), within bounds; else none. */
const wholeNumber = (value: string | null, min: number, max: number): number | undefined => {
  const n = parseTypedNumber(value ?? '');
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

export function parseSearchFilters(params: URLSearchParams): SearchFilters {
  const filters: SearchFilters = { sort: oneOf(SORTS, params.get('sort')) ?? 'newest' };
  const q = params.get('q')?.trim().slice(0, QUERY_MAX);
  if (q) filters.q = q;
  const category = oneOf(CATEGORIES, params.get('category'));
  if (category) filters.category = category;
  const brand = oneOf(BRANDS, params.get('brand'));
  if (brand) filters.brand = brand;
  const location = oneOf(LOCATIONS, params.get('location'));
  if (location) filters.location = location;
  const condition = oneOf(CONDITIONS, params.get('condition'));
  if (condition) filters.condition = condition;
  const minPrice = wholeNumber(params.get('minPrice'), 0, PRICE_MAX);
  if (minPrice !== undefined) filters.minPrice = minPrice;
  const maxPrice = wholeNumber(params.get('maxPrice'), 0, PRICE_MAX);
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;
  const ram = wholeNumber(params.get('ram'), 2, 128);
  if (ram !== undefined && (RAM_SIZES_GB as readonly number[]).includes(ram)) filters.ram = ram;
  const storage = wholeNumber(params.get('storage'), SPEC_LIMITS.storageGb.min, SPEC_LIMITS.storageGb.max);
  if (storage !== undefined) filters.storage = storage;
  const { min, max } = SPEC_LIMITS.batteryHealth;
  const minBattery = wholeNumber(params.get('minBattery'), min, max);
  if (minBattery !== undefined) filters.minBattery = minBattery;
  if (params.get('verified') === 'true') filters.verified = true;
  if (params.get('negotiable') === 'true') filters.negotiable = true;
  return filters;
}

/** The filters as a query string, without the defaults: 'q=thinkpad&sort=price_asc' ('' for none). */
export function searchQueryString(filters: SearchFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || (key === 'sort' && value === 'newest')) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

/** How many filters narrow the results (the search words and the order not counted). */
export function activeFilterCount(filters: SearchFilters): number {
  return FILTER_KEYS.filter((key) => key !== 'q' && key !== 'sort' && filters[key] !== undefined).length;
}
