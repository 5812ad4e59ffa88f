import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/catalog.ts';
import { mockApi } from '../../test/fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { stubMatchMedia } from '../../test/requests.ts';
import { signedIn, testUsers } from '../../test/session.ts';

// Lazy route modules are transformed on first use: the first render of a file can take seconds.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
});

const MENUS: Record<Role, [string, string][]> = {
  buyer: [
    ['My Orders', '/dashboard/myOrders'],
    ['My Wishlist', '/dashboard/myWishlist'],
    ['Saved searches', '/dashboard/savedSearches'],
    ['Messages', '/dashboard/messages'],
    ['Account settings', '/dashboard/account'],
  ],
  seller: [
    ['Add A Product', '/dashboard/addAProduct'],
    ['My Products', '/dashboard/myProducts'],
    ['My Buyers', '/dashboard/myBuyers'],
    ['Saved searches', '/dashboard/savedSearches'],
    ['Messages', '/dashboard/messages'],
    ['Account settings', '/dashboard/account'],
  ],
  admin: [
    ['All Buyers', '/dashboard/allBuyers'],
    ['All Sellers', '/dashboard/allSellers'],
    ['Reports', '/dashboard/reports'],
    ['Moderation', '/dashboard/moderation'],
    ['Saved searches', '/dashboard/savedSearches'],
    ['Messages', '/dashboard/messages'],
    ['Account settings', '/dashboard/account'],
  ],
};

function menuLinks() {
  const menu = screen.getByRole('navigation', { name: 'Dashboard' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('dashboard', () => {
  it.each(['buyer', 'seller', 'admin'] as const)(
    "is titled with the %s's name and shows exactly the role's menu",
    async (role) => {
      mockApi(signedIn(role));
      renderApp('/dashboard');
      const name = testUsers[role].name;
      expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
      expect(menuLinks()).toEqual(MENUS[role]);
      expect(screen.getByRole('heading', { level: 2, name: `Welcome, ${name}` })).toBeInTheDocument();
    },
  );

  it('sends a signed-out visitor to the login page, remembering the dashboard', async () => {
    mockApi({});
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?from=%2Fdashboard');
  });

  it.each([
    ['buyer', '/dashboard/allBuyers'],
    ['buyer', '/dashboard/addAProduct'],
    ['seller', '/dashboard/allSellers'],
    ['admin', '/dashboard/myProducts'],
  ] as const)('sends a %s away from %s to /login', async (role, path) => {
    mockApi(signedIn(role));
    const { router } = renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Log In' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('shows My Wishlist', async () => {
    mockApi({ ...signedIn('buyer'), '/api/wishlist': [] });
    renderApp('/dashboard/myWishlist');
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Wishlist' })).toHaveClass('menu-active');
  });

  it('opens the side drawer with its button and closes it with Escape or a link', async () => {
    mockApi({ ...signedIn('buyer'), '/api/wishlist': [] });
    const { user, router } = renderApp('/dashboard');
    const toggle = await screen.findByRole('button', { name: 'Dashboard menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('link', { name: 'My Wishlist' }),
    );
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/myWishlist');
    // The shell stayed on screen (the same button), and the overlay closed behind the link.
    expect(toggle).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });
});
