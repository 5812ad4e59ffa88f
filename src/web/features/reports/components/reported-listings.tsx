import { plural, t } from '@lingui/core/macro';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  REPORT_REASON_LABELS,
  REPORT_TEXT_MAX,
  type Report,
  type ReportAction,
  reasonsSummary,
} from '../../../../shared/reports.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorText } from '../../../i18n/api-errors.ts';
import { translateMessage } from '../../../i18n/shared-messages.ts';
import { userContentIn } from '../../../i18n/user-content.tsx';
import { formatCount, formatPostDate } from '../../../lib/format.ts';
import { itemsOf } from '../../../lib/paged-list-items.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useActOnReports } from '../api/use-act-on-reports.ts';
import { useOpenReports } from '../api/use-open-reports.ts';

// The admin's Reports page's words, together, in the page's language (docs/i18n.md): each is a getter,
// read when it is shown (the reasons are in src/shared/reports.ts, shown through translateMessage).
export const REPORTS_PAGE_TEXT = {
  get empty() {
    return t`No open reports. When someone reports a listing, it shows here.`;
  },
  get loadError() {
    return t`the reports`;
  },
  get hide() {
    return t`Hide listing`;
  },
  get dismiss() {
    return t`Dismiss reports`;
  },
  get hideQuestion() {
    return t`Hide this listing?`;
  },
  get dismissQuestion() {
    return t`Dismiss these reports?`;
  },
  hideDetail: (name: string) =>
    t`${name} will disappear from every public list and page, its standing bookings will be declined, and the seller will be told why:`,
  dismissDetail: (name: string, count: number) => {
    const reports = formatCount(count);
    return plural(count, {
      one: `The ${reports} open report on ${name} will be closed. The listing stays up.`,
      other: `The ${reports} open reports on ${name} will be closed. The listing stays up.`,
    });
  },
  reportCount: (count: number) => {
    const reports = formatCount(count);
    return plural(count, { one: `${reports} report`, other: `${reports} reports` });
  },
  get note() {
    return t`Note to the seller (optional)`;
  },
  get noteHint() {
    return t`Added after the reasons, in your words.`;
  },
  get hidden() {
    return t`Listing hidden`;
  },
  get dismissed() {
    return t`Reports dismissed`;
  },
  get failed() {
    return t`Something went wrong. Please try again.`;
  },
  get reported() {
    return t`Reported`;
  },
};
const TEXT = REPORTS_PAGE_TEXT;

/** The reasons of a listing's reports, as the seller will be told them, in the page's language. */
const reasonsSummaryText = (reports: readonly Report[]) =>
  translateMessage(reasonsSummary(reports.map((r) => r.reason)));

/** A listing's open reports, newest first. */
export interface ReportedListing {
  laptopId: string;
  laptopName: string;
  reports: Report[];
}

/**
 * The API answers one item per report; the page shows one card per listing: the most reported
 * first, then the most recently reported.
 */
export function groupByListing(reports: readonly Report[]): ReportedListing[] {
  const groups = new Map<string, ReportedListing>();
  for (const r of reports) {
    const group = groups.get(r.laptop_id) ?? { laptopId: r.laptop_id, laptopName: r.laptop_name, reports: [] };
    group.reports.push(r);
    groups.set(r.laptop_id, group);
  }
  const latest = (g: ReportedListing) => Math.max(...g.reports.map((r) => Date.parse(r.created_at)));
  return [...groups.values()].sort((a, b) => b.reports.length - a.reports.length || latest(b) - latest(a));
}

interface Pending {
  listing: ReportedListing;
  action: ReportAction;
}

/** Open reports grouped by listing, with Hide listing and Dismiss reports, each asked first. */
export function ReportedListings() {
  const list = useOpenReports();
  const act = useActOnReports();
  const [pending, setPending] = useState<Pending | null>(null);
  const [note, setNote] = useState('');
  const noteId = useId();

  if (list.isPending) return <Spinner />;
  if (list.isError) return <LoadError what={TEXT.loadError} />;
  const listings = groupByListing(itemsOf(list.data));
  if (listings.length === 0) {
    return (
      <p className="rounded-box border border-dashed border-base-300 px-4 py-12 text-center text-base-content/70">
        {TEXT.empty}
      </p>
    );
  }

  function ask(listing: ReportedListing, action: ReportAction) {
    setNote('');
    setPending({ listing, action });
  }

  function confirm() {
    if (!pending) return;
    const { listing, action } = pending;
    act.mutate(
      { reportId: listing.reports[0]!._id, laptopId: listing.laptopId, action, note: note.trim() || undefined },
      {
        onSuccess: () => toast.success(action === 'hide' ? TEXT.hidden : TEXT.dismissed),
        // The admin's own action failing: shown with the server's words (409: already dealt with).
        onError: (error) => {
          console.error(`[reports] ${action} failed:`, error);
          toast.error(errorText(error, TEXT.failed));
        },
        onSettled: () => setPending(null),
      },
    );
  }

  return (
    <>
      <ul className="grid gap-4">
        {listings.map((listing) => (
          <li key={listing.laptopId}>
            <ListingReports listing={listing} onAct={(action) => ask(listing, action)} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
      {pending ? (
        <ConfirmDialog
          question={pending.action === 'hide' ? TEXT.hideQuestion : TEXT.dismissQuestion}
          confirmLabel={pending.action === 'hide' ? TEXT.hide : TEXT.dismiss}
          busy={act.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          {pending.action === 'hide' ? (
            <div className="grid gap-3">
              <p>
                {userContentIn(TEXT.hideDetail, pending.listing.laptopName)}{' '}
                <strong>“{reasonsSummaryText(pending.listing.reports)}”</strong>
              </p>
              <div className="grid gap-1">
                <label htmlFor={noteId} className="text-sm font-semibold text-base-content">
                  {TEXT.note}
                </label>
                <textarea
                  id={noteId}
                  rows={3}
                  maxLength={REPORT_TEXT_MAX}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                  disabled={act.isPending}
                  className="textarea w-full"
                />
                <p className="text-sm text-base-content/70">{TEXT.noteHint}</p>
              </div>
            </div>
          ) : (
            // One string, not the name in its own element: the sentence is found by its whole text.
            <p>{TEXT.dismissDetail(pending.listing.laptopName, pending.listing.reports.length)}</p>
          )}
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function ListingReports({ listing, onAct }: { listing: ReportedListing; onAct: (action: ReportAction) => void }) {
  const headingId = useId();
  const count = listing.reports.length;
  return (
    <article aria-labelledby={headingId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="card-title min-w-0 text-lg break-words">
            <Link to={paths.laptop(listing.laptopId, listing.laptopName)} className="link link-hover" translate="no">
              {listing.laptopName}
            </Link>
          </h3>
          <span className="badge badge-error badge-soft shrink-0 font-semibold">{TEXT.reportCount(count)}</span>
        </div>
        <p className="text-sm text-base-content/70">{reasonsSummaryText(listing.reports)}</p>
        <ul className="grid gap-2">
          {listing.reports.map((r) => (
            <li key={r._id} className="rounded-box bg-base-200/60 px-3 py-2">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium">{translateMessage(REPORT_REASON_LABELS[r.reason])}</span>
                <span className="text-sm text-base-content/70">
                  {TEXT.reported} <time dateTime={r.created_at}>{formatPostDate(r.created_at)}</time>
                </span>
              </div>
              {r.details ? (
                <p className="mt-1 break-words whitespace-pre-line" translate="no">
                  {r.details}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-sm btn-outline" onClick={() => onAct('dismiss')}>
            {TEXT.dismiss}
          </button>
          <button type="button" className="btn btn-sm btn-error" onClick={() => onAct('hide')}>
            {TEXT.hide}
          </button>
        </div>
      </div>
    </article>
  );
}
