import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAPTOP_MESSAGES } from '../../../../shared/laptops.ts';
import { mockSellerApi, renderSellerApp, SELLER_LAPTOPS } from '../../../features/seller/test/seller-app.tsx';
import { makeLaptop } from '../../../test/laptops.ts';

// Saving a listing the risk checks hold (docs/product.md#moderation): the spec's toast, then why it
// is held, and My Products.

const listing = makeLaptop({
  _id: 'l-edit',
  laptop_name: 'Dell Latitude 7490',
  laptop_img: 'https://example.com/latitude.jpg',
  advertise: false,
});
const detail = { ...listing, photos: [], phone_verified: false };
const PAGE_LOAD = { timeout: 5000 };

describe('Edit a listing that is then held for review', { timeout: 15_000 }, () => {
  it('says it was updated, then that it is held for review and why', async () => {
    const held = {
      ...listing,
      review: {
        review_status: 'pending',
        flags: ['price_outlier', 'contact_in_text'],
        reject_reason: null,
        proof_code: 'K7Q2',
        proof_photo: null,
      },
    };
    mockSellerApi({ 'GET /api/laptops/l-edit': detail, 'PUT /api/laptops/l-edit': held, [SELLER_LAPTOPS]: [held] });
    const { user, router } = renderSellerApp('/dashboard/myProducts/l-edit/edit');
    await user.click(await screen.findByRole('button', { name: 'Save changes' }, PAGE_LOAD));

    expect(await screen.findByText(LAPTOP_MESSAGES.updated)).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Under review. It is held for review before buyers can see it: Its price is far below similar laptops; The title or description has contact details or asks for an advance.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myProducts'), PAGE_LOAD);
  });

  it('says only that it was updated when it stays published', async () => {
    const published = {
      ...listing,
      review: { review_status: 'published', flags: [], reject_reason: null, proof_code: null, proof_photo: null },
    };
    mockSellerApi({
      'GET /api/laptops/l-edit': detail,
      'PUT /api/laptops/l-edit': published,
      [SELLER_LAPTOPS]: [published],
    });
    const { user, router } = renderSellerApp('/dashboard/myProducts/l-edit/edit');
    await user.click(await screen.findByRole('button', { name: 'Save changes' }, PAGE_LOAD));

    expect(await screen.findByText(LAPTOP_MESSAGES.updated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/myProducts'), PAGE_LOAD);
    expect(screen.queryByText(/held for review/)).not.toBeInTheDocument();
  });
});
