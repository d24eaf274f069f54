import type { UserProfile } from '@/lib/session';
import { setStored } from '@/lib/storage';

/** A signed-up, verified, active business owner (`GET /user`); override what a test is about. */
export const makeUserProfile = (overrides: Partial<UserProfile> = {}): UserProfile => ({
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
  linkBillPopupDismiss: false,
  verificationStep: 'NOT_INITIATED',
  secondaryEmails: [],
  phones: [
    {
      countryCode: '1',
      phoneNumber: '2015550123',
      countryISOCode: 'us',
      isPrimary: true,
      isPhoneNumberVerified: true,
    },
  ],
  ...overrides,
});

/** The same user with no phone verified. */
export const withUnverifiedPhone = (user: UserProfile): UserProfile => ({
  ...user,
  isPhoneNumberVerified: false,
  phones: user.phones.map((phone) => ({ ...phone, isPhoneNumberVerified: false })),
});

/** Stores a session, and the user when given, as signing in does. */
export const signInAs = (user: UserProfile | null = makeUserProfile()): void => {
  setStored('session', { token: 'token', sessionId: 'session-1' });
  if (user) setStored('user', { ...user, country: user.country ?? undefined });
};
