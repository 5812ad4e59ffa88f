import { configure, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ListingReview } from '../../../shared/moderation.ts';
import { mockApi } from '../../test/fetch.ts';
import { makeLaptop } from '../../test/laptops.ts';
import { renderApp } from '../../test/render.tsx';
import { stubMatchMedia } from '../../test/requests.ts';
import { signedIn, testUsers } from '../../test/session.ts';

// A held listing's page as its seller sees it (docs/product.md#moderation): the server sends the
// listing, with its review, to its seller and the admin only; the banner says who can see it.

configure({ asyncUtilTimeout: 5000 });

const laptop = makeLaptop({ _id: 'h1', laptop_name: 'HP ProBook 450', category: 'casual' });
const PATH = '/laptops/h1/hp-probook-450';
const review = (overrides: Partial<ListingReview>): ListingReview => ({
  review_status: 'pending',
  flags: ['contact_in_text'],
  reject_reason: null,
  proof_code: 'K7Q2',
  proof_photo: null,
  ...overrides,
});

function mockSeller(answer: Partial<ListingReview> | null) {
  mockApi({
    ...signedIn('seller'),
    '/api/wishlist?limit=100': [],
    '/api/laptops/h1': { ...laptop, photos: [], phone_verified: false, ...(answer ? { review: review(answer) } : {}) },
    '/api/laptops?category=casual&limit=4': { items: [], nextCursor: null, total: 0 },
    [`/api/myOrders?buyerEmail=${encodeURIComponent(testUsers.seller.email)}`]: [],
  });
}

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
});

describe('listing page of a held listing', () => {
  it('tells its seller that only they and the admin can see it while it is under review', async () => {
    mockSeller({});
    renderApp(PATH);
    expect((await screen.findByText('Under review:')).closest('[role="status"]')).toHaveTextContent(
      'Under review: only you and the admin can see this listing.',
    );
  });

  it('tells its seller it was rejected, and why', async () => {
    mockSeller({ review_status: 'rejected', reject_reason: 'The photos are not yours.' });
    renderApp(PATH);
    expect(await screen.findByText('Rejected:')).toBeInTheDocument();
    expect(screen.getByText('Rejected:').closest('[role="status"]')).toHaveTextContent(
      "Rejected: only you and the admin can see this listing. The admin's reason: The photos are not yours.",
    );
  });

  it('shows no banner on a published listing', async () => {
    mockSeller({ review_status: 'published' });
    renderApp(PATH);
    expect(await screen.findByText('This is your own listing')).toBeInTheDocument();
    expect(screen.queryByText('Under review:')).not.toBeInTheDocument();
    expect(screen.queryByText('Rejected:')).not.toBeInTheDocument();
  });
});
