import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/test-utils';
import { RootErrorBoundary } from './root-error-boundary';
import { routes } from './router';

const Boom = () => {
  throw new Error('kaput');
};

describe('router', () => {
  it('shows the welcome page at /', async () => {
    renderRoutes(routes, '/');
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
    renderRoutes(routes, '/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });

  it('shows the generic error with a retry when a page fails', async () => {
    const failing: RouteObject[] = [
      { errorElement: <RootErrorBoundary />, children: [{ path: '/boom', Component: Boom }] },
    ];
    const original = console.error;
    console.error = () => {};
    try {
      renderRoutes(failing, '/boom');
      expect(
        await screen.findByRole('heading', { name: 'Something went wrong. Please try again later.' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
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
      const { router, unmount } = renderRoutes(routes, path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
      unmount();
    }
  });

  it('serves the public access pages without a session', async () => {
    renderRoutes(routes, '/invalid-link');
    expect(
      await screen.findByRole('heading', { name: 'This link is invalid or has expired' }),
    ).toBeInTheDocument();
  });
});
