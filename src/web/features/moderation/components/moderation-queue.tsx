import { plural, t } from '@lingui/core/macro';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { ModerationItem, PhotoMatch, PriceGuide } from '../../../../shared/moderation.ts';
import { DetailsField } from '../../../components/details-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { LaptopImage } from '../../../components/laptop-image.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorText } from '../../../i18n/api-errors.ts';
import { contactWarningName, flagName } from '../../../i18n/risk-flags.ts';
import { userContentIn } from '../../../i18n/user-content.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatCount, formatPostDate, formatTk } from '../../../lib/format.ts';
import { itemsOf } from '../../../lib/paged-list-items.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useDecideListing } from '../api/use-decide-listing.ts';
import { useModerationQueue } from '../api/use-moderation-queue.ts';

// The admin's Moderation page's words (docs/product.md#moderation), in the page's language: each is
// a getter or a function, read when it is shown. The flags' own words are in i18n/risk-flags.ts.
export const MODERATION_TEXT = {
  get empty() {
    return t`Nothing to review. A listing held by the risk checks shows here.`;
  },
  get loadError() {
    return t`the listings held for review`;
  },
  get approve() {
    return t`Approve`;
  },
  get reject() {
    return t`Reject`;
  },
  get approved() {
    return t`Listing published`;
  },
  get rejected() {
    return t`Listing rejected. The seller has been told why.`;
  },
  get rejectTitle() {
    return t`Reject this listing?`;
  },
  get reason() {
    return t`Reason, for the seller`;
  },
  get reasonHint() {
    return t`Required: the seller reads it in their notifications and in My Products.`;
  },
  get reasonRequired() {
    return t`Write the reason for the seller.`;
  },
  get failed() {
    return t`Something went wrong. Please try again.`;
  },
  get alreadyDecided() {
    return t`Another admin has already decided on this listing.`;
  },
  sellerBy: (name: string) => t`Seller: ${name}`,
  get held() {
    return t`Held`;
  },
  get flags() {
    return t`Why it was held`;
  },
  get thisPhoto() {
    return t`This listing's photo`;
  },
  otherPhoto: (name: string) => t`The photo on ${name}`,
  photoDistance: (distance: number) => {
    const bits = formatCount(distance);
    return plural(distance, { one: `${bits} bit apart (of 64)`, other: `${bits} bits apart (of 64)` });
  },
  priceAgainst: (price: number) => {
    const amount = formatTk(price);
    return t`Price ${amount}, against similar laptops:`;
  },
  comparables: (count: number) => {
    const listings = formatCount(count);
    return plural(count, { one: `${listings} comparable listing`, other: `${listings} comparable listings` });
  },
  get p25() {
    return t`Lower quarter`;
  },
  get median() {
    return t`Median`;
  },
  get p75() {
    return t`Upper quarter`;
  },
  burst: (count: number) => {
    const listings = formatCount(count);
    return plural(count, {
      one: `${listings} listing from this seller in the last 24 hours`,
      other: `${listings} listings from this seller in the last 24 hours`,
    });
  },
  get proof() {
    return t`Proof of possession`;
  },
  proofCode: (code: string) => t`The code to write by hand: ${code}`,
  proofPhoto: (code: string) => t`The laptop beside the code ${code}`,
  get noProof() {
    return t`No proof photo yet.`;
  },
};
const TEXT = MODERATION_TEXT;

/**
 * The listings held for review, oldest first: each with why it was held and the evidence, Approve
 * (published at once) and Reject (asks the reason, which the seller is told).
 */
export function ModerationQueue() {
  const queue = useModerationQueue();
  const decide = useDecideListing();
  const [rejecting, setRejecting] = useState<ModerationItem | null>(null);

  if (queue.isPending) return <Spinner />;
  if (queue.isError) return <LoadError what={TEXT.loadError} />;
  const items = itemsOf(queue.data);
  if (items.length === 0) {
    return (
      <p className="rounded-box border border-dashed border-base-300 px-4 py-12 text-center text-base-content/70">
        {TEXT.empty}
      </p>
    );
  }

  const failed = (error: unknown) => {
    console.error('[moderation] decision failed:', error);
    toast.error(isApiError(error, 409) ? TEXT.alreadyDecided : errorText(error, TEXT.failed));
  };

  function approve(item: ModerationItem) {
    decide.mutate(
      { laptopId: item.laptop._id, action: 'approve' },
      { onSuccess: () => toast.success(TEXT.approved), onError: failed },
    );
  }

  function reject(item: ModerationItem, reason: string) {
    decide.mutate(
      { laptopId: item.laptop._id, action: 'reject', reason },
      {
        onSuccess: () => {
          toast.success(TEXT.rejected);
          setRejecting(null);
        },
        onError: failed,
      },
    );
  }

  return (
    <>
      <ul className="grid gap-4">
        {items.map((item) => (
          <li key={item.laptop._id}>
            <HeldListing
              item={item}
              busy={decide.isPending && decide.variables?.laptopId === item.laptop._id}
              onApprove={() => approve(item)}
              onReject={() => {
                decide.reset();
                setRejecting(item);
              }}
            />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={queue.hasNextPage}
        isFetchingNextPage={queue.isFetchingNextPage}
        onLoadMore={() => void queue.fetchNextPage()}
      />
      {rejecting ? (
        <RejectDialog
          name={rejecting.laptop.laptop_name}
          busy={decide.isPending}
          onReject={(reason) => reject(rejecting, reason)}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </>
  );
}

function RejectDialog({
  name,
  busy,
  onReject,
  onClose,
}: {
  name: string;
  busy: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      document.getElementById(id)?.focus();
      return;
    }
    onReject(reason.trim());
  };
  return (
    <FormDialog
      title={TEXT.rejectTitle}
      subtitle={
        <p className="truncate" translate="no">
          {name}
        </p>
      }
      busy={busy}
      submitLabel={TEXT.reject}
      onSubmit={submit}
      onClose={onClose}
      onOpen={() => document.getElementById(id)?.focus()}
    >
      <DetailsField
        id={id}
        label={TEXT.reason}
        hint={TEXT.reasonHint}
        required
        length={reason.length}
        disabled={busy}
        error={missing ? TEXT.reasonRequired : null}
        textarea={{
          value: reason,
          onChange: (event) => {
            setReason(event.target.value);
            if (event.target.value.trim() !== '') setMissing(false);
          },
        }}
      />
    </FormDialog>
  );
}

function HeldListing({
  item,
  busy,
  onApprove,
  onReject,
}: {
  item: ModerationItem;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const headingId = useId();
  const { laptop, evidence } = item;
  return (
    <article aria-labelledby={headingId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-4 p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="w-full shrink-0 overflow-hidden rounded-field bg-base-200 sm:w-40" translate="no">
            <LaptopImage
              photo={laptop.cover_photo}
              src={laptop.laptop_img}
              alt={laptop.laptop_name}
              sizes="(min-width: 640px) 160px, 100vw"
            />
          </div>
          <div className="grid min-w-0 gap-1">
            <h3 id={headingId} className="card-title text-lg break-words">
              <Link to={paths.laptop(laptop._id, laptop.laptop_name)} className="link link-hover" translate="no">
                {laptop.laptop_name}
              </Link>
            </h3>
            <p className="text-lg font-semibold">{formatTk(laptop.resale_price)}</p>
            <p className="text-sm">
              <Link to={paths.seller(laptop.seller_id)} className="link link-hover">
                {userContentIn(TEXT.sellerBy, laptop.seller_name)}
              </Link>
            </p>
            <p className="text-sm text-base-content/70">
              {TEXT.held} <time dateTime={item.held_at}>{formatPostDate(item.held_at)}</time>
            </p>
          </div>
        </div>

        <section aria-label={TEXT.flags} className="grid gap-2">
          <h4 className="text-sm font-semibold">{TEXT.flags}</h4>
          <ul className="flex flex-wrap gap-2">
            {item.flags.map((flag) => (
              <li key={flag} className="badge badge-warning badge-soft h-auto min-h-6 py-0.5">
                {flagName(flag)}
              </li>
            ))}
          </ul>
          {evidence.price ? <PriceEvidence price={laptop.resale_price} guide={evidence.price} /> : null}
          {evidence.photos?.length ? <PhotoEvidence matches={evidence.photos} /> : null}
          {evidence.contact?.length ? (
            <ul className="list-inside list-disc text-sm">
              {evidence.contact.map((code) => (
                <li key={code}>{contactWarningName(code)}</li>
              ))}
            </ul>
          ) : null}
          {evidence.burst ? <p className="text-sm">{TEXT.burst(evidence.burst.count)}</p> : null}
        </section>

        <section aria-label={TEXT.proof} className="grid gap-2">
          <h4 className="text-sm font-semibold">{TEXT.proof}</h4>
          {item.proof_photo ? (
            <figure className="grid max-w-xs gap-1">
              <LaptopImage
                photo={item.proof_photo}
                src={item.proof_photo.url}
                alt={TEXT.proofPhoto(item.proof_code)}
                sizes="320px"
                className="rounded-field"
              />
              <figcaption className="text-sm">{TEXT.proofCode(item.proof_code)}</figcaption>
            </figure>
          ) : (
            <p className="text-sm text-base-content/70">{TEXT.noProof}</p>
          )}
        </section>

        <div className="card-actions justify-end">
          <button type="button" className="btn btn-sm btn-outline btn-error" disabled={busy} onClick={onReject}>
            {TEXT.reject}
          </button>
          <button type="button" className="btn btn-sm btn-success" disabled={busy} onClick={onApprove}>
            {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
            {TEXT.approve}
          </button>
        </div>
      </div>
    </article>
  );
}

function PriceEvidence({ price, guide }: { price: number; guide: PriceGuide }) {
  const rows: [string, number | null][] = [
    [TEXT.p25, guide.p25],
    [TEXT.median, guide.median],
    [TEXT.p75, guide.p75],
  ];
  return (
    <div className="rounded-box bg-base-200/60 px-3 py-2 text-sm">
      <p>
        {TEXT.priceAgainst(price)} {TEXT.comparables(guide.count)}
      </p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
        {rows.map(([label, value]) =>
          value === null ? null : (
            <div key={label} className="contents">
              <dt className="text-base-content/70">{label}</dt>
              <dd>{formatTk(value)}</dd>
            </div>
          ),
        )}
      </dl>
    </div>
  );
}

function PhotoEvidence({ matches }: { matches: readonly PhotoMatch[] }) {
  return (
    <ul className="grid gap-3">
      {matches.map((match) => (
        <li key={`${match.photo_id}-${match.match_photo_id}`} className="rounded-box bg-base-200/60 p-2">
          <div className="grid grid-cols-2 gap-2">
            <figure className="grid gap-1">
              <img
                src={match.photo_url}
                alt={TEXT.thisPhoto}
                loading="lazy"
                className="aspect-[8/5] w-full rounded-field object-cover"
              />
              <figcaption className="text-xs">{TEXT.thisPhoto}</figcaption>
            </figure>
            <figure className="grid gap-1">
              <img
                src={match.match_url}
                alt={TEXT.otherPhoto(match.match_laptop_name)}
                loading="lazy"
                className="aspect-[8/5] w-full rounded-field object-cover"
              />
              <figcaption className="text-xs break-words">
                <Link
                  to={paths.laptop(match.match_laptop_id, match.match_laptop_name)}
                  className="link link-hover"
                  translate="no"
                >
                  {match.match_laptop_name}
                </Link>
              </figcaption>
            </figure>
          </div>
          <p className="mt-1 text-xs text-base-content/70">{TEXT.photoDistance(match.distance)}</p>
        </li>
      ))}
    </ul>
  );
}
