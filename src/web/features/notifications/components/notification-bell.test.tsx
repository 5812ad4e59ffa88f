import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Notification, NotificationPage } from '../../../../shared/notifications.ts';
import { mockApi } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { sentRequests, stubMatchMedia } from '../../../test/requests.ts';
import { signedIn } from '../../../test/session.ts';
import { notificationText } from '../texts.ts';

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
    note: 'Sadia Islam',
    created_at: '2026-11-20T10:00:00.000Z',
    read: false,
    ...over,
  };
}

const page = (items: Notification[], unread: number): NotificationPage => ({ items, unread, nextCursor: null });

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
});

describe('the notification bell', () => {
  it('shows the unread count, the newest notifications in words, and where each one leads', async () => {
    const booked = make({});
    const dropped = make({ kind: 'price_dropped', amount: 36_500, laptop_name: 'Dell XPS 13', read: true });
    mockApi({ ...signedIn('seller'), '/api/blog': [], '/api/notifications?limit=20': page([booked, dropped], 1) });
    const { user } = renderApp('/blog');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' }, { timeout: 5000 });
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).getByRole('link', { name: /Sadia Islam booked your HP Pavilion 15\./ })).toHaveAttribute(
      'href',
      '/dashboard/myBuyers',
    );
    expect(
      within(panel).getByRole('link', { name: /Dell XPS 13 on your wishlist now costs Tk 36,500\./ }),
    ).toHaveAttribute('href', '/laptops/l1/dell-xps-13');
  });

  it('marks everything read', async () => {
    const fetchMock = mockApi({
      ...signedIn('buyer'),
      '/api/blog': [],
      '/api/notifications?limit=20': page([make({ kind: 'order_accepted' }), make({ kind: 'order_declined' })], 2),
      '/api/notifications/read': { modifiedCount: 2 },
    });
    const { user } = renderApp('/blog');
    // The page first: arriving, it moves focus to its content, which would close an open panel.
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(sentRequests(fetchMock).find((r) => r.method === 'PUT')).toMatchObject({
        path: '/api/notifications/read',
        body: {},
      }),
    );
  });

  it('is not there for a visitor', async () => {
    mockApi({ '/api/blog': [] });
    renderApp('/blog');
    expect(await screen.findByRole('link', { name: 'Log In' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });
});

describe('notificationText', () => {
  it('says every kind in a sentence', () => {
    const texts = (
      [
        'order_requested',
        'order_accepted',
        'order_declined',
        'order_completed',
        'sold_to_other',
        'order_cancelled',
        'listing_hidden',
        'price_dropped',
        'wishlist_sold',
      ] as const
    ).map((kind) => notificationText(make({ kind, amount: 1000, note: 'Too many reports' })));
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(text).toMatch(/HP Pavilion 15/);
    expect(notificationText(make({ kind: 'listing_hidden', note: 'Reported as scam or fraud (3)' }))).toBe(
      'The admin hid your listing HP Pavilion 15: Reported as scam or fraud (3)',
    );
  });
});
