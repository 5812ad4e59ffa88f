import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { englishLeft } from '../../../test/english-left.ts';
import { renderIn } from '../../../test/locale.ts';
import { type SearchFilters, SORT_LABELS } from '../api/search-filters.ts';
import { SearchFiltersForm, SortForm } from './search-filters-form.tsx';

// The search page's filters and order on a Bangla page (docs/i18n.md): the marketplace's words from
// i18n/labels.ts, sizes with Bangla digits, the brands' names as they are (translate="no").

function renderFilters(filters: SearchFilters) {
  renderIn('bn');
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <SearchFiltersForm filters={filters} />
          <SortForm filters={filters} />
        </>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('the search filters in Bangla', () => {
  it('label every filter and option in Bangla, with Bangla digits, and leave no English', () => {
    const { container } = renderFilters({ location: 'sylhet', ram: 16, storage: 1024, sort: 'price_asc' });
    const form = screen.getByRole('form', { name: 'ফিল্টার' });
    expect(within(form).getByLabelText('যা খুঁজছেন')).toHaveAttribute('placeholder', 'যেমন: ডেল ১৬ জিবি, থিংকপ্যাড');
    expect(within(form).getByRole('option', { name: 'গেমিং' })).toHaveValue('gaming');
    expect(within(form).getByLabelText('বিভাগ')).toHaveDisplayValue('সিলেট');
    expect(within(form).getByRole('option', { name: 'চমৎকার' })).toHaveValue('excellent');
    expect(within(form).getByLabelText('র‍্যাম')).toHaveDisplayValue('১৬ জিবি');
    expect(within(form).getByLabelText('স্টোরেজ')).toHaveDisplayValue('১ টিবি');
    expect(within(form).getByRole('option', { name: 'Lenovo' })).toHaveAttribute('translate', 'no');
    expect(within(form).getByRole('option', { name: 'অন্যান্য' })).toHaveValue('Other');
    expect(within(form).getByText('দাম (টাকা)')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'শুধু যাচাইকৃত বিক্রেতা' })).not.toBeChecked();
    expect(within(form).getByRole('button', { name: 'ল্যাপটপ দেখুন' })).toBeInTheDocument();
    expect(screen.getByLabelText('সাজানোর ধরন')).toHaveDisplayValue('দাম: কম থেকে বেশি');
    expect(englishLeft(container)).toEqual([]);
  });

  it('keeps the English order names', () => {
    renderIn('en');
    expect(SORT_LABELS).toEqual({
      newest: 'Newest',
      price_asc: 'Price: low to high',
      price_desc: 'Price: high to low',
    });
  });
});
