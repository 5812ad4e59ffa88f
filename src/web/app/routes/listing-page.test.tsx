import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEXTS } from '../../../shared/messages.ts';
import { expectConsoleErrors } from '../../test/console.ts';
import { mockApi, reply } from '../../test/fetch.ts';
import { makeLaptop } from '../../test/laptops.ts';
import { renderApp } from '../../test/render.tsx';
import { stubMatchMedia } from '../../test/requests.ts';
import { signedIn, testUsers } from '../../test/session.ts';

// The route modules are compiled on first use: allow for it on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const thinkpad = makeLaptop({
  _id: 'tp1',
  laptop_name: 'Lenovo ThinkPad X1 Carbon Gen 9',
  category: 'premium',
  resale_price: 110_000,
  original_price: 210_000,
  location: 'rajshahi',
  conditionType: 'good',
  seller_name: 'Rahim Computers',
  seller_verified: true,
  brand: 'Lenovo',
  processor: 'Intel Core i7-1165G7',
  ram_gb: 16,
  storage_gb: 512,
  storage_type: 'ssd',
  screen_inches: 14,
  gpu: 'Intel Iris Xe',
  battery_health: null,
});
/** What GET /api/laptops/{id} answers a signed-in caller (a listing with an image URL: no photos). */
// Listed with the number its seller verified by SMS (docs/product.md#phone-verification).
const thinkpadDetail = { ...thinkpad, phone_verified: true, photos: [] };
/** What GET /api/laptops/{id} answers a visitor: no seller contact. */
const { seller_email: _e, sellerMobileNumber: _m, ...publicThinkpad } = thinkpadDetail;
const PATH = '/laptops/tp1/lenovo-thinkpad-x1-carbon-gen-9';
const LAPTOP = '/api/laptops/tp1';
const SIMILAR = '/api/laptops?category=premium&limit=4';
const MY_ORDERS = `/api/myOrders?buyerEmail=${encodeURIComponent(testUsers.buyer.email)}`;
/** The saved laptops behind the hearts (features/wishlist/api/use-wishlist.ts). */
const SAVED = '/api/wishlist?limit=100';

const similar = [
  thinkpad,
  makeLaptop({ _id: 'mb', laptop_name: 'MacBook Air M1', category: 'premium' }),
  makeLaptop({ _id: 'xps', laptop_name: 'Dell XPS 13', category: 'premium' }),
];
const page = (items: unknown[]) => ({ items, nextCursor: null, total: items.length });
/** The laptop's own column (heading, price, heart, seller), apart from the similar laptops' cards. */
const mainColumn = () => screen.getByRole('heading', { level: 1 }).parentElement!;

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
});

describe('listing page', () => {
  it('shows the laptop, every spec, the saving and similar laptops; a visitor is asked to log in', async () => {
    mockApi({ [LAPTOP]: publicThinkpad, [SIMILAR]: page(similar) });
    renderApp(PATH);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lenovo ThinkPad X1 Carbon Gen 9' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Lenovo ThinkPad X1 Carbon Gen 9 — Tk 110,000 — Laptop Haat');
    expect(screen.getAllByText('Tk 110,000').length).toBeGreaterThan(0);
    expect(screen.getByText('You save Tk 100,000 (48%)')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Lenovo ThinkPad X1 Carbon Gen 9' })).toHaveAttribute(
      'src',
      thinkpad.laptop_img,
    );
    expect(screen.getAllByRole('img', { name: 'Verified seller' }).length).toBeGreaterThan(0);

    const details = screen.getByRole('region', { name: 'Details' });
    const term = (label: string) => within(details).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(term('Processor')).toHaveTextContent('Intel Core i7-1165G7');
    expect(term('RAM')).toHaveTextContent('16 GB');
    expect(term('Storage')).toHaveTextContent('512 GB SSD');
    expect(term('Screen size')).toHaveTextContent('14.0 inches');
    expect(term('Graphics')).toHaveTextContent('Intel Iris Xe');
    expect(term('Location')).toHaveTextContent('Rajshahi');
    expect(term('Condition')).toHaveTextContent('Good');
    expect(within(details).queryByText('Battery health')).not.toBeInTheDocument();
    expect(screen.getByText('Phone verified')).toBeVisible();

    // Contact only for signed-in users.
    expect(await screen.findByRole('link', { name: 'Log in to contact the seller' })).toHaveAttribute(
      'href',
      `/login?from=${encodeURIComponent(PATH)}`,
    );
    expect(screen.queryByText('01711000000')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();

    const others = screen.getByRole('region', { name: 'Similar laptops' });
    expect(within(others).getByRole('link', { name: 'MacBook Air M1' })).toBeInTheDocument();
    expect(within(others).getByRole('link', { name: 'Dell XPS 13' })).toBeInTheDocument();
    expect(within(others).queryByRole('link', { name: 'Lenovo ThinkPad X1 Carbon Gen 9' })).not.toBeInTheDocument();
  });

  it('says beside the grade what it means for the screen, body, keyboard and battery', async () => {
    mockApi({ [LAPTOP]: publicThinkpad, [SIMILAR]: page(similar) });
    renderApp(PATH);
    const details = await screen.findByRole('region', { name: 'Details' });
    const condition = within(details).getByText('Condition', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(condition).toHaveTextContent(/^Good/);
    expect(within(condition).getByText('Light signs of use; works fully.')).toBeInTheDocument();
    expect(
      within(condition)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Screen: No cracks or dead pixels; fine scratches seen only with the screen off.',
      'Body: Light signs of use: small scuffs or scratches, no cracks or dents.',
      'Keyboard: Every key and the touchpad work; keys may look a little worn.',
      'Battery: Health 75% or more of new.',
    ]);
  });

  it('shows a signed-in buyer the seller’s phone and e-mail and books through the modal', async () => {
    mockApi({
      ...signedIn('buyer'),
      [SAVED]: [],
      [LAPTOP]: thinkpadDetail,
      [SIMILAR]: page(similar),
      [MY_ORDERS]: [],
    });
    const { user } = renderApp(PATH);
    expect(await screen.findByRole('link', { name: '01711000000' })).toHaveAttribute('href', 'tel:01711000000');
    expect(screen.getByRole('link', { name: 'seller@laptophaat.test' })).toBeInTheDocument();
    const bookNow = screen.getByRole('button', { name: 'Book Now' });
    await waitFor(() => expect(bookNow).toBeEnabled());
    await user.click(bookNow);
    const dialog = await screen.findByRole('dialog', { name: 'Book Lenovo ThinkPad X1 Carbon Gen 9' });
    expect(within(dialog).getByLabelText('Price')).toHaveValue('Tk 110,000');
  });

  it('tells the seller it is their own listing', async () => {
    mockApi({
      ...signedIn('seller'),
      [SAVED]: [],
      [LAPTOP]: thinkpadDetail,
      [SIMILAR]: page(similar),
      [`/api/myOrders?buyerEmail=${encodeURIComponent(testUsers.seller.email)}`]: [],
    });
    renderApp(PATH);
    expect(await screen.findByText('This is your own listing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  });

  it('shows a sold laptop as Sold, without Book Now', async () => {
    mockApi({
      ...signedIn('buyer'),
      [SAVED]: [],
      [LAPTOP]: { ...thinkpadDetail, salesStatus: 'sold', phone_verified: false },
      [SIMILAR]: page(similar),
      [MY_ORDERS]: [],
    });
    renderApp(PATH);
    expect(await screen.findByText('This laptop has been sold.', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Sold', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
    expect(screen.queryByText('Phone verified')).not.toBeInTheDocument();
    // A sold laptop cannot be saved: no heart, unless it was saved before the sale.
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Add (.+ )?to Wishlist$/ })).toHaveLength(2));
    expect(within(mainColumn()).queryByRole('button', { name: /wishlist/ })).not.toBeInTheDocument();
  });

  it('shows the heart saved for a laptop the user saved, and removes it', async () => {
    const routes: Record<string, unknown> = {
      ...signedIn('buyer'),
      [SAVED]: [{ _id: 'tp1' }],
      [LAPTOP]: { ...thinkpadDetail, salesStatus: 'sold' },
      [SIMILAR]: page(similar),
      [MY_ORDERS]: [],
      '/api/wishlist/tp1': { deletedCount: 1 },
    };
    mockApi(routes);
    const { user } = renderApp(PATH);
    await screen.findByRole('heading', { level: 1, name: 'Lenovo ThinkPad X1 Carbon Gen 9' });
    const heart = await within(mainColumn()).findByRole('button', { name: /^Remove (.+ )?from Wishlist$/ });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    routes[SAVED] = [];
    await user.click(heart);
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
    // Sold and no longer saved: the heart goes.
    await waitFor(() => expect(within(mainColumn()).queryByRole('button', { name: /wishlist/ })).toBeNull());
  });

  it('sends a visitor who presses the heart to log in, and back here afterwards', async () => {
    mockApi({ [LAPTOP]: publicThinkpad, [SIMILAR]: page(similar), '/api/client-config': { googleSignIn: 'none' } });
    const { user, router } = renderApp(PATH);
    await screen.findByRole('heading', { level: 1, name: 'Lenovo ThinkPad X1 Carbon Gen 9' });
    const heart = within(mainColumn()).getByRole('button', { name: /^Add (.+ )?to Wishlist$/ });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByText('Log in to save laptops to your wishlist')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(PATH);
  });

  it('shows the 404 page for a laptop that is gone', async () => {
    expectConsoleErrors();
    mockApi({
      [LAPTOP]: reply(404, { error: { code: 'not_found', reason: 'laptop_not_found', message: 'Laptop not found' } }),
    });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: TEXTS.notFound })).toBeInTheDocument();
  });

  it('moves an address without the name, or with another, to the laptop’s one address', async () => {
    mockApi({ [LAPTOP]: publicThinkpad, [SIMILAR]: page(similar) });
    const { router } = renderApp('/laptops/tp1/old-name');
    await waitFor(() => expect(router.state.location.pathname).toBe(PATH));
    expect(await screen.findByRole('heading', { level: 1, name: thinkpad.laptop_name })).toBeInTheDocument();
  });
});
