// biome-ignore-all lint/a11y/noRedundantRoles: the table's explicit roles survive the phone layout's display changes (see below).
import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { OrderStatus } from '../../../../shared/catalog.ts';
import { PRODUCT_MESSAGES } from '../../../../shared/laptops.ts';
import type { Order } from '../../../../shared/orders.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { SellerRating } from '../../../components/seller-rating.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { userContentIn } from '../../../i18n/user-content.tsx';
import { formatPostDate } from '../../../lib/format.ts';
import { itemsOf } from '../../../lib/paged-list-items.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { refreshDeals } from '../api/cached-lists.ts';
import { type BookingAnswer, useAnswerBooking } from '../api/use-answer-booking.ts';
import { useMarkSold } from '../api/use-mark-sold.ts';
import { isStandingBooking, useMyBuyers } from '../api/use-my-buyers.ts';
import { BOOKING_STATUS_TEXT, MY_BUYERS_TEXTS as T } from '../messages.ts';
import { reportFailure } from './report-failure.ts';

// Bookings waiting for the seller stand out; closed ones are muted. The words carry the meaning.
const TONE = {
  requested: 'badge-warning',
  accepted: 'badge-info',
  completed: 'badge-success',
  declined: 'badge-neutral',
  cancelled: 'badge-neutral',
} as const satisfies Record<OrderStatus, string>;

function BookingStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`badge badge-soft badge-sm h-auto min-h-5 py-0.5 text-start ${TONE[status]}`}>
      {BOOKING_STATUS_TEXT[status]}
    </span>
  );
}

function EmptyBuyers() {
  return <EmptyState title={T.emptyTitle} hint={T.emptyHint} to={paths.myProducts} action={T.myProducts} outline />;
}

/** Which question is open, and about which booking. */
type Asking = { kind: 'decline' | 'sold'; order: Order };

/**
 * My Buyers (docs/product.md#my-buyers): the bookings on the seller's laptops, newest first, with
 * the buyer's name, phone, meeting place, the booking date and where it stands; a standing booking
 * can be accepted (while new), declined, or the laptop marked sold to that buyer. Declining and
 * selling ask first. Below `sm` each row stacks as a small card, so it fits 360 px.
 */
export function MyBuyers({
  sellerEmail,
  rowAction,
}: {
  sellerEmail: string;
  /** One more action the page adds to a row (rating a completed deal). */
  rowAction?: (order: Order) => ReactNode;
}) {
  const bookings = useMyBuyers(sellerEmail);
  const answer = useAnswerBooking();
  const markSold = useMarkSold();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Asking | null>(null);

  if (bookings.isPending) return <Spinner />;
  if (bookings.isError) return <LoadError what={T.what} />;
  const list = itemsOf(bookings.data);
  if (list.length === 0) return <EmptyBuyers />;

  const refresh = () => refreshDeals(queryClient);
  const close = () => setAsking(null);
  const busy = answer.isPending || markSold.isPending;

  function answerBooking(order: Order, status: BookingAnswer) {
    answer.mutate(
      { order, status },
      {
        onSuccess: () => toast.success(status === 'accepted' ? T.accepted : T.declined),
        onError: (error) => reportFailure(status === 'accepted' ? 'accept booking' : 'decline booking', error, refresh),
        onSettled: close,
      },
    );
  }

  function sellTo(order: Order) {
    markSold.mutate(
      { laptopId: order.laptop_id, orderId: order._id },
      {
        onSuccess: () => toast.success(translateMessage(PRODUCT_MESSAGES.markedSold)),
        onError: (error) => reportFailure('mark laptop sold', error, refresh),
        onSettled: close,
      },
    );
  }

  return (
    <>
      {/*
        Four columns of several lines do not fit a phone: below `sm` each row stacks as a small card
        (laptop and date, buyer, status, actions). The explicit roles keep it a table for screen
        readers, which some browsers stop announcing once table parts get another display.
      */}
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table role="table" className="table max-sm:block">
          <thead className="max-sm:hidden">
            <tr>
              <th scope="col">{T.columns.booking}</th>
              <th scope="col">{T.columns.buyer}</th>
              <th scope="col">{T.columns.status}</th>
              <th scope="col">
                <span className="sr-only">{T.columns.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup" className="max-sm:block">
            {list.map((order) => {
              const standing = isStandingBooking(order);
              const accepting =
                answer.isPending && answer.variables.order._id === order._id && answer.variables.status === 'accepted';
              return (
                <tr
                  key={order._id}
                  role="row"
                  className="align-top max-sm:flex max-sm:flex-col max-sm:gap-2 max-sm:border-base-content/5 max-sm:border-b max-sm:p-4 max-sm:last:border-b-0"
                >
                  <td role="cell" className="max-sm:border-0 max-sm:p-0">
                    <Link
                      to={paths.laptop(order.laptop_id, order.laptop_name)}
                      className="link link-hover font-medium leading-snug break-words"
                      translate="no"
                    >
                      {order.laptop_name}
                    </Link>
                    <p className="mt-1 text-sm text-base-content/70">{T.bookedOn(formatPostDate(order.created_at))}</p>
                  </td>
                  <td role="cell" className="max-sm:border-0 max-sm:p-0">
                    <p className="flex flex-wrap items-center gap-1.5 font-medium break-words">
                      <span translate="no">{order.buyerName}</span>
                      {order.buyer_rating ? (
                        <SellerRating
                          rating={order.buyer_rating}
                          words={(average, count) =>
                            order.buyer_rating?.count === 1
                              ? t`Rated ${average} out of 5 by 1 seller`
                              : t`Rated ${average} out of 5 by ${count} sellers`
                          }
                        />
                      ) : null}
                    </p>
                    <p className="text-sm">
                      <span className="sr-only">{T.phone}: </span>
                      <a
                        href={`tel:${order.buyerPhoneNumber}`}
                        className="link link-primary whitespace-nowrap"
                        translate="no"
                      >
                        {order.buyerPhoneNumber}
                      </a>
                      {/* Booked with the number the buyer proved by SMS (docs/product.md#phone-verification). */}
                      {order.phone_verified ? (
                        <span className="badge badge-success badge-soft badge-sm ms-2 font-semibold">
                          {T.phoneVerified}
                        </span>
                      ) : null}
                    </p>
                    <p className="text-sm text-base-content/70 break-words">
                      <span className="sr-only">{T.meetAt}: </span>
                      <span translate="no">{order.meetingAddress}</span>
                    </p>
                  </td>
                  <td role="cell" className="max-sm:border-0 max-sm:p-0">
                    <BookingStatusBadge status={order.status} />
                  </td>
                  <td role="cell" className="max-sm:border-0 max-sm:p-0">
                    {standing ? (
                      <div className="flex flex-wrap gap-2 sm:justify-end">
                        {order.status === 'requested' ? (
                          <button
                            type="button"
                            className="btn btn-primary btn-sm"
                            disabled={busy}
                            onClick={() => answerBooking(order, 'accepted')}
                          >
                            {accepting ? (
                              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                            ) : null}
                            {T.accept}
                          </button>
                        ) : null}
                        <button
                          type="button"
                          className="btn btn-outline btn-success btn-sm"
                          disabled={busy}
                          onClick={() => setAsking({ kind: 'sold', order })}
                        >
                          {T.markSold}
                        </button>
                        <button
                          type="button"
                          className="btn btn-outline btn-error btn-sm"
                          disabled={busy}
                          onClick={() => setAsking({ kind: 'decline', order })}
                        >
                          {T.decline}
                        </button>
                      </div>
                    ) : null}
                    {rowAction?.(order)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <LoadMore
        hasNextPage={bookings.hasNextPage}
        isFetchingNextPage={bookings.isFetchingNextPage}
        onLoadMore={() => void bookings.fetchNextPage()}
      />

      {asking?.kind === 'decline' ? (
        <ConfirmDialog
          question={T.declineQuestion}
          confirmLabel={T.decline}
          busy={answer.isPending}
          onConfirm={() => answerBooking(asking.order, 'declined')}
          onCancel={close}
        >
          {userContentIn(T.declineDetail, asking.order.buyerName, asking.order.laptop_name)}
        </ConfirmDialog>
      ) : null}
      {asking?.kind === 'sold' ? (
        <ConfirmDialog
          question={T.markSoldQuestion(asking.order.buyerName)}
          confirmLabel={T.markSold}
          busy={markSold.isPending}
          onConfirm={() => sellTo(asking.order)}
          onCancel={close}
        >
          {userContentIn(T.markSoldDetail, asking.order.buyerName, asking.order.laptop_name)}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
