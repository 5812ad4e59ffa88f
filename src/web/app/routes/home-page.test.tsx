import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Service } from '../../../shared/services.ts';
import { expectConsoleErrors } from '../../test/console.ts';
import { mockApi, reply } from '../../test/fetch.ts';
import { makeLaptop } from '../../test/laptops.ts';
import { renderApp } from '../../test/render.tsx';

const services: Service[] = [
  { _id: 's1', service_name: 'Trusted Community', service_desc: 'Buyers and sellers.', icon: 'RiTeamFill' },
  { _id: 's2', service_name: '24/7 Support', service_desc: 'Day and night.', icon: 'BiSupport' },
  { _id: 's3', service_name: 'Verified Sellers', service_desc: 'Checked by us.', icon: 'BsPatchCheckFill' },
  { _id: 's4', service_name: 'Safe Delivery', service_desc: 'Cash on delivery.', icon: 'FaTruckMoving' },
];

const ADVERTISED = '/api/myProducts?advertise=true';

describe('home page', () => {
  it('shows the hero with Buy Now and Sell Now', async () => {
    mockApi({ [ADVERTISED]: [], '/api/services': services });
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    // Buy Now takes the visitor (and the focus) to the categories.
    expect(document.activeElement).toHaveAttribute('id', 'categories');
    expect(screen.getByRole('button', { name: 'Sell Now' })).toBeInTheDocument();
    await screen.findByText('Trusted Community');
  });

  it('hides Advertised Laptops when nothing is advertised', async () => {
    const fetchMock = mockApi({ [ADVERTISED]: [], '/api/services': services });
    renderApp('/');
    await screen.findByText('Trusted Community');
    await expect.poll(() => fetchMock.mock.calls.some(([url]) => String(url) === ADVERTISED)).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Advertised Laptops' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows Advertised Laptops with a card per laptop when there are some', async () => {
    mockApi({
      [ADVERTISED]: [
        makeLaptop({ laptop_name: 'ASUS ROG Strix G15', resale_price: 98000 }),
        makeLaptop({ laptop_name: 'Apple MacBook Air M1', resale_price: 78000 }),
      ],
      '/api/services': services,
    });
    renderApp('/');
    const heading = await screen.findByRole('heading', { name: 'Advertised Laptops' });
    const section = heading.closest('section')!;
    expect(within(section).getAllByRole('article')).toHaveLength(2);
    expect(within(section).getByRole('heading', { name: 'ASUS ROG Strix G15' })).toBeInTheDocument();
    expect(within(section).getByText('Tk 98,000')).toBeInTheDocument();
  });

  it('puts a wishlist heart on every advertised card once the page runs', async () => {
    mockApi({ [ADVERTISED]: [makeLaptop({ laptop_name: 'ASUS ROG Strix G15' })], '/api/services': services });
    renderApp('/');
    const card = (await screen.findByRole('heading', { name: 'ASUS ROG Strix G15' })).closest('article')!;
    const heart = await within(card).findByRole('button', { name: /^Add (.+ )?to Wishlist$/ });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('lists the three categories, each linking to its page', async () => {
    mockApi({ [ADVERTISED]: [], '/api/services': services });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Laptop Categories' });
    const links = within(section).getAllByRole('link');
    expect(links.map((a) => [a.textContent?.match(/^(Casual|Gaming|Premium)/)?.[0], a.getAttribute('href')])).toEqual([
      ['Casual', '/category/casual'],
      ['Gaming', '/category/gaming'],
      ['Premium', '/category/premium'],
    ]);
    expect(within(section).getByRole('link', { name: 'Gaming' })).toHaveAccessibleDescription(/dedicated graphics/);
    await screen.findByText('Trusted Community');
  });

  it('shows the services with their names and descriptions', async () => {
    mockApi({ [ADVERTISED]: [], '/api/services': services });
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Our Services' });
    for (const s of services) {
      expect(await within(section).findByRole('heading', { name: s.service_name })).toBeInTheDocument();
      expect(within(section).getByText(s.service_desc)).toBeInTheDocument();
    }
    expect(within(section).getAllByRole('listitem')).toHaveLength(4);
  });

  it('does not let a hanging advertised request hold the page back', async () => {
    mockApi({ '/api/services': services });
    const fetchMock = vi.mocked(fetch);
    const realFetch = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input) === ADVERTISED ? new Promise<Response>(() => {}) : realFetch(input, init),
    );
    renderApp('/');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Buy Now' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Laptop Categories' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Advertised Laptops' })).not.toBeInTheDocument();
  });

  it('keeps the page usable when the API fails: no advertised section, a short note for services', async () => {
    expectConsoleErrors();
    mockApi({
      [ADVERTISED]: reply(500, { error: { code: 'internal', message: 'Something went wrong on our side.' } }),
      '/api/services': reply(500, { error: { code: 'internal', message: 'Something went wrong on our side.' } }),
    });
    renderApp('/');
    expect(await screen.findByText(/Could not load our services/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Advertised Laptops' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Laptop Categories' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('[api]'), expect.anything());
  });
});
