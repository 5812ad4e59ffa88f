import { PageTitle } from '../../components/page-title.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { DashboardWelcome } from '../../features/dashboard/components/dashboard-welcome.tsx';
import { useSession } from '../../lib/session.ts';

export function DashboardHomePage() {
  const session = useSession();
  if (session.status !== 'signedIn') return <Spinner />;
  return (
    <>
      <PageTitle>{`${session.user.name} — Dashboard — Laptop Haat`}</PageTitle>
      <DashboardWelcome name={session.user.name} role={session.role} />
    </>
  );
}
