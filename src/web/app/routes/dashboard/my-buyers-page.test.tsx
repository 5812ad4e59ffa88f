import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '../../../../shared/laptops.ts';
import type { Order } from '../../../../shared/orders.ts';
import { mockSellerApi, renderSellerApp, sentRequests } from '../../../features/seller/test/seller-app.tsx';
import { expectConsoleErrors } from '../../../test/console.ts';
import { reply } from '../../../test/fetch.ts';

const PATH = '/dashboard/myBuyers';
const MY_BUYERS = '/api/myBuyers';
// The navbar's notification bell (another feature) asks for these on every signed-in page.
const BELL = { '/api/notifications?limit=20': { items: [], unread: 0, nextCursor: null } };
// The first visit downloads the lazy page (in a cold test run, compiles it): allow for that.
const PAGE_LOAD = { timeout: 5000 };

let next = 0;
function makeBooking(overrides: Partial<Order> = {}): Order {
  next += 1;
  return {
    _id: `o-${next}`,
    buyerName: `Buyer ${next}`,
    buyerEmail: `buyer${next}@laptophaat.test`,
    buyerPhoneNumber: '01712345678',
    phone_verified: false,
    meetingAddress: 'Dhanmondi 27, Dhaka',
    laptop_img: '/images/laptops/casual-1.webp',
    laptop_name: 'Lenovo ThinkPad T480',
    laptop_id: 'l-thinkpad',
    resale_price: 32000,
    payment_status: false,
    status: 'requested',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const tanvir = makeBooking({
  _id: 'o-tanvir',
  buyerName: 'Tanvir Ahmed',
  buyerPhoneNumber: '01812345678',
  phone_verified: true,
  meetingAddress: 'Bashundhara City, Panthapath',
  created_at: '2026-11-21T20:30:00.000Z',
});
const nusrat = makeBooking({ _id: 'o-nusrat', buyerName: 'Nusrat Jahan', status: 'accepted' });

async function rowOf(buyer: string) {
  return within((await screen.findByText(buyer, {}, PAGE_LOAD)).closest('tr')!);
}

describe('My Buyers page', { timeout: 15_000 }, () => {
  it('shows a buyer’s stars from the sellers they bought from, and nothing for one nobody rated', async () => {
    mockSellerApi({
      ...BELL,
      [MY_BUYERS]: [
        { ...tanvir, buyer_rating: { average: 3, count: 1 } },
        { ...nusrat, buyer_rating: { average: null, count: 0 } },
      ],
    });
    renderSellerApp(PATH);
    const rated = await rowOf('Tanvir Ahmed');
    expect(rated.getByRole('img', { name: 'Rated 3.0 out of 5 by 1 seller' })).toHaveTextContent('★ 3.0 (1)');
    expect((await rowOf('Nusrat Jahan')).queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
  });

  it('lists each booking with the laptop, the buyer’s contact, meeting place, date and status', async () => {
    mockSellerApi({ ...BELL, [MY_BUYERS]: [tanvir, nusrat] });
    renderSellerApp(PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'My Buyers' }, PAGE_LOAD)).toBeInTheDocument();

    const row = await rowOf('Tanvir Ahmed');
    expect(row.getByRole('link', { name: 'Lenovo ThinkPad T480' })).toHaveAttribute(
      'href',
      '/laptops/l-thinkpad/lenovo-thinkpad-t480',
    );
    expect(row.getByRole('link', { name: '01812345678' })).toHaveAttribute('href', 'tel:01812345678');
    // Booked with the number the buyer verified by SMS (docs/product.md#phone-verification).
    expect(row.getByText('Phone verified')).toBeVisible();
    expect(row.getByText('Bashundhara City, Panthapath')).toBeInTheDocument();
    // 20:30 UTC is already the next day in Dhaka.
    expect(row.getByText('Booked on 22/11/2026')).toBeInTheDocument();
    expect(row.getByText('New — waiting for your answer')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(row.getByRole('button', { name: 'Decline' })).toBeEnabled();
    expect(row.getByRole('button', { name: 'Mark sold' })).toBeEnabled();

    // Accepted: no second Accept, but it may still be declined or sold.
    const accepted = await rowOf('Nusrat Jahan');
    expect(accepted.getByText('Accepted')).toBeInTheDocument();
    expect(accepted.queryByText('Phone verified')).not.toBeInTheDocument();
    expect(accepted.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(accepted.getByRole('button', { name: 'Decline' })).toBeEnabled();
    expect(accepted.getByRole('button', { name: 'Mark sold' })).toBeEnabled();

    // Newest first, as the server sent them.
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).queryByText(/Tanvir Ahmed|Nusrat Jahan/)?.textContent)).toEqual([
      'Tanvir Ahmed',
      'Nusrat Jahan',
    ]);
  });

  it('shows closed bookings in words, without actions', async () => {
    const closed = [
      makeBooking({ buyerName: 'Declined buyer', status: 'declined' }),
      makeBooking({ buyerName: 'Cancelling buyer', status: 'cancelled' }),
      makeBooking({ buyerName: 'Winning buyer', status: 'completed' }),
    ];
    mockSellerApi({ ...BELL, [MY_BUYERS]: closed });
    renderSellerApp(PATH);
    for (const [buyer, status] of [
      ['Declined buyer', 'Declined'],
      ['Cancelling buyer', 'Cancelled by the buyer'],
      ['Winning buyer', 'Sold to this buyer'],
    ] as const) {
      const row = await rowOf(buyer);
      expect(row.getByText(status)).toBeInTheDocument();
      // A completed deal can only be rated (docs/product.md#ratings); the others take nothing.
      expect(row.queryAllByRole('button').map((b) => b.textContent)).toEqual(
        status === 'Sold to this buyer' ? ['Rate the buyer'] : [],
      );
    }
  });

  it('accepts a new booking, says so and shows it accepted', async () => {
    const { routes } = mockSellerApi({
      ...BELL,
      [MY_BUYERS]: [tanvir],
      '/api/myBuyers/o-tanvir': { modifiedCount: 1 },
    });
    const { user } = renderSellerApp(PATH);
    const row = await rowOf('Tanvir Ahmed');
    routes[MY_BUYERS] = [{ ...tanvir, status: 'accepted' }];
    await user.click(row.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('Booking accepted. The buyer will be told.')).toBeInTheDocument();
    await waitFor(() => expect(row.getByText('Accepted')).toBeInTheDocument());
    expect(row.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(sentRequests()).toEqual([
      { method: 'PUT', url: '/api/myBuyers/o-tanvir', body: { status: 'accepted' }, authorization: undefined },
    ]);
  });

  it('declines a booking only after asking', async () => {
    const { routes } = mockSellerApi({
      ...BELL,
      [MY_BUYERS]: [nusrat],
      '/api/myBuyers/o-nusrat': { modifiedCount: 1 },
    });
    const { user, queryClient } = renderSellerApp(PATH);
    queryClient.setQueryData(['laptops', 'advertised'], []);
    const row = await rowOf('Nusrat Jahan');

    await user.click(row.getByRole('button', { name: 'Decline' }));
    let dialog = screen.getByRole('dialog', { name: 'Decline this booking?' });
    expect(dialog).toHaveAccessibleDescription(/Nusrat Jahan’s booking of “Lenovo ThinkPad T480” will be declined/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentRequests()).toEqual([]);

    await user.click(row.getByRole('button', { name: 'Decline' }));
    dialog = screen.getByRole('dialog', { name: 'Decline this booking?' });
    routes[MY_BUYERS] = [{ ...nusrat, status: 'declined' }];
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));

    expect(await screen.findByText('Booking declined')).toBeInTheDocument();
    await waitFor(() => expect(row.getByText('Declined')).toBeInTheDocument());
    expect(row.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentRequests()).toEqual([
      { method: 'PUT', url: '/api/myBuyers/o-nusrat', body: { status: 'declined' }, authorization: undefined },
    ]);
    // The laptop may be free again: the laptop lists are fetched afresh.
    expect(queryClient.getQueryState(['laptops', 'advertised'])?.isInvalidated).toBe(true);
  });

  it('marks the laptop sold to one buyer after warning that the others will be declined', async () => {
    const other = makeBooking({ _id: 'o-other', buyerName: 'Karim Uddin' });
    const elsewhere = makeBooking({
      _id: 'o-else',
      buyerName: 'Rina Akter',
      laptop_id: 'l-dell',
      laptop_name: 'Dell XPS 13',
    });
    const { routes } = mockSellerApi({
      ...BELL,
      [MY_BUYERS]: [tanvir, other, elsewhere],
      '/api/myProducts/l-thinkpad': { modifiedCount: 1 },
    });
    const { user, queryClient } = renderSellerApp(PATH);
    queryClient.setQueryData(['laptops', 'advertised'], []);
    const row = await rowOf('Tanvir Ahmed');

    await user.click(row.getByRole('button', { name: 'Mark sold' }));
    let dialog = screen.getByRole('dialog', { name: 'Mark this laptop as sold to Tanvir Ahmed?' });
    expect(dialog).toHaveAccessibleDescription(/Everyone else who booked this laptop will be declined/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sentRequests()).toEqual([]);

    await user.click(row.getByRole('button', { name: 'Mark sold' }));
    dialog = screen.getByRole('dialog', { name: 'Mark this laptop as sold to Tanvir Ahmed?' });
    // What the server says from now on, when the lists are fetched again.
    routes[MY_BUYERS] = [{ ...tanvir, status: 'completed' }, { ...other, status: 'declined' }, elsewhere];
    await user.click(within(dialog).getByRole('button', { name: 'Mark sold' }));

    expect(await screen.findByText(PRODUCT_MESSAGES.markedSold)).toBeInTheDocument();
    await waitFor(() => expect(row.getByText('Sold to this buyer')).toBeInTheDocument());
    expect(row.queryAllByRole('button').map((b) => b.textContent)).toEqual(['Rate the buyer']);
    const declined = await rowOf('Karim Uddin');
    expect(declined.getByText('Declined')).toBeInTheDocument();
    expect(declined.queryAllByRole('button')).toHaveLength(0);
    // A booking of another laptop is untouched.
    expect((await rowOf('Rina Akter')).getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(sentRequests()).toEqual([
      {
        method: 'PUT',
        url: '/api/myProducts/l-thinkpad',
        body: { salesStatus: 'sold', orderId: 'o-tanvir' },
        authorization: undefined,
      },
    ]);
    // The laptop leaves every list: the laptop lists are fetched afresh.
    expect(queryClient.getQueryState(['laptops', 'advertised'])?.isInvalidated).toBe(true);
  });

  it('says so in the server’s words when the buyer cancelled first (409), and shows the booking as it is now', async () => {
    const { routes } = mockSellerApi({
      ...BELL,
      [MY_BUYERS]: [tanvir],
      '/api/myBuyers/o-tanvir': reply(409, {
        error: {
          code: 'conflict',
          reason: 'booking_already',
          params: { status: 'cancelled' },
          message: 'This booking is already cancelled',
        },
      }),
    });
    const { user } = renderSellerApp(PATH);
    const row = await rowOf('Tanvir Ahmed');
    routes[MY_BUYERS] = [{ ...tanvir, status: 'cancelled' }];
    await user.click(row.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('This booking is already cancelled')).toBeInTheDocument();
    await waitFor(() => expect(row.getByText('Cancelled by the buyer')).toBeInTheDocument());
    expect(row.queryAllByRole('button')).toHaveLength(0);
  });

  it('says so when selling comes too late (409)', async () => {
    const { routes } = mockSellerApi({
      ...BELL,
      [MY_BUYERS]: [tanvir],
      '/api/myProducts/l-thinkpad': reply(409, {
        error: { code: 'conflict', reason: 'laptop_not_for_sale', message: 'This laptop is no longer for sale' },
      }),
    });
    const { user } = renderSellerApp(PATH);
    const row = await rowOf('Tanvir Ahmed');
    await user.click(row.getByRole('button', { name: 'Mark sold' }));
    routes[MY_BUYERS] = [{ ...tanvir, status: 'declined' }];
    await user.click(
      within(screen.getByRole('dialog', { name: 'Mark this laptop as sold to Tanvir Ahmed?' })).getByRole('button', {
        name: 'Mark sold',
      }),
    );
    expect(await screen.findByText('This laptop is no longer for sale')).toBeInTheDocument();
    await waitFor(() => expect(row.getByText('Declined')).toBeInTheDocument());
    expect(screen.queryByText(PRODUCT_MESSAGES.markedSold)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('loads more bookings a page at a time', async () => {
    mockSellerApi({
      ...BELL,
      [MY_BUYERS]: reply(200, [tanvir], { link: '</api/myBuyers?cursor=c2>; rel="next"' }),
      '/api/myBuyers?cursor=c2': [nusrat],
    });
    const { user } = renderSellerApp(PATH);
    await rowOf('Tanvir Ahmed');
    expect(screen.queryByText('Nusrat Jahan')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Nusrat Jahan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nobody has booked yet', async () => {
    mockSellerApi({ ...BELL, [MY_BUYERS]: [] });
    renderSellerApp(PATH);
    const empty = (await screen.findByText('No one has booked your laptops yet.', {}, PAGE_LOAD)).parentElement!;
    expect(within(empty).getByRole('link', { name: 'My Products' })).toHaveAttribute('href', '/dashboard/myProducts');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the bookings cannot be loaded', async () => {
    expectConsoleErrors();
    mockSellerApi({
      ...BELL,
      [MY_BUYERS]: reply(500, { error: { code: 'internal', message: 'Something went wrong.' } }),
    });
    renderSellerApp(PATH);
    expect(await screen.findByText(/Could not load your bookings/, {}, PAGE_LOAD)).toBeInTheDocument();
  });
});
