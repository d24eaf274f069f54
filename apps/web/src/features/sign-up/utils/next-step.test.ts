import { describe, expect, it } from 'vitest';
import { setStored } from '@/lib/storage';
import { makeUserProfile } from '@/testing/users';
import { makeNewUser } from '../testing/new-user';
import {
  getPasswordOutcome,
  getPathAfterPasswordSet,
  getPathAfterVerification,
  pickBusinessInvitation,
} from './next-step';

const BUSINESS_ID = '0123456789abcdef01234567';

/** Just set a password: active, verified, no account type yet. */
const invitee = makeUserProfile({ userType: null });
const needsIdentity = { ...invitee, verificationStep: 'ACTION_REQUIRED' };

describe('getPathAfterPasswordSet (spec 000 §4 "Set-password outcome routing")', () => {
  it.each(['CONTROL_PERSON', 'BUSINESS_BENEFICIAL_OWNER', 'PRACTICE', 'AUTO_PAYMENT'])(
    'sends an invited user (%s) whose verification needs action to /verify/identity',
    (invitationType) => {
      expect(getPathAfterPasswordSet(needsIdentity, { invitationType })).toBe('/verify/identity');
    },
  );

  it('leaves an other-user invitation to its own routing even when verification needs action', () => {
    expect(getPathAfterPasswordSet(needsIdentity, { invitationType: 'OTHER_USER' })).toBe(
      '/accept-invitation',
    );
  });

  it('has the business invitation of an uninvited user whose verification needs action fetched, then /verify/identity', () => {
    expect(getPasswordOutcome(needsIdentity, null)).toEqual({
      kind: 'fetch-business-invitation',
      to: '/verify/identity',
    });
  });

  it('sends a guest continuing onboarding to identity verification, even with its guest business', () => {
    const guest = makeUserProfile({ userType: null, activeStatus: 'GUEST_ACTIVE' });
    expect(getPathAfterPasswordSet(guest, null, [{ id: BUSINESS_ID, isMappingPending: false }])).toBe(
      '/verify/identity',
    );
  });

  it('sends a user with a business that is not mapping-pending to its home', () => {
    const businesses = [
      { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', isMappingPending: true },
      { id: BUSINESS_ID, isMappingPending: false },
    ];
    expect(getPathAfterPasswordSet(invitee, { invitationType: 'CONTROL_PERSON' }, businesses)).toBe(
      `/b/${BUSINESS_ID}/home`,
    );
    expect(getPathAfterPasswordSet(needsIdentity, null, businesses)).toBe(`/b/${BUSINESS_ID}/home`);
    // The invited-and-needs-identity branch comes first.
    expect(getPathAfterPasswordSet(needsIdentity, { invitationType: 'CONTROL_PERSON' }, businesses)).toBe(
      '/verify/identity',
    );
    // Only mapping-pending businesses: on to the other branches.
    expect(getPathAfterPasswordSet(invitee, null, [businesses[0] as (typeof businesses)[0]])).toBe(
      '/select-account-type',
    );
  });

  it('picks the newest business-verification invitation among the pending ones', () => {
    const pending = [
      { invitationType: 'OTHER_USER', id: 1 },
      { invitationType: 'BUSINESS_BENEFICIAL_OWNER', id: 2 },
      { invitationType: 'CONTROL_PERSON', id: 3 },
    ];
    expect(pickBusinessInvitation(pending)).toEqual({ invitationType: 'BUSINESS_BENEFICIAL_OWNER', id: 2 });
    expect(pickBusinessInvitation([{ invitationType: 'PRACTICE' }])).toBeNull();
  });

  it.each(['NOT_INITIATED', 'COMPLETED'])(
    'routes an invited user whose verification is %s as before',
    (verificationStep) => {
      const user = { ...invitee, verificationStep };
      expect(getPathAfterPasswordSet(user, { invitationType: 'CONTROL_PERSON' })).toBe('/accept-invitation');
      expect(getPathAfterPasswordSet(user, { invitationType: 'BUSINESS_BENEFICIAL_OWNER' })).toBe(
        '/accept-invitation',
      );
      // Joining a practice team: accepting makes them a member (then /no-business, the server's redirect).
      expect(getPathAfterPasswordSet(user, { invitationType: 'PRACTICE' })).toBe('/accept-invitation');
      // Joining a business: accepting makes the new person a member (then its home).
      expect(getPathAfterPasswordSet(user, { invitationType: 'OTHER_USER' })).toBe('/accept-invitation');
    },
  );

  it('sends a practice member to /no-business and everyone else to /select-account-type', () => {
    expect(getPathAfterPasswordSet({ ...invitee, userType: 'PRACTICE_MEMBER' }, null)).toBe('/no-business');
    expect(getPathAfterPasswordSet(invitee, null)).toBe('/select-account-type');
  });
});

describe('getPathAfterVerification', () => {
  it('asks for a password first', () => {
    expect(getPathAfterVerification(makeNewUser({ isEmailVerified: true }), false)).toBe('/set-password');
  });

  it('then the account type, when none is chosen', () => {
    expect(getPathAfterVerification(invitee, true)).toBe('/select-account-type');
  });

  it('then the active business home, else the start of onboarding', () => {
    const user = makeUserProfile();
    expect(getPathAfterVerification(user, true)).toBe('/onboard/b/add');
    setStored('activeBusiness', { id: BUSINESS_ID, permissions: [] });
    expect(getPathAfterVerification(user, true)).toBe(`/b/${BUSINESS_ID}/home`);
  });
});
