import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useParams, useRevalidator, useRouteError } from 'react-router';
import { CATEGORY_LIST } from '../../../shared/catalog.ts';
import type { Laptop } from '../../../shared/laptops.ts';
import type { Order } from '../../../shared/orders.ts';
import { LoadMore } from '../../components/load-more.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { type Availability, BookingActions } from '../../features/booking/components/booking-actions.tsx';
import { LazyBookingModal } from '../../features/booking/components/lazy-booking-modal.tsx';
import { useCategoryLaptops } from '../../features/catalog/api/use-category-laptops.ts';
import { categoryTitle } from '../../features/catalog/components/category-title.ts';
import { LaptopCard } from '../../features/catalog/components/laptop-card.tsx';
import { LaptopGrid } from '../../features/catalog/components/laptop-grid.tsx';
import { LazyMessageSeller } from '../../features/conversations/components/message-seller.tsx';
import { isStandingOrder, myOrdersKey, ordersKey, useMyOrders } from '../../features/orders/api/use-my-orders.ts';
import { askForPush } from '../../features/push/ask-for-push.tsx';
import { WishlistButton } from '../../features/wishlist/components/wishlist-button.tsx';
import { categoryLaptops } from '../../i18n/labels.ts';
import { isApiError } from '../../lib/api-client.ts';
import type { PagedList } from '../../lib/paged-list.ts';
import { itemsOf, prependItem } from '../../lib/paged-list-items.ts';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';

// The catalog keeps every laptop list under this key (see use-advertised-laptops.ts): a booking
// flips a laptop's `booked` flag, so all of them are refreshed.
const laptopListsKey = ['laptops'] as const;

function useAvailability() {
  const session = useSession();
  const user = session.status === 'signedIn' ? session.user : null;
  const orders = useMyOrders(user?.email);
  const orderedIds = useMemo(
    () =>
      new Set(
        itemsOf(orders.data)
          .filter(isStandingOrder)
          .map((order) => order.laptop_id),
      ),
    [orders.data],
  );

  const availabilityOf = (laptop: Laptop): Availability => {
    if (!user) return 'checking';
    if (laptop.seller_email.toLowerCase() === user.email.toLowerCase()) return 'own';
    // Without the orders (still loading) a second booking could be offered; if they failed to
    // load, the server still refuses a duplicate with a clear message in the modal.
    if (orders.isPending) return 'checking';
    return orderedIds.has(laptop._id) ? 'ordered' : 'available';
  };
  return { user, availabilityOf };
}

export function CategoryPage() {
  const { name = '' } = useParams();
  const category = useCategoryLaptops(name);
  const laptops = itemsOf(category.data);
  const { user, availabilityOf } = useAvailability();
  const [booking, setBooking] = useState<Laptop | null>(null);
  const queryClient = useQueryClient();

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ordersKey });
    void queryClient.invalidateQueries({ queryKey: laptopListsKey });
  };
  const onBooked = (order: Order) => {
    // Disable the card's buttons at once, then check with the server.
    if (user) {
      queryClient.setQueryData<PagedList<Order>>(myOrdersKey(user.email), (orders) => prependItem(orders, order));
    }
    refresh();
    // The seller's answer is worth hearing about with the page closed.
    void askForPush();
  };

  // docs/product.md#category-page: the heading takes the category from the first laptop loaded; an empty category
  // still deserves a heading, so the URL's name stands in.
  const title = categoryTitle(laptops[0]?.category ?? name);
  return (
    <>
      <PageHead
        title={t`${title} — Laptop Haat`}
        description={t`${title} for sale across Bangladesh, with prices in Tk.`}
      />
      <h1 className="mb-8 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {laptops.length === 0 ? (
        <p className="py-10 text-center text-base-content/70">
          {t`No laptops are listed in this category yet. Please check back soon.`}
        </p>
      ) : (
        <LaptopGrid>
          {laptops.map((laptop) => (
            <LaptopCard
              key={laptop._id}
              laptop={laptop}
              headingLevel="h2"
              topAction={<WishlistButton laptop={laptop} ordered={availabilityOf(laptop) === 'ordered'} />}
            >
              <BookingActions availability={availabilityOf(laptop)} onBook={() => setBooking(laptop)} />
              {/* Signed in, not one's own, still for sale: the server refuses the rest. */}
              {user && laptop.salesStatus === 'unsold' && availabilityOf(laptop) !== 'own' ? (
                <LazyMessageSeller laptopId={laptop._id} small />
              ) : null}
            </LaptopCard>
          ))}
        </LaptopGrid>
      )}
      <LoadMore
        hasNextPage={category.hasNextPage}
        isFetchingNextPage={category.isFetchingNextPage}
        onLoadMore={() => void category.fetchNextPage()}
      />
      {booking && user ? (
        <LazyBookingModal
          laptop={booking}
          buyer={{ name: user.name, email: user.email }}
          onClose={() => setBooking(null)}
          onBooked={onBooked}
          onStale={refresh}
        />
      ) : null}
    </>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col items-center gap-5 py-20 text-center">
      <PageHead title={t`${title} — Laptop Haat`} noIndex />
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {children}
    </section>
  );
}

export function CategoryErrorBoundary() {
  const error = useRouteError();
  const { name = '' } = useParams();
  const revalidator = useRevalidator();

  if (isApiError(error, 404)) {
    return (
      <Notice title={t`Category not found`}>
        <p className="max-w-md text-base-content/70">
          {t`We have no laptop category called “${name}”. Try one of these instead:`}
        </p>
        <ul className="flex flex-wrap justify-center gap-2">
          {CATEGORY_LIST.map(({ category_name }) => (
            <li key={category_name}>
              <Link to={paths.category(category_name)} className="btn btn-outline btn-sm">
                {categoryLaptops(category_name)}
              </Link>
            </li>
          ))}
        </ul>
        <Link to={paths.home} className="btn btn-primary">
          {t`Home`}
        </Link>
      </Notice>
    );
  }

  return (
    <Notice title={t`Could not load the laptops`}>
      <p className="max-w-md text-base-content/70">{t`Something went wrong on our side or with the connection.`}</p>
      <div className="flex gap-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          {t`Try again`}
        </button>
        <Link to={paths.home} className="btn btn-outline">
          {t`Home`}
        </Link>
      </div>
    </Notice>
  );
}
