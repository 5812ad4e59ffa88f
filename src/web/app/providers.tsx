import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { SiteOrigin } from '../lib/site.ts';
import { AppToaster } from '../lib/toaster.tsx';

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
        <AppToaster />
        <HydratedMark />
      </QueryClientProvider>
    </SiteOrigin>
  );
}
