import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useChangeWishlist } from '../../features/wishlist/api/use-change-wishlist.ts';
import { useWishlist } from '../../features/wishlist/api/use-wishlist.ts';
import { WishlistItems } from '../../features/wishlist/components/wishlist-items.tsx';
import { WISHLIST_TEXTS } from '../../features/wishlist/messages.ts';
import { itemsOf } from '../../lib/paged-list-items.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';

// My Wishlist (docs/product.md#my-wishlist), for any signed-in user; the dashboard's guard keeps
// signed-out visitors out. Remove takes the laptop off the list at once (and puts it back should
// the server refuse).
export function WishlistPage() {
  const session = useSession();
  const email = session.status === 'signedIn' ? session.user.email : undefined;
  const wishlist = useWishlist(email);
  const change = useChangeWishlist(email ?? '');
  const items = itemsOf(wishlist.data);

  let content: ReactNode;
  if (wishlist.isPending) content = <Spinner />;
  else if (wishlist.isError) content = <LoadError what={WISHLIST_TEXTS.what} />;
  else if (items.length === 0)
    content = (
      <EmptyState
        title={WISHLIST_TEXTS.empty}
        hint={WISHLIST_TEXTS.emptyHint}
        to={paths.search}
        action={WISHLIST_TEXTS.browse}
      />
    );
  else
    content = (
      <>
        <WishlistItems items={items} onRemove={(item) => change.mutate({ laptopId: item._id, save: false })} />
        <LoadMore
          hasNextPage={wishlist.hasNextPage}
          isFetchingNextPage={wishlist.isFetchingNextPage}
          onLoadMore={() => void wishlist.fetchNextPage()}
        />
      </>
    );

  return (
    <section aria-labelledby="wishlist-heading" className="min-w-0">
      <PageHead title={t`My Wishlist — Laptop Haat`} noIndex />
      <h2 id="wishlist-heading" className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">
        {WISHLIST_TEXTS.heading}
      </h2>
      {content}
    </section>
  );
}
