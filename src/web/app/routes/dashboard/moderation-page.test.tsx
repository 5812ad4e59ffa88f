import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModerationItem } from '../../../../shared/moderation.ts';
import { mockAdminApi, renderAdminPage, sentRequests } from '../../../features/admin/test/admin-page.ts';
import { makeBaitItem } from '../../../features/moderation/test/held-listings.ts';
import { expectConsoleErrors } from '../../../test/console.ts';
import { reply } from '../../../test/fetch.ts';
import { makeLaptop } from '../../../test/laptops.ts';

// The admin's Moderation page (/dashboard/moderation), through the real routes and guards.

const PATH = '/dashboard/moderation';
const QUEUE = '/api/moderation';
const PAGE_LOAD = { timeout: 5000 };

const bait = makeBaitItem();
const plain: ModerationItem = {
  laptop: makeLaptop({ _id: 'l-plain', laptop_name: 'Dell Latitude 5490' }),
  review_status: 'pending',
  flags: ['phone_unverified'],
  evidence: {},
  held_at: '2026-11-21T04:00:00.000Z',
  proof_code: 'ZX81',
  proof_photo: null,
};

async function card(name: string) {
  return within(await screen.findByRole('article', { name }, PAGE_LOAD));
}

describe('Moderation page', { timeout: 15_000 }, () => {
  it('lists the held listings oldest first, with the flags in words and the evidence', async () => {
    mockAdminApi({ [QUEUE]: [bait, plain] });
    renderAdminPage(PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'Moderation' }, PAGE_LOAD)).toBeInTheDocument();
    const menu = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(menu.getByRole('link', { name: 'Moderation' })).toHaveAttribute('href', PATH);

    await card('Dell Latitude 5490');
    expect(screen.getAllByRole('article').map((a) => a.querySelector('h3')?.textContent)).toEqual([
      'MacBook Pro M2',
      'Dell Latitude 5490',
    ]);

    const item = await card('MacBook Pro M2');
    expect(item.getByRole('link', { name: 'MacBook Pro M2' })).toHaveAttribute(
      'href',
      '/laptops/l-bait/macbook-pro-m2',
    );
    expect(item.getByRole('link', { name: 'Seller: Karim Traders' })).toHaveAttribute('href', '/sellers/s-karim');
    expect(item.getByText('20/11/2026')).toHaveAttribute('datetime', bait.held_at);
    for (const flag of [
      'Price far below similar laptops',
      'Photo matches another listing',
      'Contact details or an advance request in the text',
      'Many listings in one day',
      "Seller's phone not verified",
    ]) {
      expect(item.getByText(flag)).toBeInTheDocument();
    }
    // The comparables.
    expect(item.getByText('Price Tk 30,000, against similar laptops: 12 comparable listings')).toBeInTheDocument();
    expect(item.getByText('Lower quarter').nextSibling).toHaveTextContent('Tk 95,000');
    expect(item.getByText('Median').nextSibling).toHaveTextContent('Tk 110,000');
    expect(item.getByText('Upper quarter').nextSibling).toHaveTextContent('Tk 125,000');
    // The photos side by side, the other listing linked.
    expect(item.getByRole('img', { name: "This listing's photo" })).toHaveAttribute('src', '/photos/p1/1280.webp');
    expect(item.getByRole('img', { name: 'The photo on MacBook Pro M2 14"' })).toHaveAttribute(
      'src',
      '/photos/p2/1280.webp',
    );
    expect(item.getByRole('link', { name: 'MacBook Pro M2 14"' })).toHaveAttribute(
      'href',
      '/laptops/l-original/macbook-pro-m2-14',
    );
    expect(item.getByText('3 bits apart (of 64)')).toBeInTheDocument();
    expect(item.getByText('Asks for an advance payment')).toBeInTheDocument();
    expect(item.getByText('Has a phone number')).toBeInTheDocument();
    expect(item.getByText('14 listings from this seller in the last 24 hours')).toBeInTheDocument();
    // The proof of possession.
    expect(item.getByRole('img', { name: 'The laptop beside the code K7Q2' })).toBeInTheDocument();
    expect(item.getByText('The code to write by hand: K7Q2')).toBeInTheDocument();

    const other = await card('Dell Latitude 5490');
    expect(other.getByText('No proof photo yet.')).toBeInTheDocument();
    expect(other.queryByText('Price far below similar laptops')).not.toBeInTheDocument();
  });

  it('approves a listing: it is published and leaves the list', async () => {
    const { fetchMock, routes } = mockAdminApi({
      [QUEUE]: [bait, plain],
      [`${QUEUE}/l-plain`]: { review_status: 'published' },
    });
    const { user } = renderAdminPage(PATH);
    const approve = (await card('Dell Latitude 5490')).getByRole('button', { name: 'Approve' });
    routes[QUEUE] = [bait];
    await user.click(approve);

    expect(await screen.findByText('Listing published')).toBeInTheDocument();
    expect(sentRequests(fetchMock)).toEqual([
      { method: 'PUT', url: `${QUEUE}/l-plain`, body: { action: 'approve' }, authorization: undefined },
    ]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Dell Latitude 5490' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'MacBook Pro M2' })).toBeInTheDocument();
  });

  it('rejects a listing only with a reason, then it leaves the list and the empty page shows', async () => {
    const { fetchMock, routes } = mockAdminApi({
      [QUEUE]: [plain],
      [`${QUEUE}/l-plain`]: { review_status: 'rejected' },
    });
    const { user } = renderAdminPage(PATH);
    await user.click((await card('Dell Latitude 5490')).getByRole('button', { name: 'Reject' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reject this listing?' }));
    const reason = dialog.getByRole('textbox', { name: 'Reason, for the seller' });
    await waitFor(() => expect(reason).toHaveFocus());

    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(dialog.getByText('Write the reason for the seller.')).toBeInTheDocument();
    expect(sentRequests(fetchMock)).toEqual([]);

    await user.type(reason, 'The photos are from a shop website.');
    routes[QUEUE] = [];
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Listing rejected. The seller has been told why.')).toBeInTheDocument();
    expect(sentRequests(fetchMock)).toEqual([
      {
        method: 'PUT',
        url: `${QUEUE}/l-plain`,
        body: { action: 'reject', reason: 'The photos are from a shop website.' },
        authorization: undefined,
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByText('Nothing to review. A listing held by the risk checks shows here.'),
    ).toBeInTheDocument();
  });

  it('says so when another admin decided first, and shows what is left', async () => {
    expectConsoleErrors();
    const { routes } = mockAdminApi({
      [QUEUE]: [plain],
      [`${QUEUE}/l-plain`]: reply(409, {
        error: { code: 'conflict', message: 'Not read: the page words it' },
      }),
    });
    const { user } = renderAdminPage(PATH);
    const approve = (await card('Dell Latitude 5490')).getByRole('button', { name: 'Approve' });
    routes[QUEUE] = [];
    await user.click(approve);
    expect(await screen.findByText('Another admin has already decided on this listing.')).toBeInTheDocument();
    expect(
      await screen.findByText('Nothing to review. A listing held by the risk checks shows here.'),
    ).toBeInTheDocument();
  });
});
