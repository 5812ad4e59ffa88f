import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { Review } from '../../../../shared/reviews.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorText } from '../../../i18n/api-errors.ts';
import { formatCount, formatPostDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useReportReview, useSellerReviews } from '../api/use-seller.ts';

/** '★★★★☆', read out as words by its container. */
export function Stars({ rating }: { rating: number }) {
  const stars = formatCount(rating);
  return (
    <span role="img" aria-label={t`${stars} out of 5 stars`} className="text-warning tracking-wider">
      {'★'.repeat(rating)}
      <span className="text-base-content/30">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

/** A signed-in reader may report a review to the admin; once sent, the button says so. */
function ReportReview({ id }: { id: string }) {
  const report = useReportReview();
  const [sent, setSent] = useState(false);
  if (sent) return <span className="text-xs text-base-content/60">{t`Reported to the admin`}</span>;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs"
      disabled={report.isPending}
      onClick={() =>
        report.mutate(id, {
          onSuccess: () => {
            setSent(true);
            toast.success(t`Thank you. We will look into this review.`);
          },
          onError: (error) => toast.error(errorText(error, t`Something went wrong. Please try again.`)),
        })
      }
    >
      {t`Report`}
    </button>
  );
}

function ReviewItem({ review, canReport }: { review: Review; canReport: boolean }) {
  return (
    <li className="grid gap-1 border-b border-base-300 py-3 last:border-b-0">
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="font-semibold" translate="no">
          {review.author_name}
        </span>
        <span className="text-sm text-base-content/60">
          <time dateTime={review.created_at}>{formatPostDate(review.created_at)}</time>
        </span>
        {canReport ? <span className="ml-auto">{<ReportReview id={review._id} />}</span> : null}
      </div>
      <p className="text-sm text-base-content/70">
        {t`Laptop bought:`} <span translate="no">{review.laptop_name}</span>
      </p>
      {review.text ? (
        <p className="break-words whitespace-pre-line" translate="no">
          {review.text}
        </p>
      ) : null}
    </li>
  );
}

/** What a seller's buyers said, newest first, a page at a time (published reviews only). */
export function SellerReviews({ sellerId }: { sellerId: string }) {
  const reviews = useSellerReviews(sellerId);
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  if (reviews.isError) return <LoadError what={t`the reviews`} />;
  const items = reviews.data?.pages.flatMap((p) => p.items) ?? [];
  if (reviews.isPending) return <Spinner />;
  if (items.length === 0) return <p className="text-base-content/70">{t`No reviews yet.`}</p>;
  return (
    <>
      <ul className="rounded-box border border-base-300 bg-base-100 px-4">
        {items.map((review) => (
          <ReviewItem key={review._id} review={review} canReport={signedIn} />
        ))}
      </ul>
      <LoadMore
        hasNextPage={reviews.hasNextPage}
        isFetchingNextPage={reviews.isFetchingNextPage}
        onLoadMore={() => void reviews.fetchNextPage()}
      />
    </>
  );
}
