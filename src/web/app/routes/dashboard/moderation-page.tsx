import { t } from '@lingui/core/macro';
import { PageHead } from '../../../components/page-head.tsx';
import { ModerationQueue } from '../../../features/moderation/components/moderation-queue.tsx';

// Admin only (docs/product.md#moderation); the dashboard's admin guard keeps everyone else out (the
// server refuses them too). The listings the risk checks held, oldest first.
export function ModerationPage() {
  return (
    <section className="min-w-0">
      <PageHead title={t`Moderation — Laptop Haat`} noIndex />
      <h2 className="mb-2 text-2xl font-bold tracking-tight sm:text-3xl">{t`Moderation`}</h2>
      <p className="mb-6 text-base-content/70">
        {t`Listings held by the risk checks: nobody but their seller sees them until you approve them. Reject one with a reason and its seller is told.`}
      </p>
      <ModerationQueue />
    </section>
  );
}
