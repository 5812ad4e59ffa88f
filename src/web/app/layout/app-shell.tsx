import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { withPageMessages } from '../../i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { sessionQuery, useSignOut } from '../../lib/session.ts';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

// Only signed-in users have Messages and a bell: their code (and the bell's live stream) loads after
// the page, for them.
const AccountIcons = lazy(
  withPageMessages(async () => ({ default: (await import('./account-icons.tsx')).AccountIcons })),
);

export function AppShell({ children }: { children: ReactNode }) {
  const session = useQuery(sessionQuery());
  const signOut = useSignOut();
  const navigate = useNavigate();
  const onLogOut = async () => {
    try {
      await signOut();
    } catch (error) {
      // The token and the cached session are gone either way; the cookie dies with its expiry.
      console.error('[auth] sign-out failed:', error);
    }
    navigate(paths.home);
  };
  const user = session.data ? { displayName: session.data.name } : null;

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="btn btn-primary btn-sm absolute top-2 left-2 z-50 -translate-y-20 focus:translate-y-0">
        {t`Skip to content`}
      </a>
      <Navbar
        user={user}
        pending={session.isPending}
        onLogOut={onLogOut}
        bell={
          user ? (
            <Suspense fallback={null}>
              <AccountIcons />
            </Suspense>
          ) : null
        }
      />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none sm:py-8">
        {children}
      </main>
      <Footer />
    </div>
  );
}
