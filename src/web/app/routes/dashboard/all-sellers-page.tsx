import { t } from '@lingui/core/macro';
import { PageHead } from '../../../components/page-head.tsx';
import { UsersTable } from '../../../features/admin/components/users-table.tsx';

// Admin only (docs/product.md#all-buyers-and-all-sellers); the dashboard's admin guard keeps everyone
// else out (the server refuses them too).
export function AllSellersPage() {
  return (
    <section className="min-w-0">
      <PageHead title={t`All Sellers — Laptop Haat`} noIndex />
      <h2 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{t`All Sellers`}</h2>
      <UsersTable kind="seller" />
    </section>
  );
}
