import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient, routesReady } from './boot';
import { AppProvider } from './provider';
import { AppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );

// The first render waits for the chunks of this URL's routes (boot asked for them, at once), so
// the first paint is the page itself rather than a loader swapped for it; after 3 s it goes on with the
// loader (a slow link), and a chunk that failed is retried by its route.
const FIRST_RENDER_WAIT_MS = 3_000;
void Promise.race([routesReady, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(
  render,
);
