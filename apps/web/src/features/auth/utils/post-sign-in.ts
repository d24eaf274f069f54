import { getPostLoginRedirect, isPrimaryPhoneVerified, paths } from '@ferry/domain';
import { guestLandingPath } from '@/lib/guest-landing';
import { isPhoneRequiredFor } from '@/lib/phone-required';
import { getPractice } from '@/lib/practice';
import type { UserProfile } from '@/lib/session';
import { getStored, setStored } from '@/lib/storage';

/**
 * A `redirectUrl` is followed only when it is a path on this site: it starts with a single '/', and no
 * backslash or control character can turn it into another origin (`//evil.example`, `/\evil.example`).
 */
export const getSafeRedirectPath = (redirectUrl: string | null | undefined): string | null => {
  if (!redirectUrl) return null;
  const candidate = redirectUrl.trim();
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(candidate)) return null;
  try {
    const base = 'https://ferry.invalid';
    const url = new URL(candidate, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
};

/** Sign-in and its own helper pages never make sense as the place to land after signing in. */
const isAuthPage = (path: string): boolean =>
  [paths.signin(), paths.forgotPassword(), paths.resetPassword()].includes(path.split(/[?#]/)[0] ?? '');

/**
 * Whether an accountant still has to set up their practice (`GET /practice` answers null). A failed look-up
 * counts as no: sign-in never stalls on it (the practice page checks again when reached).
 */
const needsPracticeSetup = async (): Promise<boolean> => {
  try {
    return (await getPractice()) === null;
  } catch {
    return false;
  }
};

/**
 * Where a signed-in user without a business goes (spec 000 §2, §4): a practice member to /no-business
 * (their accountant adds them to client businesses), anyone else to the start of onboarding.
 */
export const getPathWithoutBusiness = (userType: string | null | undefined): string =>
  userType === 'PRACTICE_MEMBER' ? paths.noBusiness() : paths.onboardAdd();

/**
 * Where a freshly signed-in user goes (spec 000 §4): the `redirectUrl` they came from when it is a path on
 * this site; else the post-login step still pending (email or phone verification, account type); else an
 * accountant without a practice sets it up (spec 001 §2); else their first business's home (which becomes
 * the active business), or, without one, /no-business for a practice member and the start of onboarding
 * for anyone else. As in the route guard, an unverified phone holds the user back only in the
 * deployment's phone verification countries.
 */
export const resolvePostSignInPath = async (
  user: UserProfile,
  redirectUrl: string | null | undefined,
): Promise<string> => {
  const safe = getSafeRedirectPath(redirectUrl);
  if (safe && !isAuthPage(safe)) return safe;
  // A guest (spec 000 §4 'Sign-in'): back to the guest payment, or the guest onboarding page.
  if (user.activeStatus === 'GUEST_ACTIVE') return guestLandingPath();
  const phoneRequired = !isPrimaryPhoneVerified(user) && (await isPhoneRequiredFor(user.country));
  const pending = getPostLoginRedirect(user, undefined, { phoneRequired });
  if (pending) return pending.to;
  if (user.userType === 'ACCOUNTANT' && (await needsPracticeSetup())) return paths.onboardPractice();
  // Loaded with the call (it carries zod): the sign-in page shows itself without it.
  const { getBusinesses } = await import('@/lib/businesses');
  const businesses = await getBusinesses();
  const first = businesses[0];
  if (!first) return getPathWithoutBusiness(user.userType);
  if (getStored('activeBusiness')?.id !== first.id) {
    setStored('activeBusiness', { id: first.id, permissions: first.permissions });
  }
  return paths.businessHome(first.id);
};
