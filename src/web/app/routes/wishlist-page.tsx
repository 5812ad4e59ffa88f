import { TEXTS } from '../../../shared/messages.ts';
import { PageHead } from '../../components/page-head.tsx';

// A placeholder for now (docs/product.md#my-wishlist).
export function WishlistPage() {
  return (
    <section aria-labelledby="wishlist-heading" className="flex flex-col gap-3">
      <PageHead title="My Wishlist — Laptop Haat" noIndex />
      <h2 id="wishlist-heading" className="text-2xl font-bold">
        My Wishlist
      </h2>
      <p className="text-base-content/75">{TEXTS.comingSoon}</p>
    </section>
  );
}
