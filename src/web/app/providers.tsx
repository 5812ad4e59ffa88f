import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { SiteOrigin } from '../lib/site.ts';
import { onFirstToast } from '../lib/toast.ts';

const AppToaster = lazy(() => import('../lib/toaster.tsx').then((module) => ({ default: module.AppToaster })));

/** The toaster, loaded and mounted with the page's first toast (lib/toast.ts). */
function Toasts() {
  const [raised, setRaised] = useState(false);
  useEffect(() => onFirstToast(() => setRaised(true)), []);
  return raised ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

/** Marks the document once React runs it (`<html data-hydrated>`): the browser tests wait for it. */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

export function Providers({
  queryClient,
  origin,
  children,
}: {
  queryClient: QueryClient;
  /** The public origin (canonical URLs); the server's, so the server and browser render the same. */
  origin: string;
  children: ReactNode;
}) {
  return (
    <SiteOrigin value={origin}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toasts />
        <HydratedMark />
      </QueryClientProvider>
    </SiteOrigin>
  );
}
