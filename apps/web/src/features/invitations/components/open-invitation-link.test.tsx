import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getStored } from '@/lib/storage';
import { fail, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { signInAs } from '@/testing/users';
import { invitee, mockApi, targetRoutes } from '../testing/mock-api';
import { OpenInvitationLink } from './open-invitation-link';

const TOKEN = 'link-token-0123456789abcdef';
const VERIFY = `POST /auth/invitation/verify/${TOKEN}`;
const opened = {
  invitationId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  invitationType: 'OTHER_USER',
  action: 'ACCEPT_OTHER_USER_INVITE',
  invitationData: { email: 'ada@acme.test', businessName: 'Acme Inc', inviteSentByName: 'Grace Hopper' },
  requiresSignIn: true,
  requiresPassword: false,
};

const renderLink = () =>
  renderRoutes(
    [
      { path: '/open', element: <OpenInvitationLink token={TOKEN} /> },
      ...targetRoutes.filter((r) => r.path !== '/open'),
    ],
    '/open',
  );

describe('OpenInvitationLink (/accept-invitation?token=)', () => {
  it('verifies the link with a bot-check token and sends an existing account to sign-in', async () => {
    const api = mockApi({ [VERIFY]: () => ok(opened) });
    renderLink();
    expect(screen.getByRole('status')).toHaveTextContent('Opening your invitation...');
    expect(
      await screen.findByRole('heading', { name: 'Sign in at /signin?redirectUrl=%2Faccept-invitation' }),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === `/auth/invitation/verify/${TOKEN}`)).toEqual([
      {
        method: 'POST',
        path: `/auth/invitation/verify/${TOKEN}`,
        body: { recaptchaToken: 'sandbox-browser-token' },
      },
    ]);
    expect(getStored('invitedUser')).toMatchObject({
      invitationType: 'OTHER_USER',
      invitationData: { invitationId: opened.invitationId, businessName: 'Acme Inc' },
    });
  });

  it('goes straight to the accept screen when the invitee is signed in', async () => {
    signInAs(invitee);
    mockApi({ [VERIFY]: () => ok({ ...opened, requiresSignIn: false }) });
    renderLink();
    expect(
      await screen.findByRole('heading', { name: 'Accept invitation at /accept-invitation' }),
    ).toBeInTheDocument();
  });

  it('goes to /invalid-link for an unknown, used or expired link', async () => {
    mockApi({ [VERIFY]: () => fail(404, 'Invalid invitation code', { errorCode: 'INVALID_INVITATION' }) });
    renderLink();
    expect(await screen.findByRole('heading', { name: 'Invalid link at /invalid-link' })).toBeInTheDocument();
    expect(getStored('invitedUser')).toBeNull();
  });

  it('shows a failure that may pass and tries again on request', async () => {
    let answers = 0;
    mockApi({
      [VERIFY]: () => {
        answers += 1;
        return answers === 1 ? fail(503, 'Service unavailable') : ok(opened);
      },
    });
    renderLink();
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    expect(screen.getByRole('heading', { name: "We couldn't open your invitation" })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'Sign in at /signin?redirectUrl=%2Faccept-invitation' }),
    ).toBeInTheDocument();
    expect(answers).toBe(2);
  });
});
