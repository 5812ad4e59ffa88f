import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAPTOP_MESSAGES, PRODUCT_MESSAGES } from '../../../../shared/laptops.ts';
import {
  mockSellerApi,
  renderSellerApp,
  SELLER_LAPTOPS,
  sentRequests,
} from '../../../features/seller/test/seller-app.tsx';
import { expectConsoleErrors } from '../../../test/console.ts';
import { reply } from '../../../test/fetch.ts';
import { makeLaptop } from '../../../test/laptops.ts';

const PATH = '/dashboard/myProducts';
const ADVERTISED_KEY = ['laptops', 'advertised'];
// The navbar's notification bell (another feature) asks for these on every signed-in page.
const BELL = { '/api/notifications?limit=20': { items: [], unread: 0, nextCursor: null } };

const thinkpad = makeLaptop({
  _id: 'l-thinkpad',
  laptop_name: 'Lenovo ThinkPad T480',
  laptop_img: '/images/laptops/casual-1.webp',
  resale_price: 32000,
  advertise: false,
  booked: false,
});
const legion = makeLaptop({ _id: 'l-legion', laptop_name: 'Lenovo Legion 5', advertise: true, booked: true });

// The first visit downloads the lazy page (in a cold test run, compiles it): allow for that.
const PAGE_LOAD = { timeout: 5000 };

async function rowOf(name: string) {
  return (await screen.findByText(name, {}, PAGE_LOAD)).closest('tr')!;
}

describe('My Products page', { timeout: 15_000 }, () => {
  it('lists the seller’s laptops with image, name, price and status', async () => {
    mockSellerApi({
      ...BELL,
      [SELLER_LAPTOPS]: [thinkpad, legion],
    });
    renderSellerApp(PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'My Products' }, PAGE_LOAD)).toBeInTheDocument();

    const row = within(await rowOf('Lenovo ThinkPad T480'));
    expect(row.getByRole('img', { name: 'Lenovo ThinkPad T480' })).toHaveAttribute(
      'src',
      '/images/laptops/casual-1.webp',
    );
    expect(row.getAllByText('Tk 32,000')).not.toHaveLength(0);
    expect(row.getAllByText('On sale')).not.toHaveLength(0);
    expect(row.getByRole('button', { name: 'Advertise' })).toBeEnabled();
    expect(row.getByRole('button', { name: 'Delete' })).toBeEnabled();

    const booked = within(await rowOf('Lenovo Legion 5'));
    expect(booked.getAllByText('Booked')).not.toHaveLength(0);
    expect(booked.getByRole('button', { name: 'Advertised' })).toBeDisabled();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('advertises a laptop, says so, disables the button and refreshes the home page’s list', async () => {
    const { routes } = mockSellerApi({
      ...BELL,
      [SELLER_LAPTOPS]: [thinkpad],
      '/api/myProducts/l-thinkpad': { modifiedCount: 1 },
    });
    const { user, queryClient } = renderSellerApp(PATH);
    queryClient.setQueryData(ADVERTISED_KEY, []);
    const row = within(await rowOf('Lenovo ThinkPad T480'));
    routes[SELLER_LAPTOPS] = [{ ...thinkpad, advertise: true }];
    await user.click(row.getByRole('button', { name: 'Advertise' }));

    expect(await screen.findByText(LAPTOP_MESSAGES.advertised)).toBeInTheDocument();
    await waitFor(() => expect(row.getByRole('button', { name: 'Advertised' })).toBeDisabled());
    expect(sentRequests()).toEqual([
      { method: 'PUT', url: '/api/myProducts/l-thinkpad', body: { advertise: 'true' }, authorization: undefined },
    ]);
    expect(queryClient.getQueryState(ADVERTISED_KEY)?.isInvalidated).toBe(true);
  });

  it('asks the spec’s question before deleting, and deletes nothing on Cancel', async () => {
    mockSellerApi({
      ...BELL,
      [SELLER_LAPTOPS]: [thinkpad],
    });
    const { user } = renderSellerApp(PATH);
    await user.click(within(await rowOf('Lenovo ThinkPad T480')).getByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete?' });
    expect(dialog).toHaveAccessibleDescription(/Lenovo ThinkPad T480/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentRequests()).toEqual([]);
    expect(screen.getByText('Lenovo ThinkPad T480')).toBeInTheDocument();
  });

  it('deletes after the confirmation, says so and drops the row', async () => {
    const { routes } = mockSellerApi({
      ...BELL,
      [SELLER_LAPTOPS]: [thinkpad, legion],
      '/api/allLaptops': { deletedCount: 1 },
    });
    const { user, queryClient } = renderSellerApp(PATH);
    queryClient.setQueryData(ADVERTISED_KEY, []);
    await user.click(within(await rowOf('Lenovo ThinkPad T480')).getByRole('button', { name: 'Delete' }));
    routes[SELLER_LAPTOPS] = [legion];
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to delete?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(LAPTOP_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Lenovo ThinkPad T480')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Lenovo Legion 5')).toBeInTheDocument();
    expect(sentRequests()).toEqual([
      { method: 'DELETE', url: '/api/allLaptops', body: { laptopId: 'l-thinkpad' }, authorization: undefined },
    ]);
    expect(queryClient.getQueryState(ADVERTISED_KEY)?.isInvalidated).toBe(true);
  });

  it('shows the server’s words when an action fails', async () => {
    expectConsoleErrors();
    mockSellerApi({
      ...BELL,
      [SELLER_LAPTOPS]: [thinkpad],
      '/api/myProducts/l-thinkpad': reply(404, {
        error: { code: 'not_found', reason: 'laptop_not_found', message: 'Laptop not found' },
      }),
    });
    const { user } = renderSellerApp(PATH);
    const row = within(await rowOf('Lenovo ThinkPad T480'));
    await user.click(row.getByRole('button', { name: 'Advertise' }));
    expect(await screen.findByText('Laptop not found')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Advertise' })).toBeEnabled();
  });

  it('invites a seller without laptops to add one', async () => {
    mockSellerApi({
      ...BELL,
      [SELLER_LAPTOPS]: [],
    });
    renderSellerApp(PATH);
    const empty = (await screen.findByText('You have not listed any laptops yet.', {}, PAGE_LOAD)).parentElement!;
    expect(within(empty).getByRole('link', { name: 'Add A Product' })).toHaveAttribute(
      'href',
      '/dashboard/addAProduct',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the laptops cannot be loaded', async () => {
    expectConsoleErrors();
    mockSellerApi({
      ...BELL,
      [SELLER_LAPTOPS]: reply(500, { error: { code: 'internal', message: 'Something went wrong.' } }),
    });
    renderSellerApp(PATH);
    expect(await screen.findByText(/Could not load your laptops/, {}, PAGE_LOAD)).toBeInTheDocument();
  });

  it('shows sold and hidden laptops as such, with nothing left to sell or advertise', async () => {
    const sold = makeLaptop({ _id: 'l-sold', laptop_name: 'Dell XPS 13', salesStatus: 'sold', advertise: false });
    const hidden = makeLaptop({
      _id: 'l-hidden',
      laptop_name: 'Acer Nitro 5',
      salesStatus: 'hidden',
      advertise: false,
    });
    mockSellerApi({ ...BELL, [SELLER_LAPTOPS]: [thinkpad, sold, hidden] });
    renderSellerApp(PATH);

    const onSale = within(await rowOf('Lenovo ThinkPad T480'));
    expect(onSale.getByRole('button', { name: 'Mark sold' })).toBeEnabled();
    expect(onSale.getByRole('button', { name: 'Change price' })).toBeEnabled();

    const soldRow = within(await rowOf('Dell XPS 13'));
    expect(soldRow.getAllByText('Sold', { selector: '.badge' })).not.toHaveLength(0);
    const hiddenRow = within(await rowOf('Acer Nitro 5'));
    expect(hiddenRow.getAllByText('Hidden by the admin', { selector: '.badge' })).not.toHaveLength(0);
    for (const row of [soldRow, hiddenRow]) {
      expect(row.queryByRole('button', { name: 'Mark sold' })).not.toBeInTheDocument();
      expect(row.queryByRole('button', { name: 'Change price' })).not.toBeInTheDocument();
      expect(row.getByRole('button', { name: 'Advertise' })).toBeDisabled();
      expect(row.getByRole('button', { name: 'Delete' })).toBeEnabled();
    }
  });

  it('marks a laptop sold elsewhere after asking, and shows it sold', async () => {
    const { routes } = mockSellerApi({
      ...BELL,
      [SELLER_LAPTOPS]: [thinkpad],
      '/api/myProducts/l-thinkpad': { modifiedCount: 1 },
    });
    const { user, queryClient } = renderSellerApp(PATH);
    queryClient.setQueryData(ADVERTISED_KEY, []);
    const row = within(await rowOf('Lenovo ThinkPad T480'));

    // Changing one's mind sends nothing.
    await user.click(row.getByRole('button', { name: 'Mark sold' }));
    let dialog = screen.getByRole('dialog', { name: 'Mark this laptop as sold?' });
    expect(dialog).toHaveAccessibleDescription(/Lenovo ThinkPad T480.*leave every list and search/);
    expect(within(dialog).queryByRole('link', { name: 'Open My Buyers' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sentRequests()).toEqual([]);

    await user.click(row.getByRole('button', { name: 'Mark sold' }));
    dialog = screen.getByRole('dialog', { name: 'Mark this laptop as sold?' });
    routes[SELLER_LAPTOPS] = [{ ...thinkpad, salesStatus: 'sold' }];
    await user.click(within(dialog).getByRole('button', { name: 'Mark sold' }));

    expect(await screen.findByText(PRODUCT_MESSAGES.markedSold)).toBeInTheDocument();
    await waitFor(() => expect(row.getAllByText('Sold', { selector: '.badge' })).not.toHaveLength(0));
    expect(row.queryByRole('button', { name: 'Mark sold' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentRequests()).toEqual([
      { method: 'PUT', url: '/api/myProducts/l-thinkpad', body: { salesStatus: 'sold' }, authorization: undefined },
    ]);
    // It leaves the home page's list too.
    expect(queryClient.getQueryState(ADVERTISED_KEY)?.isInvalidated).toBe(true);
  });

  it('points to My Buyers when a booked laptop is to be marked sold', async () => {
    mockSellerApi({ ...BELL, [SELLER_LAPTOPS]: [legion], '/api/myBuyers': [] });
    const { user, router } = renderSellerApp(PATH);
    await user.click(within(await rowOf('Lenovo Legion 5')).getByRole('button', { name: 'Mark sold' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark this laptop as sold?' });
    expect(dialog).toHaveAccessibleDescription(/mark it sold from My Buyers.*declines every booking/);
    await user.click(within(dialog).getByRole('link', { name: 'Open My Buyers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myBuyers'));
    expect(sentRequests()).toEqual([]);
  });

  it('says so in the server’s words when the laptop was sold meanwhile (409), and shows it sold', async () => {
    const { routes } = mockSellerApi({
      ...BELL,
      [SELLER_LAPTOPS]: [thinkpad],
      '/api/myProducts/l-thinkpad': reply(409, {
        error: { code: 'conflict', reason: 'laptop_not_for_sale', message: 'This laptop is no longer for sale' },
      }),
    });
    const { user } = renderSellerApp(PATH);
    const row = within(await rowOf('Lenovo ThinkPad T480'));
    await user.click(row.getByRole('button', { name: 'Mark sold' }));
    routes[SELLER_LAPTOPS] = [{ ...thinkpad, salesStatus: 'sold' }];
    await user.click(
      within(screen.getByRole('dialog', { name: 'Mark this laptop as sold?' })).getByRole('button', {
        name: 'Mark sold',
      }),
    );
    expect(await screen.findByText('This laptop is no longer for sale')).toBeInTheDocument();
    await waitFor(() => expect(row.getAllByText('Sold', { selector: '.badge' })).not.toHaveLength(0));
    expect(screen.queryByText(PRODUCT_MESSAGES.markedSold)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes the price: whole Tk only, in the shared words, then shows the new price', async () => {
    const { routes } = mockSellerApi({
      ...BELL,
      [SELLER_LAPTOPS]: [thinkpad],
      '/api/myProducts/l-thinkpad': { modifiedCount: 1 },
    });
    const { user } = renderSellerApp(PATH);
    const row = within(await rowOf('Lenovo ThinkPad T480'));
    await user.click(row.getByRole('button', { name: 'Change price' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Change the price' }));
    expect(dialog.getByText(/Now Tk 32,000/)).toBeInTheDocument();
    const field = dialog.getByLabelText('New price (Tk)');
    expect(field).toHaveValue('32000');
    expect(field).toHaveAccessibleDescription(/A lower price tells everyone who saved this laptop/);

    for (const bad of ['0', '30000.50', 'thirty', '20000000']) {
      await user.clear(field);
      await user.type(field, bad);
      await user.click(dialog.getByRole('button', { name: 'Save price' }));
      expect(field).toHaveAccessibleDescription(new RegExp(`^${LAPTOP_MESSAGES.price}`));
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    await user.clear(field);
    await user.click(dialog.getByRole('button', { name: 'Save price' }));
    expect(field).toHaveAccessibleDescription(new RegExp(`^${LAPTOP_MESSAGES.resalePrice}`));
    expect(sentRequests()).toEqual([]);

    await user.type(field, '30000');
    routes[SELLER_LAPTOPS] = [{ ...thinkpad, resale_price: 30000 }];
    await user.click(dialog.getByRole('button', { name: 'Save price' }));

    expect(await screen.findByText(PRODUCT_MESSAGES.priceUpdated)).toBeInTheDocument();
    expect(row.getAllByText('Tk 30,000')).not.toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentRequests()).toEqual([
      { method: 'PUT', url: '/api/myProducts/l-thinkpad', body: { resale_price: 30000 }, authorization: undefined },
    ]);
  });

  it('sends nothing when the price is left as it was, or the dialog is cancelled', async () => {
    mockSellerApi({ ...BELL, [SELLER_LAPTOPS]: [thinkpad] });
    const { user } = renderSellerApp(PATH);
    const row = within(await rowOf('Lenovo ThinkPad T480'));
    await user.click(row.getByRole('button', { name: 'Change price' }));
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'Change price' }));
    await user.type(screen.getByLabelText('New price (Tk)'), '1');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentRequests()).toEqual([]);
  });

  it('says so when a new price comes too late (409), and shows the laptop as it is now', async () => {
    const { routes } = mockSellerApi({
      ...BELL,
      [SELLER_LAPTOPS]: [thinkpad],
      '/api/myProducts/l-thinkpad': reply(409, {
        error: { code: 'conflict', reason: 'laptop_not_for_sale', message: 'This laptop is no longer for sale' },
      }),
    });
    const { user } = renderSellerApp(PATH);
    const row = within(await rowOf('Lenovo ThinkPad T480'));
    await user.click(row.getByRole('button', { name: 'Change price' }));
    const field = screen.getByLabelText('New price (Tk)');
    await user.clear(field);
    await user.type(field, '28000');
    routes[SELLER_LAPTOPS] = [{ ...thinkpad, salesStatus: 'sold' }];
    await user.click(screen.getByRole('button', { name: 'Save price' }));

    expect(await screen.findByText('This laptop is no longer for sale')).toBeInTheDocument();
    await waitFor(() => expect(row.getAllByText('Sold', { selector: '.badge' })).not.toHaveLength(0));
    expect(row.getAllByText('Tk 32,000')).not.toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
