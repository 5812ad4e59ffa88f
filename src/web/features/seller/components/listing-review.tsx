import { type ChangeEvent, useId } from 'react';
import type { ListingReview } from '../../../../shared/moderation.ts';
import { LaptopImage } from '../../../components/laptop-image.tsx';
import { errorText } from '../../../i18n/api-errors.ts';
import { heldReasonText } from '../../../i18n/risk-flags.ts';
import { toast } from '../../../lib/toast.ts';
import { useProvePossession } from '../api/use-prove-possession.ts';
import type { SellerLaptop } from '../api/use-seller-laptops.ts';
import { REVIEW_TEXTS as T } from '../messages.ts';

// A held listing in My Products (docs/product.md#moderation): why it was held, or the admin's reason
// for rejecting it, and for a seller who is not verified the proof of possession.

/** Whether the listing is held (pending or rejected): nobody but its seller and the admin sees it. */
export function isHeld(review: ListingReview | undefined): review is ListingReview {
  return review !== undefined && review.review_status !== 'published';
}

/** The reasons a listing was held, in one sentence's worth of words. */
export function heldReasons(review: Pick<ListingReview, 'flags'>): string {
  return review.flags.map(heldReasonText).join('; ');
}

export function ListingReviewNotice({ laptop }: { laptop: SellerLaptop }) {
  const review = laptop.review;
  if (!isHeld(review)) return null;
  if (review.review_status === 'rejected') {
    return (
      <div className="mt-2 rounded-box bg-error/10 px-3 py-2 text-sm">
        <p>{T.rejectedHint}</p>
        <p className="mt-1 font-medium break-words whitespace-pre-line">{review.reject_reason}</p>
      </div>
    );
  }
  return (
    <div className="mt-2 grid gap-2 rounded-box bg-warning/10 px-3 py-2 text-sm">
      <div>
        <p>{T.pendingHint}</p>
        <ul className="mt-1 list-inside list-disc">
          {review.flags.map((flag) => (
            <li key={flag}>{heldReasonText(flag)}</li>
          ))}
        </ul>
      </div>
      {!laptop.seller_verified && review.proof_code ? (
        <ProofOfPossession laptopId={laptop._id} review={review} code={review.proof_code} />
      ) : null}
    </div>
  );
}

function ProofOfPossession({ laptopId, review, code }: { laptopId: string; review: ListingReview; code: string }) {
  const inputId = useId();
  const prove = useProvePossession();

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    prove.mutate(
      { laptopId, file },
      {
        onSuccess: () => toast.success(T.proofSent),
        onError: (error) => {
          console.error('[seller] proof of possession failed:', error);
          toast.error(errorText(error, T.proofFailed));
        },
      },
    );
  }

  const photo = prove.data?.proof_photo ?? review.proof_photo;
  return (
    <section aria-label={T.proofTitle} className="grid gap-2 border-t border-base-300 pt-2">
      <h4 className="font-semibold">{T.proofTitle}</h4>
      <p>{T.proofSteps}</p>
      <p>
        {T.proofCode}:{' '}
        <strong className="font-mono text-lg tracking-widest" translate="no">
          {code}
        </strong>
      </p>
      {photo ? (
        <div className="w-40 overflow-hidden rounded-field bg-base-200">
          <LaptopImage photo={photo} src={photo.url} alt={T.proofPhoto(code)} sizes="160px" />
        </div>
      ) : null}
      <div>
        <label htmlFor={inputId} className={`btn btn-sm btn-outline ${prove.isPending ? 'btn-disabled' : ''}`}>
          {prove.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          {prove.isPending ? T.proofUploading : photo ? T.proofReplace : T.proofUpload}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={prove.isPending}
          onChange={pick}
        />
      </div>
    </section>
  );
}

/**
 * After Add A Product or an edit: a listing the risk checks held is told to its seller with why,
 * beside the usual toast (My Products then shows it as Under review).
 */
export function tellIfHeld(laptop: SellerLaptop): void {
  if (laptop.review?.review_status !== 'pending') return;
  toast(`${T.pending}. ${T.heldNotice(heldReasons(laptop.review))}`, { icon: '⏳', duration: 10_000 });
}
