import { TEXTS } from '../../../shared/messages.ts';
import { PageTitle } from '../../components/page-title.tsx';

// A placeholder for now (docs/product.md#my-wishlist).
export function WishlistPage() {
  return (
    <section aria-labelledby="wishlist-heading" className="flex flex-col gap-3">
      <PageTitle>My Wishlist — Laptop Haat</PageTitle>
      <h2 id="wishlist-heading" className="text-2xl font-bold">
        My Wishlist
      </h2>
      <p className="text-base-content/75">{TEXTS.comingSoon}</p>
    </section>
  );
}
