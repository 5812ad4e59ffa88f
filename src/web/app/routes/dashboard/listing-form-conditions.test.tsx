import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as sellerApp from '../../../features/seller/test/seller-app.tsx';
import { reply } from '../../../test/fetch.ts';
import { makeLaptop } from '../../../test/laptops.ts';

const { mockSellerApi, renderSellerApp, SELLER, SELLER_LAPTOPS, sentRequests } = sellerApp;

// The listing form explains the condition grades and the battery health (docs/product.md#conditions):
// what the chosen grade means, how to read the battery's health, and a gentle word when the two
// disagree, which does not stop the seller.

const PAGE_LOAD = { timeout: 15_000 };
const listing = makeLaptop({
  _id: 'cond1',
  laptop_name: 'HP EliteBook 840 G6',
  laptop_img: 'https://example.com/elitebook.jpg',
  seller_email: SELLER.email,
  sellerMobileNumber: '01712345678',
  conditionType: 'good',
  battery_health: 80,
});
const detail = { ...listing, phone_verified: false, photos: [] };

describe('the listing form’s condition and battery health', { timeout: 40_000 }, () => {
  it('defines the chosen grade, tells how to read the battery, hints at a mismatch and still saves', async () => {
    mockSellerApi({
      '/api/laptops/cond1': detail,
      [SELLER_LAPTOPS]: [listing],
      'PUT /api/laptops/cond1': reply(200, { ...listing, conditionType: 'excellent', battery_health: 60 }),
    });
    const { user } = renderSellerApp('/dashboard/myProducts/cond1/edit');
    const condition = await screen.findByLabelText('Condition type', {}, PAGE_LOAD);
    // The chosen grade's meaning comes first, before every grade's (folded away).
    const meaning = () => document.getElementById('laptop-conditionType-meaning')!.firstElementChild as HTMLElement;

    // The listing's own grade is explained; its battery fits it: no hint.
    expect(within(meaning()).getByText('Light signs of use; works fully.')).toBeVisible();
    expect(within(meaning()).getByText('Health 75% or more of new.')).toBeVisible();
    const battery = screen.getByLabelText('Battery health (%)');
    expect(battery).toHaveAccessibleDescription(/powercfg \/batteryreport in Command Prompt/);
    expect(battery).toHaveAccessibleDescription(/System Settings → Battery → Battery Health/);
    expect(screen.queryByRole('status')).toBeNull();

    await user.selectOptions(condition, 'excellent');
    expect(within(meaning()).getByText('Looks almost new and works like new.')).toBeVisible();
    await user.clear(battery);
    await user.type(battery, '60');
    expect(screen.getByRole('status')).toHaveTextContent('Excellent means a battery health of 85% or more; 60% fits');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('heading', { level: 2, name: 'My Products' }, PAGE_LOAD);
    expect(sentRequests()[0]).toMatchObject({
      method: 'PUT',
      url: '/api/laptops/cond1',
      body: { conditionType: 'excellent', battery_health: 60 },
    });
  });
});
