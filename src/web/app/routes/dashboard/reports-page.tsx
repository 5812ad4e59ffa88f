import { t } from '@lingui/core/macro';
import { PageHead } from '../../../components/page-head.tsx';
import { ReportedConversations } from '../../../features/conversations/components/reported-conversations.tsx';
import { MESSAGE_TEXTS } from '../../../features/conversations/texts.ts';
import { ReportedListings } from '../../../features/reports/components/reported-listings.tsx';

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
      <section aria-labelledby="reported-conversations" className="mt-10">
        <h3 id="reported-conversations" className="mb-2 text-xl font-bold tracking-tight">
          {MESSAGE_TEXTS.reportedConversations}
        </h3>
        <p className="mb-4 text-base-content/70">
          {t`Conversations people have reported. Read one to see what was said, then close its report.`}
        </p>
        <ReportedConversations />
      </section>
    </section>
  );
}
