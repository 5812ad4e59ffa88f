import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { createRoutes } from './routes.tsx';

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
