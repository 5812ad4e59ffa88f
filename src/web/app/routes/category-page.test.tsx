import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/orders.ts';
import { expectConsoleErrors } from '../../test/console.ts';
import { mockApi, reply } from '../../test/fetch.ts';
import { makeLaptop } from '../../test/laptops.ts';
import { renderApp } from '../../test/render.tsx';
import { sentRequests, stubMatchMedia } from '../../test/requests.ts';
import { signedIn, testUsers } from '../../test/session.ts';

// The route modules are compiled on first use: on a busy machine the first render of a file can
// take longer than Testing Library's 1 s default wait.
configure({ asyncUtilTimeout: 5000 });

const buyer = testUsers.buyer;
const MY_ORDERS = `/api/myOrders?buyerEmail=${encodeURIComponent(buyer.email)}`;
/** The saved laptops behind the hearts (features/wishlist/api/use-wishlist.ts). */
const SAVED = '/api/wishlist?limit=100';

function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'order-1',
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    buyerPhoneNumber: '01712345678',
    phone_verified: false,
    meetingAddress: 'Dhanmondi 27, Dhaka',
    laptop_img: '/images/laptops/gaming-1.webp',
    laptop_name: 'Lenovo Legion 5',
    laptop_id: 'legion',
    resale_price: 85000,
    payment_status: false,
    status: 'requested',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The requests the page sent other than GETs, in order. */
const writes = (fetchMock: ReturnType<typeof mockApi>) =>
  sentRequests(fetchMock).filter((request) => request.method !== 'GET');

function card(name: string) {
  return screen.getByRole('heading', { level: 2, name }).closest('article')!;
}

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
});

describe('category page', () => {
  it('loads the laptops before showing them under "{Category} Laptops"', async () => {
    mockApi({
      ...signedIn('buyer'),
      [SAVED]: [],
      [MY_ORDERS]: [],
      '/api/categories/gaming': [
        makeLaptop({ laptop_name: 'Lenovo Legion 5', category: 'gaming' }),
        makeLaptop({ laptop_name: 'Dell G15 5511', category: 'gaming' }),
      ],
    });
    renderApp('/category/gaming');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'Gaming Laptops' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { level: 2, name: 'Lenovo Legion 5' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('takes the heading from the URL when the category is empty', async () => {
    mockApi({ ...signedIn('buyer'), [SAVED]: [], [MY_ORDERS]: [], '/api/categories/premium': [] });
    renderApp('/category/premium');
    expect(await screen.findByRole('heading', { level: 1, name: 'Premium Laptops' })).toBeInTheDocument();
    expect(screen.getByText(/No laptops are listed in this category yet/)).toBeInTheDocument();
  });

  it('says an unknown category is not found and links Home', async () => {
    expectConsoleErrors();
    mockApi({
      ...signedIn('buyer'),
      [SAVED]: [],
      '/api/categories/toys': reply(404, { error: { code: 'not_found', message: "Category 'toys' not found" } }),
    });
    renderApp('/category/toys');
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument();
    expect(screen.getByText(/no laptop category called “toys”/)).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Gaming Laptops' })).toHaveAttribute('href', '/category/gaming');
  });

  it('sends a signed-out visitor to the login page, remembering the category', async () => {
    const fetchMock = mockApi({
      '/api/categories/casual': [makeLaptop({ category: 'casual' })],
      '/api/client-config': { googleSignIn: 'none' },
    });
    const { router } = renderApp('/category/casual');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/category/casual');
    // The laptops (with the sellers' contacts) are never even asked for.
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/categories/'))).toBe(false);
  });

  it('offers to try again when the server fails', async () => {
    expectConsoleErrors();
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      [SAVED]: [],
      [MY_ORDERS]: [],
      '/api/categories/casual': reply(500, { error: { code: 'internal', message: 'Something went wrong.' } }),
    };
    mockApi(routes);
    const { user } = renderApp('/category/casual');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByRole('heading', { level: 1, name: 'Could not load the laptops' })).toBeInTheDocument();

    routes['/api/categories/casual'] = [makeLaptop({ category: 'casual', laptop_name: 'HP Pavilion 15' })];
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Casual Laptops' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'HP Pavilion 15' })).toBeInTheDocument();
  });

  it('offers Book Now and the wishlist heart on every card', async () => {
    mockApi({
      ...signedIn('buyer'),
      [SAVED]: [],
      [MY_ORDERS]: [],
      '/api/categories/gaming': [
        makeLaptop({ laptop_name: 'Lenovo Legion 5' }),
        makeLaptop({ laptop_name: 'Dell G15' }),
      ],
    });
    renderApp('/category/gaming');
    await screen.findByRole('heading', { level: 1, name: 'Gaming Laptops' });
    for (const name of ['Lenovo Legion 5', 'Dell G15']) {
      await waitFor(() => expect(within(card(name)).getByRole('button', { name: 'Book Now' })).toBeEnabled());
      const heart = within(card(name)).getByRole('button', { name: /^Add (.+ )?to Wishlist$/ });
      await waitFor(() => expect(heart).toBeEnabled());
      expect(heart).toHaveAttribute('aria-pressed', 'false');
    }
  });

  it('disables Book Now on a laptop the user has already ordered; the heart stays', async () => {
    mockApi({
      ...signedIn('buyer'),
      [SAVED]: [],
      [MY_ORDERS]: [makeOrder({ laptop_id: 'legion' })],
      '/api/categories/gaming': [
        makeLaptop({ _id: 'legion', laptop_name: 'Lenovo Legion 5' }),
        makeLaptop({ _id: 'g15', laptop_name: 'Dell G15' }),
      ],
    });
    renderApp('/category/gaming');
    await screen.findByRole('heading', { level: 1, name: 'Gaming Laptops' });
    const ordered = card('Lenovo Legion 5');
    expect(await within(ordered).findByText('You have booked this laptop')).toBeInTheDocument();
    expect(within(ordered).getByRole('button', { name: 'Book Now' })).toBeDisabled();
    // The spec: Book Now and Add to Wishlist are both disabled for a laptop the user has booked.
    await waitFor(() =>
      expect(within(ordered).getByRole('button', { name: /^Add (.+ )?to Wishlist$/ })).toBeDisabled(),
    );

    const other = card('Dell G15');
    expect(within(other).getByRole('button', { name: 'Book Now' })).toBeEnabled();
  });

  it('does not let a seller book their own laptop', async () => {
    mockApi({
      ...signedIn('seller'),
      [SAVED]: [],
      [`/api/myOrders?buyerEmail=${encodeURIComponent(testUsers.seller.email)}`]: [],
      '/api/categories/gaming': [
        makeLaptop({ laptop_name: 'Mine', seller_email: testUsers.seller.email }),
        makeLaptop({ laptop_name: 'Someone else’s', seller_email: 'other@laptophaat.test' }),
      ],
    });
    renderApp('/category/gaming');
    await screen.findByRole('heading', { level: 1, name: 'Gaming Laptops' });
    await waitFor(() => expect(within(card('Someone else’s')).getByRole('button', { name: 'Book Now' })).toBeEnabled());
    expect(within(card('Mine')).getByRole('button', { name: 'Book Now' })).toBeDisabled();
    expect(within(card('Mine')).getByText('This is your own listing')).toBeInTheDocument();
  });

  it('saves a laptop with its heart, and shows a saved one filled', async () => {
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      [SAVED]: [{ _id: 'legion' }],
      [MY_ORDERS]: [],
      '/api/categories/gaming': [
        makeLaptop({ _id: 'legion', laptop_name: 'Lenovo Legion 5' }),
        makeLaptop({ _id: 'g15', laptop_name: 'Dell G15' }),
      ],
      '/api/wishlist/g15': { _id: 'g15', saved_price: 85000, saved_at: '2026-11-24T10:00:00.000Z' },
    };
    const fetchMock = mockApi(routes);
    const { user } = renderApp('/category/gaming');
    await screen.findByRole('heading', { level: 1, name: 'Gaming Laptops' });
    const saved = await within(card('Lenovo Legion 5')).findByRole('button', { name: /^Remove (.+ )?from Wishlist$/ });
    expect(saved).toHaveAttribute('aria-pressed', 'true');

    const heart = within(card('Dell G15')).getByRole('button', { name: /^Add (.+ )?to Wishlist$/ });
    await waitFor(() => expect(heart).toBeEnabled());
    // What the server answers once it has saved it.
    routes[SAVED] = [{ _id: 'g15' }, { _id: 'legion' }];
    await user.click(heart);
    expect(await screen.findByText('Added to your wishlist')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAccessibleName(/^Remove (.+ )?from Wishlist$/);
    expect(writes(fetchMock)).toEqual([
      { method: 'PUT', path: '/api/wishlist/g15', authorization: undefined, body: undefined },
    ]);
  });

  it('books a laptop: the modal checks the form, posts the order, marks it booked and disables the buttons', async () => {
    const laptop = makeLaptop({ _id: 'legion', laptop_name: 'Lenovo Legion 5', resale_price: 85000 });
    const created = makeOrder({ _id: 'order-9', laptop_id: 'legion', buyerPhoneNumber: '01712345678' });
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      [SAVED]: [],
      [MY_ORDERS]: [],
      '/api/categories/gaming': [laptop],
      [`/api/jwt?email=${encodeURIComponent(buyer.email)}`]: { accessToken: 'token-1' },
      '/api/myOrders': reply(201, created),
      '/api/booked/legion': { modifiedCount: 1 },
    };
    const fetchMock = mockApi(routes);
    const { user } = renderApp('/category/gaming');
    await screen.findByRole('heading', { level: 1, name: 'Gaming Laptops' });
    const bookNow = within(card('Lenovo Legion 5')).getByRole('button', { name: 'Book Now' });
    await waitFor(() => expect(bookNow).toBeEnabled());
    await user.click(bookNow);

    const dialog = await screen.findByRole('dialog', { name: 'Book Lenovo Legion 5' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue(buyer.name);
    expect(within(dialog).getByLabelText('Email')).toHaveValue(buyer.email);
    expect(within(dialog).getByLabelText('Laptop name')).toHaveValue('Lenovo Legion 5');
    expect(within(dialog).getByLabelText('Price')).toHaveValue('Tk 85,000');
    for (const label of ['Name', 'Email', 'Laptop name', 'Price']) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('readonly');
    }
    expect(within(dialog).getByText(/meet the seller in a public place/)).toBeInTheDocument();
    const phone = within(dialog).getByLabelText('Phone number');
    expect(phone).toHaveAttribute('inputmode', 'numeric');
    expect(phone).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Phone number is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Meeting address is required')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Phone number is required');
    expect(writes(fetchMock)).toEqual([]);

    // Bangla digits with the country code: the shared schema turns them into 01712345678.
    await user.type(phone, '+৮৮০ ১৭১২-৩৪৫৬৭৮');
    await user.type(within(dialog).getByLabelText('Meeting address'), '  Dhanmondi 27, Dhaka ');
    // The server's next answer for the buyer's orders includes the new one.
    routes[MY_ORDERS] = [created];
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Lenovo Legion 5 successfully Booked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(fetchMock)).toEqual([
      {
        method: 'POST',
        path: '/api/myOrders',
        authorization: 'Bearer token-1',
        body: {
          buyerName: buyer.name,
          buyerEmail: buyer.email,
          buyerPhoneNumber: '01712345678',
          meetingAddress: 'Dhanmondi 27, Dhaka',
          laptop_img: laptop.laptop_img,
          laptop_name: 'Lenovo Legion 5',
          laptop_id: 'legion',
          resale_price: 85000,
          payment_status: false,
        },
      },
      { method: 'PUT', path: '/api/booked/legion', authorization: undefined, body: { booked: true } },
    ]);
    const booked = card('Lenovo Legion 5');
    expect(within(booked).getByRole('button', { name: 'Book Now' })).toBeDisabled();
    // The buyer's orders and the category list are fetched afresh.
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url) === MY_ORDERS).length).toBeGreaterThanOrEqual(2),
    );
  });

  it.each([
    {
      status: 409,
      error: { code: 'conflict', reason: 'already_booked', message: 'You have already booked this laptop' },
      words: 'You have already booked this laptop',
      link: false,
    },
    {
      // The seller blocked this buyer (docs/decisions/0036).
      status: 403,
      error: { code: 'forbidden', reason: 'blocked_by_user', message: 'x' },
      words: 'This person has blocked you: you cannot message them or book their laptops',
      link: false,
    },
    {
      // PHONE_VERIFICATION=required: the refusal links to where a phone is verified.
      status: 403,
      error: {
        code: 'forbidden',
        reason: 'phone_verification_required',
        params: { path: '/dashboard/account' },
        message: 'ignored by the web app',
      },
      words: 'Verify your phone number first, in Account settings: /dashboard/account',
      link: true,
    },
  ])(
    "shows the server's refusal ($error.reason) in the modal and keeps it open",
    async ({ status, error, words, link }) => {
      mockApi({
        ...signedIn('buyer'),
        [SAVED]: [],
        [MY_ORDERS]: [],
        '/api/categories/gaming': [makeLaptop({ _id: 'legion', laptop_name: 'Lenovo Legion 5' })],
        [`/api/jwt?email=${encodeURIComponent(buyer.email)}`]: { accessToken: 'token-1' },
        '/api/myOrders': reply(status, { error }),
      });
      const { user } = renderApp('/category/gaming');
      await screen.findByRole('heading', { level: 1, name: 'Gaming Laptops' });
      const bookNow = within(card('Lenovo Legion 5')).getByRole('button', { name: 'Book Now' });
      await waitFor(() => expect(bookNow).toBeEnabled());
      await user.click(bookNow);
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('Phone number'), '01712345678');
      await user.type(within(dialog).getByLabelText('Meeting address'), 'Dhanmondi 27, Dhaka');
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(words);
      if (link) {
        expect(within(alert).getByRole('link', { name: 'Verify your phone number' })).toHaveAttribute(
          'href',
          '/dashboard/account',
        );
      } else expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
    },
  );

  it('rejects a phone number that is not a Bangladeshi mobile number', async () => {
    mockApi({
      ...signedIn('buyer'),
      [SAVED]: [],
      [MY_ORDERS]: [],
      '/api/categories/gaming': [makeLaptop({ laptop_name: 'Dell G15' })],
    });
    const { user } = renderApp('/category/gaming');
    await screen.findByRole('heading', { level: 1, name: 'Gaming Laptops' });
    const bookNow = within(card('Dell G15')).getByRole('button', { name: 'Book Now' });
    await waitFor(() => expect(bookNow).toBeEnabled());
    await user.click(bookNow);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Phone number'), '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText('Enter a Bangladeshi mobile number such as 01712345678'),
    ).toBeInTheDocument();

    // Escape closes the modal (the browser fires `cancel` on the dialog).
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bookNow).toHaveFocus();
  });

  it('loads more laptops by following the Link header', async () => {
    mockApi({
      ...signedIn('buyer'),
      [SAVED]: [],
      [MY_ORDERS]: [],
      '/api/categories/gaming': reply(200, [makeLaptop({ laptop_name: 'Lenovo Legion 5', category: 'gaming' })], {
        link: '</api/categories/gaming?limit=50&cursor=c2>; rel="next"',
      }),
      '/api/categories/gaming?limit=50&cursor=c2': [makeLaptop({ laptop_name: 'Dell G15 5511', category: 'gaming' })],
    });
    const { user } = renderApp('/category/gaming');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lenovo Legion 5' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Dell G15 5511' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
