import { useMemo } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { AppLayout } from './layout/app-layout';
import { RootErrorBoundary } from './root-error-boundary';
import { NotFound } from './routes/not-found';

/**
 * Every registered route. Pages are lazy route modules exporting `Component`. Routes inside the shell
 * (dev outbox now; `/b/:businessId/...` as their issues land) are children of the `AppLayout` route.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RootErrorBoundary />,
    hydrateFallbackElement: <PageLoader fullScreen />,
    children: [
      { path: paths.landing.path, lazy: () => import('./routes/landing') },
      {
        element: <AppLayout />,
        children: [{ path: paths.dev.outbox.path, lazy: () => import('./routes/dev/outbox') }],
      },
      { path: paths.notFound.path, Component: NotFound },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

export const AppRouter = () => {
  const router = useMemo(createAppRouter, []);
  return <RouterProvider router={router} />;
};
