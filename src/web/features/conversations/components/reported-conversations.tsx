import { useId } from 'react';
import { Link } from 'react-router';
import type { ReportedConversation } from '../../../../shared/conversations.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { errorText } from '../../../i18n/api-errors.ts';
import { userContentIn } from '../../../i18n/user-content.tsx';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useCloseConversationReport, useReportedConversations } from '../api/use-conversations.ts';
import { MESSAGE_TEXTS as T } from '../texts.ts';

/** The Reports page's section of reported conversations, with its heading and a sentence. */
export function ReportedConversationsSection() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h3 id={headingId} className="mb-2 text-xl font-bold tracking-tight">
        {T.reportedConversations}
      </h3>
      <p className="mb-4 text-base-content/70">{T.reportedIntro}</p>
      <ReportedConversations />
    </section>
  );
}

/**
 * The admin's reported conversations (Reports page), the oldest report first: the listing, the two
 * people, who reported it, when and why; Read opens the thread (read-only for the admin), Close
 * report ends the admin's access.
 */
export function ReportedConversations() {
  const list = useReportedConversations();
  const close = useCloseConversationReport();
  if (list.isPending) return <Spinner />;
  if (list.isError) return <LoadError what={T.reportedWhat} />;
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <p className="rounded-box border border-dashed border-base-300 px-4 py-8 text-center text-base-content/70">
        {T.noReported}
      </p>
    );
  }
  const onClose = (report: ReportedConversation) =>
    close.mutate(report._id, {
      onSuccess: () => toast.success(T.reportClosed),
      onError: (error) => toast.error(errorText(error, T.actionFailed)),
    });
  return (
    <>
      <ul className="grid gap-4">
        {items.map((report) => (
          <li key={report._id}>
            <ReportCard report={report} closing={close.isPending && close.variables === report._id} onClose={onClose} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </>
  );
}

function ReportCard({
  report,
  closing,
  onClose,
}: {
  report: ReportedConversation;
  closing: boolean;
  onClose: (report: ReportedConversation) => void;
}) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-5">
        <h4 id={headingId} className="card-title min-w-0 text-lg break-words">
          {userContentIn(T.conversationBetween, report.buyer.name, report.seller.name)}
        </h4>
        <p className="text-sm text-base-content/70">
          <Link to={paths.laptop(report.laptop_id, report.laptop_name)} className="link link-hover" translate="no">
            {report.laptop_name}
          </Link>
        </p>
        <div className="rounded-box bg-base-200/60 px-3 py-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-medium">{T.reportReasonLabel(report.reason)}</span>
            <span className="text-sm text-base-content/70">
              {userContentIn(T.reportedBy, report.reported_by.name)}{' '}
              <time dateTime={report.reported_at}>{T.sentAt(report.reported_at)}</time>
            </span>
          </div>
          {report.details ? (
            <p className="mt-1 break-words whitespace-pre-line" translate="no">
              {report.details}
            </p>
          ) : null}
        </div>
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-sm btn-outline" disabled={closing} onClick={() => onClose(report)}>
            {T.closeReport}
          </button>
          <Link to={paths.messageThread(report._id)} className="btn btn-sm btn-primary">
            {T.read}
          </Link>
        </div>
      </div>
    </article>
  );
}
