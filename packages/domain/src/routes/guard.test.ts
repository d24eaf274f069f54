import { describe, expect, it } from 'vitest';
import { decideRoute, getPostLoginRedirect, type StoredUser } from './guard.js';

const ready: StoredUser = {
  authorization: 'token',
  activeStatus: 'ACTIVE',
  isEmailVerified: true,
  userType: 'SME_OWNER',
  phones: [{ isPrimary: true, isPhoneNumberVerified: true }],
};
const home = '/b/0123456789abcdef01234567/home';

describe('decideRoute', () => {
  it('shows the page to an active, verified user with a user type', () => {
    expect(decideRoute(ready, home)).toEqual({ kind: 'show' });
  });

  it('sends a user without authorization to sign-in, keeping the path for invited users', () => {
    expect(decideRoute(null, home)).toEqual({ kind: 'redirect', to: '/signin' });
    const invited = { ...ready, authorization: null, isInvitedUser: true };
    expect(decideRoute(invited, home)).toEqual({
      kind: 'redirect',
      to: `/signin?redirectUrl=${encodeURIComponent(home)}`,
    });
    expect(decideRoute(invited, '/')).toEqual({ kind: 'redirect', to: '/signin' });
  });

  it('admits guest-active users to settings and KYB only', () => {
    const guest = { ...ready, activeStatus: 'GUEST_ACTIVE', userType: null, isEmailVerified: false };
    expect(decideRoute(guest, '/b/1/settings/bank-account')).toEqual({ kind: 'show' });
    expect(decideRoute(guest, '/b/1/kyb/details')).toEqual({ kind: 'show' });
    expect(decideRoute(guest, home)).toEqual({ kind: 'redirect', to: '/unauthorized' });
  });

  it('sends non-active users to /unauthorized, even on settings', () => {
    for (const activeStatus of ['PENDING', 'INACTIVE', 'SUSPENDED', 'DELETED']) {
      expect(decideRoute({ ...ready, activeStatus }, '/b/1/settings/users')).toEqual({
        kind: 'redirect',
        to: '/unauthorized',
      });
    }
  });

  it('sends an unverified email or primary phone to /verify, replacing history', () => {
    const expected = { kind: 'redirect', to: '/verify', replace: true };
    expect(decideRoute({ ...ready, isEmailVerified: false }, home)).toEqual(expected);
    expect(
      decideRoute(
        {
          ...ready,
          phones: [
            { isPrimary: false, isPhoneNumberVerified: true },
            { isPrimary: true, isPhoneNumberVerified: false },
          ],
        },
        home,
      ),
    ).toEqual(expected);
  });

  it('sends a user without user type to /select-account-type', () => {
    expect(decideRoute({ ...ready, userType: null }, home)).toEqual({
      kind: 'redirect',
      to: '/select-account-type',
    });
  });

  it('never redirects to the page already shown', () => {
    expect(decideRoute({ ...ready, userType: null }, '/select-account-type')).toEqual({ kind: 'show' });
    expect(decideRoute({ ...ready, isEmailVerified: false }, '/verify')).toEqual({ kind: 'show' });
  });
});

describe('getPostLoginRedirect', () => {
  it('applies email, then phone, then user type', () => {
    expect(getPostLoginRedirect({ ...ready, isEmailVerified: false, userType: null })?.kind).toBe(
      'verify-email',
    );
    expect(
      getPostLoginRedirect({ ...ready, phones: [{ isPrimary: true, isPhoneNumberVerified: false }] }),
    ).toEqual({
      kind: 'verify-phone',
      to: '/verify',
    });
    expect(getPostLoginRedirect({ ...ready, userType: null })).toEqual({
      kind: 'select-account-type',
      to: '/select-account-type',
    });
    expect(getPostLoginRedirect(ready)).toBeNull();
  });

  it('uses the user phone flag when no phones are stored', () => {
    expect(getPostLoginRedirect({ ...ready, phones: null, isPhoneNumberVerified: true })).toBeNull();
    expect(getPostLoginRedirect({ ...ready, phones: [], isPhoneNumberVerified: false })?.kind).toBe(
      'verify-phone',
    );
  });

  it('exempts set-password and reset-password from the account-type step', () => {
    expect(getPostLoginRedirect({ ...ready, userType: null }, '/set-password')).toBeNull();
    expect(getPostLoginRedirect({ ...ready, userType: null }, '/reset-password?token=x')).toBeNull();
  });
});
