import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { englishLeft } from '../../../test/english-left.ts';
import { makeLaptop } from '../../../test/laptops.ts';
import { renderIn } from '../../../test/locale.ts';
import { ListingReviewNotice } from './listing-review.tsx';

// A held listing in My Products, in Bangla (docs/i18n.md): the reasons and the proof of possession.

function renderNotice(laptop: Parameters<typeof ListingReviewNotice>[0]['laptop']) {
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ListingReviewNotice laptop={laptop} />
    </QueryClientProvider>,
  );
}

describe('a held listing in Bangla', () => {
  it('says why it is held and asks for the proof in Bangla', () => {
    renderIn('bn');
    const { container } = renderNotice({
      ...makeLaptop({ seller_verified: false }),
      review: {
        review_status: 'pending',
        flags: ['price_outlier', 'duplicate_photo', 'contact_in_text', 'burst', 'phone_unverified'],
        reject_reason: null,
        proof_code: 'K7Q2',
        proof_photo: null,
      },
    });
    expect(screen.getByText('আপনার ফোন নম্বর যাচাই করা হয়নি')).toBeInTheDocument();
    expect(screen.getByText('প্রমাণ দিন ল্যাপটপটি আপনার কাছে আছে')).toBeInTheDocument();
    expect(englishLeft(container, ['K7Q2'])).toEqual([]);
  });
});
