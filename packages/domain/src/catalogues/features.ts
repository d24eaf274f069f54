import type { BusinessOnboardingState, BusinessVerificationStatus } from './access.js';

/** Spec 000 §1 / 002 §7: money-moving features wait for business verification. */
export const VERIFIED_ONLY_MESSAGE = 'Full functionality is available only to verified businesses.';

/**
 * Business features reported by `GET /business/{id}/features`. Features that move money stay locked
 * until the business is FULL_VERIFIED; setting up (banks, accounting, contacts, bills, invoices,
 * approvals) is open from the start so onboarding can proceed.
 */
export const BUSINESS_FEATURES = [
  { key: 'SEND_PAYMENTS', label: 'Pay bills and vendors', movesMoney: true },
  { key: 'RECEIVE_PAYMENTS', label: 'Get paid by customers', movesMoney: true },
  { key: 'AUTO_PAYMENTS', label: 'Automatic payments', movesMoney: true },
  { key: 'ACCEPT_CARD_PAYMENTS', label: 'Accept card payments', movesMoney: true },
  { key: 'BANK_ACCOUNTS', label: 'Link bank accounts', movesMoney: false },
  { key: 'ACCOUNTING_SYNC', label: 'Sync with accounting software', movesMoney: false },
  { key: 'CONTACTS', label: 'Vendors and customers', movesMoney: false },
  { key: 'BILLS', label: 'Bills', movesMoney: false },
  { key: 'INVOICES', label: 'Invoices', movesMoney: false },
  { key: 'APPROVALS', label: 'Approval policies', movesMoney: false },
  { key: 'BUSINESS_NETWORK', label: 'Business network', movesMoney: false },
] as const;
export type BusinessFeatureKey = (typeof BUSINESS_FEATURES)[number]['key'];

export interface BusinessFeatureState {
  key: BusinessFeatureKey;
  label: string;
  /** Whether the feature waits for business verification. */
  requiresVerification: boolean;
  enabled: boolean;
  /** Why a feature is not enabled (null when it is). */
  reason: string | null;
}

/** Whether a business may move money: only a FULL_VERIFIED business. */
export const isBusinessFullyVerified = (status: string | null | undefined): boolean =>
  status === ('FULL_VERIFIED' satisfies BusinessVerificationStatus);

/** The state of every business feature for a business verification status. */
export const businessFeatures = (verificationStatus: string | null | undefined): BusinessFeatureState[] => {
  const verified = isBusinessFullyVerified(verificationStatus);
  return BUSINESS_FEATURES.map((feature) => {
    const enabled = verified || !feature.movesMoney;
    return {
      key: feature.key,
      label: feature.label,
      requiresVerification: feature.movesMoney,
      enabled,
      reason: enabled ? null : VERIFIED_ONLY_MESSAGE,
    };
  });
};

/**
 * Where a business stands in onboarding (spec 000 §3 "Onboarding states"): verification rejected →
 * ACTION_REQUIRED; verified → EARN_REWARDS; submitted → REVIEW_PENDING; accounting mapping to finish →
 * MAPPING_PENDING; identity not yet past (verification not started or at the identity step) →
 * KYC_PENDING; otherwise the business details and owners → KYB_PENDING.
 */
export const businessOnboardingState = (business: {
  verificationStep: string;
  status: string | null;
  isMappingPending: boolean;
}): BusinessOnboardingState => {
  if (business.status === 'REJECTED') return 'ACTION_REQUIRED';
  if (business.status === 'FULL_VERIFIED') return 'EARN_REWARDS';
  if (business.status === 'SUBMITTED') return 'REVIEW_PENDING';
  if (business.isMappingPending) return 'MAPPING_PENDING';
  if (business.verificationStep === 'NOT_INITIATED' || business.verificationStep === 'BUSINESS_DETAILS')
    return 'KYC_PENDING';
  return 'KYB_PENDING';
};
