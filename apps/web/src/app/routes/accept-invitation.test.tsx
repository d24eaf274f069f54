import { screen } from '@testing-library/react';
import { type RouteObject, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientConfig } from '@/lib/api-client';
import { resetBotCheck } from '@/lib/bot-check';
import { setStored } from '@/lib/storage';
import { renderRoutes } from '@/testing/test-utils';
import { Component as AcceptInvitationRoute } from './accept-invitation';

const user = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  email: 'ada@acme.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'US',
  activeStatus: 'ACTIVE',
  isPasswordSet: true,
  isEmailVerified: true,
  isPhoneNumberVerified: true,
  userType: null,
  phones: [],
};
const ok = (data: unknown) => new Response(JSON.stringify({ status: true, message: 'OK', data }));
const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (path === '/api/user') return ok(user);
    if (path === '/api/client-config') {
      return ok({
        botCheck: { provider: 'sandbox', siteKey: null, action: 'importantAction' },
        phoneVerificationCountries: ['US'],
      });
    }
    if (path.startsWith('/api/auth/invitation/verify/')) {
      return new Response(JSON.stringify({ message: 'Invalid invitation code', statusCode: 404 }), {
        status: 404,
      });
    }
    return new Response('{}', { status: 404 });
  });
  configureApiClient({ fetch: fetchMock, navigate: vi.fn() });
  resetBotCheck();
});

afterEach(() => resetApiClientConfig());

const Where = ({ name }: { name: string }) => {
  const { pathname, search } = useLocation();
  return <h1>{`${name} at ${pathname}${search}`}</h1>;
};

const routes: RouteObject[] = [
  { path: '/accept-invitation', Component: AcceptInvitationRoute },
  { path: '/signin', element: <Where name="Sign in" /> },
  { path: '/invalid-link', element: <Where name="Invalid link" /> },
  { path: '/select-account-type', element: <Where name="Account type" /> },
];

const storeInvitation = () =>
  setStored('invitedUser', {
    invitationType: 'CONTROL_PERSON',
    invitationData: {
      invitationId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
      sentToUserId: user.id,
      businessName: 'Acme Inc',
    },
  });

describe('/accept-invitation route', () => {
  it('opens a link token without a session (public)', async () => {
    renderRoutes(routes, '/accept-invitation?token=some-link-token');
    expect(await screen.findByRole('heading', { name: 'Invalid link at /invalid-link' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/auth/invitation/verify/some-link-token');
  });

  it('sends a signed-out invitee to sign-in, returning here', async () => {
    storeInvitation();
    renderRoutes(routes, '/accept-invitation');
    expect(
      await screen.findByRole('heading', { name: 'Sign in at /signin?redirectUrl=%2Faccept-invitation' }),
    ).toBeInTheDocument();
  });

  it('shows the invitation to a signed-in invitee who has not chosen an account type yet', async () => {
    storeInvitation();
    setStored('session', { sessionId: 'session-1' });
    setStored('user', { ...user, country: 'US' });
    renderRoutes(routes, '/accept-invitation');
    expect(
      await screen.findByRole('heading', { name: "You're invited to join Acme Inc" }),
    ).toBeInTheDocument();
  });
});
