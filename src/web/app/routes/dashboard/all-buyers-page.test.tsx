import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../../shared/users.ts';
import { makeUser, mockAdminApi, renderAdminPage, sentRequests } from '../../../features/admin/test/admin-page.ts';
import { expectConsoleErrors } from '../../../test/console.ts';
import { reply } from '../../../test/fetch.ts';

const PATH = '/dashboard/allBuyers';

const tanvir = makeUser({ _id: 'b-tanvir', name: 'Tanvir Ahmed', email: 'buyer@laptophaat.test' });
const mitu = makeUser({ _id: 'b-mitu', name: 'Mitu Akter', email: 'mitu@example.com' });

async function rowOf(name: string) {
  return (await screen.findByRole('cell', { name })).closest('tr')!;
}

describe('All Buyers page', () => {
  it('lists the buyers with name and e-mail, and no verification', async () => {
    mockAdminApi({ '/api/users/buyer': [tanvir, mitu] });
    renderAdminPage(PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'All Buyers' })).toBeInTheDocument();

    const row = within(await rowOf('Tanvir Ahmed'));
    expect(row.getByRole('cell', { name: 'buyer@laptophaat.test' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(within(await rowOf('Mitu Akter')).getByRole('cell', { name: 'mitu@example.com' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('columnheader', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  });

  it('asks the spec question in a dialog, then deletes the buyer with DELETE /users {id}', async () => {
    const { fetchMock, routes } = mockAdminApi({
      '/api/users/buyer': [tanvir, mitu],
      '/api/users': { deletedCount: 1 },
    });
    const { user } = renderAdminPage(PATH);
    await user.click(within(await rowOf('Mitu Akter')).getByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete this user?' });
    expect(within(dialog).getByText('Mitu Akter')).toBeInTheDocument();
    expect(sentRequests(fetchMock)).toEqual([]);
    routes['/api/users/buyer'] = [tanvir];
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('successfully deleted')).toBeInTheDocument();
    expect(sentRequests(fetchMock)).toEqual([
      { method: 'DELETE', url: '/api/users', body: { id: 'b-mitu' }, authorization: undefined },
    ]);
    expect(screen.queryByRole('cell', { name: 'Mitu Akter' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Tanvir Ahmed' })).toBeInTheDocument();
  });

  it('deletes nothing when the admin cancels', async () => {
    const { fetchMock } = mockAdminApi({ '/api/users/buyer': [tanvir] });
    const { user } = renderAdminPage(PATH);
    await user.click(within(await rowOf('Tanvir Ahmed')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentRequests(fetchMock)).toEqual([]);
    expect(screen.getByRole('cell', { name: 'Tanvir Ahmed' })).toBeInTheDocument();
  });

  it("shows the server's refusal as an error toast and keeps the row", async () => {
    expectConsoleErrors();
    mockAdminApi({
      '/api/users/buyer': [tanvir],
      '/api/users': reply(403, {
        error: { code: 'forbidden', reason: 'admin_not_deletable', message: 'An admin cannot be deleted here' },
      }),
    });
    const { user } = renderAdminPage(PATH);
    await user.click(within(await rowOf('Tanvir Ahmed')).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('An admin cannot be deleted here')).toBeInTheDocument();
    expect(screen.queryByText(USER_MESSAGES.deleted)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Tanvir Ahmed' })).toBeInTheDocument();
  });

  it('says so when no buyer has signed up', async () => {
    mockAdminApi({ '/api/users/buyer': [] });
    renderAdminPage(PATH);
    expect(await screen.findByText('No buyers have signed up yet.')).toBeInTheDocument();
  });

  it('searches by name or e-mail (q) and loads more by the Link header', async () => {
    const { fetchMock } = mockAdminApi({
      '/api/users/buyer': reply(200, [tanvir], { link: '</api/users/buyer?limit=50&cursor=c2>; rel="next"' }),
      '/api/users/buyer?limit=50&cursor=c2': [mitu],
      '/api/users/buyer?q=mitu': [mitu],
      '/api/users/buyer?q=nobody': [],
    });
    const { user } = renderAdminPage(PATH);
    await rowOf('Tanvir Ahmed');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await rowOf('Mitu Akter');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const search = screen.getByRole('form', { name: 'Search buyers' });
    await user.type(within(search).getByLabelText('Search buyers'), 'mitu');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    await screen.findByText((_, el) => el?.tagName === 'TD' && el.textContent === 'Mitu Akter');
    await user.clear(within(search).getByLabelText('Search buyers'));
    await user.type(within(search).getByLabelText('Search buyers'), 'nobody{Enter}');
    expect(await screen.findByText('No buyers match “nobody”.')).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([input]) => String(input));
    expect(asked).toContain('/api/users/buyer?q=mitu');
    expect(asked).toContain('/api/users/buyer?limit=50&cursor=c2');
  });
});
