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

  it('read numbers as people type them: Bangla digits and grouped prices, as the API does', () => {
    // A Bangla keyboard's ৬০০০০ was dropped from the address, and the saved search with it.
    expect(parseSearchFilters(new URLSearchParams('maxPrice=৬০০০০&minPrice=১০,০০০&ram=১৬'))).toMatchObject({
      maxPrice: 60_000,
      minPrice: 10_000,
      ram: 16,
    });
    expect(parseSearchFilters(new URLSearchParams('maxPrice=1,00,000&minPrice=-5&storage=2.5'))).toEqual({
      maxPrice: 100_000,
      sort: 'newest',
    });
  });
});
