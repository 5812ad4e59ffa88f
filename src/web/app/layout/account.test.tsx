import { configure, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../lib/access-token.ts';
import { mockApi } from '../../test/fetch.ts';
import { renderApp } from '../../test/render.tsx';
import { sentRequests, stubMatchMedia } from '../../test/requests.ts';
import { signedIn, testUsers } from '../../test/session.ts';

// Lazy route modules are transformed on first use: the first render of a file can take seconds.
configure({ asyncUtilTimeout: 5000 });

const HOME = { '/api/myProducts?advertise=true': [], '/api/services': [] };

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
  toast.remove();
});

describe('navbar when signed in', () => {
  it('shows Dashboard and Log Out instead of Log In', async () => {
    mockApi({ ...HOME, ...signedIn('buyer') });
    renderApp('/');
    await screen.findByRole('button', { name: 'Buy Now' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
  });

  it('logs out: ends the session, removes the access token and goes home', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access-1');
    let signedOut = false;
    const { '/api/auth/get-session': session, ...roles } = signedIn('buyer');
    const fetchMock = mockApi({
      ...HOME,
      ...roles,
      get '/api/auth/get-session'() {
        return signedOut ? null : session;
      },
      get '/api/auth/sign-out'() {
        signedOut = true;
        return { success: true };
      },
      '/api/wishlist': [],
    });
    const { user, router } = renderApp('/dashboard/myWishlist');
    // The navbar of the loading screen gives way to the page's: look it up afresh each time.
    const nav = () => screen.getByRole('navigation', { name: 'Main' });
    await screen.findByText('Your wishlist is empty.');
    await user.click(within(nav()).getByRole('button', { name: 'Log Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await within(nav()).findByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(sentRequests(fetchMock).find((r) => r.path === '/api/auth/sign-out')).toMatchObject({ method: 'POST' });
  });
});

describe('return from sign-in with Google', () => {
  const buyer = testUsers.buyer;
  const email = encodeURIComponent(buyer.email);

  it.each([
    ['signup', 'SIGN UP WITH GOOGLE SUCCESSFUL'],
    ['login', 'LOGIN WITH GOOGLE SUCCESSFUL'],
  ])('?google=%s: toasts %j, stores the token and cleans the address', async (mode, text) => {
    const fetchMock = mockApi({
      ...HOME,
      ...signedIn('buyer'),
      [`/api/users/buyer/${email}`]: [],
      '/api/users': { _id: buyer.id, ...buyer, role: 'buyer', verified: false },
      [`/api/jwt?email=${email}`]: { accessToken: 'access-g' },
    });
    const { router } = renderApp(`/?google=${mode}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('access-g');
    // No user record yet, so one is created as buyer (docs/product.md#accounts-and-sign-in).
    const writes = sentRequests(fetchMock).filter((r) => r.method !== 'GET');
    expect(writes).toEqual([
      expect.objectContaining({ path: '/api/users', body: { name: buyer.name, email: buyer.email, role: 'buyer' } }),
    ]);
    expect(screen.getAllByText(text)).toHaveLength(1);
  });

  it('does not record a user that already has a record', async () => {
    const fetchMock = mockApi({
      ...HOME,
      ...signedIn('buyer'),
      [`/api/users/buyer/${email}`]: [{ _id: buyer.id, ...buyer, role: 'buyer', verified: false }],
      [`/api/jwt?email=${email}`]: { accessToken: 'access-g' },
    });
    renderApp('/?google=login');
    expect(await screen.findByText('LOGIN WITH GOOGLE SUCCESSFUL')).toBeInTheDocument();
    expect(sentRequests(fetchMock).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('ignores the parameter when nobody is signed in', async () => {
    const fetchMock = mockApi(HOME);
    const { router } = renderApp('/?google=login');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(sentRequests(fetchMock).filter((r) => r.path === '/api/auth/get-session').length).toBeGreaterThan(0),
    );
    expect(screen.queryByText('LOGIN WITH GOOGLE SUCCESSFUL')).not.toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});

describe('Sell Now', () => {
  it('sends anyone but a seller to sign up as a seller', async () => {
    mockApi(HOME);
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Sell Now' }));
    expect(await screen.findByLabelText('Role')).toHaveValue('seller');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/signup?role=seller');
  });

  it('sends a signed-in buyer to sign up as a seller too', async () => {
    mockApi({ ...HOME, ...signedIn('buyer') });
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Sell Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  });

  it('sends a signed-in seller to Add A Product', async () => {
    mockApi({ ...HOME, ...signedIn('seller') });
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Sell Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/addAProduct'));
  });
});
