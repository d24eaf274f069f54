import { getPostLoginRedirect, paths } from '@ferry/domain';
import type { VerificationType } from '@/lib/storage';
import type { VerificationResult } from '../api/finish-verification';

/** How a verification came out, as the person is told. */
export type VerificationOutcome = 'approved' | 'submitted' | 'declined' | 'cancelled';

/**
 * The result card to show, from the server's answer (never from the status in the URL): COMPLETED is
 * verified (APPROVED) or submitted (COMPLETED, NEEDS_REVIEW); otherwise a declined or failed check is
 * declined, and anything else (cancelled, expired, not finished) can be finished later.
 */
export const getVerificationOutcome = (
  result: Pick<VerificationResult, 'inquiryStatus' | 'verificationStep'>,
): VerificationOutcome => {
  if (result.verificationStep === 'COMPLETED') {
    return result.inquiryStatus === 'APPROVED' ? 'approved' : 'submitted';
  }
  if (result.inquiryStatus === 'DECLINED' || result.inquiryStatus === 'FAILED') return 'declined';
  return 'cancelled';
};

/** What the routing after a verification knows. */
export type VerificationRouting = {
  /** `?businessId=` of /verify/identity: the business (KYB) flow. */
  flowBusinessId: string | null;
  /** The business the verification concerns: the flow's, the stored one, the server's, else the active one. */
  businessId: string | null;
  /** Where it was started from (stored 'verification'.type). */
  type: VerificationType | null;
  /** The user's status now (the server's answer), else when the verification started. */
  activeStatus: string | null;
  /** The stored verification return URL, already checked to be a path on this site. */
  returnUrl: string | null;
  /** The customer an auto payment was being set up for. */
  customerId: string | null;
  /** Home: the active business's home, else the post-login destination (see `getVerificationHome`). */
  home: string;
};

/** Whether `path` is one of the business's verification (KYB) pages. */
const isKybPathOf = (path: string, businessId: string): boolean =>
  path.startsWith(`/b/${encodeURIComponent(businessId)}/kyb/`);

/**
 * After a completed verification: the business flow goes on to the business details (KYB) — the KYB page
 * it was started from when that is the stored return URL, so its query survives — otherwise the stored
 * return URL, else home.
 */
export const getPathAfterCompletion = (routing: VerificationRouting): string => {
  const { flowBusinessId, returnUrl } = routing;
  if (flowBusinessId) {
    return returnUrl && isKybPathOf(returnUrl, flowBusinessId) ? returnUrl : paths.kybDetails(flowBusinessId);
  }
  return returnUrl ?? routing.home;
};

/**
 * After a cancelled (or otherwise unfinished) verification — spec 000 §4 "Identity verification":
 * - coming from a guest payment or guest auto-payment: an active user goes to the business profile, a
 *   user who is not active to the flow's success page (auto-payment success; the guest payment page);
 * - coming from an auto payment: the customer's page, or the customer list;
 * - otherwise back to the target (the stored return URL, or the business details in the business flow),
 *   else home.
 */
export const getPathAfterCancel = (routing: VerificationRouting): string => {
  const { type, businessId } = routing;
  if (type === 'GUEST_PAYMENT' || type === 'GUEST_AUTO_PAYMENT') {
    if (routing.activeStatus === 'ACTIVE') {
      return businessId ? paths.settingsBusinessProfile(businessId) : routing.home;
    }
    return type === 'GUEST_AUTO_PAYMENT' ? paths.autoPaySuccess() : paths.guestPayment();
  }
  if (type === 'AUTO_PAYMENT' && businessId) {
    return routing.customerId ? paths.customer(businessId, routing.customerId) : paths.customers(businessId);
  }
  if (routing.returnUrl) return routing.returnUrl;
  if (routing.flowBusinessId) return paths.kybDetails(routing.flowBusinessId);
  return routing.home;
};

/**
 * Home for this user: the active business's home, else where a signed-in user goes first (the account
 * type, for an invitee who has not chosen one), else the start of onboarding. The page sits behind the
 * route guard, so email and phone are verified already.
 */
export const getVerificationHome = (
  user: Parameters<typeof getPostLoginRedirect>[0] | null | undefined,
  activeBusinessId: string | null,
): string => {
  if (activeBusinessId) return paths.businessHome(activeBusinessId);
  const pending = user ? getPostLoginRedirect(user, '', { phoneRequired: false }) : null;
  return pending?.to ?? paths.onboardAdd();
};
