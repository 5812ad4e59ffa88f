import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAPTOP_MESSAGES } from '../../../../shared/laptops.ts';
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
    mockSellerApi({ [SELLER_LAPTOPS]: [thinkpad, legion] });
    renderSellerApp(PATH);
    expect(await screen.findByRole('heading', { level: 2, name: 'My Products' }, PAGE_LOAD)).toBeInTheDocument();

    const row = within(await rowOf('Lenovo ThinkPad T480'));
    expect(row.getByRole('img', { name: 'Lenovo ThinkPad T480' })).toHaveAttribute(
      'src',
      '/images/laptops/casual-1.webp',
    );
    expect(row.getAllByText('Tk 32,000')).not.toHaveLength(0);
    expect(row.getAllByText('unsold')).not.toHaveLength(0);
    expect(row.getByRole('button', { name: 'Advertise' })).toBeEnabled();
    expect(row.getByRole('button', { name: 'Delete' })).toBeEnabled();

    const booked = within(await rowOf('Lenovo Legion 5'));
    expect(booked.getAllByText('booked')).not.toHaveLength(0);
    expect(booked.getByRole('button', { name: 'Advertised' })).toBeDisabled();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('advertises a laptop, says so, disables the button and refreshes the home page’s list', async () => {
    const { routes } = mockSellerApi({
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
    mockSellerApi({ [SELLER_LAPTOPS]: [thinkpad] });
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
      [SELLER_LAPTOPS]: [thinkpad],
      '/api/myProducts/l-thinkpad': reply(404, { error: { code: 'not_found', message: 'Laptop not found' } }),
    });
    const { user } = renderSellerApp(PATH);
    const row = within(await rowOf('Lenovo ThinkPad T480'));
    await user.click(row.getByRole('button', { name: 'Advertise' }));
    expect(await screen.findByText('Laptop not found')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Advertise' })).toBeEnabled();
  });

  it('invites a seller without laptops to add one', async () => {
    mockSellerApi({ [SELLER_LAPTOPS]: [] });
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
    mockSellerApi({ [SELLER_LAPTOPS]: reply(500, { error: { code: 'internal', message: 'Something went wrong.' } }) });
    renderSellerApp(PATH);
    expect(await screen.findByText(/Could not load your laptops/, {}, PAGE_LOAD)).toBeInTheDocument();
  });
});
