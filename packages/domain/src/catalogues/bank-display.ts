import type { BankAccountView } from '../schemas/banking-api.js';
import { BANK_ACCOUNT_STATUS_MESSAGES } from './banking.js';
import type { StatusColour } from './payment-status.js';

export type BankDisplayKind =
  | 'verified'
  | 'pending'
  | 'rejected'
  | 'expired'
  | 'underReview'
  | 'invalid'
  | 'notVerified';

export type BankDisplay = {
  kind: BankDisplayKind;
  badge: string;
  colour: StatusColour;
  /** The spec's sentence for the status (spec 002 §4); none for a verified or expired bank. */
  message: string | null;
};

const BANK_DISPLAYS: Record<BankDisplayKind, Omit<BankDisplay, 'kind'>> = {
  verified: { badge: 'Verified', colour: 'green', message: null },
  pending: { badge: 'Pending verification', colour: 'amber', message: BANK_ACCOUNT_STATUS_MESSAGES.pending },
  rejected: { badge: 'Verification failed', colour: 'red', message: BANK_ACCOUNT_STATUS_MESSAGES.rejected },
  expired: { badge: 'Expired', colour: 'red', message: null },
  underReview: {
    badge: 'Under Review',
    colour: 'amber',
    message: BANK_ACCOUNT_STATUS_MESSAGES.underReview,
  },
  invalid: { badge: 'Invalid', colour: 'red', message: BANK_ACCOUNT_STATUS_MESSAGES.invalid },
  notVerified: { badge: 'Not verified', colour: 'grey', message: BANK_ACCOUNT_STATUS_MESSAGES.notVerified },
};

/**
 * Which status a bank shows (spec 002 §4), most serious first: a failed verification, an expired
 * instant link, under review, invalid, a verification still pending, not verified; else verified.
 */
export const getBankDisplayKind = (bank: BankAccountView): BankDisplayKind => {
  if (bank.verificationStatus === 'REJECTED') return 'rejected';
  if (bank.accountStatus === 'EXPIRED' || bank.status === 'EXPIRED') return 'expired';
  if (bank.accountStatus === 'UNDER_REVIEW') return 'underReview';
  if (bank.accountStatus === 'INVALID') return 'invalid';
  if (bank.verificationStatus === 'PENDING') return 'pending';
  if (bank.accountStatus === 'NOT_VERIFIED') return 'notVerified';
  return 'verified';
};

/** A bank's status as Settings › Bank accounts and home show it: badge, colour and the spec's sentence. */
export const getBankDisplay = (bank: BankAccountView): BankDisplay => {
  const kind = getBankDisplayKind(bank);
  return { kind, ...BANK_DISPLAYS[kind] };
};
