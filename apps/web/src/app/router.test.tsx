import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { RootErrorBoundary, RouteErrorBoundary } from './root-error-boundary';
import { AppRoutes } from './router';

/** The app's routes as production renders them (declarative `useRoutes`), at `path`. */
const seen = { pathname: '' };
const PathSpy = () => {
  seen.pathname = useLocation().pathname;
  return null;
};
const renderApp = (path: string) => {
  const result = renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <PathSpy />
    </MemoryRouter>,
  );
  return { ...result, pathname: () => seen.pathname };
};

const Boom = () => {
  throw new Error('kaput');
};

describe('router', () => {
  it('shows the welcome page at /', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Receive payments quickly' }),
    ).toBeInTheDocument();
    for (const phrase of ['Achieve zero AR', 'Get paid faster', 'Forget bank hours', 'Save on fees']) {
      expect(screen.getByRole('heading', { name: phrase })).toBeInTheDocument();
    }
    expect(screen.getByText('RTP®')).toBeInTheDocument();
    expect(screen.getByText('FedNow℠')).toBeInTheDocument();
    expect(screen.getByText('SOC 2 Type II')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toBeInTheDocument();
  });

  it('shows the not-found page with a link home for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });

  it('shows the generic error with a retry when a page fails, and renders again on another path', async () => {
    const page = (path: string, child: ReactNode) => (
      <RouteErrorBoundary resetKey={path} fallback={(error) => <RootErrorBoundary error={error} />}>
        {child}
      </RouteErrorBoundary>
    );
    const original = console.error;
    console.error = () => {};
    try {
      const { rerender } = renderWithProviders(page('/boom', <Boom />));
      expect(
        await screen.findByRole('heading', { name: 'Something went wrong. Please try again later.' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      rerender(page('/boom', <h1>Calm page</h1>));
      expect(screen.queryByRole('heading', { name: 'Calm page' })).not.toBeInTheDocument();
      rerender(page('/calm', <h1>Calm page</h1>));
      expect(screen.getByRole('heading', { name: 'Calm page' })).toBeInTheDocument();
    } finally {
      console.error = original;
    }
  });

  it('guards the signed-in pages: without a session they go to sign-in', async () => {
    for (const path of [
      '/onboard/b/add',
      '/onboard/b/skip',
      '/onboard/b/0123456789abcdef01234567/details',
      '/onboard/b/0123456789abcdef01234567/link-bank',
      '/onboard/b/0123456789abcdef01234567/add',
      '/onboard/b/0123456789abcdef01234567/completed',
      '/b/0123456789abcdef01234567/home',
      '/select-account-type',
      '/verify',
      '/no-business',
      '/account/password',
    ]) {
      const { pathname, unmount } = renderApp(path);
      await waitFor(() => expect(pathname()).toBe('/signin'));
      expect(await screen.findByRole('button', { name: 'Continue' })).toBeInTheDocument();
      unmount();
    }
  });

  it('serves the public access pages without a session', async () => {
    renderApp('/invalid-link');
    expect(
      await screen.findByRole('heading', { name: 'This link is invalid or has expired' }),
    ).toBeInTheDocument();
  });
});
