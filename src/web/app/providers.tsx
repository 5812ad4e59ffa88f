import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SiteOrigin } from '../lib/site.ts';
import { AppToaster } from '../lib/toaster.tsx';

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
      </QueryClientProvider>
    </SiteOrigin>
  );
}
