import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { createRoutes } from '../app/routes.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders the whole app (real routes, loaders, providers) at `path`; the network is whatever fetch is stubbed to. */
export function renderApp(path: string) {
  // The real defaults except retries, whose backoff would only slow the failure tests down.
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={queryClient} origin="http://localhost">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, user, router, queryClient };
}
