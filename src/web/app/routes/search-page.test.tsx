import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { mockApi } from '../../test/fetch.ts';
import { makeLaptop } from '../../test/laptops.ts';
import { renderApp } from '../../test/render.tsx';
import { sentRequests, stubMatchMedia } from '../../test/requests.ts';
import { resultCount } from './search-page.tsx';

configure({ asyncUtilTimeout: 5000 });

const api = (query: string) => `/api/laptops?${query}&limit=24`;
const page = (
  items: unknown[],
  { nextCursor = null as string | null, total = items.length, totalCapped = false } = {},
) => ({
  items,
  nextCursor,
  total,
  ...(totalCapped ? { totalCapped } : {}),
});
const x1 = makeLaptop({ _id: 'x1', laptop_name: 'Lenovo ThinkPad X1 Carbon Gen 9', resale_price: 110_000 });
const t480 = makeLaptop({ _id: 't480', laptop_name: 'Lenovo ThinkPad T480', resale_price: 32_000 });

beforeEach(() => stubMatchMedia());

describe('search page', () => {
  it('shows the matching laptops with their count, and the filters and order the address holds', async () => {
    mockApi({ [api('q=thinkpad&ram=16&sort=price_asc')]: page([t480, x1], { total: 1234 }) });
    renderApp('/search?q=thinkpad&ram=16&sort=price_asc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Laptops matching “thinkpad”' })).toBeInTheDocument();
    expect(screen.getByText('1,234 laptops')).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Lenovo ThinkPad T480',
      'Lenovo ThinkPad X1 Carbon Gen 9',
    ]);
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_asc');
    const filters = screen.getByRole('form', { name: 'Filters' });
    expect(within(filters).getByLabelText('RAM')).toHaveValue('16');
    expect(within(filters).getByLabelText('Words')).toHaveValue('thinkpad');
    // Every division is offered.
    expect(within(filters).getByLabelText<HTMLSelectElement>('Location').options).toHaveLength(9);
  });

  it('keeps the filters when the order changes, and applies the filters form as a clean address', async () => {
    mockApi({
      [api('q=thinkpad')]: page([x1, t480]),
      [api('q=thinkpad&sort=price_asc')]: page([t480, x1]),
      [api('q=thinkpad&location=dhaka&verified=true&sort=price_asc')]: page([t480]),
    });
    const { user, router } = renderApp('/search?q=thinkpad');
    await user.selectOptions(await screen.findByLabelText('Sort by'), 'price_asc');
    await waitFor(() => expect(router.state.location.search).toBe('?q=thinkpad&sort=price_asc'));
    await waitFor(() => expect(screen.getAllByRole('article')[0]).toHaveTextContent('Lenovo ThinkPad T480'));

    const filters = screen.getByRole('form', { name: 'Filters' });
    await user.selectOptions(within(filters).getByLabelText('Location'), 'dhaka');
    await user.click(within(filters).getByLabelText('Verified sellers only'));
    await user.click(within(filters).getByRole('button', { name: 'Show laptops' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=thinkpad&location=dhaka&verified=true&sort=price_asc'),
    );
    expect(await screen.findByText('1 laptop')).toBeInTheDocument();
  });

  it('loads more with the next cursor', async () => {
    const fetchMock = mockApi({
      [api('category=gaming')]: page([x1], { nextCursor: 'c2', total: 2 }),
      '/api/laptops?category=gaming&limit=24&cursor=c2': page([t480], { total: 2 }),
    });
    const { user } = renderApp('/search?category=gaming');
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(sentRequests(fetchMock).map((r) => r.path)).toContain('/api/laptops?category=gaming&limit=24&cursor=c2');
  });

  it('suggests loosening the filters when nothing matches, with a button that clears them', async () => {
    mockApi({
      [api('q=thinkpad&brand=Apple&maxPrice=1000')]: page([]),
      [api('q=thinkpad')]: page([x1]),
    });
    const { user, router } = renderApp('/search?q=thinkpad&brand=apple&maxPrice=1000');
    expect(await screen.findByRole('heading', { name: 'No laptops match this search' })).toBeInTheDocument();
    expect(screen.getByText(/Try fewer filters/)).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?q=thinkpad'));
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });

  it('ignores filters it does not know instead of failing', async () => {
    mockApi({ [api('q=x')]: page([x1]) });
    renderApp('/search?q=x&ram=17&location=paris&sort=cheapest&minPrice=-4');
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });

  it('counts in words: one laptop, grouped thousands, and a capped total', () => {
    expect(resultCount(1)).toBe('1 laptop');
    expect(resultCount(0)).toBe('0 laptops');
    expect(resultCount(1234)).toBe('1,234 laptops');
    expect(resultCount(10_000, true)).toBe('10,000+ laptops');
  });
});

describe('SearchBox', () => {
  it('goes to /search?q=… with the words typed', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <SearchBox label="Search laptops" /> },
        { path: '/search', element: <p>results</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    const box = screen.getByRole('search', { name: 'Search laptops' });
    await user.type(within(box).getByRole('searchbox', { name: 'Search laptops' }), 'thinkpad 16gb{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('thinkpad 16gb');
    // A plain GET form: it works before the page's script runs.
    expect(box).toHaveAttribute('method', 'get');
    expect(box).toHaveAttribute('action', '/search');
  });
});
