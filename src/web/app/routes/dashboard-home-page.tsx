import { t } from '@lingui/core/macro';
import { PageHead } from '../../components/page-head.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { DashboardWelcome } from '../../features/dashboard/components/dashboard-welcome.tsx';
import { VerificationStatus } from '../../features/seller/components/verification-status.tsx';
import { useSession } from '../../lib/session.ts';

export function DashboardHomePage() {
  const session = useSession();
  if (session.status !== 'signedIn') return <Spinner />;
  return (
    <>
      <PageHead title={t`${session.user.name} — Dashboard — Laptop Haat`} noIndex />
      <DashboardWelcome name={session.user.name} role={session.role} />
      {session.role === 'seller' ? (
        <div className="mt-6">
          <VerificationStatus />
        </div>
      ) : null}
    </>
  );
}
