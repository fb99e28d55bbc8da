import './styles/global.css';
// First, so that an early install offer is kept for the invitation (issue 20).
import './features/pwa/install-offer';

import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { registerAddressMutationDefaults } from './features/address';
import { browserAuth } from './features/auth/session';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient, auth: browserAuth });
// Address changes made offline resume by their mutation key.
void registerAddressMutationDefaults(queryClient);

const app = (
  <StrictMode>
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </JotaiProvider>
  </StrictMode>
);
// The browser first paints (and reports) the HTML the server sent (decision 015); the first render
// is then a transition, done in short slices that leave the main thread free between them.
requestAnimationFrame(() =>
  setTimeout(() => startTransition(() => createRoot(document.getElementById('root')!).render(app))),
);
