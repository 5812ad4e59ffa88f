import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  createBrowserRouter,
  UNSAFE_createRouter as createRouter,
  type DataRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  RouterProvider,
} from 'react-router';
import { activateLocale, pageLocale, withPageMessages } from '../i18n/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { type AppState, readAppState } from './app-state.ts';
import { lazyWithMessages, resolveLazyRoutes } from './lazy-routes.ts';
import { Providers } from './providers.tsx';
import { createRoutes } from './routes.tsx';

// The browser's entry: hydrates the page the server rendered (docs/rendering.md), starting from
// the server's loader results and query cache, so nothing is fetched twice. The page names it (and
// its route's chunks) in its head: it runs as soon as the page is parsed.

/**
 * Starts the router once the page is hydrated. Loaders the server did not run (pages behind
 * sign-in) would otherwise finish, and redirect, before hydration and change the first render
 * under the server's HTML; React Router's own HydratedRouter waits the same way.
 */
const started = new WeakSet<DataRouter>();

function StartRouter({ router }: { router: DataRouter }) {
  useLayoutEffect(() => {
    // Once: development's StrictMode runs effects twice.
    if (started.has(router)) return;
    started.add(router);
    router.initialize();
  }, [router]);
  return null;
}

/**
 * Clicks again, once the page is hydrated, what a person tapped before the app ran: the page's
 * inline script kept it (src/server/features/pages/early-taps.ts). Without it the tap was lost, most
 * often on a slow phone, where the page shows seconds before its scripts have arrived.
 */
function ReplayEarlyTaps() {
  useEffect(() => {
    const early = (window as { __earlyTaps?: { take: () => Element[] } }).__earlyTaps?.take() ?? [];
    for (const element of early) if (element.isConnected && element instanceof HTMLElement) element.click();
  }, []);
  return null;
}

/**
 * What makes the site an installable app (installable-app.ts: the manifest, the service worker),
 * in a module of its own loaded once the page has loaded and the browser is idle: it never competes
 * with the first load, and weighs nothing in it.
 */
function whenIdleAfterLoad() {
  const idle = () => (window.requestIdleCallback ?? setTimeout)(() => void import('./installable-app.ts'));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

function hydratingRouter(routes: ReturnType<typeof createRoutes>, state: AppState): DataRouter {
  return createRouter({
    history: createBrowserHistory(),
    hydrationData: state.router,
    routes,
    mapRouteProperties,
    hydrationRouteProperties,
  });
}

/**
 * Lets the browser run its other tasks (a tap, a frame) before the next step of starting: each
 * step takes 3–15 ms here and about four times that on a slow phone, so run as one they held the
 * main thread for a long task (docs/performance.md). scheduler.yield() resumes ahead of other
 * queued work where the browser has it.
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('the page has no #root element');
  const state = readAppState(document);
  const queryClient = createQueryClient();
  if (state) hydrate(queryClient, state.queries);
  // The language first: the routes key translated content by it.
  await activateLocale(pageLocale());
  await yieldToBrowser();
  const routes = createRoutes(queryClient);
  lazyWithMessages(routes, withPageMessages);
  await resolveLazyRoutes(routes, window.location.pathname);
  await yieldToBrowser();
  const router = state ? hydratingRouter(routes, state) : createBrowserRouter(routes);
  await yieldToBrowser();
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient} origin={state?.origin ?? window.location.origin}>
        <RouterProvider router={router} />
        {state ? <StartRouter router={router} /> : null}
        <ReplayEarlyTaps />
      </Providers>
    </StrictMode>
  );
  // A page that differs from the server's is a bug: say so loudly (the browser tests listen).
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: the page the server sent stays responsive meanwhile.
  if (state) {
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: (error) => console.error('[hydration]', error) });
    });
  } else createRoot(container).render(app);
  whenIdleAfterLoad();
}

void start();
