import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../../shared/users.ts';
import { Providers } from '../../../app/providers.tsx';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { englishLeft } from '../../../test/english-left.ts';
import { renderIn } from '../../../test/locale.ts';
import type { ManagedRole } from '../api/use-users.ts';
import { makeUser, mockAdminApi } from '../test/admin-page.ts';
import { UsersTable } from './users-table.tsx';

// The admin's lists of buyers and sellers on a Bangla page (docs/i18n.md): the table's words in
// Bangla, the users' names and e-mails as they wrote them (translate="no").

const rahim = makeUser({
  _id: 's-rahim',
  name: 'Rahim Computers',
  email: 'rahim@laptophaat.test',
  role: 'seller',
  verified: true,
});
const nusrat = makeUser({ _id: 's-nusrat', name: 'Nusrat Jahan', email: 'nusrat@laptophaat.test', role: 'seller' });

function renderTable(kind: ManagedRole) {
  renderIn('bn');
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <UsersTable kind={kind} /> }]);
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient} origin="http://localhost">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, user };
}

describe('the users table in Bangla', () => {
  it('lists the sellers with Bangla headings, badges and buttons, no English left', async () => {
    mockAdminApi({ '/api/users/seller': [rahim, nusrat] });
    const { container } = renderTable('seller');
    expect(await screen.findByRole('cell', { name: 'Rahim Computers' })).toHaveAttribute('translate', 'no');
    expect(screen.getByRole('form', { name: 'বিক্রেতা খুঁজুন' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('নাম বা ইমেইল')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'অবস্থা' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'করণীয়' })).toBeInTheDocument();
    const verified = within(screen.getByRole('cell', { name: 'Rahim Computers' }).closest('tr')!);
    expect(verified.getByText('যাচাইকৃত', { selector: '.badge' })).toBeInTheDocument();
    expect(verified.getByRole('button', { name: 'যাচাইকৃত' })).toBeDisabled();
    const unverified = within(screen.getByRole('cell', { name: 'Nusrat Jahan' }).closest('tr')!);
    expect(unverified.getByText('যাচাই করা হয়নি')).toBeInTheDocument();
    expect(unverified.getByRole('button', { name: 'যাচাই করুন' })).toBeInTheDocument();
    expect(unverified.getByRole('button', { name: 'মুছে ফেলুন' })).toBeEnabled();
    expect(englishLeft(container)).toEqual([]);
  });

  it('asks before deleting, in Bangla, with what will be removed', async () => {
    mockAdminApi({ '/api/users/buyer': [makeUser({ name: 'Tanvir Ahmed', email: 'tanvir@laptophaat.test' })] });
    const { user } = renderTable('buyer');
    await user.click(await screen.findByRole('button', { name: 'মুছে ফেলুন' }));
    const dialog = screen.getByRole('dialog', { name: translateMessage(USER_MESSAGES.deleteConfirm) });
    const detail = within(dialog).getByText(/তাঁর অ্যাকাউন্ট এবং সব অর্ডার মুছে ফেলা হবে।/);
    expect(detail).toHaveTextContent(
      'Tanvir Ahmed (tanvir@laptophaat.test). তাঁর অ্যাকাউন্ট এবং সব অর্ডার মুছে ফেলা হবে। এটি আর ফিরিয়ে আনা যাবে না।',
    );
    expect(englishLeft(detail)).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'মুছে ফেলুন' })).toBeEnabled();
  });

  it('says so in Bangla when nobody has signed up, or nobody matches', async () => {
    mockAdminApi({ '/api/users/buyer': [], '/api/users/buyer?q=zzz': [] });
    const { user, container } = renderTable('buyer');
    expect(await screen.findByText('এখনও কোনো ক্রেতা সাইন আপ করেননি।')).toBeInTheDocument();
    expect(englishLeft(container)).toEqual([]);
    await user.type(screen.getByRole('searchbox', { name: 'ক্রেতা খুঁজুন' }), 'zzz');
    await user.click(screen.getByRole('button', { name: 'খুঁজুন' }));
    expect(await screen.findByText('“zzz” এর সাথে মেলে এমন কোনো ক্রেতা নেই।')).toBeInTheDocument();
  });
});
