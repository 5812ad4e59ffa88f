import { t } from '@lingui/core/macro';
import { PageHead } from '../../../components/page-head.tsx';
import { UsersTable } from '../../../features/admin/components/users-table.tsx';

// Admin only (docs/product.md#all-buyers-and-all-sellers); the dashboard's admin guard keeps everyone
// else out (the server refuses them too).
export function AllBuyersPage() {
  return (
    <section className="min-w-0">
      <PageHead title={t`All Buyers — Laptop Haat`} noIndex />
      <h2 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{t`All Buyers`}</h2>
      <UsersTable kind="buyer" />
    </section>
  );
}
