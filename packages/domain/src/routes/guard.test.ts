import { describe, expect, it } from 'vitest';
import {
  decideRoute,
  type GuardDecision,
  type GuardOptions,
  getPostLoginRedirect,
  isPhoneVerificationRequired,
  type StoredUser,
} from './guard.js';

const ready: StoredUser = {
  authorization: 'token',
  activeStatus: 'ACTIVE',
  isEmailVerified: true,
  userType: 'SME_OWNER',
  phones: [{ isPrimary: true, isPhoneNumberVerified: true }],
};
const home = '/b/0123456789abcdef01234567/home';
const settings = '/b/0123456789abcdef01234567/settings/bank-account';
const kyb = '/b/0123456789abcdef01234567/kyb/details?returnUrl=auto-pay';
const unverifiedPhone: StoredUser['phones'] = [
  { isPrimary: false, isPhoneNumberVerified: true },
  { isPrimary: true, isPhoneNumberVerified: false },
];

const show: GuardDecision = { kind: 'show' };
const to = (path: string, replace?: boolean): GuardDecision =>
  replace ? { kind: 'redirect', to: path, replace } : { kind: 'redirect', to: path };
const signinBack = (path: string) => to(`/signin?redirectUrl=${encodeURIComponent(path)}`);

type Row = {
  step: 1 | 2 | 3 | 4 | 5 | 6;
  name: string;
  user: StoredUser | null;
  path: string;
  options?: GuardOptions;
  expected: GuardDecision;
};

/** Spec 000 §4 "Route guard", one block per step, in the spec's order. */
const table: Row[] = [
  // 1. No authorization: sign-in, keeping a non-root path for an invited user.
  { step: 1, name: 'no stored user', user: null, path: home, expected: to('/signin') },
  {
    step: 1,
    name: 'stored user without authorization',
    user: { ...ready, authorization: null },
    path: home,
    expected: to('/signin'),
  },
  {
    step: 1,
    name: 'invited user without authorization on a non-root path keeps it',
    user: { ...ready, authorization: null, isInvitedUser: true },
    path: '/accept-invitation',
    expected: signinBack('/accept-invitation'),
  },
  {
    step: 1,
    name: 'invited user without authorization keeps the query too',
    user: { authorization: null, isInvitedUser: true },
    path: kyb,
    expected: signinBack(kyb),
  },
  {
    step: 1,
    name: 'invited user without authorization on the root path',
    user: { ...ready, authorization: null, isInvitedUser: true },
    path: '/',
    expected: to('/signin'),
  },
  {
    step: 1,
    name: 'comes before every other step (guest-active on settings)',
    user: { ...ready, authorization: '', activeStatus: 'GUEST_ACTIVE' },
    path: settings,
    expected: to('/signin'),
  },

  // 2. /kyb/ and /settings/ admit guest-active and active users, whatever else is pending.
  {
    step: 2,
    name: 'guest-active user on settings',
    user: { ...ready, activeStatus: 'GUEST_ACTIVE', isEmailVerified: false, userType: null },
    path: settings,
    expected: show,
  },
  {
    step: 2,
    name: 'guest-active user on KYB',
    user: { ...ready, activeStatus: 'GUEST_ACTIVE', phones: unverifiedPhone, userType: null },
    path: kyb,
    expected: show,
  },
  {
    step: 2,
    name: 'guest-active user verifying their identity (part of KYB)',
    user: { ...ready, activeStatus: 'GUEST_ACTIVE', userType: null },
    path: '/verify/identity?businessId=0123456789abcdef01234567',
    expected: show,
  },
  {
    step: 2,
    name: 'active user without user type on settings',
    user: { ...ready, userType: null },
    path: settings,
    expected: show,
  },

  // 3. Any other non-active user goes to /unauthorized.
  {
    step: 3,
    name: 'guest-active user outside settings and KYB',
    user: { ...ready, activeStatus: 'GUEST_ACTIVE' },
    path: home,
    expected: to('/unauthorized'),
  },
  ...(['PENDING', 'INACTIVE', 'SUSPENDED', 'DELETED'] as const).map(
    (activeStatus): Row => ({
      step: 3,
      name: `${activeStatus} user, even on settings`,
      user: { ...ready, activeStatus },
      path: settings,
      expected: to('/unauthorized'),
    }),
  ),
  {
    step: 3,
    name: 'comes before verification (pending and unverified)',
    user: { ...ready, activeStatus: 'PENDING', isEmailVerified: false },
    path: home,
    expected: to('/unauthorized'),
  },

  // 4. Unverified email or primary phone: /verify, replacing history.
  {
    step: 4,
    name: 'unverified email',
    user: { ...ready, isEmailVerified: false },
    path: home,
    expected: to('/verify', true),
  },
  {
    step: 4,
    name: 'unverified primary phone (another phone verified)',
    user: { ...ready, phones: unverifiedPhone },
    path: home,
    expected: to('/verify', true),
  },
  {
    step: 4,
    name: 'no phones and the user phone flag unset',
    user: { ...ready, phones: [], isPhoneNumberVerified: false },
    path: home,
    expected: to('/verify', true),
  },
  {
    step: 4,
    name: 'unverified email even where no phone is required',
    user: { ...ready, isEmailVerified: false },
    path: home,
    options: { phoneRequired: false },
    expected: to('/verify', true),
  },
  {
    step: 4,
    name: 'comes before the user type',
    user: { ...ready, isEmailVerified: false, userType: null },
    path: home,
    expected: to('/verify', true),
  },

  // 5. Missing user type: /select-account-type.
  {
    step: 5,
    name: 'no user type',
    user: { ...ready, userType: null },
    path: home,
    expected: to('/select-account-type'),
  },
  {
    step: 5,
    name: 'no user type, unverified phone not required in this country',
    user: { ...ready, userType: null, phones: unverifiedPhone },
    path: '/onboard/b/add',
    options: { phoneRequired: false },
    expected: to('/select-account-type'),
  },

  // 6. Otherwise the page shows.
  { step: 6, name: 'active, verified user with a user type', user: ready, path: home, expected: show },
  {
    step: 6,
    name: 'unverified phone where no phone is required',
    user: { ...ready, phones: unverifiedPhone },
    path: home,
    options: { phoneRequired: false },
    expected: show,
  },
  {
    step: 6,
    name: 'no user type on a page that does not require one',
    user: { ...ready, userType: null },
    path: '/accept-invitation',
    options: { requireUserType: false },
    expected: show,
  },
  {
    step: 6,
    name: 'a redirect to the page already shown (/verify)',
    user: { ...ready, isEmailVerified: false },
    path: '/verify',
    expected: show,
  },
  {
    step: 6,
    name: 'a redirect to the page already shown (/select-account-type)',
    user: { ...ready, userType: null },
    path: '/select-account-type',
    expected: show,
  },
];

describe('decideRoute (spec 000 §4, six steps in order)', () => {
  it('has rows for every step', () => {
    expect(new Set(table.map((row) => row.step))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });

  it.each(table.map((row) => [`step ${row.step}: ${row.name}`, row] as const))('%s', (_name, row) => {
    expect(decideRoute(row.user, row.path, row.options)).toEqual(row.expected);
  });
});

describe('isPhoneVerificationRequired', () => {
  it.each([
    ['US', ['US', 'IN'], true],
    ['in', ['US', 'IN'], true],
    ['CA', ['US', 'IN'], false],
    [null, ['US', 'IN'], true],
    [undefined, ['in'], false],
    ['GB', [], false],
  ] as const)('country %s with %j → %s', (country, countries, expected) => {
    expect(isPhoneVerificationRequired(country, countries)).toBe(expected);
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

  it('skips the phone step where no phone is required', () => {
    const user = { ...ready, phones: unverifiedPhone };
    expect(getPostLoginRedirect(user, '', { phoneRequired: false })).toBeNull();
    expect(getPostLoginRedirect(user, '', { phoneRequired: true })?.kind).toBe('verify-phone');
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
