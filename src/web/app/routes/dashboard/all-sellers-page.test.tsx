import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../../shared/users.ts';
import {
  ADMIN_EMAIL,
  makeUser,
  mockAdminApi,
  renderAdminPage,
  sentRequests,
} from '../../../features/admin/test/admin-page.ts';
import { expectConsoleErrors } from '../../../test/console.ts';
import { mockApi, reply } from '../../../test/fetch.ts';
import { signedIn } from '../../../test/session.ts';

const PATH = '/dashboard/allSellers';

const rahim = makeUser({
  _id: 's-rahim',
  name: 'Rahim Computers',
  email: 'seller@laptophaat.test',
  role: 'seller',
  verified: true,
});
const nusrat = makeUser({ _id: 's-nusrat', name: 'Nusrat Jahan', email: 'newseller@laptophaat.test', role: 'seller' });

async function rowOf(name: string) {
  return (await screen.findByRole('cell', { name })).closest('tr')!;
}

/** Verify on the seller's row, with the grounds the dialog asks for. */
async function verifyWithGrounds(user: UserEvent, row: ReturnType<typeof within>) {
  await user.click(row.getByRole('button', { name: 'Verify' }));
  const dialog = within(await screen.findByRole('dialog'));
  await user.type(dialog.getByRole('textbox', { name: 'On what grounds?' }), 'NID checked');
  await user.click(dialog.getByRole('button', { name: 'Verify' }));
}

describe('All Sellers page', () => {
  it('lists the sellers with name, e-mail and verification state', async () => {
    mockAdminApi({ '/api/users/seller': [rahim, nusrat] });
    renderAdminPage(PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'All Sellers' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Status' })).toBeInTheDocument();

    const verified = within(await rowOf('Rahim Computers'));
    expect(verified.getByRole('cell', { name: 'seller@laptophaat.test' })).toBeInTheDocument();
    expect(verified.getByText('Verified', { selector: '.badge' })).toBeInTheDocument();
    expect(verified.getByRole('button', { name: 'Verified' })).toBeDisabled();

    const unverified = within(await rowOf('Nusrat Jahan'));
    expect(unverified.getByRole('cell', { name: 'newseller@laptophaat.test' })).toBeInTheDocument();
    expect(unverified.getByText('Not verified')).toBeInTheDocument();
    expect(unverified.getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(unverified.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('verifies a seller: PUT /users/{id}, then PUT /allLaptop/{email} with the bearer token', async () => {
    localStorage.removeItem('access-token');
    const { fetchMock, routes } = mockAdminApi({
      '/api/users/seller': [rahim, nusrat],
      '/api/users/s-nusrat': { modifiedCount: 1 },
      '/api/allLaptop/newseller%40laptophaat.test': { modifiedCount: 3 },
    });
    const { user } = renderAdminPage(PATH);
    const row = within(await rowOf('Nusrat Jahan'));
    // What the server will say from now on, when the list is fetched again.
    routes['/api/users/seller'] = [rahim, { ...nusrat, verified: true }];

    await user.click(row.getByRole('button', { name: 'Verify' }));
    // Verifying asks on what grounds, and will not go without them.
    const dialog = within(await screen.findByRole('dialog', { name: 'Verify Nusrat Jahan' }));
    await user.click(dialog.getByRole('button', { name: 'Verify' }));
    expect(dialog.getByText('Say what you checked before verifying')).toBeInTheDocument();
    expect(sentRequests(fetchMock)).toEqual([]);
    await user.type(dialog.getByRole('textbox', { name: 'On what grounds?' }), 'Trade licence seen at the shop');
    await user.click(dialog.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(USER_MESSAGES.verified)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Verified' })).toBeDisabled();
    expect(row.getByText('Verified', { selector: '.badge' })).toBeInTheDocument();
    expect(sentRequests(fetchMock)).toEqual([
      {
        method: 'PUT',
        url: '/api/users/s-nusrat',
        body: { verified: 'true', note: 'Trade licence seen at the shop' },
        authorization: undefined,
      },
      {
        method: 'PUT',
        url: '/api/allLaptop/newseller%40laptophaat.test',
        body: { verified: 'true' },
        authorization: 'Bearer admin-token',
      },
    ]);
    expect(
      fetchMock.mock.calls.some(([url]) => String(url) === `/api/jwt?email=${encodeURIComponent(ADMIN_EMAIL)}`),
    ).toBe(true);
  });

  it('marks cached laptop lists stale after verifying, so cards elsewhere show the mark', async () => {
    localStorage.setItem('access-token', 'admin-token');
    mockAdminApi({
      '/api/users/seller': [nusrat],
      '/api/users/s-nusrat': { modifiedCount: 1 },
      '/api/allLaptop/newseller%40laptophaat.test': { modifiedCount: 3 },
    });
    const { user, queryClient } = renderAdminPage(PATH);
    queryClient.setQueryData(['laptops', 'category', 'gaming'], []);
    queryClient.setQueryData(['laptops', 'advertised'], []);
    const row = within(await rowOf('Nusrat Jahan'));

    await verifyWithGrounds(user, row);
    await screen.findByText(USER_MESSAGES.verified);

    expect(queryClient.getQueryState(['laptops', 'category', 'gaming'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['laptops', 'advertised'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['session'])?.isInvalidated).toBe(false);
    localStorage.removeItem('access-token');
  });

  it("shows the server's message when verifying fails, and leaves the button usable", async () => {
    expectConsoleErrors();
    localStorage.setItem('access-token', 'admin-token');
    const { fetchMock } = mockAdminApi({
      '/api/users/seller': [nusrat],
      '/api/users/s-nusrat': reply(404, {
        error: { code: 'not_found', reason: 'user_not_found', message: 'User not found' },
      }),
    });
    const { user } = renderAdminPage(PATH);
    const row = within(await rowOf('Nusrat Jahan'));

    await verifyWithGrounds(user, row);

    // In the dialog, which stays open to try again or cancel.
    const dialog = within(screen.getByRole('dialog', { name: 'Verify Nusrat Jahan' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('User not found');
    expect(screen.queryByText(USER_MESSAGES.verified)).not.toBeInTheDocument();
    // The second call is never made when the first fails.
    expect(sentRequests(fetchMock).map((r) => r.url)).toEqual(['/api/users/s-nusrat']);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(row.getByRole('button', { name: 'Verify' })).toBeEnabled();
    localStorage.removeItem('access-token');
  });

  it('deletes a seller after the confirmation question', async () => {
    const { fetchMock, routes } = mockAdminApi({
      '/api/users/seller': [rahim, nusrat],
      '/api/users': { deletedCount: 1 },
    });
    const { user } = renderAdminPage(PATH);
    const row = within(await rowOf('Nusrat Jahan'));

    await user.click(row.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: USER_MESSAGES.deleteConfirm });
    expect(within(dialog).getByText(/their laptops/)).toBeInTheDocument();
    routes['/api/users/seller'] = [rahim];
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(USER_MESSAGES.deleted)).toBeInTheDocument();
    expect(sentRequests(fetchMock)).toEqual([
      { method: 'DELETE', url: '/api/users', body: { id: 's-nusrat' }, authorization: undefined },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Nusrat Jahan' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Rahim Computers' })).toBeInTheDocument();
  });

  it('says so when no seller has signed up', async () => {
    mockAdminApi({ '/api/users/seller': [] });
    renderAdminPage(PATH);
    expect(await screen.findByText('No sellers have signed up yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    expectConsoleErrors();
    mockAdminApi({
      '/api/users/seller': reply(403, { error: { code: 'forbidden', message: 'Admins only' } }),
    });
    renderAdminPage(PATH);
    expect(await screen.findByText(/Could not load the sellers/)).toBeInTheDocument();
  });
});

describe('admin pages guard', () => {
  it.each(['buyer', 'seller'] as const)('sends a %s to the login page', async (role) => {
    const fetchMock = mockApi({
      ...signedIn(role),
      '/api/users/seller': [nusrat],
      '/api/users/buyer': [],
      // The login page it lands on asks which sign-in buttons to offer.
      '/api/client-config': { googleSignIn: 'none' },
    });
    const { router } = renderAdminPage('/dashboard/allSellers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/users/seller')).toBe(false);
    expect(router.state.location.pathname).toBe('/login');
    await router.navigate('/dashboard/allBuyers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
