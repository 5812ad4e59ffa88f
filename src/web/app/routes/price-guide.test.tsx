import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceGuide } from '../../../shared/moderation.ts';
import { mockSellerApi, renderSellerApp } from '../../features/seller/test/seller-app.tsx';
import { expectConsoleErrors } from '../../test/console.ts';
import { mockApi, reply } from '../../test/fetch.ts';
import { makeLaptop } from '../../test/laptops.ts';
import { renderIn } from '../../test/locale.ts';
import { renderApp } from '../../test/render.tsx';
import { stubMatchMedia } from '../../test/requests.ts';

// The price guide in the browser (docs/product.md#price-guide): Add A Product says what similar
// laptops sell for once brand, processor and RAM are filled, and a listing's page says where its
// price sits, both only with enough comparables.

configure({ asyncUtilTimeout: 5000 });
beforeEach(() => stubMatchMedia());
afterEach(() => renderIn('en'));

const GUIDE = '/api/price-guide?brand=Lenovo&processor=Intel+Core+i5-8250U&ram_gb=8';
const guide: PriceGuide = { count: 12, p25: 28_000, median: 32_000, p75: 36_500 };
const guideCalls = () => vi.mocked(fetch).mock.calls.filter(([input]) => String(input).includes('/api/price-guide'));

async function fillSpecs() {
  const user = userEvent.setup();
  await user.selectOptions(await screen.findByLabelText('Brand', {}, { timeout: 5000 }), 'Lenovo');
  await user.selectOptions(screen.getByLabelText('RAM'), '8');
  await user.type(screen.getByLabelText('Processor'), 'Intel Core i5-8250U');
}

describe('the price guide on Add A Product', { timeout: 20_000 }, () => {
  it('shows the usual range and median once brand, processor and RAM are filled, asking once', async () => {
    mockSellerApi({ [GUIDE]: guide });
    renderSellerApp('/dashboard/addAProduct');
    await fillSpecs();
    expect(
      await screen.findByText('Similar laptops sell for Tk 28,000 – Tk 36,500 (median Tk 32,000), from 12 listings.'),
    ).toBeInTheDocument();
    // Typed key by key, the processor was asked for once it stood still.
    expect(guideCalls()).toHaveLength(1);
  });

  it('says nothing with fewer than five comparables, or when the guide cannot be had', async () => {
    const { routes } = mockSellerApi({ [GUIDE]: { count: 4, p25: null, median: null, p75: null } });
    renderSellerApp('/dashboard/addAProduct');
    await fillSpecs();
    await waitFor(() => expect(guideCalls()).toHaveLength(1));
    expect(screen.queryByText(/Similar laptops sell for/)).not.toBeInTheDocument();

    // The failed call is logged, as every failed call is (lib/query-client.ts); the form shows nothing.
    expectConsoleErrors();
    routes[`${GUIDE.replace('ram_gb=8', 'ram_gb=16')}`] = reply(503, {
      error: { code: 'unavailable', message: 'Unavailable' },
    });
    await userEvent.setup().selectOptions(screen.getByLabelText('RAM'), '16');
    await waitFor(() => expect(guideCalls()).toHaveLength(2));
    expect(screen.queryByText(/Similar laptops sell for/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('writes the range in Bangla with Bangla digits on a Bangla page', async () => {
    renderIn('bn');
    mockSellerApi({ [GUIDE]: guide });
    renderSellerApp('/dashboard/addAProduct');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('ব্র্যান্ড', {}, { timeout: 5000 }), 'Lenovo');
    await user.selectOptions(screen.getByLabelText(/^র/), '8');
    await user.type(screen.getByLabelText('প্রসেসর'), 'Intel Core i5-8250U');
    expect(await screen.findByText(/একই ধরনের ল্যাপটপ বিক্রি হয়/)).toHaveTextContent(
      'একই ধরনের ল্যাপটপ বিক্রি হয় ৳২৮,০০০ – ৳৩৬,৫০০ দামে (মাঝামাঝি দাম ৳৩২,০০০), ১২টি বিজ্ঞাপন থেকে।',
    );
  });
});

const laptop = makeLaptop({
  _id: 'ip5',
  laptop_name: 'Lenovo IdeaPad 5',
  category: 'casual',
  resale_price: 41_000,
  brand: 'Lenovo',
  processor: 'Intel Core i5-8250U',
  ram_gb: 8,
});
const listingRoutes = (answer: unknown) => ({
  '/api/laptops/ip5': { ...laptop, phone_verified: false, photos: [] },
  '/api/laptops?category=casual&limit=4': { items: [], nextCursor: null, total: 0 },
  [GUIDE]: answer,
});

describe('the price guide on a listing', { timeout: 20_000 }, () => {
  it.each([
    [41_000, 'Above the usual range for similar laptops (Tk 28,000 – Tk 36,500).'],
    [28_000, 'Within the usual range for similar laptops (Tk 28,000 – Tk 36,500).'],
    [27_999, 'Below the usual range for similar laptops (Tk 28,000 – Tk 36,500).'],
  ])('a price of %i is placed against the usual range', async (price, words) => {
    mockApi({ ...listingRoutes(guide), '/api/laptops/ip5': { ...laptop, resale_price: price, photos: [] } });
    renderApp('/laptops/ip5/lenovo-ideapad-5');
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(screen.getByText('From 12 listings with the same brand, processor and RAM.')).toBeInTheDocument();
  });

  it('says nothing with fewer than five comparables', async () => {
    mockApi(listingRoutes({ count: 2, p25: null, median: null, p75: null }));
    renderApp('/laptops/ip5/lenovo-ideapad-5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lenovo IdeaPad 5' })).toBeInTheDocument();
    await waitFor(() => expect(guideCalls()).toHaveLength(1));
    expect(screen.queryByText(/usual range/)).not.toBeInTheDocument();
  });

  it('says where the price sits in Bangla with Bangla digits', async () => {
    renderIn('bn');
    mockApi(listingRoutes(guide));
    renderApp('/laptops/ip5/lenovo-ideapad-5');
    expect(await screen.findByText('একই ধরনের ল্যাপটপের সাধারণ দামের চেয়ে বেশি (৳২৮,০০০ – ৳৩৬,৫০০)।')).toBeInTheDocument();
  });
});
