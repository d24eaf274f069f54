import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getStored } from '@/lib/storage';
import { fail, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import type { OpenedInvitation } from '../api/open-invitation';
import { invitee, mockApi, targetRoutes } from '../testing/mock-api';
import { GoPage } from './go-page';

const CODE = 'ABCD2345';
const INVITATION_ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const opened = (overrides: Partial<OpenedInvitation> = {}): OpenedInvitation => ({
  invitationId: INVITATION_ID,
  invitationType: 'CONTROL_PERSON',
  action: 'ACCEPT_CONTROL_PERSON_INVITE',
  code: CODE,
  invitationData: {
    id: INVITATION_ID,
    email: 'ada@acme.test',
    sentToUserId: invitee.id,
    inviteSentByName: 'Grace Hopper',
    businessName: 'Acme Inc',
    businessId: 'cccccccccccccccccccccccc',
  },
  requiresSignIn: false,
  requiresPassword: false,
  ...overrides,
});

const renderGo = (path = `/go?code=${CODE}`) =>
  renderRoutes([{ path: '/go', element: <GoPage /> }, ...targetRoutes], path);

const submitEmail = async (email: string) => {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
};

describe('GoPage (/go?code=)', () => {
  it('opens the invitation of a new invitee: stores it, keeps the session and goes to /verify', async () => {
    const api = mockApi({
      [`POST /auth/invitation/code/${CODE}`]: () =>
        ok(opened({ requiresPassword: true, token: 'new-token', sessionId: 'new-session' })),
      'GET /user': () => ok({ ...invitee, isPasswordSet: false, userType: null }),
    });
    renderGo();
    expect(screen.getByText(CODE)).toBeInTheDocument();
    await submitEmail('ada@acme.test');

    expect(await screen.findByRole('heading', { name: 'Verify at /verify' })).toBeInTheDocument();
    const lookup = api.calls.find((c) => c.path === `/auth/invitation/code/${CODE}`);
    expect(lookup).toMatchObject({
      method: 'POST',
      body: { email: 'ada@acme.test', recaptchaToken: 'sandbox-browser-token' },
    });
    expect(getStored('session')).toEqual({ token: 'new-token', sessionId: 'new-session' });
    expect(getStored('user')?.email).toBe('ada@acme.test');
    expect(getStored('invitedUser')).toMatchObject({
      invitationType: 'CONTROL_PERSON',
      code: CODE,
      invitationData: {
        invitationId: INVITATION_ID,
        businessName: 'Acme Inc',
        inviteSentByName: 'Grace Hopper',
      },
    });
  });

  it('sends an invitee with an account to sign-in, returning to /accept-invitation', async () => {
    mockApi({ [`POST /auth/invitation/code/${CODE}`]: () => ok(opened({ requiresSignIn: true })) });
    renderGo();
    await submitEmail('ada@acme.test');
    expect(
      await screen.findByRole('heading', { name: 'Sign in at /signin?redirectUrl=%2Faccept-invitation' }),
    ).toBeInTheDocument();
    expect(getStored('session')).toBeNull();
    expect(getStored('invitedUser')?.invitationType).toBe('CONTROL_PERSON');
  });

  it("shows 'Invalid invitation code' for an unknown code or another email", async () => {
    mockApi({
      [`POST /auth/invitation/code/${CODE}`]: () =>
        fail(404, 'Invalid invitation code', { errorCode: 'INVALID_INVITATION' }),
    });
    renderGo();
    await submitEmail('someone@else.test');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid invitation code');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(getStored('invitedUser')).toBeNull();
  });

  it('goes to /unauthorized on a forbidden answer', async () => {
    mockApi({ [`POST /auth/invitation/code/${CODE}`]: () => fail(403, 'Forbidden') });
    renderGo();
    await submitEmail('ada@acme.test');
    expect(await screen.findByRole('heading', { name: 'Unauthorized at /unauthorized' })).toBeInTheDocument();
  });

  it('checks the email before calling the server', async () => {
    const api = mockApi();
    renderGo();
    await submitEmail('not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/auth/invitation'))).toBe(false);
  });

  it('explains a link without a code', async () => {
    mockApi();
    renderGo('/go');
    expect(await screen.findByRole('heading', { name: 'Invalid invitation code' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByLabelText(/Email/)).not.toBeInTheDocument();
  });
});
