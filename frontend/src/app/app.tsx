import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { SessionProvider } from '@frontend/lib/session/session-provider';
import { AppRoutes } from './app-routes';
import { ErrorBoundary } from './errors/error-boundary';
import { GeneralErrorPage } from './errors/general-error';
import { createQueryClient } from './query-client';

/**
 * Providers around the routes. The declarative router is used on purpose: the data router would add
 * about 17 KB gzipped to the sign-in page, and the portal loads its data through TanStack Query anyway.
 */
export function App() {
  // One client per mounted app, not per module, so a test can mount a fresh app.
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary fallback={<GeneralErrorPage />}>
      <QueryClientProvider client={queryClient}>
        {/* Without transitions a navigation lands in the same render as the session change that caused it,
            so ending the session on a protected screen goes straight to its destination. */}
        <BrowserRouter useTransitions={false}>
          <SessionProvider>
            <AppRoutes />
          </SessionProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
