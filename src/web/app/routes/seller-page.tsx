import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { data, isRouteErrorResponse, type LoaderFunctionArgs, useParams, useRouteError } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { LaptopCard } from '../../features/catalog/components/laptop-card.tsx';
import { LaptopGrid } from '../../features/catalog/components/laptop-grid.tsx';
import { VerifiedMark } from '../../features/catalog/components/verified-mark.tsx';
import {
  sellerLaptopsQuery,
  sellerQuery,
  sellerReviewsQuery,
  useSeller,
  useSellerLaptops,
} from '../../features/sellers/api/use-seller.ts';
import { SellerProfile } from '../../features/sellers/components/seller-profile.tsx';
import { SellerReviews } from '../../features/sellers/components/seller-reviews.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { formatCount } from '../../lib/format.ts';
import { NotFoundPage, RouteErrorPage } from './not-found-page.tsx';

// A seller's public page (docs/product.md#seller-pages), rendered on the server once for everyone:
// their record, what their buyers said and their laptops for sale, one tap from any card.

/** The record before the page shows (a 404 without it); the server also waits for the first reviews and laptops. */
export function sellerLoader(queryClient: QueryClient, server: boolean) {
  return async ({ params }: LoaderFunctionArgs) => {
    const id = params.id ?? '';
    try {
      await queryClient.ensureQueryData(sellerQuery(id));
    } catch (error) {
      if (isApiError(error, 404) || isApiError(error, 400)) throw data(null, { status: 404 });
      throw error;
    }
    const lists = Promise.all([
      queryClient.prefetchInfiniteQuery(sellerReviewsQuery(id)),
      queryClient.prefetchInfiniteQuery(sellerLaptopsQuery(id)),
    ]);
    if (server) await lists;
    return null;
  };
}

function SellerLaptops({ sellerId }: { sellerId: string }) {
  const laptops = useSellerLaptops(sellerId);
  if (laptops.isError) return <LoadError what={t`the laptops`} />;
  if (laptops.isPending) return <Spinner />;
  const items = laptops.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <p className="text-base-content/70">{t`No laptops for sale right now.`}</p>;
  return (
    <>
      <LaptopGrid>
        {items.map((laptop) => (
          <LaptopCard key={laptop._id} laptop={laptop} />
        ))}
      </LaptopGrid>
      <LoadMore
        hasNextPage={laptops.hasNextPage}
        isFetchingNextPage={laptops.isFetchingNextPage}
        onLoadMore={() => void laptops.fetchNextPage()}
      />
    </>
  );
}

export function SellerPage() {
  const { id = '' } = useParams();
  const { data: seller } = useSeller(id);
  const sold = formatCount(seller.sold_count);
  return (
    <article className="grid gap-8">
      <PageHead
        title={t`${seller.name} — seller on Laptop Haat`}
        description={t`${seller.name} sells used laptops on Laptop Haat: ${sold} sold so far. See what their buyers said and the laptops for sale.`}
      />
      <SellerProfile seller={seller} verifiedMark={<VerifiedMark />} />
      <section aria-labelledby="seller-reviews-heading" className="grid gap-3">
        <h2 id="seller-reviews-heading" className="text-2xl font-bold">
          {t`What buyers said`}
        </h2>
        <SellerReviews sellerId={id} />
      </section>
      <section aria-labelledby="seller-laptops-heading" className="grid gap-3">
        <h2 id="seller-laptops-heading" className="text-2xl font-bold">
          {t`Laptops for sale`}
        </h2>
        <SellerLaptops sellerId={id} />
      </section>
    </article>
  );
}

export function SellerErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RouteErrorPage />;
}
