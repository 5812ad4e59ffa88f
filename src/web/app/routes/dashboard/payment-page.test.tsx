import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../shared/orders.ts';
import { expectConsoleErrors } from '../../../test/console.ts';
import { mockApi, reply } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { signedIn, testUsers } from '../../../test/session.ts';

// The route modules are compiled on first use: on a busy machine the first render of a file can
// take longer than Testing Library's 1 s default wait.
configure({ asyncUtilTimeout: 5000 });

const order: Order = {
  _id: 'o-1',
  buyerName: testUsers.buyer.name,
  buyerEmail: testUsers.buyer.email,
  buyerPhoneNumber: '01712345678',
  phone_verified: false,
  meetingAddress: 'Dhanmondi 27, Dhaka',
  laptop_img: '/images/laptops/casual-1.webp',
  laptop_name: 'HP Pavilion 15',
  laptop_id: 'laptop-1',
  resale_price: 38000,
  payment_status: false,
  status: 'requested',
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('payment page', () => {
  it("tells the order's buyer that payment is coming soon, with the laptop and price", async () => {
    mockApi({ ...signedIn('buyer'), '/api/myOrders/o-1': order });
    renderApp('/dashboard/payment/o-1');
    expect(await screen.findByText("This feature's coming soon")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Payment' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'HP Pavilion 15' })).toBeInTheDocument();
    expect(screen.getByText('Tk 38,000')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashboard/myOrders');
  });

  it("says someone else's (or a cancelled) order is not found", async () => {
    expectConsoleErrors();
    mockApi({
      ...signedIn('buyer'),
      '/api/myOrders/o-2': reply(404, {
        error: { code: 'not_found', reason: 'order_not_found', message: 'Order not found' },
      }),
    });
    renderApp('/dashboard/payment/o-2');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Order not found' });
    expect(screen.queryByText("This feature's coming soon")).not.toBeInTheDocument();
    const notice = heading.closest('section')!;
    expect(within(notice).getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/myOrders',
    );
  });
});
