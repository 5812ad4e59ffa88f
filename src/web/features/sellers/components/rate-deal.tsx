import { t } from '@lingui/core/macro';
import { useId, useRef, useState } from 'react';
import { FaTimes } from 'react-icons/fa';
import { REVIEW_HIDDEN_DAYS, REVIEW_TEXT_MAX } from '../../../../shared/reviews.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { useModalDialog } from '../../../components/use-modal-dialog.ts';
import { errorText } from '../../../i18n/api-errors.ts';
import { formatCount, formatPostDate } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useOrderReview, useRateDeal } from '../api/use-seller.ts';
import { Stars } from './seller-reviews.tsx';

// Rating a completed deal (docs/product.md#ratings): a button on a completed order in My Orders
// (the buyer rates the seller) and My Buyers (the seller rates the buyer), and its dialog.

const STAR_VALUES = [1, 2, 3, 4, 5] as const;

function RateForm({ orderId, rates, onDone }: { orderId: string; rates: 'seller' | 'buyer'; onDone: () => void }) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const rate = useRateDeal(orderId);
  const hidden = formatCount(REVIEW_HIDDEN_DAYS);
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (rating === null) {
          setMissing(true);
          return;
        }
        rate.mutate(
          { rating, text },
          {
            onSuccess: () => {
              toast.success(t`Thank you for your rating.`);
              onDone();
            },
          },
        );
      }}
    >
      <fieldset className="grid gap-2" disabled={rate.isPending}>
        <legend className="mb-2 text-sm font-semibold">
          {rates === 'seller' ? t`Your rating of the seller` : t`Your rating of the buyer`}
        </legend>
        <div className="rating rating-lg">
          {STAR_VALUES.map((value) => (
            <input
              key={value}
              type="radio"
              name={`${id}-rating`}
              value={value}
              className="mask mask-star-2 bg-warning"
              aria-label={value === 1 ? t`1 star` : t`${formatCount(value)} stars`}
              checked={rating === value}
              onChange={() => {
                setRating(value);
                setMissing(false);
              }}
            />
          ))}
        </div>
        {missing ? (
          <p role="alert" className="text-sm text-error">
            {t`Choose from 1 to 5 stars.`}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-1">
        <label className="label text-sm font-semibold text-base-content" htmlFor={`${id}-text`}>
          {t`What would you tell others? (optional)`}
        </label>
        <textarea
          id={`${id}-text`}
          rows={3}
          maxLength={REVIEW_TEXT_MAX}
          className="textarea w-full"
          value={text}
          disabled={rate.isPending}
          onChange={(event) => setText(event.target.value)}
        />
        <p className="text-right text-sm text-base-content/70" aria-hidden="true">
          {formatCount(text.length)}/{formatCount(REVIEW_TEXT_MAX)}
        </p>
      </div>
      <p className="text-sm text-base-content/70">
        {t`Neither of you sees the other's rating until both have rated, or ${hidden} days have passed.`}
      </p>
      {rate.isError ? (
        <div role="alert" className="alert alert-error alert-soft text-sm">
          {errorText(rate.error, t`Something went wrong. Please try again.`)}
        </div>
      ) : null}
      <div className="modal-action mt-0">
        <button type="submit" className="btn btn-primary" disabled={rate.isPending}>
          {rate.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {t`Send rating`}
        </button>
      </div>
    </form>
  );
}

function RateDialog({ orderId, laptopName, onClose }: { orderId: string; laptopName: string; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const state = useOrderReview(orderId);
  useModalDialog(dialogRef, { returnFocus: true });
  const data = state.data;
  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-box grid max-w-lg gap-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="text-xl font-bold leading-snug">
              {t`Rate this deal`}
            </h2>
            <p className="mt-1 truncate text-base-content/70" translate="no">
              {laptopName}
            </p>
          </div>
          <button type="button" className="btn btn-circle btn-ghost btn-sm" aria-label={t`Close`} onClick={onClose}>
            <FaTimes aria-hidden="true" />
          </button>
        </div>
        {state.isPending ? <Spinner /> : null}
        {state.isError ? (
          <p role="alert" className="text-error">
            {errorText(state.error, t`Something went wrong. Please try again.`)}
          </p>
        ) : null}
        {data?.mine ? (
          <div className="grid gap-1">
            <p className="font-semibold">{t`Your rating`}</p>
            <Stars rating={data.mine.rating} />
            {data.mine.text ? (
              <p className="break-words whitespace-pre-line" translate="no">
                {data.mine.text}
              </p>
            ) : null}
            <p className="text-sm text-base-content/70">
              {data.mine.published ? t`Public.` : t`Hidden until the other side rates too, or for a week at most.`}
            </p>
          </div>
        ) : null}
        {data?.theirs ? (
          <div className="grid gap-1">
            <p className="font-semibold">
              {data.rates === 'seller' ? t`The seller's rating of you` : t`The buyer's rating of you`}
            </p>
            <Stars rating={data.theirs.rating} />
            {data.theirs.text ? (
              <p className="break-words whitespace-pre-line" translate="no">
                {data.theirs.text}
              </p>
            ) : null}
          </div>
        ) : null}
        {data && !data.mine ? (
          data.can_review ? (
            <>
              {data.closes_at ? (
                <p className="text-sm text-base-content/70">{t`You can rate until ${formatPostDate(data.closes_at)}.`}</p>
              ) : null}
              <RateForm orderId={orderId} rates={data.rates} onDone={() => void state.refetch()} />
            </>
          ) : (
            <p>{t`Rating this deal has closed.`}</p>
          )
        ) : null}
      </div>
    </dialog>
  );
}

/** 'Rate the seller' (My Orders) or 'Rate the buyer' (My Buyers) on a completed deal, and its dialog. */
export function RateDeal({
  orderId,
  laptopName,
  rates,
}: {
  orderId: string;
  laptopName: string;
  rates: 'seller' | 'buyer';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        {rates === 'seller' ? t`Rate the seller` : t`Rate the buyer`}
      </button>
      {open ? <RateDialog orderId={orderId} laptopName={laptopName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
