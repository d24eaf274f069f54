import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, type RouteObject, useLocation, useRoutes } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { RequireUser } from './guards/require-user';
import { RootErrorBoundary, RouteErrorBoundary } from './root-error-boundary';
import { loaded, loadModule, type RouteDef, type RouteModuleLoader, routeTable } from './route-table';
import { NotFound } from './routes/not-found';

export { preloadRoutes } from './route-table';

/**
 * A lazy route's page component, chosen once per route module (a stable type, so a page never remounts):
 * the module's own component when its chunk has already arrived — at boot, main.tsx waits for the chunks
 * of the first URL, so the first paint is the page and not a loader (React also holds back content
 * revealed after a fallback for 300 ms) — else a React.lazy one that suspends until it arrives.
 */
const pages = new Map<RouteModuleLoader, ComponentType>();
const pageOf = (loader: RouteModuleLoader): ComponentType => {
  let Page = pages.get(loader);
  if (!Page) {
    Page =
      loaded.get(loader)?.Component ?? lazy(() => loadModule(loader).then((m) => ({ default: m.Component })));
    pages.set(loader, Page);
  }
  return Page;
};

const RouteModulePage = ({ loader }: { loader: RouteModuleLoader }) => {
  const Page = pageOf(loader);
  return <Page />;
};

/**
 * The route table as `useRoutes` renders it: declarative routing, without the data router (loaders,
 * actions, fetchers — nothing Ferry uses, and about 15 KB of compressed JS on every page). A `lazy`
 * module becomes a React.lazy element (`routes` itself stays a plain route table: `matchRoutes` and the
 * tests' memory routers read it).
 */
const toElements = (list: RouteObject[]): RouteObject[] =>
  list.map((route) => {
    const { lazy: loader, Component, children, ...rest } = route;
    let element = route.element;
    if (typeof loader === 'function') {
      const page = <RouteModulePage loader={loader as RouteModuleLoader} />;
      // A layout (the shell, the bills tabs) waits for its chunk under a boundary of its own, so what is
      // above it (the guard and its user query) shows and fetches meanwhile; pages wait under the
      // layout's boundary or the top one.
      element = children ? <Suspense fallback={<PageLoader fullScreen />}>{page}</Suspense> : page;
    } else if (Component) {
      element = <Component />;
    }
    return { ...rest, element, ...(children ? { children: toElements(children) } : {}) } as RouteObject;
  });

/** React Router's route objects of the table (`matchRoutes` and the tests' memory routers read them). */
const toRouteObjects = (defs: RouteDef[]): RouteObject[] =>
  defs.map(({ guard, notFound, children, ...route }) => ({
    ...route,
    ...(guard ? { element: <RequireUser level={guard} /> } : {}),
    ...(notFound ? { Component: NotFound } : {}),
    ...(children ? { children: toRouteObjects(children) } : {}),
  })) as RouteObject[];

export const routes: RouteObject[] = toRouteObjects(routeTable);

const routeElements = toElements(routes);

/** The app's pages for the current location, under the top-level error boundary. */
export const AppRoutes = () => {
  const location = useLocation();
  const element = useRoutes(routeElements);
  return (
    <RouteErrorBoundary
      resetKey={location.pathname}
      fallback={(error) => <RootErrorBoundary error={error} />}
    >
      <Suspense fallback={<PageLoader fullScreen />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
};

// Without transitions a navigation shows its page at once (or the loader while its chunk comes), never the
// previous page under the new address, where a click or a keystroke would land on the page being left.
export const AppRouter = () => (
  <BrowserRouter useTransitions={false}>
    <AppRoutes />
  </BrowserRouter>
);
