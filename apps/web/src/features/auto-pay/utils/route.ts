import type { AutoPaymentMappingStatus, GuestLink } from '@ferry/domain';
import { paths } from '@ferry/domain';

/** The /process/auto-pay/* pages the guard chooses between (spec 000 §1 routes table). */
export type AutoPayPage = 'info' | 'business' | 'method' | 'success';

/** Who opened the link: no session, a signed-in user (ACTIVE, GUEST_ACTIVE…), and whether the stored guest link is this one. */
export type AutoPayViewer = { activeStatus: string | null; isGuestOfLink: boolean };

/** A request the payer may still authorise or decline (PENDING: made, its email on its way). */
export const isOpenRequest = (status: AutoPaymentMappingStatus): boolean =>
  status === 'REQUESTED' || status === 'PENDING';

/**
 * Mapping statuses that still have an authorisation the payer can look at and control (disabled ones can
 * be enabled again); the others ended it for good.
 */
export const LIVE_AUTHORIZED_STATUSES: readonly AutoPaymentMappingStatus[] = [
  'ACCEPTED',
  'HOLD',
  'PAUSED',
  'PAYER_DISABLED',
  'PAYEE_DISABLED',
];

/**
 * 'Guard for auto-payment links' (spec 000 §4, 002 §4): a requested mapping routes by the user's state —
 * a verified ACTIVE payer picks the business (/business), the guest of this link goes on to the method
 * screen (which asks for the phone first when it is not verified), anyone else starts at /info; a mapping
 * that is no longer requested shows its result (/success).
 */
export const autoPayPageFor = (status: AutoPaymentMappingStatus, viewer: AutoPayViewer): AutoPayPage => {
  if (!isOpenRequest(status)) return 'success';
  if (viewer.activeStatus === 'ACTIVE') return 'business';
  if (viewer.activeStatus === 'GUEST_ACTIVE' && viewer.isGuestOfLink) return 'method';
  return 'info';
};

/** The link is an auto-payment invitation (else /invalid-link). */
export const isAutoPayLink = (link: GuestLink): boolean => link.invitationType === 'AUTO_PAYMENT';

const withToken = (path: string, token: string, extra: Record<string, string> = {}): string => {
  const query = new URLSearchParams({ token, ...extra });
  return `${path}?${query.toString()}`;
};

export const autoPayHref = (page: AutoPayPage, token: string, extra: Record<string, string> = {}): string => {
  const base = {
    info: paths.autoPayInfo,
    business: paths.autoPayBusiness,
    method: paths.autoPayMethod,
    success: paths.autoPaySuccess,
  }[page]();
  return withToken(base, token, extra);
};

/** Retries of the mapping id (spec 000 §4 'Auto-payment result'): up to 5, waiting 500 ms × the attempt. */
export const MAPPING_ID_RETRIES = 5;
export const MAPPING_ID_RETRY_MS = 500;
export const mappingIdRetryDelay = (attempt: number): number => MAPPING_ID_RETRY_MS * attempt;
