import { describe, expect, it } from 'vitest';
import { PRICE_MAX as SHARED_PRICE_MAX } from '../../../../shared/laptops.ts';
import { QUERY_MAX as SHARED_QUERY_MAX, SORTS as SHARED_SORTS } from '../../../../shared/search.ts';
import {
  activeFilterCount,
  PRICE_MAX,
  parseSearchFilters,
  QUERY_MAX,
  SORTS,
  searchQueryString,
} from './search-filters.ts';

describe('search filters', () => {
  it('repeat the shared constants exactly (kept out of the first load, which has no zod)', () => {
    expect(SORTS).toEqual(SHARED_SORTS);
    expect(PRICE_MAX).toBe(SHARED_PRICE_MAX);
    expect(QUERY_MAX).toBe(SHARED_QUERY_MAX);
  });

  it('read an address into filters and back, dropping defaults, blanks and unknown values', () => {
    const filters = parseSearchFilters(
      new URLSearchParams(
        'q=+thinkpad+16gb+&category=PREMIUM&brand=lenovo&location=&condition=mint&minPrice=1000&maxPrice=abc&ram=16&storage=512&verified=true&sort=newest&x=1',
      ),
    );
    expect(filters).toEqual({
      q: 'thinkpad 16gb',
      category: 'premium',
      brand: 'Lenovo',
      minPrice: 1000,
      ram: 16,
      storage: 512,
      verified: true,
      sort: 'newest',
    });
    expect(searchQueryString(filters)).toBe(
      'q=thinkpad+16gb&category=premium&brand=Lenovo&minPrice=1000&ram=16&storage=512&verified=true',
    );
    expect(activeFilterCount(filters)).toBe(6);
    expect(searchQueryString(parseSearchFilters(new URLSearchParams('sort=price_desc&ram=17')))).toBe(
      'sort=price_desc',
    );
  });
});
