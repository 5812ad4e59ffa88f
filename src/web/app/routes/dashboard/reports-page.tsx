import { t } from '@lingui/core/macro';
import { lazy, Suspense } from 'react';
import { PageHead } from '../../../components/page-head.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ReportedListings } from '../../../features/reports/components/reported-listings.tsx';
import { ReportedReviews } from '../../../features/sellers/components/reported-reviews.tsx';

// The reported conversations come as a chunk of their own: imported here directly, the
// conversations' shared code became one more chunk that the first load's preload table names
// (the first load's JavaScript budget, docs/performance.md#targets).
const ReportedConversations = lazy(() =>
  import('../../../features/conversations/components/reported-conversations.tsx').then((module) => ({
    default: module.ReportedConversationsSection,
  })),
);

// Admin only (docs/product.md#reports); the dashboard's admin guard keeps everyone else out (the
// server refuses them too). Reported listings, then reported conversations.
export function ReportsPage() {
  return (
    <section className="min-w-0">
      <PageHead title={t`Reports — Laptop Haat`} noIndex />
      <h2 className="mb-2 text-2xl font-bold tracking-tight sm:text-3xl">{t`Reports`}</h2>
      <p className="mb-6 text-base-content/70">
        {t`Listings people have reported. Hide a listing to take it down, or dismiss its reports to keep it up.`}
      </p>
      <ReportedListings />
      <Suspense fallback={<Spinner />}>
        <ReportedConversations />
      </Suspense>
      <ReportedReviews />
    </section>
  );
}
