import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { Spinner } from '../../components/spinner.tsx';
import { AppShell } from './app-shell.tsx';

export function RootLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  // Only a move to another page shows the spinner; a revalidation of this one keeps it on screen.
  const changingPage = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  return (
    <AppShell>
      {changingPage ? <Spinner fullPage /> : <Outlet />}
      <ScrollRestoration />
    </AppShell>
  );
}

// The first visit to a lazy or loader-backed page: keep the navbar and footer, spin in between.
export function RootHydrateFallback() {
  return (
    <AppShell>
      <Spinner fullPage />
    </AppShell>
  );
}
