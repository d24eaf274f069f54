import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setStored } from '@/lib/storage';
import { fail, type MockReply, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs, withUnverifiedPhone } from '@/testing/users';
import { RequireUser, type RequireUserLevel } from './require-user';

const BUSINESS = '0123456789abcdef01234567';
const HOME = `/b/${BUSINESS}/home`;
const SETTINGS = `/b/${BUSINESS}/settings/bank-account`;

const readyUser = makeUserProfile();

let api: ReturnType<typeof mockApi>;
/** What `GET /user` answers from now on. */
const answerUser = (reply: MockReply | (() => Promise<MockReply>)) => {
  api.handlers['GET /user'] = reply;
};

const calledPaths = () => api.calls.map((call) => call.path);

beforeEach(() => {
  api = mockApi({ 'GET /user': ok(readyUser) });
});

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

const heading = (text: string) => screen.findByRole('heading', { name: text });

describe('RequireUser (spec 000 §4 route guard)', () => {
  it('step 1: sends a visitor without a session to sign-in', async () => {
    const { router } = renderRoutes(routes(), HOME);
    expect(await heading('Sign in at /signin')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('PUSH');
    expect(calledPaths()).not.toContain('/user');
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
    signInAs({ ...readyUser, activeStatus: 'GUEST_ACTIVE', userType: null });
    answerUser(ok({ ...readyUser, activeStatus: 'GUEST_ACTIVE', userType: null }));
    renderRoutes(routes(), SETTINGS);
    expect(await heading(`Bank accounts at ${SETTINGS}`)).toBeInTheDocument();
  });

  it('step 3: sends a guest-active user elsewhere to /unauthorized', async () => {
    const guest = { ...readyUser, activeStatus: 'GUEST_ACTIVE' };
    signInAs(guest);
    answerUser(ok(guest));
    renderRoutes(routes(), HOME);
    expect(await heading('Unauthorized at /unauthorized')).toBeInTheDocument();
  });

  it('step 4: sends an unverified email to /verify, replacing history', async () => {
    const user = { ...readyUser, isEmailVerified: false };
    signInAs(user);
    answerUser(ok(user));
    const { router } = renderRoutes(routes(), HOME);
    expect(await heading('Verify at /verify')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('step 4: requires the primary phone in a phone verification country', async () => {
    const user = withUnverifiedPhone(readyUser);
    signInAs(user);
    answerUser(ok(user));
    renderRoutes(routes(), HOME);
    expect(await heading('Verify at /verify')).toBeInTheDocument();
    expect(calledPaths()).toContain('/client-config');
  });

  it('step 4: treats the phone as verified in other countries', async () => {
    const user = withUnverifiedPhone({ ...readyUser, country: 'CA' });
    signInAs(user);
    answerUser(ok(user));
    renderRoutes(routes(), HOME);
    expect(await heading(`Home at ${HOME}`)).toBeInTheDocument();
  });

  it('step 5: sends a user without account type to /select-account-type', async () => {
    const user = { ...readyUser, userType: null };
    signInAs(user);
    answerUser(ok(user));
    renderRoutes(routes(), HOME);
    expect(await heading('Account type at /select-account-type')).toBeInTheDocument();
  });

  it('step 5 is skipped at the verified level', async () => {
    const user = { ...readyUser, userType: null };
    signInAs(user);
    answerUser(ok(user));
    renderRoutes(routes('verified'), '/accept-invitation');
    expect(await heading('Accept at /accept-invitation')).toBeInTheDocument();
  });

  it('step 6: shows the page to an active, verified user with an account type', async () => {
    signInAs();
    renderRoutes(routes(), HOME);
    expect(await heading(`Home at ${HOME}`)).toBeInTheDocument();
    expect(calledPaths()).not.toContain('/client-config');
  });

  it('shows the loader until the user is known the first time', async () => {
    signInAs(null);
    let answer: (reply: MockReply) => void = () => {};
    answerUser(
      () =>
        new Promise<MockReply>((resolve) => {
          answer = resolve;
        }),
    );
    renderRoutes(routes(), HOME);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your account...');
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    answer(ok(readyUser));
    expect(await heading(`Home at ${HOME}`)).toBeInTheDocument();
  });

  it('decides again when GET /user answers differently from the stored user', async () => {
    signInAs();
    answerUser(ok({ ...readyUser, isEmailVerified: false }));
    renderRoutes(routes(), HOME);
    expect(await heading('Verify at /verify')).toBeInTheDocument();
  });

  it('shows the load error with a retry when the user cannot be loaded', async () => {
    signInAs(null);
    answerUser(fail(503, 'Service unavailable'));
    renderRoutes(routes(), HOME);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading data: Service unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('only requires a session at the session level', async () => {
    signInAs({ ...readyUser, isEmailVerified: false, userType: null });
    renderRoutes(routes('session'), HOME);
    expect(await heading(`Home at ${HOME}`)).toBeInTheDocument();
    expect(calledPaths()).not.toContain('/user');
  });

  it('still sends a visitor without a session to sign-in at the session level', async () => {
    renderRoutes(routes('session'), HOME);
    expect(await heading('Sign in at /signin')).toBeInTheDocument();
  });
});
