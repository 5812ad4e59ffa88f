import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SavedSearch } from '../../../../shared/saved-searches.ts';
import { englishLeft } from '../../../test/english-left.ts';
import { mockApi, reply } from '../../../test/fetch.ts';
import { makeLaptop } from '../../../test/laptops.ts';
import { renderIn } from '../../../test/locale.ts';
import { renderApp } from '../../../test/render.tsx';
import { sentRequests, stubMatchMedia } from '../../../test/requests.ts';
import { signedIn } from '../../../test/session.ts';

// Saved searches (docs/product.md#saved-searches): "Save this search" on /search keeps the address'
// filters under a name; /dashboard/savedSearches lists them with their new matches, renames and
// deletes them.

configure({ asyncUtilTimeout: 5000 });

const PATH = '/dashboard/savedSearches';
const LIST = '/api/savedSearches';

function saved(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    _id: 's1',
    name: 'Dell for college',
    query: 'q=latitude&brand=Dell&maxPrice=60000&ram=16',
    created_at: '2026-11-20T10:00:00.000Z',
    seen_at: '2026-11-20T10:00:00.000Z',
    new_matches: 3,
    ...overrides,
  };
}

const page = () => screen.getByRole('region', { name: 'Saved searches' });

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
});
afterEach(() => renderIn('en'));

describe('Save this search', () => {
  it('saves the page’s filters, without the order, under the name the user gives', async () => {
    const search = '/api/laptops?q=latitude&brand=Dell&maxPrice=60000&ram=16&sort=price_asc&limit=24';
    const fetchMock = mockApi({
      ...signedIn('buyer'),
      [search]: { items: [makeLaptop()], nextCursor: null, total: 1 },
      [`POST ${LIST}`]: reply(201, saved()),
    });
    const { user } = renderApp('/search?q=latitude&brand=Dell&maxPrice=60000&ram=16&sort=price_asc');
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByLabelText('Name');
    // Named after its filters until the user says otherwise.
    expect(name).toHaveValue('“latitude” · Dell · 16 GB RAM · up to Tk 60,000');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(within(dialog).getByText('Give the search a name.')).toBeInTheDocument();
    await user.type(name, 'Dell for college');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Search saved. We will tell you when a new laptop matches it.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentRequests(fetchMock).filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: LIST,
        body: { query: 'q=latitude&brand=Dell&maxPrice=60000&ram=16', name: 'Dell for college' },
        authorization: undefined,
      },
    ]);
  });

  it('says why when the server refuses (the twenty kept already)', async () => {
    mockApi({
      ...signedIn('buyer'),
      '/api/laptops?q=dell&limit=24': { items: [], nextCursor: null, total: 0 },
      [`POST ${LIST}`]: reply(409, {
        error: {
          code: 'conflict',
          reason: 'saved_search_limit',
          params: { max: 20 },
          message: 'You can keep at most 20 saved searches: delete one to save another',
        },
      }),
    });
    const { user } = renderApp('/search?q=dell');
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    await user.click(screen.getByRole('button', { name: 'Save search' }));
    expect(
      await screen.findByText('You can keep at most 20 saved searches: delete one to save another'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Save this search' })).toBeInTheDocument();
  });

  it('is not offered to a visitor who is not signed in', async () => {
    mockApi({ '/api/laptops?q=dell&limit=24': { items: [], nextCursor: null, total: 0 } });
    renderApp('/search?q=dell');
    expect(await screen.findByRole('heading', { level: 1, name: 'Laptops matching “dell”' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
  });
});

describe('the Saved searches page', () => {
  it('lists each search with its filters in words and its new matches; opening one marks it seen', async () => {
    const fetchMock = mockApi({
      ...signedIn('buyer'),
      [LIST]: [saved(), saved({ _id: 's2', name: 'Any gaming laptop', query: 'category=gaming', new_matches: 0 })],
      'PATCH /api/savedSearches/s1': saved({ new_matches: 0 }),
      '/api/laptops?q=latitude&brand=Dell&maxPrice=60000&ram=16&limit=24': { items: [], nextCursor: null, total: 0 },
    });
    const { user } = renderApp(PATH);
    const [dell, gaming] = await within(await screen.findByRole('region', { name: 'Saved searches' })).findAllByRole(
      'listitem',
    );
    expect(within(dell!).getByText('“latitude”').closest('p')).toHaveTextContent(
      '“latitude” · Dell · 16 GB RAM · up to Tk 60,000',
    );
    expect(within(dell!).getByText('3 new laptops')).toBeInTheDocument();
    expect(within(gaming!).getByText('Gaming')).toBeInTheDocument();
    expect(within(gaming!).getByText('Nothing new since you last looked')).toBeInTheDocument();
    const link = within(dell!).getByRole('link', { name: 'Dell for college' });
    expect(link).toHaveAttribute('href', '/search?q=latitude&brand=Dell&maxPrice=60000&ram=16');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Laptops matching “latitude”' })).toBeInTheDocument();
    expect(sentRequests(fetchMock).filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/savedSearches/s1', body: { seen: true }, authorization: undefined },
    ]);
  });

  it('renames and deletes a saved search', async () => {
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      [LIST]: [saved()],
      'PATCH /api/savedSearches/s1': saved({ name: 'Latitude under 60k' }),
      'DELETE /api/savedSearches/s1': reply(204, null),
    };
    const fetchMock = mockApi(routes);
    const { user } = renderApp(PATH);
    const rename = await screen.findByRole('button', { name: 'Rename' });
    expect(rename).toHaveAccessibleDescription('Dell for college');
    await user.click(rename);
    const dialog = screen.getByRole('dialog', { name: 'Rename saved search' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Latitude under 60k');
    routes[LIST] = [saved({ name: 'Latitude under 60k' })];
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Saved search renamed')).toBeInTheDocument();
    expect(await within(page()).findByRole('link', { name: 'Latitude under 60k' })).toBeInTheDocument();

    const del = screen.getByRole('button', { name: 'Delete' });
    expect(del).toHaveAccessibleDescription('Latitude under 60k');
    await user.click(del);
    const confirm = screen.getByRole('dialog', { name: 'Delete the saved search “Latitude under 60k”?' });
    routes[LIST] = [];
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Saved search deleted')).toBeInTheDocument();
    expect(await screen.findByText('You have no saved searches yet.')).toBeInTheDocument();
    expect(sentRequests(fetchMock).filter((r) => r.method !== 'GET')).toEqual([
      {
        method: 'PATCH',
        path: '/api/savedSearches/s1',
        body: { name: 'Latitude under 60k' },
        authorization: undefined,
      },
      { method: 'DELETE', path: '/api/savedSearches/s1', body: undefined, authorization: undefined },
    ]);
  });

  it('is all in Bangla for a Bangla reader, the names as their owners wrote them', async () => {
    renderIn('bn');
    mockApi({ ...signedIn('buyer'), [LIST]: [saved({ new_matches: 2 })] });
    renderApp(PATH);
    const region = await screen.findByRole('region', { name: 'সেভ করা সার্চ' });
    const [row] = await within(region).findAllByRole('listitem');
    expect(within(row!).getByText('“latitude”').closest('p')).toHaveTextContent(
      '“latitude” · Dell · ১৬ জিবি র‍্যাম · ৳৬০,০০০ পর্যন্ত',
    );
    expect(within(row!).getByText('২টি নতুন ল্যাপটপ')).toBeInTheDocument();
    expect(within(row!).getByRole('link', { name: 'Dell for college' })).toHaveAttribute('translate', 'no');
    expect(within(row!).getByRole('button', { name: 'নাম বদলান' })).toHaveAccessibleDescription('Dell for college');
    expect(englishLeft(region)).toEqual([]);
  });
});
