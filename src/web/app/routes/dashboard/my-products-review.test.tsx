import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListingReview } from '../../../../shared/moderation.ts';
import type { Photo } from '../../../../shared/photos.ts';
import {
  mockSellerApi,
  renderSellerApp,
  SELLER_LAPTOPS,
  sentRequests,
} from '../../../features/seller/test/seller-app.tsx';
import { makeLaptop } from '../../../test/laptops.ts';

// My Products' held listings (docs/product.md#moderation): under review with the reasons in words,
// rejected with the admin's reason, and the proof of possession for a seller who is not verified.

const PATH = '/dashboard/myProducts';
const PAGE_LOAD = { timeout: 5000 };

const proofPhoto: Photo = {
  id: 'b'.repeat(32),
  url: `/photos/${'b'.repeat(32)}/1280.webp`,
  width: 1280,
  height: 800,
  widths: [320, 640, 1280],
};

const review = (overrides: Partial<ListingReview>): ListingReview => ({
  review_status: 'pending',
  flags: [],
  reject_reason: null,
  proof_code: 'K7Q2',
  proof_photo: null,
  ...overrides,
});

const held = {
  ...makeLaptop({ _id: 'l-held', laptop_name: 'HP EliteBook 840', advertise: false, seller_verified: false }),
  review: review({ flags: ['price_outlier', 'duplicate_photo', 'contact_in_text', 'burst', 'phone_unverified'] }),
};
const rejected = {
  ...makeLaptop({ _id: 'l-rejected', laptop_name: 'Acer Nitro 5', advertise: false, seller_verified: false }),
  review: review({ review_status: 'rejected', flags: ['duplicate_photo'], reject_reason: 'The photos are not yours.' }),
};
const published = {
  ...makeLaptop({ _id: 'l-live', laptop_name: 'Lenovo ThinkPad T480', advertise: false }),
  review: review({ review_status: 'published', proof_code: null }),
};

async function rowOf(name: string) {
  return within((await screen.findByText(name, {}, PAGE_LOAD)).closest('tr')!);
}

/** POST /api/photos answers at once with `photo` (jsdom has no network; the upload uses XMLHttpRequest). */
function uploadsAnswer(photo: Photo) {
  const sent: FormData[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      status = 0;
      response: unknown = null;
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send(body: FormData) {
        sent.push(body);
        this.status = 201;
        this.response = photo;
        setTimeout(() => this.onload?.(), 0);
      }
    },
  );
  return sent;
}

describe('My Products: listings held for review', { timeout: 15_000 }, () => {
  it('shows a pending listing as under review with every reason in words, and no Advertise', async () => {
    mockSellerApi({ [SELLER_LAPTOPS]: [held, published] });
    renderSellerApp(PATH);
    const row = await rowOf('HP EliteBook 840');
    expect(row.getAllByText('Under review')).not.toHaveLength(0);
    expect(
      row.getByText('Only you and the admin can see it until the admin approves it. Why it was held:'),
    ).toBeInTheDocument();
    expect(row.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Its price is far below similar laptops',
      "A photo matches another seller's listing",
      'The title or description has contact details or asks for an advance',
      'Many listings in one day',
      'Your phone number is not verified',
    ]);
    expect(row.queryByRole('button', { name: /Advertise/ })).not.toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    // Its page, where its seller reads who can see it.
    expect(row.getByRole('link', { name: 'HP EliteBook 840' })).toHaveAttribute(
      'href',
      '/laptops/l-held/hp-elitebook-840',
    );

    const live = await rowOf('Lenovo ThinkPad T480');
    expect(live.getAllByText('On sale')).not.toHaveLength(0);
    expect(live.queryByText('Under review')).not.toBeInTheDocument();
    expect(live.getByRole('button', { name: 'Advertise' })).toBeEnabled();
  });

  it('shows a rejected listing with the admin’s reason, and no Advertise', async () => {
    mockSellerApi({ [SELLER_LAPTOPS]: [rejected] });
    renderSellerApp(PATH);
    const row = await rowOf('Acer Nitro 5');
    expect(row.getAllByText('Rejected')).not.toHaveLength(0);
    expect(row.getByText("The admin rejected it. Nobody else can see it. The admin's reason:")).toBeInTheDocument();
    expect(row.getByText('The photos are not yours.')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /Advertise/ })).not.toBeInTheDocument();
    // Nothing to prove once rejected.
    expect(row.queryByText('Prove you have it')).not.toBeInTheDocument();
  });

  it('asks a seller who is not verified to prove they have it: the code, then the photo sent', async () => {
    const { routes } = mockSellerApi({
      [SELLER_LAPTOPS]: [held],
      '/api/laptops/l-held/proof': review({ flags: held.review.flags, proof_photo: proofPhoto }),
    });
    const uploads = uploadsAnswer(proofPhoto);
    const { user } = renderSellerApp(PATH);
    const row = await rowOf('HP EliteBook 840');
    const proof = within(row.getByRole('region', { name: 'Prove you have it' }));
    expect(proof.getByText('K7Q2')).toBeInTheDocument();
    expect(proof.queryByRole('img')).not.toBeInTheDocument();

    routes[SELLER_LAPTOPS] = [{ ...held, review: { ...held.review, proof_photo: proofPhoto } }];
    const file = new File(['pixels'], 'proof.jpg', { type: 'image/jpeg' });
    await user.upload(proof.getByLabelText('Upload the photo'), file);

    expect(await screen.findByText('Photo sent. The admin will see it with your listing.')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect((uploads[0]!.get('photo') as File).size).toBe(file.size);
    expect(sentRequests()).toEqual([
      {
        method: 'PUT',
        url: '/api/laptops/l-held/proof',
        body: { photo_id: proofPhoto.id },
        authorization: undefined,
      },
    ]);
    await waitFor(() =>
      expect(proof.getByRole('img', { name: 'Your laptop beside the code K7Q2' })).toBeInTheDocument(),
    );
    expect(proof.getByLabelText('Upload another photo')).toBeInTheDocument();
  });

  it('does not ask a verified seller for proof', async () => {
    mockSellerApi({ [SELLER_LAPTOPS]: [{ ...held, seller_verified: true }] });
    renderSellerApp(PATH);
    const row = await rowOf('HP EliteBook 840');
    expect(row.getAllByText('Under review')).not.toHaveLength(0);
    expect(row.queryByText('Prove you have it')).not.toBeInTheDocument();
  });
});
