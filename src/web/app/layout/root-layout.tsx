import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { PageHead } from '../../components/page-head.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useGoogleReturn } from '../../features/auth/hooks/use-google-return.ts';
import { paths } from '../../lib/paths.ts';
import { siteTitle } from '../../lib/site.ts';
import { AppShell } from './app-shell.tsx';

/** Whether `pathname` is `base` or below it. */
export function isWithin(pathname: string | undefined, base: string): boolean {
  return pathname === base || Boolean(pathname?.startsWith(`${base}/`));
}

export function RootLayout() {
  // The provider returns to `/?google=…`: finish that sign-in whichever page it lands on.
  useGoogleReturn();
  const navigation = useNavigation();
  const location = useLocation();
  // Only a move to another page shows the spinner; a revalidation of this one keeps it on screen.
  // Within the dashboard its own layout spins in the page's place and keeps its menu on screen.
  const to = navigation.location?.pathname;
  const changingPage =
    navigation.state === 'loading' &&
    to !== location.pathname &&
    !(isWithin(to, paths.dashboard) && isWithin(location.pathname, paths.dashboard));
  return (
    <AppShell>
      {changingPage ? <Spinner fullPage /> : <Outlet />}
      {/* Keyed by path: every first page load has the same history key ("default"), which made a
          freshly loaded page open at the previous page's scroll position. */}
      <ScrollRestoration getKey={(location) => (location.key === 'default' ? location.pathname : location.key)} />
    </AppShell>
  );
}

// The first visit to a lazy or loader-backed page: keep the navbar and footer, spin in between.
export function RootHydrateFallback() {
  return (
    <AppShell>
      <PageHead title={siteTitle()} />
      <Spinner fullPage />
    </AppShell>
  );
}
