import { isBusinessFullyVerified } from '@ferry/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider, createQueryClient } from './app/provider';
import { AppRouter, preloadRoutes } from './app/router';
import { businessesQueryOptions, businessFeaturesQueryOptions, businessQueryOptions } from './lib/businesses';
import { clientConfigQueryOptions } from './lib/client-config';
import { currentUserQueryOptions, hasSession } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The signed-in user is asked for now, and the shell's and the page's chunks start loading beside it:
// nothing waits for React to reach the guard.
const queryClient = createQueryClient();
if (hasSession()) {
  void queryClient.prefetchQuery(currentUserQueryOptions());
  // The header's sandbox badge and demo banner read the deployment's configuration.
  void queryClient.prefetchQuery(clientConfigQueryOptions());
  // A business page: the shell's switcher and the page need the user's businesses and this one.
  const [, businessId, page] =
    /^\/b\/([0-9a-f]{24})(?:\/([^/]*))?(?:\/|$)/.exec(window.location.pathname) ?? [];
  if (businessId) {
    void queryClient.prefetchQuery(businessesQueryOptions());
    const business = queryClient.fetchQuery(businessQueryOptions(businessId));
    // The home of a business not yet verified shows the features waiting for it (its largest text).
    if (page === 'home' || page === undefined || page === '')
      business
        .then(({ status }) => {
          if (!isBusinessFullyVerified(status))
            void queryClient.prefetchQuery(businessFeaturesQueryOptions(businessId));
        })
        .catch(() => {});
  }
}
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );

// The first render waits for the chunks of this URL's routes (they were asked for above, at once), so
// the first paint is the page itself rather than a loader swapped for it; after 3 s it goes on with the
// loader (a slow link), and a chunk that failed is retried by its route.
const FIRST_RENDER_WAIT_MS = 3_000;
void Promise.race([
  preloadRoutes(window.location.pathname),
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]).then(render);
