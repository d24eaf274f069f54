import { businessesQueryOptions, businessFeaturesQueryOptions, businessQueryOptions } from '@/lib/businesses';
import { clientConfigQueryOptions } from '@/lib/client-config';
import { createQueryClient } from '@/lib/react-query';
import { currentUserQueryOptions, hasSession } from '@/lib/session';
import { preloadRoutes } from './route-table';

/*
 * The first code the app runs (main.tsx imports it before anything else): it needs neither React DOM nor
 * Mantine, so the page's route chunks and the signed-in user's data are asked for before those
 * (the largest part of the first-load script) have even been evaluated.
 */

/** The chunks of this URL's routes, asked for at once; the first render waits for them (app/start.tsx). */
export const routesReady = preloadRoutes(window.location.pathname);

// The signed-in user is asked for now, and the shell's and the page's chunks start loading beside it:
// nothing waits for React to reach the guard.
export const queryClient = createQueryClient();
if (hasSession()) {
  void queryClient.prefetchQuery(currentUserQueryOptions());
  // The header's sandbox badge and demo banner read the deployment's configuration.
  void queryClient.prefetchQuery(clientConfigQueryOptions());
  // A business page: the shell's switcher and the page need the user's businesses and this one.
  const [, businessId, page] =
    /^\/b\/([0-9a-f]{24})(?:\/([^/]*))?(?:\/|$)/.exec(window.location.pathname) ?? [];
  if (businessId) {
    void queryClient.prefetchQuery(businessesQueryOptions());
    void queryClient.prefetchQuery(businessQueryOptions(businessId));
    // The home of a business not yet verified shows the features waiting for verification, its largest
    // text: asked for beside the business rather than after it (one small request wasted on the home of
    // a verified business, against a round trip and a busy main thread before the notice can draw).
    if (page === 'home' || page === undefined || page === '')
      void queryClient.prefetchQuery(businessFeaturesQueryOptions(businessId));
  }
}
