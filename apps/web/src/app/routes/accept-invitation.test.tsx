import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setStored } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mock-api';
import { renderRoutes, Where } from '@/testing/test-utils';
import { makeUserProfile, signInAs } from '@/testing/users';
import { Component as AcceptInvitationRoute } from './accept-invitation';

/** Invited, verified, and not past choosing an account type yet. */
const user = makeUserProfile({ userType: null });
const LINK_TOKEN = 'some-link-token';

let api: ReturnType<typeof mockApi>;

beforeEach(() => {
  api = mockApi({
    'GET /user': ok(user),
    [`POST /auth/invitation/verify/${LINK_TOKEN}`]: fail(404, 'Invalid invitation code'),
  });
});

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
    renderRoutes(routes, `/accept-invitation?token=${LINK_TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Invalid link at /invalid-link' })).toBeInTheDocument();
    expect(api.calls.at(-1)?.path).toBe(`/auth/invitation/verify/${LINK_TOKEN}`);
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
    signInAs(user);
    renderRoutes(routes, '/accept-invitation');
    expect(
      await screen.findByRole('heading', { name: "You're invited to join Acme Inc" }),
    ).toBeInTheDocument();
  });
});
