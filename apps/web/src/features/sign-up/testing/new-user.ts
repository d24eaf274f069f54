import type { UserProfile } from '@/lib/session';
import { makeUserProfile, withUnverifiedPhone } from '@/testing/users';

/** A user who has just signed up: pending, nothing verified, no password and no account type yet. */
export const makeNewUser = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  ...withUnverifiedPhone(makeUserProfile()),
  activeStatus: 'PENDING',
  isPasswordSet: false,
  isEmailVerified: false,
  userType: null,
  ...overrides,
});
