import { QueryClient } from '@tanstack/react-query';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { AppProvider } from '@/app/provider';

export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });

/** Renders `ui` inside the app's providers, with a fresh query cache and no retries. */
export const renderWithProviders = (ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) => {
  const queryClient = createTestQueryClient();
  return {
    queryClient,
    ...render(ui, {
      ...options,
      wrapper: ({ children }) => <AppProvider queryClient={queryClient}>{children}</AppProvider>,
    }),
  };
};

/** Renders route objects in a memory router at `path`, inside the app's providers. */
export const renderRoutes = (routes: RouteObject[], path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
};

/** A stand-in page saying where the router is ('Sign in at /signin?redirectUrl=...'), to assert navigations. */
export const Where = ({ name }: { name: string }) => {
  const { pathname, search } = useLocation();
  return <h1>{`${name} at ${pathname}${search}`}</h1>;
};
