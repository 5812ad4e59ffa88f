import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { laptopSearchQuerySchema } from '../../../../shared/search.ts';
import { renderIn } from '../../../test/locale.ts';
import { activeFilterCount, parseSearchFilters, type SearchFilters, searchQueryString } from '../api/search-filters.ts';
import { SearchFiltersForm } from './search-filters-form.tsx';

// The battery health filter of /search (docs/search.md): kept in the address as `minBattery`, as
// GET /api/laptops takes it.

afterEach(() => renderIn('en'));

const filtersOf = (query: string) => parseSearchFilters(new URLSearchParams(query));

function renderFilters(filters: SearchFilters) {
  const router = createMemoryRouter([{ path: '*', element: <SearchFiltersForm filters={filters} /> }], {
    initialEntries: ['/search'],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the battery health filter', () => {
  it('is read from the address and written back, and the API takes the same query', () => {
    const filters = filtersOf('minBattery=80&ram=16');
    expect(filters).toEqual({ minBattery: 80, ram: 16, sort: 'newest' });
    expect(searchQueryString(filters)).toBe('ram=16&minBattery=80');
    expect(activeFilterCount(filters)).toBe(2);
    expect(
      laptopSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(searchQueryString(filters)))),
    ).toMatchObject({ minBattery: 80, ram: 16 });
    expect(filtersOf('minBattery=0').minBattery).toBe(0);
    expect(filtersOf('minBattery=100').minBattery).toBe(100);
  });

  it.each(['101', '-1', 'abc', '85.5', ''])('drops minBattery=%s from the address', (value) => {
    expect(filtersOf(`minBattery=${value}`)).toEqual({ sort: 'newest' });
  });

  it('offers each grade’s battery floor, keeps the address’s own value, and sends the choice in the address', async () => {
    renderIn('en');
    const router = renderFilters(filtersOf('minBattery=80'));
    const select = screen.getByLabelText('Battery health');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any battery', '60% or more', '75% or more', '80% or more', '85% or more', '90% or more']);
    expect(select).toHaveDisplayValue('80% or more');
    await userEvent.selectOptions(select, '85');
    await userEvent.click(screen.getByRole('button', { name: 'Show laptops' }));
    expect(router.state.location.search).toBe('?minBattery=85');
  });

  it('reads in Bangla, with Bangla digits', () => {
    renderIn('bn');
    renderFilters(filtersOf('minBattery=75'));
    const select = screen.getByLabelText('ব্যাটারির অবস্থা');
    expect(select).toHaveDisplayValue('৭৫% বা তার বেশি');
    expect(within(select).getByRole('option', { name: 'যেকোনো ব্যাটারি' })).toHaveValue('');
  });
});
