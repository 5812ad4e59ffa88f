import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { LAPTOP_MESSAGES, type Laptop, PRODUCT_MESSAGES } from '../../../../shared/laptops.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LaptopImage } from '../../../components/laptop-image.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { userContentIn } from '../../../i18n/user-content.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatTk } from '../../../lib/format.ts';
import { itemsOf } from '../../../lib/paged-list-items.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { refreshDeals } from '../api/cached-lists.ts';
import { useAdvertiseLaptop } from '../api/use-advertise-laptop.ts';
import { useChangePrice } from '../api/use-change-price.ts';
import { useDeleteLaptop } from '../api/use-delete-laptop.ts';
import { useMarkSold } from '../api/use-mark-sold.ts';
import { type SellerLaptop, useSellerLaptops } from '../api/use-seller-laptops.ts';
import {
  deleteLaptopQuestion,
  PRODUCT_STATUS_TEXT,
  type ProductStatus,
  REVIEW_TEXTS,
  MY_PRODUCTS_TEXTS as T,
} from '../messages.ts';
import { isHeld, ListingReviewNotice } from './listing-review.tsx';
import { PriceDialog } from './price-dialog.tsx';
import { reportFailure } from './report-failure.ts';

/**
 * A row's action buttons: small, and as tall as their words. On a phone the actions column is
 * narrow and Bangla labels ("বিক্রি সম্পন্ন করুন") take two lines, which ran over a fixed-height
 * button's border.
 */
const ACTION_BUTTON = 'btn-sm h-auto min-h-8 py-1 leading-snug';

// A booked laptop is what the seller most needs to notice, then one no longer on sale.
function productStatus(laptop: Laptop): ProductStatus {
  if (laptop.salesStatus !== 'unsold') return laptop.salesStatus;
  return laptop.booked ? 'booked' : 'unsold';
}

const TONE = {
  unsold: 'badge-neutral',
  booked: 'badge-warning',
  sold: 'badge-success',
  hidden: 'badge-error',
} as const satisfies Record<ProductStatus, string>;

function StatusBadge({ laptop }: { laptop: SellerLaptop }) {
  // A held listing is what the seller must notice first: nobody else can see it.
  if (isHeld(laptop.review)) {
    const rejected = laptop.review.review_status === 'rejected';
    return (
      <span className={`badge badge-soft badge-sm h-auto min-h-5 py-0.5 ${rejected ? 'badge-error' : 'badge-warning'}`}>
        {rejected ? REVIEW_TEXTS.rejected : REVIEW_TEXTS.pending}
      </span>
    );
  }
  const status = productStatus(laptop);
  return (
    <span
      className={`badge badge-soft badge-sm h-auto min-h-5 py-0.5 ${TONE[status]}`}
      title={status === 'hidden' ? T.hiddenHint : undefined}
    >
      {PRODUCT_STATUS_TEXT[status]}
    </span>
  );
}

function EmptyProducts() {
  return <EmptyState title={T.emptyTitle} hint={T.emptyHint} to={paths.addAProduct} action={T.addProduct} />;
}

/** Which question is open, and about which laptop. */
type Asking = { kind: 'delete' | 'sold' | 'price'; laptop: Laptop };

/**
 * The seller's laptops (docs/product.md#my-products) with Advertise and Delete, and for a laptop on
 * sale Change price and Mark sold (sold outside Laptop Haat; to sell to a buyer who booked it, My
 * Buyers). On a phone the price and status move under the name and the buttons stack, so the table
 * fits 360 px without scrolling sideways.
 */
export function MyProducts({ sellerEmail }: { sellerEmail: string }) {
  const laptops = useSellerLaptops(sellerEmail);
  const advertise = useAdvertiseLaptop();
  const remove = useDeleteLaptop();
  const markSold = useMarkSold();
  const changePrice = useChangePrice();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Asking | null>(null);

  if (laptops.isPending) return <Spinner />;
  if (laptops.isError) return <LoadError what={T.what} />;
  const list = itemsOf(laptops.data);
  if (list.length === 0) return <EmptyProducts />;

  const refresh = () => refreshDeals(queryClient);
  const close = () => setAsking(null);

  function advertiseLaptop(laptop: Laptop) {
    advertise.mutate(laptop._id, {
      onSuccess: () => toast.success(translateMessage(LAPTOP_MESSAGES.advertised)),
      onError: (error) => reportFailure('advertise laptop', error, refresh),
    });
  }

  function confirmDelete(laptop: Laptop) {
    remove.mutate(laptop._id, {
      onSuccess: () => toast.success(translateMessage(LAPTOP_MESSAGES.deleted)),
      onError: (error) => reportFailure('delete laptop', error, refresh),
      onSettled: close,
    });
  }

  function confirmSold(laptop: Laptop) {
    markSold.mutate(
      { laptopId: laptop._id },
      {
        onSuccess: () => toast.success(translateMessage(PRODUCT_MESSAGES.markedSold)),
        onError: (error) => reportFailure('mark laptop sold', error, refresh),
        onSettled: close,
      },
    );
  }

  function savePrice(laptop: Laptop, price: number) {
    changePrice.mutate(
      { laptopId: laptop._id, price },
      {
        onSuccess: () => {
          toast.success(translateMessage(PRODUCT_MESSAGES.priceUpdated));
          close();
        },
        // A refused price stays in the dialog to be corrected; a laptop no longer on sale closes it.
        onError: (error) => {
          reportFailure('change price', error, refresh);
          if (!isApiError(error, 400)) close();
        },
      },
    );
  }

  return (
    <>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{T.columns.laptop}</th>
              <th scope="col" className="hidden sm:table-cell">
                {T.columns.price}
              </th>
              <th scope="col" className="hidden sm:table-cell">
                {T.columns.status}
              </th>
              <th scope="col">
                <span className="sr-only">{T.columns.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((laptop) => {
              const advertising = advertise.isPending && advertise.variables === laptop._id;
              const onSale = laptop.salesStatus === 'unsold';
              // A listing nobody else sees cannot go on the home page.
              const held = isHeld(laptop.review);
              return (
                <tr key={laptop._id}>
                  <td className="px-3 sm:px-4">
                    <div className="flex items-center gap-3">
                      <div
                        className="h-8 w-12 shrink-0 overflow-hidden rounded-field bg-base-200 sm:h-10 sm:w-16"
                        translate="no"
                      >
                        <LaptopImage
                          photo={laptop.cover_photo}
                          src={laptop.laptop_img}
                          alt={laptop.laptop_name}
                          sizes="64px"
                          className="h-full"
                        />
                      </div>
                      <div className="min-w-0">
                        <p className="font-medium leading-snug break-words" translate="no">
                          {/* Opened from here (in the browser, signed in), a held listing shows its seller its page. */}
                          <Link to={paths.laptop(laptop._id, laptop.laptop_name)} className="link link-hover">
                            {laptop.laptop_name}
                          </Link>
                        </p>
                        {/* Only one copy of price and status is displayed (and read out) at any width. */}
                        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-base-content/70 sm:hidden">
                          <span>{formatTk(laptop.resale_price)}</span>
                          <StatusBadge laptop={laptop} />
                        </p>
                        <ListingReviewNotice laptop={laptop} />
                      </div>
                    </div>
                  </td>
                  <td className="hidden whitespace-nowrap sm:table-cell">{formatTk(laptop.resale_price)}</td>
                  <td className="hidden sm:table-cell">
                    <StatusBadge laptop={laptop} />
                  </td>
                  <td className="px-2 sm:px-4">
                    <div className="flex flex-col items-stretch justify-end gap-2 sm:flex-row sm:flex-wrap sm:items-center">
                      {held ? null : (
                        <button
                          type="button"
                          className={`btn btn-primary ${ACTION_BUTTON}`}
                          // Advertising puts a laptop on the home page, which shows only laptops on sale.
                          disabled={laptop.advertise || advertising || !onSale}
                          onClick={() => advertiseLaptop(laptop)}
                        >
                          {advertising ? (
                            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                          ) : null}
                          {laptop.advertise ? T.advertised : T.advertise}
                        </button>
                      )}
                      {onSale ? (
                        <>
                          <Link to={paths.editProduct(laptop._id)} className={`btn btn-outline ${ACTION_BUTTON}`}>
                            {T.edit}
                          </Link>
                          <button
                            type="button"
                            className={`btn btn-outline ${ACTION_BUTTON}`}
                            onClick={() => setAsking({ kind: 'price', laptop })}
                          >
                            {T.changePrice}
                          </button>
                          <button
                            type="button"
                            className={`btn btn-outline btn-success ${ACTION_BUTTON}`}
                            onClick={() => setAsking({ kind: 'sold', laptop })}
                          >
                            {T.markSold}
                          </button>
                        </>
                      ) : null}
                      <button
                        type="button"
                        className={`btn btn-outline btn-error ${ACTION_BUTTON}`}
                        onClick={() => setAsking({ kind: 'delete', laptop })}
                      >
                        {T.delete}
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <LoadMore
        hasNextPage={laptops.hasNextPage}
        isFetchingNextPage={laptops.isFetchingNextPage}
        onLoadMore={() => void laptops.fetchNextPage()}
      />

      {asking?.kind === 'delete' ? (
        <ConfirmDialog
          question={deleteLaptopQuestion()}
          confirmLabel={T.delete}
          busy={remove.isPending}
          onConfirm={() => confirmDelete(asking.laptop)}
          onCancel={close}
        >
          {userContentIn(T.deleteDetail, asking.laptop.laptop_name)}
        </ConfirmDialog>
      ) : null}
      {asking?.kind === 'sold' ? (
        <ConfirmDialog
          question={T.markSoldQuestion}
          confirmLabel={T.markSold}
          busy={markSold.isPending}
          onConfirm={() => confirmSold(asking.laptop)}
          onCancel={close}
        >
          <p>{userContentIn(T.markSoldDetail, asking.laptop.laptop_name)}</p>
          {asking.laptop.booked ? (
            <p className="mt-3">
              {T.markSoldBooked}{' '}
              <Link to={paths.myBuyers} className="link link-primary font-medium">
                {T.openMyBuyers}
              </Link>
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
      {asking?.kind === 'price' ? (
        <PriceDialog
          laptopName={asking.laptop.laptop_name}
          price={asking.laptop.resale_price}
          busy={changePrice.isPending}
          onSave={(price) => savePrice(asking.laptop, price)}
          onCancel={close}
        />
      ) : null}
    </>
  );
}
