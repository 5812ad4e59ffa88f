import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { WishlistItem } from '../../../../shared/wishlist.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { AppToaster } from '../../../lib/toaster.tsx';
import { englishLeft } from '../../../test/english-left.ts';
import { mockApi, reply } from '../../../test/fetch.ts';
import { makeLaptop } from '../../../test/laptops.ts';
import { renderIn } from '../../../test/locale.ts';
import { signedIn } from '../../../test/session.ts';
import { WishlistButton } from './wishlist-button.tsx';
import { WishlistItems } from './wishlist-items.tsx';

// The wishlist in Bangla (docs/i18n.md): the heart, its toasts and My Wishlist's rows.

const SAVED = '/api/wishlist?limit=100';

function item(overrides: Partial<WishlistItem>): WishlistItem {
  return { ...makeLaptop(), saved_price: 90000, saved_at: '2026-11-20T10:00:00.000Z', ...overrides } as WishlistItem;
}

function renderWith(element: React.ReactNode) {
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element }]);
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>,
  );
}

describe('the wishlist in Bangla', () => {
  it('shows the saved laptops with Bangla prices, dates and words, their names as written', () => {
    renderIn('bn');
    const dropped = item({ _id: 'legion', laptop_name: 'Lenovo Legion 5', resale_price: 85000, saved_price: 90000 });
    const sold = item({ _id: 'xps', laptop_name: 'Dell XPS 13', salesStatus: 'sold', resale_price: 70000 });
    const { container } = renderWith(<WishlistItems items={[dropped, sold]} onRemove={() => {}} />);
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Lenovo Legion 5' })).toHaveAttribute('translate', 'no');
    expect(within(first!).getByText('৳৮৫,০০০')).toBeInTheDocument();
    expect(within(first!).getByText('দাম কমেছে: আগে ছিল ৳৯০,০০০')).toBeInTheDocument();
    expect(within(first!).getByText('২০ নভেম্বর, ২০২৬ তারিখে সেভ করা হয়েছে')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'সরান' })).toBeInTheDocument();
    expect(within(second!).getByText('বিক্রি হয়ে গেছে')).toBeInTheDocument();
    expect(englishLeft(container)).toEqual([]);
  });

  it('names the heart in Bangla and says the server’s refusal in Bangla', async () => {
    renderIn('bn');
    mockApi({
      ...signedIn('buyer'),
      [SAVED]: [],
      '/api/wishlist/legion': reply(409, {
        error: { code: 'conflict', reason: 'laptop_sold', message: 'This laptop has been sold' },
      }),
    });
    const { container } = renderWith(<WishlistButton laptop={makeLaptop({ _id: 'legion' })} variant="labelled" />);
    const heart = screen.getByRole('button', { name: 'উইশলিস্টে যোগ করুন' });
    await waitFor(() => expect(heart).toBeEnabled());
    expect(englishLeft(container)).toEqual([]);
    await userEvent.setup().click(heart);
    expect(await screen.findByText('এই ল্যাপটপটি বিক্রি হয়ে গেছে')).toBeInTheDocument();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(englishLeft(container)).toEqual([]);
  });

  it('names a card’s heart for its laptop in Bangla', async () => {
    renderIn('bn');
    mockApi({ ...signedIn('buyer'), [SAVED]: [{ _id: 'xps' }] });
    renderWith(
      <>
        <WishlistButton laptop={makeLaptop({ _id: 'legion', laptop_name: 'Lenovo Legion 5' })} />
        <WishlistButton laptop={makeLaptop({ _id: 'xps', laptop_name: 'Dell XPS 13' })} />
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Lenovo Legion 5 উইশলিস্টে যোগ করুন' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Dell XPS 13 উইশলিস্ট থেকে সরান' })).toBeInTheDocument();
  });
});
