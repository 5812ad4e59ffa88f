import { t } from '@lingui/core/macro';
import { PageHead } from '../../../components/page-head.tsx';
import { ReportedListings } from '../../../features/reports/components/reported-listings.tsx';
import { ReportedReviews } from '../../../features/sellers/components/reported-reviews.tsx';

// Admin only (docs/product.md#reports); the dashboard's admin guard keeps everyone else out (the
// server refuses them too).
export function ReportsPage() {
  return (
    <section className="min-w-0">
      <PageHead title={t`Reports — Laptop Haat`} noIndex />
      <h2 className="mb-2 text-2xl font-bold tracking-tight sm:text-3xl">{t`Reports`}</h2>
      <p className="mb-6 text-base-content/70">
        {t`Listings people have reported. Hide a listing to take it down, or dismiss its reports to keep it up.`}
      </p>
      <ReportedListings />
      <ReportedReviews />
    </section>
  );
}
