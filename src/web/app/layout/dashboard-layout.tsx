import { t } from '@lingui/core/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { FaListUl } from 'react-icons/fa';
import { Outlet, useLocation, useNavigation } from 'react-router';
import type { Role } from '../../../shared/catalog.ts';
import { Spinner } from '../../components/spinner.tsx';
import { DashboardMenu } from '../../features/dashboard/components/dashboard-menu.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useFocusTrap } from '../../lib/use-focus-trap.ts';
import { isWithin } from './root-layout.tsx';

const DRAWER_REVEAL_MS = 150;

/** 'Seller dashboard': over the user's name. */
function dashboardOf(role: Role): string {
  switch (role) {
    case 'buyer':
      return t`Buyer dashboard`;
    case 'seller':
      return t`Seller dashboard`;
    case 'admin':
      return t`Admin dashboard`;
  }
}

/**
 * The dashboard shell (docs/product.md#dashboard): titled with the user's display name, a side
 * drawer with the menu of the role (always open from `lg` up, a toggled overlay below) and the page
 * in the main column.
 */
export function DashboardLayout() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const navigation = useNavigation();
  // Moving between dashboard pages: the shell stays, the page area spins (see RootLayout).
  const to = navigation.location?.pathname;
  const changingPage = navigation.state === 'loading' && to !== location.pathname && isWithin(to, paths.dashboard);

  // A link in the overlay navigates: close it so the new page is not hidden behind it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setOpen(false), [location.key]);

  // Keyboard users land in the menu they opened, Tab stays in it, and Escape (or a link) closes it
  // and gives the focus back to its button.
  useFocusTrap(open, menuRef, toggleRef, () => setOpen(false), DRAWER_REVEAL_MS);

  // The guards loaded the session before this renders; after a logout it is briefly gone.
  if (session.status !== 'signedIn') return <Spinner fullPage />;
  const { user, role } = session;

  return (
    <div className="drawer lg:drawer-open lg:gap-8">
      <input
        id={drawerId}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content flex min-w-0 flex-col gap-6">
        <header className="flex items-center gap-3 border-b border-base-300 pb-4">
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-primary uppercase tracking-wider">{dashboardOf(role)}</p>
            <h1 className="truncate text-2xl font-bold sm:text-3xl" translate="no">
              {user.name}
            </h1>
          </div>
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-outline btn-primary btn-sm lg:hidden"
            aria-label={t`Dashboard menu`}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen(true)}
          >
            <FaListUl aria-hidden="true" />
            {t`Menu`}
          </button>
        </header>
        {changingPage ? <Spinner /> : <Outlet />}
      </div>
      <div className="drawer-side z-40 lg:z-auto lg:h-auto lg:overflow-visible">
        <button
          type="button"
          className="drawer-overlay lg:hidden"
          aria-label={t`Close dashboard menu`}
          tabIndex={-1}
          onClick={() => setOpen(false)}
        />
        <nav
          ref={menuRef}
          id={menuId}
          aria-label={t`Dashboard`}
          className="min-h-full w-64 border-base-300 bg-base-100 p-4 max-lg:shadow-xl lg:min-h-0 lg:rounded-box lg:border lg:p-3"
        >
          <p className="mb-2 px-3 text-sm font-semibold text-base-content/70 lg:hidden" translate="no">
            {user.name}
          </p>
          <DashboardMenu role={role} />
        </nav>
      </div>
    </div>
  );
}
