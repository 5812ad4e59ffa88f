import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../../../shared/reports.ts';
import { expectConsoleErrors } from '../../../test/console.ts';
import { mockApi, reply } from '../../../test/fetch.ts';
import { renderApp } from '../../../test/render.tsx';
import { sentRequests } from '../../../test/requests.ts';
import { signedIn } from '../../../test/session.ts';
import { groupByListing } from './reported-listings.tsx';

// The admin's Reports page (/dashboard/reports), through the real routes and guards.

const PATH = '/dashboard/reports';
const LIST = '/api/reports?status=open&limit=100';

let next = 0;
function makeReport(overrides: Partial<Report> = {}): Report {
  next += 1;
  return {
    _id: `r-${next}`,
    laptop_id: 'l-legion',
    laptop_name: 'Lenovo Legion 5',
    reason: 'scam',
    details: null,
    created_at: '2026-11-22T04:00:00.000Z',
    ...overrides,
  };
}

// Newest first, as the API answers: the Legion twice, the MacBook once in between.
const legionNewest = makeReport({ reason: 'offensive', created_at: '2026-11-23T05:00:00.000Z' });
const macbook = makeReport({
  laptop_id: 'l-mac',
  laptop_name: 'MacBook Air M1',
  reason: 'other',
  details: 'Asks for payment by bKash before meeting',
  created_at: '2026-11-22T10:00:00.000Z',
});
const legionOldest = makeReport({ details: 'Price is too good to be true', created_at: '2026-11-20T03:00:00.000Z' });
const REPORTS = [legionNewest, macbook, legionOldest];

function mockAdmin(routes: Record<string, unknown>) {
  const all: Record<string, unknown> = {
    ...signedIn('admin'),
    // The navbar's notification bell asks for these on every signed-in page.
    '/api/notifications?limit=20': { items: [], unread: 0, nextCursor: null },
    ...routes,
  };
  return { fetchMock: mockApi(all), routes: all };
}

const writes = (fetchMock: ReturnType<typeof mockApi>) => sentRequests(fetchMock).filter((r) => r.method !== 'GET');

async function card(name: string) {
  return within(await screen.findByRole('article', { name }));
}

describe('Reports page', () => {
  it('groups the open reports by listing: name linking to it, count, reasons, details and dates', async () => {
    mockAdmin({ [LIST]: REPORTS });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'Reports' })).toBeInTheDocument();
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', PATH);

    // The most reported listing first.
    await card('MacBook Air M1');
    expect(screen.getAllByRole('article').map((a) => a.querySelector('h3')?.textContent)).toEqual([
      'Lenovo Legion 5',
      'MacBook Air M1',
    ]);
    const legion = await card('Lenovo Legion 5');
    expect(legion.getByRole('link', { name: 'Lenovo Legion 5' })).toHaveAttribute(
      'href',
      '/laptops/l-legion/lenovo-legion-5',
    );
    expect(legion.getByText('2 reports')).toBeInTheDocument();
    expect(legion.getByText('Reported as scam or fraud (1) and offensive (1)')).toBeInTheDocument();
    const items = legion.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'OffensiveReported 23/11/2026',
      'Scam or fraudReported 20/11/2026Price is too good to be true',
    ]);

    const mac = await card('MacBook Air M1');
    expect(mac.getByText('1 report')).toBeInTheDocument();
    expect(mac.getByText('Asks for payment by bKash before meeting')).toBeInTheDocument();
    expect(mac.getByText('22/11/2026')).toHaveAttribute('datetime', macbook.created_at);
  });

  it('hides a listing after the question, with a note for the seller, acting through one of its reports', async () => {
    const { fetchMock, routes } = mockAdmin({
      [LIST]: REPORTS,
      [`/api/reports/${legionNewest._id}`]: { modifiedCount: 2 },
    });
    const { user } = renderApp(PATH);
    await user.click((await card('Lenovo Legion 5')).getByRole('button', { name: 'Hide listing' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Hide this listing?' }));
    expect(dialog.getByText(/will disappear from every public list and page/)).toHaveTextContent(
      'Lenovo Legion 5 will disappear from every public list and page, its standing bookings will be declined, and the seller will be told why: “Reported as scam or fraud (1) and offensive (1)”',
    );
    await user.type(dialog.getByRole('textbox', { name: 'Note to the seller (optional)' }), 'Fake photos.');
    expect(writes(fetchMock)).toEqual([]);
    routes[LIST] = [macbook];
    await user.click(dialog.getByRole('button', { name: 'Hide listing' }));

    expect(await screen.findByText('Listing hidden')).toBeInTheDocument();
    expect(writes(fetchMock)).toEqual([
      {
        method: 'PUT',
        path: `/api/reports/${legionNewest._id}`,
        body: { action: 'hide', note: 'Fake photos.' },
        authorization: undefined,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Lenovo Legion 5' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'MacBook Air M1' })).toBeInTheDocument();
  });

  it('dismisses the reports after the question; the last one leaves the empty page', async () => {
    const { fetchMock, routes } = mockAdmin({
      [LIST]: [macbook],
      [`/api/reports/${macbook._id}`]: { modifiedCount: 1 },
    });
    const { user } = renderApp(PATH);
    await user.click((await card('MacBook Air M1')).getByRole('button', { name: 'Dismiss reports' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Dismiss these reports?' }));
    expect(
      dialog.getByText('The 1 open report on MacBook Air M1 will be closed. The listing stays up.'),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('textbox')).not.toBeInTheDocument();
    routes[LIST] = [];
    await user.click(dialog.getByRole('button', { name: 'Dismiss reports' }));

    expect(await screen.findByText('Reports dismissed')).toBeInTheDocument();
    expect(writes(fetchMock)).toEqual([
      { method: 'PUT', path: `/api/reports/${macbook._id}`, body: { action: 'dismiss' }, authorization: undefined },
    ]);
    expect(
      await screen.findByText('No open reports. When someone reports a listing, it shows here.'),
    ).toBeInTheDocument();
  });

  it('does nothing when the admin cancels', async () => {
    const { fetchMock } = mockAdmin({ [LIST]: REPORTS });
    const { user } = renderApp(PATH);
    for (const [action, question] of [
      ['Hide listing', 'Hide this listing?'],
      ['Dismiss reports', 'Dismiss these reports?'],
    ]) {
      await user.click((await card('Lenovo Legion 5')).getByRole('button', { name: action }));
      await user.click(within(screen.getByRole('dialog', { name: question })).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }
    expect(writes(fetchMock)).toEqual([]);
    expect(screen.getByRole('article', { name: 'Lenovo Legion 5' })).toBeInTheDocument();
  });

  it("shows the server's refusal (another admin got there first) and refreshes the list", async () => {
    expectConsoleErrors();
    const { fetchMock, routes } = mockAdmin({
      [LIST]: REPORTS,
      [`/api/reports/${macbook._id}`]: reply(409, {
        error: { code: 'conflict', reason: 'reports_resolved', message: 'Not read: the page words the reason' },
      }),
    });
    const { user } = renderApp(PATH);
    await user.click((await card('MacBook Air M1')).getByRole('button', { name: 'Dismiss reports' }));
    routes[LIST] = [legionNewest, legionOldest];
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Dismiss reports' }));

    expect(await screen.findByText('These reports have already been dealt with')).toBeInTheDocument();
    expect(screen.queryByText('Reports dismissed')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'MacBook Air M1' })).not.toBeInTheDocument());
    expect(sentRequests(fetchMock).filter((r) => r.path === LIST).length).toBe(2);
  });

  it('says so when nothing is reported', async () => {
    mockAdmin({ [LIST]: [] });
    renderApp(PATH);
    expect(
      await screen.findByText('No open reports. When someone reports a listing, it shows here.'),
    ).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    expectConsoleErrors();
    mockAdmin({ [LIST]: reply(500, { error: { code: 'internal', message: 'Something went wrong' } }) });
    renderApp(PATH);
    expect(
      await screen.findByText('Could not load the reports right now. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('loads more reports by the Link header', async () => {
    mockAdmin({
      [LIST]: reply(200, [legionNewest], { link: '</api/reports?status=open&limit=100&cursor=c2>; rel="next"' }),
      '/api/reports?status=open&limit=100&cursor=c2': [macbook, legionOldest],
    });
    const { user } = renderApp(PATH);
    expect((await card('Lenovo Legion 5')).getByText('1 report')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'MacBook Air M1' })).toBeInTheDocument();
    expect((await card('Lenovo Legion 5')).getByText('2 reports')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('groupByListing', () => {
  it('puts the most reported listing first, then the most recently reported, each newest report first', () => {
    const a1 = makeReport({ laptop_id: 'a', created_at: '2026-01-03T00:00:00.000Z' });
    const b1 = makeReport({ laptop_id: 'b', created_at: '2026-01-02T00:00:00.000Z' });
    const c1 = makeReport({ laptop_id: 'c', created_at: '2026-01-04T00:00:00.000Z' });
    const b2 = makeReport({ laptop_id: 'b', created_at: '2026-01-01T00:00:00.000Z' });
    expect(groupByListing([c1, a1, b1, b2]).map((g) => [g.laptopId, g.reports.map((r) => r._id)])).toEqual([
      ['b', [b1._id, b2._id]],
      ['c', [c1._id]],
      ['a', [a1._id]],
    ]);
  });
});
