import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../../shared/orders.ts';
import type { OrderReviewState, ReportedReview, Review } from '../../../../shared/reviews.ts';
import type { Seller } from '../../../../shared/sellers.ts';
import { mockApi, reply } from '../../../test/fetch.ts';
import { makeLaptop } from '../../../test/laptops.ts';
import { renderApp } from '../../../test/render.tsx';
import { sentRequests, stubMatchMedia } from '../../../test/requests.ts';
import { signedIn, testUsers } from '../../../test/session.ts';

// Seller pages and ratings in the browser's terms (docs/product.md#seller-pages, #ratings), through
// the real routes: the seller page, the link and stars on a listing, rating a completed deal from
// My Orders, and the admin's reported reviews.

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => stubMatchMedia());

const SELLER: Seller = {
  _id: 's-karim',
  name: 'Karim Laptops',
  verified: true,
  verified_at: '2026-10-01T04:00:00.000Z',
  phone_verified: false,
  member_since: '2026-01-15T04:00:00.000Z',
  sold_count: 7,
  rating: { average: 4.5, count: 2 },
};
const REVIEWS: Review[] = [
  {
    _id: 'rv-1',
    rating: 5,
    text: 'Met at Multiplan, laptop exactly as described.',
    author_name: 'Sadia Islam',
    laptop_name: 'Lenovo ThinkPad T480',
    created_at: '2026-11-20T04:00:00.000Z',
  },
  {
    _id: 'rv-2',
    rating: 4,
    text: null,
    author_name: 'Tanvir Ahmed',
    laptop_name: 'HP EliteBook 840',
    created_at: '2026-11-10T04:00:00.000Z',
  },
];
const laptop = makeLaptop({
  _id: 'l-1',
  laptop_name: 'Dell Latitude 7490',
  seller_id: SELLER._id,
  seller_name: SELLER.name,
  seller_rating: SELLER.rating,
});
const sellerRoutes = {
  '/api/sellers/s-karim': SELLER,
  '/api/sellers/s-karim/reviews?limit=12': { items: REVIEWS, nextCursor: null },
  '/api/sellers/s-karim/laptops?limit=12': { items: [laptop], nextCursor: null },
};

describe('the seller page', () => {
  it('shows the record, what buyers said and the laptops for sale', async () => {
    mockApi(sellerRoutes);
    renderApp('/sellers/s-karim');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Karim Laptops' });
    expect(within(heading.parentElement!).getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    expect(screen.getByText('Verified by Laptop Haat since 01/10/2026')).toBeInTheDocument();
    expect(screen.getByText('15/01/2026')).toHaveAttribute('datetime', SELLER.member_since);
    expect(screen.getByText('7 laptops')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Rated 4.5 out of 5 by 2 buyers' }).length).toBeGreaterThan(0);
    // No phone badge unless the phone was confirmed.
    expect(screen.queryByText('Phone verified')).not.toBeInTheDocument();

    const reviews = within(screen.getByRole('region', { name: 'What buyers said' }));
    expect(reviews.getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(reviews.getByText('Met at Multiplan, laptop exactly as described.')).toBeInTheDocument();
    expect(reviews.getByText('Lenovo ThinkPad T480')).toBeInTheDocument();
    // Signed out: nobody to report as.
    expect(reviews.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();

    const laptops = within(screen.getByRole('region', { name: 'Laptops for sale' }));
    expect(laptops.getByRole('link', { name: 'Dell Latitude 7490' })).toHaveAttribute(
      'href',
      '/laptops/l-1/dell-latitude-7490',
    );
  });

  it('says so when nobody has rated the seller, and an unknown seller is the page not found', async () => {
    mockApi({
      ...sellerRoutes,
      '/api/sellers/s-karim': { ...SELLER, verified: false, verified_at: null, rating: { average: null, count: 0 } },
      '/api/sellers/s-karim/reviews?limit=12': { items: [], nextCursor: null },
    });
    const { unmount } = renderApp('/sellers/s-karim');
    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByText('Not verified yet')).toBeInTheDocument();
    expect(screen.getByText('No reviews yet.')).toBeInTheDocument();
    unmount();

    mockApi({ '/api/sellers/nobody': reply(404, { error: { code: 'not_found', message: 'Seller not found' } }) });
    renderApp('/sellers/nobody');
    expect(await screen.findByText(/OOps!!! Something went wrong/)).toBeInTheDocument();
  });

  it('lets a signed-in reader report a review', async () => {
    const fetchMock = mockApi({
      ...signedIn('buyer'),
      ...sellerRoutes,
      'POST /api/reviews/rv-1/report': reply(204, null),
    });
    const { user } = renderApp('/sellers/s-karim');
    const reviews = within(await screen.findByRole('region', { name: 'What buyers said' }));
    const [first] = await reviews.findAllByRole('button', { name: 'Report' });
    await user.click(first!);
    expect(await reviews.findByText('Reported to the admin')).toBeInTheDocument();
    expect(
      sentRequests(fetchMock)
        .filter((r) => r.method === 'POST')
        .map((r) => r.path),
    ).toEqual(['/api/reviews/rv-1/report']);
  });
});

describe('the listing page', () => {
  it('links the seller’s name to their page, with their stars', async () => {
    mockApi({
      [`/api/laptops/${laptop._id}`]: { ...laptop, photos: [] },
      '/api/laptops?category=gaming&limit=4': { items: [], nextCursor: null, total: 0 },
    });
    renderApp('/laptops/l-1/dell-latitude-7490');
    const link = await screen.findByRole('link', { name: 'Karim Laptops' });
    expect(link).toHaveAttribute('href', '/sellers/s-karim');
    expect(link.parentElement).toContainElement(screen.getByRole('img', { name: 'Rated 4.5 out of 5 by 2 buyers' }));
  });
});

describe('rating a completed deal from My Orders', () => {
  const buyer = testUsers.buyer;
  const MY_ORDERS = `/api/myOrders?buyerEmail=${encodeURIComponent(buyer.email)}`;
  const order = (over: Partial<Order>): Order => ({
    _id: 'o-1',
    buyerName: buyer.name,
    buyerEmail: buyer.email,
    buyerPhoneNumber: '01712345678',
    phone_verified: false,
    meetingAddress: 'Dhanmondi 27',
    laptop_img: '/images/laptops/casual-1.webp',
    laptop_name: 'Lenovo ThinkPad T480',
    laptop_id: 'l-9',
    resale_price: 38000,
    payment_status: true,
    status: 'completed',
    created_at: '2026-11-20T10:00:00.000Z',
    ...over,
  });
  const open: OrderReviewState = {
    can_review: true,
    closes_at: '2026-12-04T10:00:00.000Z',
    rates: 'seller',
    mine: null,
    theirs: null,
  };

  it('only a completed deal offers it; stars are required; the rating is sent and then shown as hidden', async () => {
    const fetchMock = mockApi({
      ...signedIn('buyer'),
      [MY_ORDERS]: [order({}), order({ _id: 'o-2', laptop_name: 'Asus VivoBook', status: 'accepted' })],
      '/api/orders/o-1/review': open,
      'POST /api/orders/o-1/review': reply(201, {
        _id: 'rv-9',
        rating: 4,
        text: 'Good seller',
        created_at: '2026-11-27T10:00:00.000Z',
        published: false,
      }),
    });
    const { user } = renderApp('/dashboard/myOrders');
    const row = within((await screen.findByText('Lenovo ThinkPad T480')).closest('tr')!);
    const other = within(screen.getByText('Asus VivoBook').closest('tr')!);
    expect(other.queryByRole('button', { name: 'Rate the seller' })).not.toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Rate the seller' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rate this deal' }));
    await user.click(await dialog.findByRole('button', { name: 'Send rating' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose from 1 to 5 stars.');
    expect(sentRequests(fetchMock).some((r) => r.method === 'POST')).toBe(false);

    await user.click(dialog.getByRole('radio', { name: '4 stars' }));
    await user.type(dialog.getByLabelText('What would you tell others? (optional)'), 'Good seller');
    // After sending, the dialog asks again and shows the caller's own rating, still hidden.
    const routes = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/orders/o-1/review' && !init?.method)
        return new Response(
          JSON.stringify({
            ...open,
            can_review: false,
            mine: {
              _id: 'rv-9',
              rating: 4,
              text: 'Good seller',
              created_at: '2026-11-27T10:00:00.000Z',
              published: false,
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      return routes(input, init);
    });
    await user.click(dialog.getByRole('button', { name: 'Send rating' }));
    expect(
      await dialog.findByText('Hidden until the other side rates too, or for a week at most.'),
    ).toBeInTheDocument();
    expect(sentRequests(fetchMock).filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/orders/o-1/review', body: { rating: 4, text: 'Good seller' } }),
    ]);
  });

  it('shows the server’s refusal in words, and a closed window plainly', async () => {
    mockApi({
      ...signedIn('buyer'),
      [MY_ORDERS]: [order({})],
      '/api/orders/o-1/review': { ...open, can_review: false },
    });
    const { user } = renderApp('/dashboard/myOrders');
    await user.click(await screen.findByRole('button', { name: 'Rate the seller' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rate this deal' }));
    expect(await dialog.findByText('Rating this deal has closed.')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Send rating' })).not.toBeInTheDocument();
  });
});

describe('the admin’s reported reviews', () => {
  const reported: ReportedReview = {
    ...REVIEWS[0]!,
    _id: 'rv-bad',
    text: 'Call 01711111111 for a cheaper one',
    subject: { _id: SELLER._id, name: SELLER.name },
    reported_by: 'Karim Laptops',
    reported_at: '2026-11-26T04:00:00.000Z',
  };

  it('lists them on the Reports page and removes one', async () => {
    const fetchMock = mockApi({
      ...signedIn('admin'),
      '/api/reports?status=open&limit=100': [],
      '/api/reviews/reported': { items: [reported], nextCursor: null },
      'DELETE /api/reviews/rv-bad': { deletedCount: 1 },
    });
    const { user } = renderApp('/dashboard/reports');
    const section = within(await screen.findByRole('region', { name: 'Reported reviews' }));
    expect(await section.findByText('Call 01711111111 for a cheaper one')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Karim Laptops' })).toHaveAttribute('href', '/sellers/s-karim');
    await user.click(section.getByRole('button', { name: 'Remove review' }));
    await waitFor(() =>
      expect(
        sentRequests(fetchMock)
          .filter((r) => r.method === 'DELETE')
          .map((r) => r.path),
      ).toEqual(['/api/reviews/rv-bad']),
    );
  });
});
