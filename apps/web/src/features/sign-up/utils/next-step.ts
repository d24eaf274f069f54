import { getPostLoginRedirect, paths as specPaths } from '@ferry/domain';
import { getHomeHref } from '@/config/paths';
import type { Business } from '@/lib/businesses';
import type { UserProfile } from '@/lib/session';
import { getActiveBusinessId, type StoredInvitation } from '@/lib/storage';

/** Where a verified user goes (spec 000 §4): set a password first, then the post-login redirect, else home. */
export const getPathAfterVerification = (user: UserProfile, phoneRequired: boolean): string => {
  if (!user.isPasswordSet) return specPaths.setPassword();
  const pending = getPostLoginRedirect(user, specPaths.verify(), { phoneRequired });
  if (pending && pending.to !== specPaths.verify()) return pending.to;
  return getHomeHref(getActiveBusinessId());
};

/** Invitations of a business's verification: the invitee verifies their identity (spec 000 §3). */
const BUSINESS_VERIFICATION_INVITATIONS: readonly string[] = ['CONTROL_PERSON', 'BUSINESS_BENEFICIAL_OWNER'];

/**
 * Invitations whose acceptance page follows the password (spec 000 §4 "Set-password outcome routing"):
 * the verification ones, joining a business (other user) and joining a practice team — accepting is what
 * makes the new person a member; it then leads to the business home, or for a practice team to
 * /no-business (the practice member's landing until their accountant adds them to a client).
 */
const ACCEPT_PAGE_INVITATIONS: readonly string[] = [
  ...BUSINESS_VERIFICATION_INVITATIONS,
  'OTHER_USER',
  'PRACTICE',
];

export type PasswordOutcome =
  | { kind: 'go'; to: string }
  /** No invitation in this browser but identity verification needs action: fetch the business invitation. */
  | { kind: 'fetch-business-invitation'; to: string };

/**
 * Set-password outcome routing (spec 000 §4), in order: a guest-active user (Continue onboarding after a
 * guest payment) goes to /verify/identity; an invited user whose identity verification needs
 * action (verificationStep ACTION_REQUIRED), unless the invitation is an other-user one, goes to
 * /verify/identity; otherwise a user with a business that is not mapping-pending goes to its home; a user
 * with no invitation and ACTION_REQUIRED has their business invitation fetched, then /verify/identity; a
 * control-person or beneficial-owner invitation goes to /accept-invitation; a practice invitation or a
 * practice member to /no-business; everyone else to /select-account-type.
 */
export const getPasswordOutcome = (
  user: UserProfile,
  invitation: StoredInvitation | null,
  businesses: readonly Pick<Business, 'id' | 'isMappingPending'>[] = [],
): PasswordOutcome => {
  const type = invitation?.invitationType;
  // A guest (GUEST_ACTIVE, from a payment link) continuing onboarding: identity verification is what makes
  // the account ACTIVE, and the only part of the app the route guard opens to a guest besides settings.
  if (user.activeStatus === 'GUEST_ACTIVE') return { kind: 'go', to: specPaths.verifyIdentity() };
  if (type && type !== 'OTHER_USER' && user.verificationStep === 'ACTION_REQUIRED') {
    return { kind: 'go', to: specPaths.verifyIdentity() };
  }
  const ready = businesses.find((business) => business.isMappingPending !== true);
  if (ready) return { kind: 'go', to: specPaths.businessHome(ready.id) };
  if (!type && user.verificationStep === 'ACTION_REQUIRED') {
    return { kind: 'fetch-business-invitation', to: specPaths.verifyIdentity() };
  }
  if (type && ACCEPT_PAGE_INVITATIONS.includes(type)) return { kind: 'go', to: specPaths.acceptInvitation() };
  if (type === 'PRACTICE' || user.userType === 'PRACTICE_MEMBER')
    return { kind: 'go', to: specPaths.noBusiness() };
  return { kind: 'go', to: specPaths.selectAccountType() };
};

/** The business-verification invitation among a user's pending ones (newest first), if any. */
export const pickBusinessInvitation = <T extends { invitationType: string }>(
  pending: readonly T[],
): T | null =>
  pending.find((invitation) => BUSINESS_VERIFICATION_INVITATIONS.includes(invitation.invitationType)) ?? null;

/** The path of the set-password outcome routing when nothing needs fetching (see `getPasswordOutcome`). */
export const getPathAfterPasswordSet = (
  user: UserProfile,
  invitation: StoredInvitation | null,
  businesses: readonly Pick<Business, 'id' | 'isMappingPending'>[] = [],
): string => getPasswordOutcome(user, invitation, businesses).to;
