import { t } from '@lingui/core/macro';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, use, useEffect, useState } from 'react';
// From fa6, not fa: see search-page.tsx.
import { FaEnvelope, FaLocationDot, FaPhone } from 'react-icons/fa6';
import {
  data,
  isRouteErrorResponse,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useLocation,
  useNavigate,
  useParams,
  useRevalidator,
  useRouteError,
} from 'react-router';
import type { Category } from '../../../shared/catalog.ts';
import type { Order } from '../../../shared/orders.ts';
import type { LaptopDetail } from '../../../shared/search.ts';
import { ConditionDefinition } from '../../components/condition-definition.tsx';
import { LaptopImage } from '../../components/laptop-image.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { SellerRating } from '../../components/seller-rating.tsx';
import { type Availability, BookingActions } from '../../features/booking/components/booking-actions.tsx';
import { LazyBookingModal } from '../../features/booking/components/lazy-booking-modal.tsx';
import { laptopQuery, useLaptop, useLaptopContact, useLaptopReview } from '../../features/catalog/api/use-laptop.ts';
import { categoryTitle } from '../../features/catalog/components/category-title.ts';
import { LaptopCard } from '../../features/catalog/components/laptop-card.tsx';
import { LaptopGrid } from '../../features/catalog/components/laptop-grid.tsx';
import { specSummary } from '../../features/catalog/components/laptop-specs.ts';
import { ListingJsonLd } from '../../features/catalog/components/listing-json-ld.tsx';
import { savingText, specRows } from '../../features/catalog/components/listing-specs.ts';
import { PhotoGallery } from '../../features/catalog/components/photo-gallery.tsx';
import { ShareButton } from '../../features/catalog/components/share-button.tsx';
import { VerifiedMark } from '../../features/catalog/components/verified-mark.tsx';
import { LazyMessageSeller, LogInToMessage } from '../../features/conversations/components/message-seller.tsx';
import { isStandingOrder, myOrdersKey, ordersKey, useMyOrders } from '../../features/orders/api/use-my-orders.ts';
import { guideSpecs, priceGuideQuery } from '../../features/price-guide/api/use-price-guide.ts';
import { PricePosition } from '../../features/price-guide/components/price-position.tsx';
import { askForPush } from '../../features/push/ask-for-push.tsx';
import { ReportListingButton } from '../../features/reports/components/report-listing-button.tsx';
import { SIMILAR_COUNT, similarLaptopsQuery } from '../../features/search/api/laptop-search-query.ts';
import { useSimilarLaptops } from '../../features/search/api/use-laptop-search.ts';
import { WishlistButton } from '../../features/wishlist/components/wishlist-button.tsx';
import { categoryName, conditionBadge, conditionName, placeName, timeOfUse } from '../../i18n/labels.ts';
import { isApiError } from '../../lib/api-client.ts';
import { cutText, formatPostDate, formatTk } from '../../lib/format.ts';
import type { PagedList } from '../../lib/paged-list.ts';
import { itemsOf, prependItem } from '../../lib/paged-list-items.ts';
import { laptopSlug, paths } from '../../lib/paths.ts';
import { type SessionState, useSession } from '../../lib/session.ts';
import { SiteOrigin } from '../../lib/site.ts';
import { NotFoundPage, RouteErrorPage } from './not-found-page.tsx';

// A laptop's public page (README.md#using-it). Rendered on the server once for everyone
// (docs/rendering.md): nothing here may depend on who is looking until the browser has resolved
// the session, so the seller's contact and Book Now appear after hydration, for signed-in users.

// Every laptop list lives under this key (see use-advertised-laptops.ts): a booking flips `booked`.
const laptopListsKey = ['laptops'] as const;

/**
 * A laptop's page (public): the laptop before the page shows, on both sides (the page is nothing
 * without it), and its similar laptops and price guide (waited for on the server only). A laptop that is gone (or
 * an id that never was) is a 404 route error: the page not found, with that status. An address
 * under another name moves to the laptop's one address, so every listing has one cached page.
 */
export function listingLoader(queryClient: QueryClient, server: boolean) {
  return async ({ params }: LoaderFunctionArgs) => {
    const id = params.id ?? '';
    let laptop: LaptopDetail;
    try {
      laptop = await queryClient.ensureQueryData(laptopQuery(id));
    } catch (error) {
      if (isApiError(error, 404) || isApiError(error, 400)) throw data(null, { status: 404 });
      throw error;
    }
    if (laptop._id !== id || (params.slug ?? '') !== laptopSlug(laptop.laptop_name)) {
      throw redirect(paths.laptop(laptop._id, laptop.laptop_name), 301);
    }
    const similar = queryClient.prefetchQuery(similarLaptopsQuery(laptop.category));
    const specs = guideSpecs(laptop.brand, laptop.processor, laptop.ram_gb);
    const guide = specs ? queryClient.prefetchQuery(priceGuideQuery(specs)) : undefined;
    if (server) await Promise.all([similar, guide]);
    return null;
  };
}

export const soldNotice = () => t`This laptop has been sold.`;

/** 'More gaming laptops': the link from a listing to its category's search. */
function moreLaptops(category: Category): string {
  switch (category) {
    case 'casual':
      return t`More casual laptops`;
    case 'gaming':
      return t`More gaming laptops`;
    case 'premium':
      return t`More premium laptops`;
  }
}

export function ListingPage() {
  const { id = '' } = useParams();
  const { data: laptop } = useLaptop(id);
  const session = useSession();
  const price = formatTk(laptop.resale_price);
  const saving = savingText(laptop.resale_price, laptop.original_price);
  const summary = specSummary(laptop);
  const sold = laptop.salesStatus === 'sold';
  const origin = use(SiteOrigin);

  return (
    <article className="grid gap-10">
      <PageHead
        title={t`${laptop.laptop_name} — ${price} — Laptop Haat`}
        description={cutText(`${price}. ${summary ? `${summary}. ` : ''}${laptop.laptopDesc}`, 155)}
        image={laptop.laptop_img}
      />
      <ListingJsonLd laptop={laptop} origin={origin} />
      <nav aria-label={t`Breadcrumb`} className="breadcrumbs -mb-6 text-sm">
        <ul>
          <li>
            <Link to={paths.home}>{t`Home`}</Link>
          </li>
          <li>
            <Link to={`${paths.search}?category=${laptop.category}`}>{categoryTitle(laptop.category)}</Link>
          </li>
          <li aria-current="page" className="min-w-0">
            <span className="truncate" translate="no">
              {laptop.laptop_name}
            </span>
          </li>
        </ul>
      </nav>

      <ReviewBanner laptopId={laptop._id} session={session} />

      <div className="grid gap-8 lg:grid-cols-2">
        {laptop.photos.length > 0 ? (
          <PhotoGallery
            photos={laptop.photos}
            name={laptop.laptop_name}
            className={`self-start ${sold ? 'opacity-60 grayscale' : ''}`}
          />
        ) : (
          <figure className="self-start overflow-hidden rounded-box border border-base-300 bg-base-200" translate="no">
            <LaptopImage
              photo={null}
              src={laptop.laptop_img}
              alt={laptop.laptop_name}
              sizes="(min-width: 1024px) 50vw, 100vw"
              priority
              className={sold ? 'opacity-60 grayscale' : ''}
            />
          </figure>
        )}

        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            {sold ? <span className="badge badge-error">{t`Sold`}</span> : null}
            <span className="badge badge-soft badge-primary">{conditionBadge(laptop.conditionType)}</span>
            <span className="badge badge-ghost">{categoryName(laptop.category)}</span>
          </div>
          <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl" translate="no">
            {laptop.laptop_name}
          </h1>
          {summary ? <p className="text-lg font-medium text-base-content/80">{summary}</p> : null}

          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <p className="text-3xl font-extrabold text-primary">{price}</p>
            <p className="text-base-content/70">
              <span className="sr-only">{t`Original price`} </span>
              <span className="line-through">{formatTk(laptop.original_price)}</span>
            </p>
            {saving ? <p className="badge badge-success badge-soft font-semibold">{saving}</p> : null}
            {laptop.negotiable ? <p className="badge badge-accent font-semibold">{t`Negotiable`}</p> : null}
          </div>
          <PricePosition
            price={laptop.resale_price}
            brand={laptop.brand}
            processor={laptop.processor}
            ramGb={laptop.ram_gb}
          />
          <div className="flex flex-wrap gap-2">
            <WishlistButton laptop={laptop} variant="labelled" />
            <ShareButton
              title={laptop.laptop_name}
              text={`${laptop.laptop_name} — ${price}`}
              url={`${origin}${paths.laptop(laptop._id, laptop.laptop_name)}`}
            />
          </div>

          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-base-content/70">{t`Seller`}</dt>
            <dd className="flex min-w-0 items-center gap-1.5">
              <Link to={paths.seller(laptop.seller_id)} className="link-hover link truncate" translate="no">
                {laptop.seller_name}
              </Link>
              {laptop.seller_verified ? <VerifiedMark /> : null}
              <SellerRating rating={laptop.seller_rating} />
            </dd>
            <dt className="text-base-content/70">{t`Location`}</dt>
            <dd className="flex items-center gap-1.5">
              <FaLocationDot aria-hidden="true" className="text-base-content/60" />
              {placeName(laptop.location, laptop.area)}
            </dd>
            <dt className="text-base-content/70">{t`Posted`}</dt>
            <dd>
              <time dateTime={laptop.post_date}>{formatPostDate(laptop.post_date)}</time>
            </dd>
            {/* The listing's number is one its seller proved by SMS (docs/product.md#phone-verification). */}
            {laptop.phone_verified ? (
              <>
                <dt className="text-base-content/70">{t`Phone`}</dt>
                <dd>
                  <span className="badge badge-success badge-soft badge-sm font-semibold">{t`Phone verified`}</span>
                </dd>
              </>
            ) : null}
          </dl>

          {sold ? (
            <div role="status" className="alert alert-warning">
              <span>
                <strong>{t`Sold.`}</strong> {soldNotice()} {t`Have a look at the similar laptops below.`}
              </span>
            </div>
          ) : (
            <>
              <SellerContact laptop={laptop} session={session} />
              <ReportLink laptop={laptop} session={session} />
            </>
          )}
        </div>
      </div>

      <section aria-labelledby="details-heading" className="grid gap-4 lg:grid-cols-2 lg:gap-8">
        <div>
          <h2 id="details-heading" className="mb-3 text-2xl font-bold">
            {t`Details`}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-box border border-base-300 bg-base-100 p-4">
            <Row label={t`Price`}>{price}</Row>
            <Row label={t`Original price`}>{formatTk(laptop.original_price)}</Row>
            <Row label={t`Category`}>{categoryName(laptop.category)}</Row>
            <Row label={t`Condition`}>
              {conditionName(laptop.conditionType)}
              <ConditionDefinition condition={laptop.conditionType} className="mt-1" />
            </Row>
            <Row label={t`Years of use`}>{timeOfUse(laptop.usage_months)}</Row>
            <Row label={t`Location`}>{placeName(laptop.location, laptop.area)}</Row>
            <Row label={t`Price negotiable`}>{laptop.negotiable ? t`Yes` : t`No, fixed price`}</Row>
            <Row label={t`Posted`}>{formatPostDate(laptop.post_date)}</Row>
            <Row label={t`Status`}>
              {sold ? t`Sold` : laptop.booked ? t`Booked by a buyer, still for sale` : t`For sale`}
            </Row>
            {specRows(laptop).map(([label, value, sellersWords]) => (
              <Row key={label} label={label}>
                {sellersWords ? <span translate="no">{value}</span> : value}
              </Row>
            ))}
          </dl>
        </div>
        <div>
          <h2 className="mb-3 text-2xl font-bold">{t`Description`}</h2>
          <p className="leading-relaxed break-words whitespace-pre-line text-base-content/85" translate="no">
            {laptop.laptopDesc}
          </p>
        </div>
      </section>

      <SimilarLaptops laptop={laptop} />
    </article>
  );
}

/**
 * A listing held for review, as its seller (or the admin) sees it (docs/product.md#moderation):
 * nobody else is sent it, so the banner says who can see it; a rejected one says why.
 */
function ReviewBanner({ laptopId, session }: { laptopId: string; session: SessionState }) {
  const review = useLaptopReview(laptopId, session.status === 'signedIn' ? session.user.email : undefined).data;
  if (!review) return null;
  if (review.review_status === 'rejected') {
    return (
      <div role="status" className="alert alert-error alert-soft -mb-4">
        <span>
          <strong>{t`Rejected:`}</strong> {t`only you and the admin can see this listing.`} {t`The admin's reason:`}{' '}
          <span className="break-words whitespace-pre-line">{review.reject_reason}</span>
        </span>
      </div>
    );
  }
  return (
    <div role="status" className="alert alert-warning alert-soft -mb-4">
      <span>
        <strong>{t`Under review:`}</strong> {t`only you and the admin can see this listing.`}
      </span>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-base-content/70">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/**
 * The seller's phone and e-mail, and Book Now, for signed-in users only (docs/product.md#laptops);
 * a visitor is asked to log in. Until the session is known the space is held, so nothing jumps, and
 * Book Now is there already (the page the server sends has it): a press then is kept, and once the
 * page knows who is looking it opens the booking form, or asks a visitor to log in and come back.
 */
function SellerContact({ laptop, session }: { laptop: LaptopDetail; session: SessionState }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = session.status === 'signedIn' ? session.user : null;
  const contact = useLaptopContact(laptop._id, user?.email);
  const orders = useMyOrders(user?.email);
  const [booking, setBooking] = useState(false);
  // Book Now pressed before the session (and then the laptop's availability) was known.
  const [wantsToBook, setWantsToBook] = useState(false);
  const queryClient = useQueryClient();
  const loginPath = `${paths.login}?from=${encodeURIComponent(pathname)}`;
  // A conversation starts only about a laptop still for sale (docs/product.md#conversations).
  const messageable = laptop.salesStatus === 'unsold';

  const orderedIds = new Set(
    itemsOf(orders.data)
      .filter(isStandingOrder)
      .map((order) => order.laptop_id),
  );
  const availability: Availability =
    !user || !contact.data
      ? 'checking'
      : contact.data.email.toLowerCase() === user.email.toLowerCase()
        ? 'own'
        : orders.isPending
          ? 'checking'
          : orderedIds.has(laptop._id)
            ? 'ordered'
            : 'available';
  useEffect(() => {
    if (!wantsToBook || session.status === 'loading') return;
    if (session.status === 'signedOut') {
      setWantsToBook(false);
      void navigate(loginPath);
      return;
    }
    // A contact that cannot be had leaves Book Now waiting, as it does for a press after the page is known.
    if (availability === 'checking') return;
    setWantsToBook(false);
    if (availability === 'available') setBooking(true);
  }, [wantsToBook, session.status, availability, navigate, loginPath]);

  if (session.status === 'loading') {
    return (
      <div className="card border border-base-300 bg-base-100" aria-busy="true">
        <div className="card-body min-h-32 gap-3 p-5">
          <span className="loading loading-dots loading-md text-base-content/40" aria-hidden="true" />
          <span className="sr-only">{t`Loading`}</span>
          <BookingActions availability={wantsToBook ? 'checking' : 'unknown'} onBook={() => setWantsToBook(true)} />
        </div>
      </div>
    );
  }
  if (!user) {
    return (
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body gap-3 p-5">
          <h2 className="card-title text-lg">{t`Contact the seller`}</h2>
          <p className="text-base-content/75">
            {t`Log in to see the seller’s phone number and e-mail and to book this laptop.`}
          </p>
          <div className="card-actions">
            <Link to={loginPath} className="btn btn-primary">
              {t`Log in to contact the seller`}
            </Link>
            {messageable ? <LogInToMessage /> : null}
          </div>
        </div>
      </div>
    );
  }

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ordersKey });
    void queryClient.invalidateQueries({ queryKey: laptopListsKey });
  };
  const onBooked = (order: Order) => {
    queryClient.setQueryData<PagedList<Order>>(myOrdersKey(user.email), (list) => prependItem(list, order));
    refresh();
    // The seller's answer is worth hearing about with the page closed.
    void askForPush();
  };

  return (
    <div className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-5">
        <h2 className="card-title text-lg">{t`Contact the seller`}</h2>
        {contact.data ? (
          <ul className="grid gap-2">
            <li className="flex items-center gap-2">
              <FaPhone aria-hidden="true" className="text-primary" />
              <span className="sr-only">{t`Phone:`} </span>
              <a href={`tel:${contact.data.phone}`} className="link link-hover font-medium" translate="no">
                {contact.data.phone}
              </a>
            </li>
            <li className="flex min-w-0 items-center gap-2">
              <FaEnvelope aria-hidden="true" className="text-primary" />
              <span className="sr-only">{t`E-mail:`} </span>
              <a href={`mailto:${contact.data.email}`} className="link link-hover truncate font-medium" translate="no">
                {contact.data.email}
              </a>
            </li>
          </ul>
        ) : contact.isError ? (
          <p className="text-base-content/70">{t`Could not load the seller’s contact right now.`}</p>
        ) : (
          <span
            role="status"
            aria-label={t`Loading`}
            className="loading loading-dots loading-md text-base-content/40"
          />
        )}
        <BookingActions availability={availability} onBook={() => setBooking(true)} />
        {/* Not on one's own listing (the server refuses it), nor before the page knows whose it is. */}
        {messageable && contact.data && availability !== 'own' ? <LazyMessageSeller laptopId={laptop._id} /> : null}
      </div>
      {booking ? (
        <LazyBookingModal
          laptop={laptop}
          buyer={{ name: user.name, email: user.email }}
          onClose={() => setBooking(false)}
          onBooked={onBooked}
          onStale={refresh}
        />
      ) : null}
    </div>
  );
}

/**
 * "Report this listing" (docs/product.md#reports), under the seller's card. Left out once the page
 * knows the listing is the viewer's own (the server would refuse it); rendered on the server as for
 * anyone else, since the page is rendered once for everyone.
 */
function ReportLink({ laptop, session }: { laptop: LaptopDetail; session: SessionState }) {
  const email = session.status === 'signedIn' ? session.user.email : undefined;
  const contact = useLaptopContact(laptop._id, email);
  if (email && contact.data?.email.toLowerCase() === email.toLowerCase()) return null;
  return (
    <div className="self-start">
      <ReportListingButton laptopId={laptop._id} laptopName={laptop.laptop_name} />
    </div>
  );
}

/** A few other laptops of the same category (GET /api/laptops?category=…), this one left out. */
function SimilarLaptops({ laptop }: { laptop: LaptopDetail }) {
  const { data } = useSimilarLaptops(laptop.category);
  const others = (data ?? []).filter((other) => other._id !== laptop._id).slice(0, SIMILAR_COUNT);
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="similar-heading">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="similar-heading" className="text-2xl font-bold">
          {t`Similar laptops`}
        </h2>
        <Link to={`${paths.search}?category=${laptop.category}`} className="link link-primary">
          {moreLaptops(laptop.category)}
        </Link>
      </div>
      <LaptopGrid>
        {others.map((other) => (
          <LaptopCard key={other._id} laptop={other} topAction={<WishlistButton laptop={other} />} />
        ))}
      </LaptopGrid>
    </section>
  );
}

/**
 * A listing that is gone (deleted, or never was) is the 404 page; the server answers it with 404.
 * The server renders for everyone, so a listing held for review or hidden is 404 there to its own
 * seller and the admin too (docs/product.md#moderation): once the browser knows someone is signed
 * in, it asks once more with their session, and shows the listing if it is theirs to see.
 */
export function ListingErrorBoundary() {
  const error = useRouteError();
  const session = useSession();
  const revalidator = useRevalidator();
  const [askedAgain, setAskedAgain] = useState(false);
  const missing = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (missing && !askedAgain && session.status === 'signedIn') {
      setAskedAgain(true);
      void revalidator.revalidate();
    }
  }, [missing, askedAgain, session.status, revalidator]);
  if (missing) return <NotFoundPage />;
  return <RouteErrorPage />;
}
