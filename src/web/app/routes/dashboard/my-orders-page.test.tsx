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

let next = 0;
function makeOrder(overrides: Partial<Order> = {}): Order {
  next += 1;
  return {
    _id: `order-${next}`,
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    buyerPhoneNumber: '01712345678',
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

beforeEach(() => stubMatchMedia());

describe('My Orders', () => {
  it('says "you don\'t have any order" when there are none', async () => {
    mockApi({ ...signedIn('buyer'), [MY_ORDERS]: [] });
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
      status: 'requested',
      created_at: '2026-11-20T10:00:00.000Z',
    });
    mockApi({ ...signedIn('buyer'), [MY_ORDERS]: [unpaid, paid] });
    renderApp('/dashboard/myOrders');

    const table = await screen.findByRole('table');
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

  it('cancels a booking only after confirmation, then shows the empty state', async () => {
    const order = makeOrder({ _id: 'o-1', laptop_name: 'HP Pavilion 15' });
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      [MY_ORDERS]: [order],
      '/api/myOrders/o-1': { deletedCount: 1 },
    };
    const fetchMock = mockApi(routes);
    const { user } = renderApp('/dashboard/myOrders');
    const row = (await screen.findAllByRole('row'))[1]!;

    // Changing one's mind keeps the booking.
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    let dialog = screen.getByRole('dialog', { name: 'Are you sure you want to cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const deletes = () => sentRequests(fetchMock).filter((request) => request.method === 'DELETE');
    expect(deletes()).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    dialog = screen.getByRole('dialog', { name: 'Are you sure you want to cancel this booking?' });
    expect(within(dialog).getByText(/HP Pavilion 15/)).toBeInTheDocument();
    routes[MY_ORDERS] = [];
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel booking' }));

    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    expect(await screen.findByText("you don't have any order")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deletes().map((request) => request.path)).toEqual(['/api/myOrders/o-1']);
  });

  it('says so when the booking was already gone', async () => {
    const order = makeOrder({ _id: 'o-gone' });
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      [MY_ORDERS]: [order],
      '/api/myOrders/o-gone': reply(404, { error: { code: 'not_found', message: 'Order not found' } }),
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

  it('enables Book Now again on the category page after a cancel', async () => {
    const order = makeOrder({ _id: 'o-1', laptop_id: 'legion' });
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      [MY_ORDERS]: [order],
      '/api/myOrders/o-1': { deletedCount: 1 },
      '/api/categories/gaming': [makeLaptop({ _id: 'legion', laptop_name: 'Lenovo Legion 5' })],
      // The saved laptops behind the hearts on the cards.
      '/api/wishlist?limit=100': [],
    };
    mockApi(routes);
    const { user, router } = renderApp('/category/gaming');
    expect(await screen.findByText('You have booked this laptop')).toBeInTheDocument();

    await router.navigate('/dashboard/myOrders');
    const row = (await screen.findAllByRole('row'))[1]!;
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    routes[MY_ORDERS] = [];
    await user.click(screen.getByRole('button', { name: 'Yes, cancel booking' }));
    await screen.findByText("you don't have any order");

    await router.navigate('/category/gaming');
    await screen.findByRole('heading', { level: 1, name: 'Gaming Laptops' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book Now' })).toBeEnabled());
  });

  it('says the orders could not be loaded when the server fails', async () => {
    expectConsoleErrors();
    mockApi({
      ...signedIn('buyer'),
      [MY_ORDERS]: reply(500, { error: { code: 'internal', message: 'Something went wrong.' } }),
    });
    renderApp('/dashboard/myOrders');
    expect(await screen.findByText(/Could not load your orders/)).toBeInTheDocument();
  });
});
