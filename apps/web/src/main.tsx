import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider, createQueryClient } from './app/provider';
import { AppRouter, preloadRoutes } from './app/router';
import { businessesQueryOptions, businessQueryOptions } from './lib/businesses';
import { currentUserQueryOptions, hasSession } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The signed-in user is asked for now, and the shell's and the page's chunks start loading beside it:
// nothing waits for React to reach the guard.
const queryClient = createQueryClient();
if (hasSession()) {
  void queryClient.prefetchQuery(currentUserQueryOptions());
  // A business page: the shell's switcher and the page need the user's businesses and this one.
  const businessId = /^\/b\/([0-9a-f]{24})(?:\/|$)/.exec(window.location.pathname)?.[1];
  if (businessId) {
    void queryClient.prefetchQuery(businessesQueryOptions());
    void queryClient.prefetchQuery(businessQueryOptions(businessId));
  }
}
preloadRoutes(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
