import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorText } from '../../../i18n/api-errors.ts';
import { formatPostDate } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useActOnReview, useReportedReviews } from '../api/use-seller.ts';
import { Stars } from './seller-reviews.tsx';

/**
 * The admin's reported reviews (docs/product.md#ratings), on the Reports page: each with whom it
 * rates and who reported it; Remove takes it down (and off the seller's stars), Keep leaves it up.
 */
export function ReportedReviews() {
  const reported = useReportedReviews();
  const act = useActOnReview();
  const items = reported.data?.pages.flatMap((p) => p.items) ?? [];

  const answer = (id: string, action: 'remove' | 'keep') =>
    act.mutate(
      { id, action },
      {
        onSuccess: () => toast.success(action === 'remove' ? t`Review removed.` : t`Review kept.`),
        onError: (error) => toast.error(errorText(error, t`Something went wrong. Please try again.`)),
      },
    );

  return (
    <section aria-labelledby="reported-reviews-heading" className="mt-10 grid gap-3">
      <h3 id="reported-reviews-heading" className="text-xl font-bold">
        {t`Reported reviews`}
      </h3>
      {reported.isError ? <LoadError what={t`the reported reviews`} /> : null}
      {reported.isPending ? <Spinner /> : null}
      {reported.isSuccess && items.length === 0 ? (
        <p className="text-base-content/70">{t`No reported reviews.`}</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="grid gap-3">
          {items.map((review) => (
            <li key={review._id} className="grid gap-2 rounded-box border border-base-300 bg-base-100 p-4">
              <Stars rating={review.rating} />
              {review.text ? (
                <p className="break-words whitespace-pre-line" translate="no">
                  {review.text}
                </p>
              ) : null}
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-base-content/70">{t`Written by`}</dt>
                <dd translate="no">{review.author_name}</dd>
                <dt className="text-base-content/70">{t`Rates`}</dt>
                <dd>
                  <Link to={paths.seller(review.subject._id)} className="link" translate="no">
                    {review.subject.name}
                  </Link>
                </dd>
                <dt className="text-base-content/70">{t`Reported`}</dt>
                <dd>
                  <time dateTime={review.reported_at}>{formatPostDate(review.reported_at)}</time>
                </dd>
                {review.reported_by ? (
                  <>
                    <dt className="text-base-content/70">{t`Reported by`}</dt>
                    <dd translate="no">{review.reported_by}</dd>
                  </>
                ) : null}
              </dl>
              <div className="flex gap-2">
                <button
                  type="button"
                  className="btn btn-error btn-sm"
                  disabled={act.isPending}
                  onClick={() => answer(review._id, 'remove')}
                >
                  {t`Remove review`}
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={act.isPending}
                  onClick={() => answer(review._id, 'keep')}
                >
                  {t`Keep review`}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <LoadMore
        hasNextPage={reported.hasNextPage}
        isFetchingNextPage={reported.isFetchingNextPage}
        onLoadMore={() => void reported.fetchNextPage()}
      />
    </section>
  );
}
