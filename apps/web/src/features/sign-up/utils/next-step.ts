import { getPostLoginRedirect, paths as specPaths } from '@ferry/domain';
import { getHomeHref } from '@/config/paths';
import type { UserProfile } from '@/lib/session';
import { getActiveBusinessId, type StoredInvitation } from '@/lib/storage';

/** Where a verified user goes (spec 000 §4): set a password first, then the post-login redirect, else home. */
export const getPathAfterVerification = (user: UserProfile, phoneRequired: boolean): string => {
  if (!user.isPasswordSet) return specPaths.setPassword();
  const pending = getPostLoginRedirect(user, specPaths.verify(), { phoneRequired });
  if (pending && pending.to !== specPaths.verify()) return pending.to;
  return getHomeHref(getActiveBusinessId());
};

/** Invitations whose acceptance page follows the password (spec 000 §4 "Set-password outcome routing"). */
const ACCEPT_PAGE_INVITATIONS: readonly string[] = ['CONTROL_PERSON', 'BUSINESS_BENEFICIAL_OWNER'];

/**
 * Set-password outcome routing (spec 000 §4): an invited user whose identity verification needs action
 * (verificationStep ACTION_REQUIRED), unless the invitation is an other-user one, goes to /verify/identity;
 * a control-person or beneficial-owner invitation goes to /accept-invitation; a practice invitation or a
 * practice member to /no-business; everyone else to /select-account-type. (The business-home branch and
 * the business-invitation fetch for an uninvited ACTION_REQUIRED user arrive with their issues.)
 */
export const getPathAfterPasswordSet = (user: UserProfile, invitation: StoredInvitation | null): string => {
  const type = invitation?.invitationType;
  if (type && type !== 'OTHER_USER' && user.verificationStep === 'ACTION_REQUIRED') {
    return specPaths.verifyIdentity();
  }
  if (type && ACCEPT_PAGE_INVITATIONS.includes(type)) return specPaths.acceptInvitation();
  if (type === 'PRACTICE' || user.userType === 'PRACTICE_MEMBER') return specPaths.noBusiness();
  return specPaths.selectAccountType();
};
