import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../../shared/catalog.ts';
import type { Order } from '../../../../shared/orders.ts';
import { englishLeft } from '../../../test/english-left.ts';
import { renderIn } from '../../../test/locale.ts';
import { CANCEL_QUESTION, CANCELLED_TOAST, ORDER_TEXTS } from '../messages.ts';
import { OrdersTable } from './orders-table.tsx';

// My Orders' table in Bangla (docs/i18n.md): headings, prices in ৳, where each booking stands, Pay,
// paid and Cancel; the laptops' names as written.

let next = 0;
function makeOrder(status: OrderStatus, overrides: Partial<Order> = {}): Order {
  next += 1;
  return {
    _id: `order-${next}`,
    buyerName: 'Tanvir Ahmed',
    buyerEmail: 'buyer@laptophaat.test',
    buyerPhoneNumber: '01712345678',
    phone_verified: false,
    meetingAddress: 'Dhanmondi 27, Dhaka',
    laptop_img: '/images/laptops/casual-1.webp',
    laptop_name: `HP Pavilion 15 #${next}`,
    laptop_id: `laptop-${next}`,
    resale_price: 38000,
    payment_status: false,
    status,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function renderTable(orders: Order[]) {
  const router = createMemoryRouter([{ path: '/', element: <OrdersTable orders={orders} onCancel={() => {}} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('My Orders in Bangla', () => {
  it('reads in Bangla, with prices in ৳ and the laptops as written', () => {
    renderIn('bn');
    const orders = [
      makeOrder('requested', { laptop_name: 'HP Pavilion 15' }),
      makeOrder('accepted', { laptop_name: 'Dell Inspiron 14', payment_status: true, resale_price: 42500 }),
      makeOrder('declined'),
      makeOrder('cancelled'),
      makeOrder('completed'),
    ];
    const { container } = renderTable(orders);
    const table = screen.getByRole('table');
    for (const name of ['ল্যাপটপ', 'দাম', 'অবস্থা', 'করণীয়']) {
      expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    const [, requested, paid] = within(table).getAllByRole('row');
    expect(within(requested!).getAllByText('৳৩৮,০০০')).not.toHaveLength(0);
    expect(within(requested!).getAllByText('বিক্রেতার উত্তরের অপেক্ষায়')).not.toHaveLength(0);
    expect(within(requested!).getByRole('link', { name: 'পেমেন্ট করুন' })).toBeInTheDocument();
    expect(within(requested!).getByRole('button', { name: 'বাতিল' })).toBeInTheDocument();
    expect(within(paid!).getByText('পরিশোধিত')).toBeInTheDocument();
    expect(within(paid!).getAllByText('গ্রহণ করা হয়েছে — বিক্রেতার সঙ্গে দেখা করুন')).not.toHaveLength(0);
    expect(screen.getAllByText('বিক্রেতা প্রত্যাখ্যান করেছেন')).not.toHaveLength(0);
    expect(screen.getAllByText('বাতিল করা হয়েছে')).not.toHaveLength(0);
    expect(screen.getAllByText('কেনা হয়েছে')).not.toHaveLength(0);
    expect(englishLeft(container)).toEqual([]);
  });

  it('asks and confirms the cancellation in Bangla, the spec’s words in English', () => {
    renderIn('bn');
    expect(ORDER_TEXTS.heading).toBe('আমার অর্ডার');
    expect(ORDER_TEXTS.cancelQuestion).toBe('আপনি কি নিশ্চিতভাবে এই বুকিং বাতিল করতে চান?');
    expect(ORDER_TEXTS.cancelledToast).toBe('বুকিং বাতিল করা হয়েছে');
    expect(ORDER_TEXTS.cancelDetail('HP Pavilion 15', 38000)).toBe(
      'HP Pavilion 15 (৳৩৮,০০০)-এর জন্য আপনার বুকিং বাতিল হবে এবং বিক্রেতাকে জানিয়ে দেওয়া হবে। বাতিল হিসেবে এটি এই তালিকায় থেকে যাবে।',
    );
    renderIn('en');
    expect(ORDER_TEXTS.cancelQuestion).toBe(CANCEL_QUESTION);
    expect(ORDER_TEXTS.cancelledToast).toBe(CANCELLED_TOAST);
    expect(ORDER_TEXTS.cancelDetail('HP Pavilion 15', 38000)).toBe(
      'Your booking of HP Pavilion 15 (Tk 38,000) will be cancelled and the seller told. It stays in this list as cancelled.',
    );
  });
});
