import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientConfig } from '@/lib/api-client';
import { resetBotCheck } from '@/lib/bot-check';
import type { UserProfile } from '@/lib/session';
import { setStored } from '@/lib/storage';
import { renderRoutes } from '@/testing/test-utils';
import { RequireUser, type RequireUserLevel } from './require-user';

const BUSINESS = '0123456789abcdef01234567';
const HOME = `/b/${BUSINESS}/home`;
const SETTINGS = `/b/${BUSINESS}/settings/bank-account`;

const readyUser: UserProfile = {
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  email: 'ada@acme.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  country: 'US',
  activeStatus: 'ACTIVE',
  isPasswordSet: true,
  isEmailVerified: true,
  isPhoneNumberVerified: true,
  userType: 'SME_OWNER',
  phones: [
    {
      countryCode: '1',
      phoneNumber: '4155550123',
      countryISOCode: 'US',
      isPrimary: true,
      isPhoneNumberVerified: true,
    },
  ],
};
const unverifiedPhone = (user: UserProfile): UserProfile => ({
  ...user,
  isPhoneNumberVerified: false,
  phones: user.phones.map((p) => ({ ...p, isPhoneNumberVerified: false })),
});

type Handler = () => Response | Promise<Response>;
const ok = (data: unknown) => new Response(JSON.stringify({ status: true, message: 'OK', data }));
const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
let handlers: Record<string, Handler> = {};

const calledPaths = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname);

beforeEach(() => {
  handlers = {
    '/api/user': () => ok(readyUser),
    '/api/client-config': () =>
      ok({
        botCheck: { provider: 'sandbox', siteKey: null, action: 'importantAction' },
        phoneVerificationCountries: ['US', 'IN'],
      }),
  };
  fetchMock.mockImplementation(async (input) => {
    const handler = handlers[new URL(String(input), 'http://x').pathname];
    return handler ? handler() : new Response('{}', { status: 404 });
  });
  configureApiClient({ fetch: fetchMock, navigate: vi.fn() });
  resetBotCheck();
});

afterEach(() => {
  resetApiClientConfig();
  fetchMock.mockReset();
});

const Where = ({ name }: { name: string }) => {
  const location = useLocation();
  return (
    <h1>
      {name} at {location.pathname}
      {location.search}
    </h1>
  );
};

const routes = (level?: RequireUserLevel): RouteObject[] => [
  {
    element: <RequireUser {...(level ? { level } : {})} />,
    children: [
      { path: '/b/:businessId/home', element: <Where name="Home" /> },
      { path: '/b/:businessId/settings/bank-account', element: <Where name="Bank accounts" /> },
      { path: '/accept-invitation', element: <Where name="Accept" /> },
    ],
  },
  { path: '/signin', element: <Where name="Sign in" /> },
  { path: '/verify', element: <Where name="Verify" /> },
  { path: '/unauthorized', element: <Where name="Unauthorized" /> },
  { path: '/select-account-type', element: <Where name="Account type" /> },
];

const signIn = (user: UserProfile | null = readyUser) => {
  setStored('session', { token: 'token', sessionId: 'session-1' });
  if (user) setStored('user', { ...user, country: user.country ?? undefined });
};

const heading = (text: string) => screen.findByRole('heading', { name: text });

describe('RequireUser (spec 000 §4 route guard)', () => {
  it('step 1: sends a visitor without a session to sign-in', async () => {
    const { router } = renderRoutes(routes(), HOME);
    expect(await heading('Sign in at /signin')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('PUSH');
    expect(calledPaths()).not.toContain('/api/user');
  });

  it('step 1: keeps the page as redirectUrl while an invited user is handled', async () => {
    setStored('invitedUser', { invitationType: 'CONTROL_PERSON', code: 'ABCDEFGH' });
    renderRoutes(routes(), '/accept-invitation');
    expect(await heading('Sign in at /signin?redirectUrl=%2Faccept-invitation')).toBeInTheDocument();
  });

  it('step 1: a stored user without a session still goes to sign-in', async () => {
    setStored('user', { ...readyUser, country: 'US' });
    renderRoutes(routes(), HOME);
    expect(await heading('Sign in at /signin')).toBeInTheDocument();
  });

  it('step 2: admits a guest-active user to settings', async () => {
    signIn({ ...readyUser, activeStatus: 'GUEST_ACTIVE', userType: null });
    handlers['/api/user'] = () => ok({ ...readyUser, activeStatus: 'GUEST_ACTIVE', userType: null });
    renderRoutes(routes(), SETTINGS);
    expect(await heading(`Bank accounts at ${SETTINGS}`)).toBeInTheDocument();
  });

  it('step 3: sends a guest-active user elsewhere to /unauthorized', async () => {
    const guest = { ...readyUser, activeStatus: 'GUEST_ACTIVE' };
    signIn(guest);
    handlers['/api/user'] = () => ok(guest);
    renderRoutes(routes(), HOME);
    expect(await heading('Unauthorized at /unauthorized')).toBeInTheDocument();
  });

  it('step 4: sends an unverified email to /verify, replacing history', async () => {
    const user = { ...readyUser, isEmailVerified: false };
    signIn(user);
    handlers['/api/user'] = () => ok(user);
    const { router } = renderRoutes(routes(), HOME);
    expect(await heading('Verify at /verify')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('step 4: requires the primary phone in a phone verification country', async () => {
    const user = unverifiedPhone(readyUser);
    signIn(user);
    handlers['/api/user'] = () => ok(user);
    renderRoutes(routes(), HOME);
    expect(await heading('Verify at /verify')).toBeInTheDocument();
    expect(calledPaths()).toContain('/api/client-config');
  });

  it('step 4: treats the phone as verified in other countries', async () => {
    const user = unverifiedPhone({ ...readyUser, country: 'CA' });
    signIn(user);
    handlers['/api/user'] = () => ok(user);
    renderRoutes(routes(), HOME);
    expect(await heading(`Home at ${HOME}`)).toBeInTheDocument();
  });

  it('step 5: sends a user without account type to /select-account-type', async () => {
    const user = { ...readyUser, userType: null };
    signIn(user);
    handlers['/api/user'] = () => ok(user);
    renderRoutes(routes(), HOME);
    expect(await heading('Account type at /select-account-type')).toBeInTheDocument();
  });

  it('step 5 is skipped at the verified level', async () => {
    const user = { ...readyUser, userType: null };
    signIn(user);
    handlers['/api/user'] = () => ok(user);
    renderRoutes(routes('verified'), '/accept-invitation');
    expect(await heading('Accept at /accept-invitation')).toBeInTheDocument();
  });

  it('step 6: shows the page to an active, verified user with an account type', async () => {
    signIn();
    renderRoutes(routes(), HOME);
    expect(await heading(`Home at ${HOME}`)).toBeInTheDocument();
    expect(calledPaths()).not.toContain('/api/client-config');
  });

  it('shows the loader until the user is known the first time', async () => {
    signIn(null);
    let answer: (response: Response) => void = () => {};
    handlers['/api/user'] = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      });
    renderRoutes(routes(), HOME);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your account...');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    answer(ok(readyUser));
    expect(await heading(`Home at ${HOME}`)).toBeInTheDocument();
  });

  it('decides again when GET /user answers differently from the stored user', async () => {
    signIn();
    handlers['/api/user'] = () => ok({ ...readyUser, isEmailVerified: false });
    renderRoutes(routes(), HOME);
    expect(await heading('Verify at /verify')).toBeInTheDocument();
  });

  it('shows the load error with a retry when the user cannot be loaded', async () => {
    signIn(null);
    handlers['/api/user'] = () =>
      new Response(JSON.stringify({ message: 'Service unavailable', statusCode: 503 }), { status: 503 });
    renderRoutes(routes(), HOME);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading data: Service unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('only requires a session at the session level', async () => {
    signIn({ ...readyUser, isEmailVerified: false, userType: null });
    renderRoutes(routes('session'), HOME);
    expect(await heading(`Home at ${HOME}`)).toBeInTheDocument();
    expect(calledPaths()).not.toContain('/api/user');
  });

  it('still sends a visitor without a session to sign-in at the session level', async () => {
    renderRoutes(routes('session'), HOME);
    expect(await heading('Sign in at /signin')).toBeInTheDocument();
  });
});
