import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Notification, NotificationPage } from '../../../../shared/notifications.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { englishLeft } from '../../../test/english-left.ts';
import { mockApi } from '../../../test/fetch.ts';
import { renderIn } from '../../../test/locale.ts';
import { notificationText } from '../texts.ts';
import { NotificationBell } from './notification-bell.tsx';

// The bell in Bangla (docs/i18n.md): the unread count with Bangla digits and plural, every kind of
// notification in a Bangla sentence, the laptops' and people's names as written.

let next = 100;
function make(over: Partial<Notification>): Notification {
  next += 1;
  return {
    _id: String(next),
    kind: 'order_requested',
    laptop_id: 'l1',
    laptop_name: 'HP Pavilion 15',
    order_id: 'o1',
    amount: null,
    note: null,
    created_at: '2026-11-20T10:00:00.000Z',
    read: false,
    ...over,
  };
}

const page = (items: Notification[], unread: number): NotificationPage => ({ items, unread, nextCursor: null });

function renderBell() {
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element: <NotificationBell /> }]);
  const user = userEvent.setup();
  return {
    user,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

describe('the notification bell in Bangla', () => {
  it('counts and says every notification in Bangla, names as written', async () => {
    renderIn('bn');
    const items = [
      make({ kind: 'order_requested', note: 'Sadia Islam' }),
      make({ kind: 'order_requested' }),
      make({ kind: 'order_accepted' }),
      make({ kind: 'order_declined' }),
      make({ kind: 'order_completed' }),
      make({ kind: 'sold_to_other' }),
      make({ kind: 'order_cancelled', note: 'Sadia Islam' }),
      make({ kind: 'listing_hidden', note: 'Reported as scam or fraud (3)' }),
      make({ kind: 'listing_hidden' }),
      make({ kind: 'price_dropped', amount: 36500, laptop_name: 'Dell XPS 13', read: true }),
      make({ kind: 'price_dropped', laptop_name: 'Dell XPS 13', read: true }),
      make({ kind: 'wishlist_sold', read: true }),
    ];
    mockApi({ '/api/notifications?limit=20': page(items, 9) });
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'নোটিফিকেশন, ৯টি অপঠিত' });
    expect(englishLeft(bell)).toEqual([]);
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'নোটিফিকেশন' });
    expect(within(panel).getByRole('button', { name: 'সবগুলো পড়া হয়েছে হিসেবে চিহ্নিত করুন' })).toBeInTheDocument();
    const links = within(panel).getAllByRole('link');
    expect(links).toHaveLength(items.length);
    expect(links[0]).toHaveTextContent('অপঠিত: Sadia Islam আপনার HP Pavilion 15 বুক করেছেন।২০ নভেম্বর, ২০২৬');
    expect(links[1]).toHaveTextContent('একজন ক্রেতা আপনার HP Pavilion 15 বুক করেছেন।');
    expect(links[7]).toHaveTextContent('অ্যাডমিন আপনার বিজ্ঞাপন HP Pavilion 15 লুকিয়ে দিয়েছেন:');
    expect(links[9]).toHaveTextContent('আপনার উইশলিস্টের Dell XPS 13-এর দাম এখন ৳৩৬,৫০০।');
    expect(englishLeft(panel)).toEqual([]);
  });

  it('says one unread in the singular, in both languages', async () => {
    renderIn('en');
    mockApi({ '/api/notifications?limit=20': page([make({})], 1) });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('writes the toast of a notification in Bangla', () => {
    renderIn('bn');
    expect(notificationText(make({ kind: 'wishlist_sold', laptop_name: 'Dell XPS 13' }))).toBe(
      'আপনার উইশলিস্টের Dell XPS 13 বিক্রি হয়ে গেছে।',
    );
  });

  it('says when there is nothing yet, in Bangla', async () => {
    renderIn('bn');
    mockApi({ '/api/notifications?limit=20': page([], 0) });
    const { user, container } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'নোটিফিকেশন' }));
    expect(await screen.findByText(/^এখনও কিছু নেই।/)).toBeInTheDocument();
    expect(englishLeft(container)).toEqual([]);
  });
});
