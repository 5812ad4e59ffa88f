import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { englishLeft } from '../../../test/english-left.ts';
import { mockApi } from '../../../test/fetch.ts';
import { renderIn } from '../../../test/locale.ts';
import { signedIn } from '../../../test/session.ts';
import { BookingActions } from './booking-actions.tsx';
import { BookingModal, bookedMessage } from './booking-modal.tsx';

// Booking in Bangla (docs/i18n.md): Book Now, where the user stands, and the booking form.

const laptop = { _id: 'legion', laptop_name: 'Lenovo Legion 5', laptop_img: '/legion.jpg', resale_price: 85000 };
const buyer = { name: 'Tanvir Ahmed', email: 'buyer@laptophaat.test' };

describe('booking in Bangla', () => {
  it('says where the user stands and offers Book Now in Bangla', () => {
    renderIn('bn');
    const { container } = render(
      <>
        <BookingActions availability="ordered" onBook={() => {}} />
        <BookingActions availability="own" onBook={() => {}} />
      </>,
    );
    expect(screen.getByText('আপনি এই ল্যাপটপটি বুক করেছেন')).toBeInTheDocument();
    expect(screen.getByText('এটি আপনার নিজের বিজ্ঞাপন')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'এখনই বুক করুন' })).toHaveLength(2);
    expect(englishLeft(container)).toEqual([]);
  });

  it('shows the booking form in Bangla, the price in ৳, the laptop and the buyer as written', async () => {
    renderIn('bn');
    // The form asks for the account's remembered phone (lib/me.ts).
    mockApi(signedIn('buyer'));
    const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <BookingModal laptop={laptop} buyer={buyer} onClose={() => {}} onBooked={() => {}} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Lenovo Legion 5 বুক করুন' });
    expect(
      screen.getByRole('heading', { name: 'Lenovo Legion 5 বুক করুন' }).querySelector('[translate="no"]'),
    ).toHaveTextContent('Lenovo Legion 5');
    expect(screen.getByLabelText('দাম')).toHaveValue('৳৮৫,০০০');
    expect(screen.getByLabelText('নাম')).toHaveValue('Tanvir Ahmed');
    expect(screen.getByLabelText('ফোন নম্বর')).toHaveAttribute('placeholder', 'আপনার মোবাইল নম্বর');
    expect(screen.getByLabelText('দেখা করার ঠিকানা')).toHaveAttribute('placeholder', 'যেমন: বসুন্ধরা সিটি, পান্থপথ, ঢাকা');
    expect(screen.getByText('নিরাপদ থাকুন:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'বন্ধ করুন' })).toBeInTheDocument();

    // Sent empty: the form's own checks answer (their words come from src/shared).
    await userEvent.setup().click(screen.getByRole('button', { name: 'জমা দিন' }));
    expect(await screen.findByText('ফোন নম্বর দিতে হবে')).toBeInTheDocument();
    expect(screen.getByText('দেখা করার ঠিকানা দিতে হবে')).toBeInTheDocument();
    expect(englishLeft(dialog)).toEqual([]);
  });

  it('says the booking toast in Bangla, and in the spec’s English words', () => {
    renderIn('bn');
    expect(bookedMessage('Lenovo Legion 5')).toBe('Lenovo Legion 5 সফলভাবে বুক করা হয়েছে');
    renderIn('en');
    expect(bookedMessage('Lenovo Legion 5')).toBe('Lenovo Legion 5 successfully Booked');
  });
});
