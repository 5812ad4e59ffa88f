import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { mockApi, reply } from '../../../test/fetch.ts';
import { sentRequests } from '../../../test/requests.ts';
import { signedIn } from '../../../test/session.ts';
import { ReportListingButton } from './report-listing-button.tsx';

const LAPTOP = { id: 'l-t480', name: 'Lenovo ThinkPad T480' };
const PAGE = '/laptops/l-t480/lenovo-thinkpad-t480';

/** The button on a page of its own, and a login page to be sent to. */
function renderButton() {
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/laptops/:id/:slug?',
        element: (
          <main>
            <h1>{LAPTOP.name}</h1>
            <ReportListingButton laptopId={LAPTOP.id} laptopName={LAPTOP.name} />
          </main>
        ),
      },
      { path: '/login', element: <h1>Log In</h1> },
    ],
    { initialEntries: [PAGE] },
  );
  const user = userEvent.setup();
  render(
    <Providers queryClient={queryClient} origin="http://localhost">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { user, router };
}

const posts = (fetchMock: ReturnType<typeof mockApi>) => sentRequests(fetchMock).filter((r) => r.method !== 'GET');

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Report this listing' }));
  return screen.findByRole('dialog', { name: 'Report this listing' });
}

describe('ReportListingButton', () => {
  it('sends a signed-out visitor to log in, to come back to this listing', async () => {
    const fetchMock = mockApi({});
    const { user, router } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Report this listing' }));

    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      `/login?from=${encodeURIComponent(PAGE)}`,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('offers the five reasons as radio buttons, focused on the first, and asks for one', async () => {
    const fetchMock = mockApi(signedIn('buyer'));
    const { user } = renderButton();
    const dialog = within(await openDialog(user));

    const radios = dialog.getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'Scam or fraud',
      'Wrong category or details',
      'Already sold',
      'Offensive',
      'Other',
    ]);
    expect(dialog.getByRole('group', { name: 'What is wrong with it?' })).toBeInTheDocument();
    await waitFor(() => expect(radios[0]).toHaveFocus());
    expect(dialog.getByText(LAPTOP.name)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText('Choose a reason')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);
  });

  it('needs details for "Other", then sends the report, says thank you and gives the focus back', async () => {
    const fetchMock = mockApi({
      ...signedIn('buyer'),
      '/api/reports': reply(201, {
        _id: 'r1',
        laptop_id: LAPTOP.id,
        laptop_name: LAPTOP.name,
        reason: 'other',
        details: 'Photos are of another laptop',
        created_at: '2026-11-22T04:00:00.000Z',
      }),
    });
    const { user } = renderButton();
    const opener = screen.getByRole('button', { name: 'Report this listing' });
    const dialog = within(await openDialog(user));

    await user.click(dialog.getByRole('radio', { name: 'Other' }));
    const details = dialog.getByRole('textbox', { name: 'Details' });
    expect(details).toHaveAttribute('aria-required', 'true');
    expect(details).toHaveAccessibleDescription('Required for “Other”: tell us what is wrong.');
    expect(details).toHaveAttribute('maxlength', '500');
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText('Tell us what is wrong with this listing')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([]);

    await user.type(details, '  Photos are of another laptop ');
    await user.click(dialog.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Thank you. We will look into this listing.')).toBeInTheDocument();
    expect(posts(fetchMock)).toEqual([
      {
        method: 'POST',
        path: '/api/reports',
        body: { laptop_id: LAPTOP.id, reason: 'other', details: 'Photos are of another laptop' },
        authorization: undefined,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('sends a named reason without details', async () => {
    const fetchMock = mockApi({ ...signedIn('buyer'), '/api/reports': reply(201, {}) });
    const { user } = renderButton();
    const dialog = within(await openDialog(user));
    expect(dialog.getByRole('textbox', { name: 'Details' })).toHaveAccessibleDescription(
      'Optional: anything that helps us check.',
    );
    await user.click(dialog.getByRole('radio', { name: 'Scam or fraud' }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    await screen.findByText('Thank you. We will look into this listing.');
    expect(posts(fetchMock).map((r) => r.body)).toEqual([{ laptop_id: LAPTOP.id, reason: 'scam' }]);
  });

  it('says so when the user has already reported the listing, and keeps the dialog open', async () => {
    mockApi({
      ...signedIn('buyer'),
      // Whatever the words, a conflict here means one thing.
      '/api/reports': reply(409, { error: { code: 'conflict', reason: 'already_reported', message: 'Conflict' } }),
    });
    const { user } = renderButton();
    const dialog = within(await openDialog(user));
    await user.click(dialog.getByRole('radio', { name: 'Already sold' }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('You have already reported this listing');
    expect(screen.getByRole('dialog', { name: 'Report this listing' })).toBeInTheDocument();
    expect(screen.queryByText('Thank you. We will look into this listing.')).not.toBeInTheDocument();
  });

  it('words any other refusal from its reason, never from the answer’s message', async () => {
    mockApi({
      ...signedIn('seller'),
      '/api/reports': reply(403, {
        error: { code: 'forbidden', reason: 'own_listing', message: 'Not read: the page words the reason' },
      }),
    });
    const { user } = renderButton();
    const dialog = within(await openDialog(user));
    await user.click(dialog.getByRole('radio', { name: 'Offensive' }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('You cannot report your own listing');
  });

  it('closes with Cancel or the close button without sending anything, focus back on the button', async () => {
    const fetchMock = mockApi(signedIn('buyer'));
    const { user } = renderButton();
    const opener = screen.getByRole('button', { name: 'Report this listing' });
    for (const name of ['Cancel', 'Close']) {
      const dialog = within(await openDialog(user));
      await user.click(dialog.getByRole('radio', { name: 'Scam or fraud' }));
      await user.click(dialog.getByRole('button', { name }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(opener).toHaveFocus();
    }
    expect(posts(fetchMock)).toEqual([]);
  });
});
