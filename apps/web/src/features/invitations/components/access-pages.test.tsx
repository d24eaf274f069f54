import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { getStored } from '@/lib/storage';
import { renderRoutes } from '@/testing/test-utils';
import { signInAs } from '@/testing/users';
import { mockApi, targetRoutes } from '../testing/mock-api';
import { InvalidLinkPage } from './invalid-link-page';
import { NoBusinessPage } from './no-business-page';
import { UnauthorizedPage } from './unauthorized-page';

const renderPage = (path: string, element: ReactNode) =>
  renderRoutes([{ path, element }, ...targetRoutes.filter((r) => r.path !== path)], path);

describe('/invalid-link', () => {
  it('explains the link and points to sign-in', () => {
    renderPage('/invalid-link', <InvalidLinkPage />);
    expect(screen.getByRole('heading', { name: 'This link is invalid or has expired' })).toBeInTheDocument();
    expect(screen.getByText('Ask the person who invited you to send a new invitation.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('/unauthorized', () => {
  it('offers sign-in to a visitor without a session', () => {
    renderPage('/unauthorized', <UnauthorizedPage />);
    expect(screen.getByRole('heading', { name: "You don't have access to this page" })).toBeInTheDocument();
    expect(screen.getByText(/not yet available in your business's country/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('signs a signed-in user out', async () => {
    signInAs();
    const api = mockApi();
    renderPage('/unauthorized', <UnauthorizedPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in at /signin' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PATCH' && c.path === '/auth/logout')).toBe(true);
    expect(getStored('session')).toBeNull();
    expect(getStored('user')).toBeNull();
  });
});

describe('/no-business', () => {
  it('explains, links to adding a business and signs out', async () => {
    signInAs();
    mockApi();
    renderPage('/no-business', <NoBusinessPage />);
    expect(screen.getByRole('heading', { name: "You're not part of a business yet" })).toBeInTheDocument();
    expect(screen.getByText('Signed in as ada@acme.test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a business' })).toHaveAttribute('href', '/onboard/b/add');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in at /signin' })).toBeInTheDocument();
    expect(getStored('session')).toBeNull();
  });
});
