import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WishlistItem } from '../../../shared/wishlist.ts';
import { expectConsoleErrors } from '../../test/console.ts';
import { mockApi, reply } from '../../test/fetch.ts';
import { makeLaptop } from '../../test/laptops.ts';
import { renderApp } from '../../test/render.tsx';
import { sentRequests, stubMatchMedia } from '../../test/requests.ts';
import { signedIn } from '../../test/session.ts';

// My Wishlist (docs/product.md#my-wishlist): the saved laptops with their price, "Sold", a drop
// since they were saved, Remove, and an empty state.

configure({ asyncUtilTimeout: 5000 });

const PATH = '/dashboard/myWishlist';
const LIST = '/api/wishlist';

function makeItem(overrides: Partial<WishlistItem> = {}): WishlistItem {
  const { seller_email: _e, sellerMobileNumber: _m, ...laptop } = makeLaptop();
  return { ...laptop, saved_price: laptop.resale_price, saved_at: '2026-11-20T10:00:00.000Z', ...overrides };
}

const rowOf = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;
/** The page itself, apart from the navbar's and the dashboard menu's lists. */
const page = () => screen.getByRole('region', { name: 'My Wishlist' });

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
});

describe('My Wishlist', () => {
  it('lists each saved laptop with its price, "Sold" when sold and the old price when it dropped', async () => {
    mockApi({
      ...signedIn('buyer'),
      [LIST]: [
        makeItem({ _id: 'legion', laptop_name: 'Lenovo Legion 5', resale_price: 80_000, saved_price: 85_000 }),
        makeItem({ _id: 'g15', laptop_name: 'Dell G15', resale_price: 70_000, salesStatus: 'sold' }),
        makeItem({ _id: 'xps', laptop_name: 'Dell XPS 13', resale_price: 95_000, saved_price: 90_000 }),
      ],
    });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'My Wishlist' })).toBeInTheDocument();
    expect(await within(page()).findAllByRole('listitem')).toHaveLength(3);

    const legion = rowOf('Lenovo Legion 5');
    expect(within(legion).getByText('Tk 80,000')).toBeInTheDocument();
    expect(within(legion).getByText('Price dropped: was Tk 85,000')).toBeInTheDocument();
    expect(within(legion).queryByText('Sold')).not.toBeInTheDocument();
    expect(within(legion).getByRole('link', { name: 'Lenovo Legion 5' })).toHaveAttribute(
      'href',
      '/laptops/legion/lenovo-legion-5',
    );
    expect(within(legion).getByText('Saved on 20/11/2026')).toBeInTheDocument();

    const sold = rowOf('Dell G15');
    expect(within(sold).getByText('Sold')).toBeInTheDocument();
    expect(within(sold).getByText('Tk 70,000')).toBeInTheDocument();

    // A price that went up is simply today's price.
    const xps = rowOf('Dell XPS 13');
    expect(within(xps).getByText('Tk 95,000')).toBeInTheDocument();
    expect(within(xps).queryByText(/Price dropped/)).not.toBeInTheDocument();
    expect(within(xps).getByRole('button', { name: 'Remove' })).toHaveAccessibleDescription('Dell XPS 13');
  });

  it('removes a laptop at once, tells so, and shows the empty state after the last', async () => {
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      [LIST]: [makeItem({ _id: 'legion', laptop_name: 'Lenovo Legion 5' })],
      '/api/wishlist/legion': { deletedCount: 1 },
    };
    const fetchMock = mockApi(routes);
    const { user } = renderApp(PATH);
    const remove = await screen.findByRole('button', { name: 'Remove' });
    routes[LIST] = [];
    await user.click(remove);
    expect(screen.queryByRole('heading', { level: 3, name: 'Lenovo Legion 5' })).not.toBeInTheDocument();
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find laptops' })).toHaveAttribute('href', '/search');
    expect(sentRequests(fetchMock).filter((r) => r.method !== 'GET')).toEqual([
      { method: 'DELETE', path: '/api/wishlist/legion', body: undefined, authorization: undefined },
    ]);
  });

  it('puts the laptop back and shows the server’s words when removing fails', async () => {
    mockApi({
      ...signedIn('buyer'),
      [LIST]: [makeItem({ _id: 'legion', laptop_name: 'Lenovo Legion 5' })],
      '/api/wishlist/legion': reply(429, {
        error: {
          code: 'rate_limited',
          reason: 'too_many_attempts',
          params: { seconds: 30 },
          message: 'Too many attempts. Please try again in 30 seconds.',
        },
      }),
    });
    const { user } = renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Too many attempts. Please try again in 30 seconds.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Lenovo Legion 5' })).toBeInTheDocument();
  });

  it('says so when nothing is saved', async () => {
    mockApi({ ...signedIn('buyer'), [LIST]: [] });
    renderApp(PATH);
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(screen.getByText('Tap the heart on any laptop to save it here.')).toBeInTheDocument();
    expect(within(page()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('loads more by following the Link header', async () => {
    mockApi({
      ...signedIn('buyer'),
      [LIST]: reply(200, [makeItem({ laptop_name: 'Lenovo Legion 5' })], {
        link: '</api/wishlist?limit=50&cursor=c2>; rel="next"',
      }),
      '/api/wishlist?limit=50&cursor=c2': [makeItem({ laptop_name: 'Dell G15' })],
    });
    const { user } = renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 3, name: 'Lenovo Legion 5' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Dell G15' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });

  it('says the wishlist could not be loaded when the server fails', async () => {
    expectConsoleErrors();
    mockApi({
      ...signedIn('buyer'),
      [LIST]: reply(500, { error: { code: 'internal', message: 'Something went wrong.' } }),
    });
    renderApp(PATH);
    expect(await screen.findByText(/Could not load your wishlist right now/)).toBeInTheDocument();
  });

  it('sends a signed-out visitor to log in first', async () => {
    mockApi({});
    const { router } = renderApp(PATH);
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(PATH);
  });
});
