import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { readAppState } from './app-state.ts';
import { resolveLazyRoutes } from './lazy-routes.ts';
import { Providers } from './providers.tsx';
import { createRoutes } from './routes.tsx';

// The browser's entry: hydrates the page the server rendered (docs/rendering.md), starting from
// the server's loader results and query cache, so nothing is fetched twice.
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('the page has no #root element');
  const state = readAppState(document);
  const queryClient = createQueryClient();
  if (state) hydrate(queryClient, state.queries);
  const routes = createRoutes(queryClient);
  await resolveLazyRoutes(routes, window.location.pathname);
  const router = createBrowserRouter(routes, state ? { hydrationData: state.router } : undefined);
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient} origin={state?.origin ?? window.location.origin}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  // A page that differs from the server's is a bug: say so loudly (the browser tests listen).
  if (state) hydrateRoot(container, app, { onRecoverableError: (error) => console.error('[hydration]', error) });
  else createRoot(container).render(app);
}

void start();
