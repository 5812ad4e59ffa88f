import { QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { AppToaster } from '../../../lib/toaster.tsx';
import { mockApi, reply } from '../../../test/fetch.ts';
import { makeLaptop } from '../../../test/laptops.ts';
import { sentRequests, stubMatchMedia } from '../../../test/requests.ts';
import { signedIn } from '../../../test/session.ts';
import { WishlistButton, type WishlistButtonProps } from './wishlist-button.tsx';

// The heart (docs/product.md#my-wishlist): pressed when saved, saves and removes optimistically,
// goes back when the server refuses, and sends a visitor to log in.

configure({ asyncUtilTimeout: 5000 });

const SAVED = '/api/wishlist?limit=100';
const PAGE = '/laptops/legion/lenovo-legion-5';

function renderButton(props: Partial<WishlistButtonProps> = {}) {
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const laptop = makeLaptop({ _id: 'legion', laptop_name: 'Lenovo Legion 5' });
  const router = createMemoryRouter(
    [
      { path: PAGE, element: <WishlistButton laptop={laptop} {...props} /> },
      { path: '/login', element: <h1>Log In</h1> },
    ],
    { initialEntries: [`${PAGE}?from=card`] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>,
  );
  return { user, router, queryClient };
}

/** Holds every write until `release()`: what the page shows meanwhile is the optimistic state. */
function holdWrites(fetchMock: ReturnType<typeof mockApi>) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method && init.method !== 'GET') await held;
      // Through the stub, so `sentRequests` sees the request with its method and body.
      return (fetchMock as unknown as typeof fetch)(input, init);
    }),
  );
  return release;
}

const writes = (fetchMock: ReturnType<typeof mockApi>) =>
  sentRequests(fetchMock)
    .filter((r) => r.method !== 'GET')
    .map((r) => `${r.method} ${r.path}`);

beforeEach(() => {
  stubMatchMedia();
});

describe('WishlistButton', () => {
  it('is named for its laptop, so that a page of hearts can be told apart', async () => {
    mockApi({ ...signedIn('buyer'), [SAVED]: [] });
    renderButton();
    const heart = await screen.findByRole('button', { name: 'Add Lenovo Legion 5 to Wishlist' });
    expect(heart).toHaveAttribute('title', 'Add Lenovo Legion 5 to Wishlist');
  });

  it('keeps a press made while the session loads, then sends a visitor to log in and back', async () => {
    const fetchMock = mockApi({});
    const { router } = renderButton();
    const heart = screen.getByRole('button', { name: 'Add Lenovo Legion 5 to Wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    // Pressed before anyone knows who is looking (as a tap replayed after hydration is).
    fireEvent.click(heart);
    expect(heart).toHaveAttribute('aria-busy', 'true');
    expect(heart).toBeDisabled();

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByText('Log in to save laptops to your wishlist')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(`${PAGE}?from=card`);
    expect(writes(fetchMock)).toEqual([]);
  });

  it('saves at once, before the server answers, and says so when it has', async () => {
    const routes: Record<string, unknown> = { ...signedIn('buyer'), [SAVED]: [], '/api/wishlist/legion': {} };
    const fetchMock = mockApi(routes);
    const release = holdWrites(fetchMock);
    const { user } = renderButton();
    const heart = screen.getByRole('button', { name: 'Add Lenovo Legion 5 to Wishlist' });
    await waitFor(() => expect(heart).toBeEnabled());

    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAccessibleName('Remove Lenovo Legion 5 from Wishlist');
    expect(screen.queryByText('Added to your wishlist')).not.toBeInTheDocument();
    // A second press while the first is on its way changes nothing.
    await user.click(heart);

    routes[SAVED] = [{ _id: 'legion' }];
    release();
    expect(await screen.findByText('Added to your wishlist')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(writes(fetchMock)).toEqual(['PUT /api/wishlist/legion']);
  });

  it('saves, once it knows the user, a heart pressed while the session loaded', async () => {
    const fetchMock = mockApi({ ...signedIn('buyer'), [SAVED]: [], '/api/wishlist/legion': {} });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Add Lenovo Legion 5 to Wishlist' }));
    expect(await screen.findByText('Added to your wishlist')).toBeInTheDocument();
    expect(writes(fetchMock)).toEqual(['PUT /api/wishlist/legion']);
  });

  it('does not undo a save it learns of after an early press', async () => {
    const fetchMock = mockApi({ ...signedIn('buyer'), [SAVED]: [{ _id: 'legion' }] });
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Add Lenovo Legion 5 to Wishlist' }));
    const heart = await screen.findByRole('button', { name: 'Remove Lenovo Legion 5 from Wishlist' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-busy', 'false'));
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(writes(fetchMock)).toEqual([]);
  });

  it('shows a saved laptop filled, and removes it', async () => {
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      [SAVED]: [{ _id: 'other' }, { _id: 'legion' }],
      '/api/wishlist/legion': { deletedCount: 1 },
    };
    const fetchMock = mockApi(routes);
    const release = holdWrites(fetchMock);
    const { user } = renderButton();
    const heart = await screen.findByRole('button', { name: 'Remove Lenovo Legion 5 from Wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');

    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).toHaveAccessibleName('Add Lenovo Legion 5 to Wishlist');
    routes[SAVED] = [{ _id: 'other' }];
    release();
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
    expect(writes(fetchMock)).toEqual(['DELETE /api/wishlist/legion']);
  });

  it('goes back and shows the server’s words when the server refuses', async () => {
    mockApi({
      ...signedIn('buyer'),
      [SAVED]: [],
      '/api/wishlist/legion': reply(409, {
        error: { code: 'conflict', reason: 'laptop_sold', message: 'This laptop has been sold' },
      }),
    });
    const { user } = renderButton();
    const heart = screen.getByRole('button', { name: 'Add Lenovo Legion 5 to Wishlist' });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    expect(await screen.findByText('This laptop has been sold')).toBeInTheDocument();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(heart).toHaveAccessibleName('Add Lenovo Legion 5 to Wishlist');
  });

  it('offers no heart for a sold laptop that is not saved', async () => {
    mockApi({ ...signedIn('buyer'), [SAVED]: [] });
    renderButton({ laptop: { _id: 'legion', laptop_name: 'Lenovo Legion 5', salesStatus: 'sold' } });
    await waitFor(() => expect(screen.queryByRole('button')).not.toBeInTheDocument());
  });

  it('shows a saved sold laptop pressed, with its words in the labelled variant', async () => {
    mockApi({ ...signedIn('buyer'), [SAVED]: [{ _id: 'legion' }] });
    renderButton({
      laptop: { _id: 'legion', laptop_name: 'Lenovo Legion 5', salesStatus: 'sold' },
      variant: 'labelled',
    });
    const heart = await screen.findByRole('button', { name: 'Remove from Wishlist' });
    expect(heart).toHaveTextContent('Remove from Wishlist');
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  it('walks every page of the saved laptops to know which are saved', async () => {
    mockApi({
      ...signedIn('buyer'),
      [SAVED]: reply(200, [{ _id: 'a' }], { link: '</api/wishlist?limit=100&cursor=c2>; rel="next"' }),
      '/api/wishlist?limit=100&cursor=c2': [{ _id: 'legion' }],
    });
    renderButton();
    expect(await screen.findByRole('button', { name: 'Remove Lenovo Legion 5 from Wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
