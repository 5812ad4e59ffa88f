import type { ModerationItem } from '../../../../shared/moderation.ts';
import type { Photo } from '../../../../shared/photos.ts';
import { makeLaptop } from '../../../test/laptops.ts';

// Held listings as GET /api/moderation lists them, for the Moderation page's tests.

const photo = (id: string): Photo => ({
  id,
  url: `/photos/${id}/1280.webp`,
  width: 1280,
  height: 800,
  widths: [320, 640, 1280],
});

/** A listing that trips every flag, with every kind of evidence and a proof photo. */
export function makeBaitItem(overrides: Partial<ModerationItem> = {}): ModerationItem {
  return {
    laptop: makeLaptop({
      _id: 'l-bait',
      laptop_name: 'MacBook Pro M2',
      resale_price: 30000,
      seller_id: 's-karim',
      seller_name: 'Karim Traders',
      seller_verified: false,
    }),
    review_status: 'pending',
    flags: ['price_outlier', 'duplicate_photo', 'contact_in_text', 'burst', 'phone_unverified'],
    evidence: {
      price: { count: 12, p25: 95000, median: 110000, p75: 125000 },
      photos: [
        {
          photo_id: 'p1',
          photo_url: '/photos/p1/1280.webp',
          match_photo_id: 'p2',
          match_url: '/photos/p2/1280.webp',
          match_laptop_id: 'l-original',
          match_laptop_name: 'MacBook Pro M2 14"',
          distance: 3,
        },
      ],
      contact: ['advance_payment', 'phone_number'],
      burst: { count: 14 },
    },
    held_at: '2026-11-20T04:00:00.000Z',
    proof_code: 'K7Q2',
    proof_photo: photo('proof1'),
    ...overrides,
  };
}
