import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getStored, setStored } from '@/lib/storage';
import { fail, ok } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { signInAs } from '@/testing/users';
import { invitee, mockApi, targetRoutes } from '../testing/mock-api';
import { AcceptInvitationCard } from './accept-invitation-card';

const INVITATION_ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const BUSINESS_ID = 'cccccccccccccccccccccccc';
const ACCEPT = `POST /auth/invitation/${INVITATION_ID}/accept`;

const storeInvitation = (data: Record<string, unknown> = {}) =>
  setStored('invitedUser', {
    invitationType: 'OTHER_USER',
    code: 'ABCD2345',
    invitationData: {
      invitationId: INVITATION_ID,
      email: 'ada@acme.test',
      sentToUserId: invitee.id,
      inviteSentByName: 'Grace Hopper',
      businessName: 'Acme Inc',
      businessId: BUSINESS_ID,
      ...data,
    },
  });

const renderCard = () =>
  renderRoutes(
    [
      { path: '/accept-invitation', element: <AcceptInvitationCard /> },
      ...targetRoutes.filter((r) => r.path !== '/accept-invitation'),
    ],
    '/accept-invitation',
  );

describe('AcceptInvitationCard (signed-in /accept-invitation)', () => {
  it('shows the invitation and accepts it, landing on the business home', async () => {
    signInAs();
    storeInvitation();
    const api = mockApi({ [ACCEPT]: () => ok({ invitationType: 'OTHER_USER', businessId: BUSINESS_ID }) });
    renderCard();

    expect(screen.getByRole('heading', { name: "You're invited to join Acme Inc" })).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText(/Invited by/)).toBeInTheDocument();
    expect(screen.getByText('Business user')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByRole('heading', { name: `Business home at /b/${BUSINESS_ID}/home` }),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === `/auth/invitation/${INVITATION_ID}/accept`)).toHaveLength(1);
    expect(getStored('invitedUser')).toBeNull();
    expect(getStored('activeBusiness')).toEqual({ id: BUSINESS_ID, permissions: [] });
  });

  it("follows the server's redirect, but only to a path on this site", async () => {
    signInAs();
    storeInvitation({ invitationType: 'PRACTICE' });
    mockApi({ [ACCEPT]: () => ok({ invitationType: 'PRACTICE', redirectTo: '/no-business' }) });
    renderCard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { name: 'No business at /no-business' })).toBeInTheDocument();
  });

  it('ignores a redirect to another origin and starts onboarding without a business', async () => {
    signInAs();
    storeInvitation();
    mockApi({ [ACCEPT]: () => ok({ invitationType: 'OTHER_USER', redirectTo: '//evil.example/x' }) });
    renderCard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByRole('heading', { name: 'Add business at /onboard/b/add' }),
    ).toBeInTheDocument();
  });

  it('declines: forgets the invitation and goes home', async () => {
    signInAs();
    storeInvitation();
    const api = mockApi();
    renderCard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Decline' }));
    expect(
      await screen.findByRole('heading', { name: 'Add business at /onboard/b/add' }),
    ).toBeInTheDocument();
    expect(getStored('invitedUser')).toBeNull();
    expect(api.calls.some((c) => c.path.endsWith('/accept'))).toBe(false);
  });

  it('sends an invitation used or expired meanwhile to /invalid-link', async () => {
    signInAs();
    storeInvitation();
    mockApi({ [ACCEPT]: () => fail(404, 'Invalid invitation code', { errorCode: 'INVALID_INVITATION' }) });
    renderCard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { name: 'Invalid link at /invalid-link' })).toBeInTheDocument();
    expect(getStored('invitedUser')).toBeNull();
  });

  it('shows other failures and lets the user try again', async () => {
    signInAs();
    storeInvitation();
    mockApi({ [ACCEPT]: () => fail(500, 'Something went wrong. Please try again later.') });
    renderCard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(getStored('invitedUser')).not.toBeNull();
  });

  it('tells a user signed in as someone else, and signs out keeping the invitation', async () => {
    signInAs({ ...invitee, id: 'dddddddddddddddddddddddd', email: 'bob@other.test' });
    storeInvitation();
    mockApi({
      'GET /user': () => ok({ ...invitee, id: 'dddddddddddddddddddddddd', email: 'bob@other.test' }),
    });
    renderCard();
    expect(
      screen.getByRole('heading', { name: 'This invitation is for another account' }),
    ).toBeInTheDocument();
    expect(screen.getByText('bob@other.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(
      await screen.findByRole('heading', { name: 'Sign in at /signin?redirectUrl=%2Faccept-invitation' }),
    ).toBeInTheDocument();
    expect(getStored('session')).toBeNull();
    expect(getStored('invitedUser')?.invitationType).toBe('OTHER_USER');
  });

  it('says so when there is no invitation to accept', async () => {
    signInAs();
    mockApi();
    renderCard();
    expect(screen.getByRole('heading', { name: 'No invitation to accept' })).toBeInTheDocument();
  });
});
