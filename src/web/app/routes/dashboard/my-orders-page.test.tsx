import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../../shared/orders.ts';
import { expectConsoleErrors } from '../../../test/console.ts';
import { mockApi, reply } from '../../../test/fetch.ts';
import { makeLaptop } from '../../../test/laptops.ts';
import { renderApp } from '../../../test/render.tsx';
import { sentRequests, stubMatchMedia } from '../../../test/requests.ts';
import { signedIn, testUsers } from '../../../test/session.ts';

// The route modules are compiled on first use: on a busy machine the first render of a file can
// take longer than Testing Library's 1 s default wait.
configure({ asyncUtilTimeout: 5000 });

const buyer = testUsers.buyer;
const MY_ORDERS = `/api/myOrders?buyerEmail=${encodeURIComponent(buyer.email)}`;
const QUESTION = 'Are you sure you want to cancel this booking?';
// The navbar's notification bell (another feature) asks for these on every signed-in page.
const BELL = { '/api/notifications?limit=20': { items: [], unread: 0, nextCursor: null } };

let next = 0;
function makeOrder(overrides: Partial<Order> = {}): Order {
  next += 1;
  return {
    _id: `order-${next}`,
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    buyerPhoneNumber: '01712345678',
    phone_verified: false,
    meetingAddress: 'Dhanmondi 27, Dhaka',
    laptop_img: '/images/laptops/casual-1.webp',
    laptop_name: `HP Pavilion 15 #${next}`,
    laptop_id: `laptop-${next}`,
    resale_price: 38000,
    payment_status: false,
    status: 'requested',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

async function rowOf(name: string) {
  return within((await screen.findByText(name)).closest('tr')!);
}

/**
 * Holds every GET of the buyer's orders from now on until `release()`: what the page shows in
 * between comes from the cache alone.
 */
function holdOrderLists(fetchMock: ReturnType<typeof mockApi>) {
  const answer = fetchMock.getMockImplementation()!;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Only the list is fetched at this path; the cancel goes to /api/myOrders/{id}.
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    if (String(input) === MY_ORDERS) await gate;
    return answer(input);
  });
  return () => release();
}

beforeEach(() => stubMatchMedia());

describe('My Orders', { timeout: 15_000 }, () => {
  it('says "you don\'t have any order" when there are none', async () => {
    mockApi({ ...signedIn('buyer'), ...BELL, [MY_ORDERS]: [] });
    renderApp('/dashboard/myOrders');
    expect(await screen.findByText("you don't have any order")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists each order with image, name, price, and Pay or paid, plus Cancel', async () => {
    const unpaid = makeOrder({ _id: 'o-unpaid', laptop_name: 'HP Pavilion 15', resale_price: 38000 });
    const paid = makeOrder({
      _id: 'o-paid',
      laptop_name: 'Dell Inspiron 14',
      resale_price: 42500,
      payment_status: true,
      status: 'accepted',
    });
    mockApi({ ...signedIn('buyer'), ...BELL, [MY_ORDERS]: [unpaid, paid] });
    renderApp('/dashboard/myOrders');

    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);

    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('img', { name: 'HP Pavilion 15' })).toHaveAttribute('src', unpaid.laptop_img);
    expect(within(first).getByText('HP Pavilion 15')).toBeInTheDocument();
    expect(within(first).getAllByText('Tk 38,000').length).toBeGreaterThan(0);
    expect(within(first).getByRole('link', { name: 'Pay' })).toHaveAttribute('href', '/dashboard/payment/o-unpaid');
    expect(within(first).queryByText('paid')).not.toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    expect(within(second).getAllByText('Tk 42,500').length).toBeGreaterThan(0);
    expect(within(second).getByText('paid')).toBeInTheDocument();
    expect(within(second).queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('says where each booking stands, and offers Cancel only while it stands', async () => {
    const orders = [
      makeOrder({ laptop_name: 'Waiting laptop', status: 'requested' }),
      makeOrder({ laptop_name: 'Accepted laptop', status: 'accepted' }),
      makeOrder({ laptop_name: 'Declined laptop', status: 'declined' }),
      makeOrder({ laptop_name: 'Cancelled laptop', status: 'cancelled' }),
      makeOrder({ _id: 'o-bought', laptop_name: 'Bought laptop', status: 'completed' }),
    ];
    mockApi({ ...signedIn('buyer'), ...BELL, [MY_ORDERS]: orders });
    renderApp('/dashboard/myOrders');

    const expected = [
      ['Waiting laptop', 'Waiting for the seller', true],
      ['Accepted laptop', 'Accepted — meet the seller', true],
      ['Declined laptop', 'Declined by the seller', false],
      ['Cancelled laptop', 'Cancelled', false],
      ['Bought laptop', 'Bought', false],
    ] as const;
    for (const [name, status, standing] of expected) {
      const row = await rowOf(name);
      // One copy under the name for phones, one in the Status column.
      expect(row.getAllByText(status, { selector: '.badge' }).length).toBeGreaterThan(0);
      if (standing) expect(row.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      else expect(row.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    }
    // Nothing is left to pay on a declined or cancelled booking; a bought laptop may still be paid.
    expect((await rowOf('Declined laptop')).queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    expect((await rowOf('Cancelled laptop')).queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    expect((await rowOf('Bought laptop')).getByRole('link', { name: 'Pay' })).toHaveAttribute(
      'href',
      '/dashboard/payment/o-bought',
    );
  });

  it('cancels a booking only after confirmation, then shows it as cancelled at once', async () => {
    const order = makeOrder({ _id: 'o-1', laptop_name: 'HP Pavilion 15' });
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      ...BELL,
      [MY_ORDERS]: [order],
      '/api/myOrders/o-1': { deletedCount: 1 },
    };
    const fetchMock = mockApi(routes);
    const { user } = renderApp('/dashboard/myOrders');
    const row = await rowOf('HP Pavilion 15');

    // Changing one's mind keeps the booking.
    await user.click(row.getByRole('button', { name: 'Cancel' }));
    let dialog = screen.getByRole('dialog', { name: QUESTION });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const deletes = () => sentRequests(fetchMock).filter((request) => request.method === 'DELETE');
    expect(deletes()).toHaveLength(0);

    await user.click(row.getByRole('button', { name: 'Cancel' }));
    dialog = screen.getByRole('dialog', { name: QUESTION });
    expect(dialog).toHaveAccessibleDescription(/HP Pavilion 15 \(Tk 38,000\) will be cancelled/);
    // The server keeps the order, as cancelled; its answer is held back to show the cache alone.
    routes[MY_ORDERS] = [{ ...order, status: 'cancelled' }];
    const release = holdOrderLists(fetchMock);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));

    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    await waitFor(() => expect(row.getAllByText('Cancelled', { selector: '.badge' }).length).toBeGreaterThan(0));
    expect(row.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(row.queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText("you don't have any order")).not.toBeInTheDocument();
    release();

    await waitFor(() =>
      expect(sentRequests(fetchMock).filter((r) => r.path === MY_ORDERS).length).toBeGreaterThanOrEqual(2),
    );
    expect((await rowOf('HP Pavilion 15')).getAllByText('Cancelled', { selector: '.badge' }).length).toBeGreaterThan(0);
    expect(deletes().map((request) => request.path)).toEqual(['/api/myOrders/o-1']);
  });

  it('says so, in the server’s words, when the seller answered first (409), and shows where it stands', async () => {
    const order = makeOrder({ _id: 'o-late', laptop_name: 'HP Pavilion 15' });
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      ...BELL,
      [MY_ORDERS]: [order],
      '/api/myOrders/o-late': reply(409, {
        error: {
          code: 'conflict',
          reason: 'booking_already',
          params: { status: 'declined' },
          message: 'This booking is already declined',
        },
      }),
    };
    mockApi(routes);
    const { user } = renderApp('/dashboard/myOrders');
    const row = await rowOf('HP Pavilion 15');
    await user.click(row.getByRole('button', { name: 'Cancel' }));
    routes[MY_ORDERS] = [{ ...order, status: 'declined' }];
    await user.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));

    expect(await screen.findByText('This booking is already declined')).toBeInTheDocument();
    await waitFor(() =>
      expect(row.getAllByText('Declined by the seller', { selector: '.badge' }).length).toBeGreaterThan(0),
    );
    expect(row.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByText('Booking cancelled')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the booking was already gone', async () => {
    const order = makeOrder({ _id: 'o-gone' });
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      ...BELL,
      [MY_ORDERS]: [order],
      '/api/myOrders/o-gone': reply(404, {
        error: { code: 'not_found', reason: 'order_not_found', message: 'Order not found' },
      }),
    };
    mockApi(routes);
    const { user } = renderApp('/dashboard/myOrders');
    const row = (await screen.findAllByRole('row'))[1]!;
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    routes[MY_ORDERS] = [];
    await user.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    expect(await screen.findByText("you don't have any order")).toBeInTheDocument();
  });

  // A cancelled order stays in My Orders; the category page counts only standing ones.
  it('enables Book Now again on the category page after a cancel', async () => {
    const order = makeOrder({ _id: 'o-1', laptop_id: 'legion' });
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      ...BELL,
      [MY_ORDERS]: [order],
      '/api/myOrders/o-1': { deletedCount: 1 },
      '/api/wishlist?limit=100': [],
      '/api/categories/gaming': [makeLaptop({ _id: 'legion', laptop_name: 'Lenovo Legion 5' })],
    };
    mockApi(routes);
    const { user, router } = renderApp('/category/gaming');
    expect(await screen.findByText('You have booked this laptop')).toBeInTheDocument();

    await router.navigate('/dashboard/myOrders');
    const row = (await screen.findAllByRole('row'))[1]!;
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    routes[MY_ORDERS] = [{ ...order, status: 'cancelled' }];
    await user.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));
    await screen.findByText('Booking cancelled');

    await router.navigate('/category/gaming');
    await screen.findByRole('heading', { level: 1, name: 'Gaming Laptops' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book Now' })).toBeEnabled());
    expect(screen.queryByText('You have booked this laptop')).not.toBeInTheDocument();
  });

  it('says the orders could not be loaded when the server fails', async () => {
    expectConsoleErrors();
    mockApi({
      ...signedIn('buyer'),
      ...BELL,
      [MY_ORDERS]: reply(500, { error: { code: 'internal', message: 'Something went wrong.' } }),
    });
    renderApp('/dashboard/myOrders');
    expect(await screen.findByText(/Could not load your orders/)).toBeInTheDocument();
  });
});
