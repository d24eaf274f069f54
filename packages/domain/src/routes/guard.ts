import type { UserActiveStatus } from '../catalogues/access.js';
import { paths } from './paths.js';

export interface StoredPhone {
  isPrimary?: boolean | null;
  isPhoneNumberVerified?: boolean | null;
}

/** The parts of the stored user session the guard and redirects read. */
export interface StoredUser {
  authorization?: string | null;
  /** Set while an invited user's flow is being handled. */
  isInvitedUser?: boolean | null;
  activeStatus?: UserActiveStatus | string | null;
  isEmailVerified?: boolean | null;
  isPhoneNumberVerified?: boolean | null;
  userType?: string | null;
  phones?: readonly StoredPhone[] | null;
}

export type GuardDecision = { kind: 'show' } | { kind: 'redirect'; to: string; replace?: boolean };

export interface GuardOptions {
  /**
   * Whether this user must have a verified primary phone (spec 000 §4: only for the deployment's phone
   * verification countries, see `isPhoneVerificationRequired`). Default true. When false the primary phone
   * counts as verified.
   */
  phoneRequired?: boolean;
  /**
   * Whether step 5 (a missing user type goes to /select-account-type) applies. Default true. Pages an
   * invited user reaches before choosing an account type (accept invitation, no business) turn it off.
   */
  requireUserType?: boolean;
}

/**
 * Whether a user of `country` must verify a phone (spec 000 §4 "Verification flow"): the country, or US
 * when none is known, is one of the deployment's phone verification countries. Same rule as the server.
 */
export const isPhoneVerificationRequired = (
  country: string | null | undefined,
  phoneVerificationCountries: readonly string[],
): boolean => {
  const code = (country || 'US').toUpperCase();
  return phoneVerificationCountries.some((c) => c.toUpperCase() === code);
};

/** Whether the primary phone (or, without phones, the user's phone flag) is verified. */
export const isPrimaryPhoneVerified = (user: StoredUser): boolean => {
  const primary = user.phones?.find((p) => p.isPrimary) ?? user.phones?.[0];
  return Boolean(primary ? primary.isPhoneNumberVerified : user.isPhoneNumberVerified);
};

const isRoot = (path: string): boolean => path === '' || path === '/';

const redirect = (path: string, to: string, replace?: boolean): GuardDecision => {
  const current = path.split('?')[0];
  if (current === to.split('?')[0]) return { kind: 'show' };
  return replace ? { kind: 'redirect', to, replace } : { kind: 'redirect', to };
};

/**
 * The route guard of protected pages (spec 000 §4), in order:
 * 1. no stored user, or a stored user without authorization, goes to sign-in; an invited user on a
 *    non-root path gets that path as redirectUrl;
 * 2. paths containing /kyb/ or /settings/, and identity verification (part of KYB), admit guest-active
 *    and active users;
 * 3. any other user whose status is not ACTIVE goes to /unauthorized;
 * 4. an unverified email or unverified primary phone goes to /verify, replacing history (the phone only
 *    when `options.phoneRequired`, default true);
 * 5. a missing user type goes to /select-account-type (unless `options.requireUserType` is false);
 * 6. otherwise the page shows.
 * A redirect to the current path is turned into 'show' so the guard never loops.
 */
export const decideRoute = (
  user: StoredUser | null | undefined,
  path: string,
  options: GuardOptions = {},
): GuardDecision => {
  const { phoneRequired = true, requireUserType = true } = options;
  if (!user?.authorization) {
    const keep = user?.isInvitedUser && !isRoot(path);
    return redirect(path, paths.signin(keep ? path : undefined));
  }
  const status = user.activeStatus;
  if (
    (path.includes('/kyb/') || path.includes('/settings/') || path.startsWith(paths.verifyIdentity())) &&
    (status === 'ACTIVE' || status === 'GUEST_ACTIVE')
  ) {
    return { kind: 'show' };
  }
  if (status !== 'ACTIVE') return redirect(path, paths.unauthorized());
  if (!user.isEmailVerified || (phoneRequired && !isPrimaryPhoneVerified(user))) {
    return redirect(path, paths.verify(), true);
  }
  if (requireUserType && !user.userType) return redirect(path, paths.selectAccountType());
  return { kind: 'show' };
};

export type PostLoginRedirect =
  | { kind: 'verify-email'; to: string }
  | { kind: 'verify-phone'; to: string }
  | { kind: 'select-account-type'; to: string };

/**
 * Where a freshly signed-in user must go first (spec 000 §4 'Post-login redirect'), or null when
 * nothing is pending. Set-password and reset-password paths are exempt from the account-type step. The
 * phone step applies only when `options.phoneRequired` (default true).
 */
export const getPostLoginRedirect = (
  user: StoredUser,
  currentPath = '',
  options: Pick<GuardOptions, 'phoneRequired'> = {},
): PostLoginRedirect | null => {
  const { phoneRequired = true } = options;
  if (!user.isEmailVerified) return { kind: 'verify-email', to: paths.verify() };
  if (phoneRequired && !isPrimaryPhoneVerified(user)) return { kind: 'verify-phone', to: paths.verify() };
  const exempt = currentPath.includes('set-password') || currentPath.includes('reset-password');
  if (!user.userType && !exempt) return { kind: 'select-account-type', to: paths.selectAccountType() };
  return null;
};
