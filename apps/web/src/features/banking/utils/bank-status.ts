import { BANK_ACCOUNT_STATUS_MESSAGES, type StatusColour } from '@ferry/domain';
import type { BankAccountView } from '../api/schemas';

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

const DISPLAYS: Record<BankDisplayKind, Omit<BankDisplay, 'kind'>> = {
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

export const getBankDisplay = (bank: BankAccountView): BankDisplay => {
  const kind = getBankDisplayKind(bank);
  return { kind, ...DISPLAYS[kind] };
};

/** An instant (bank-link) bank whose link expired, or whose reconnect failed: it can be reconnected. */
export const canReconnect = (bank: BankAccountView): boolean =>
  bank.accountProvider === 'PLAID' && (getBankDisplayKind(bank) === 'expired' || bank.reconnectFailed);

/** '•••• 1234' (last 4 only). */
export const formatMask = (mask: string | null | undefined): string => (mask ? `•••• ${mask.slice(-4)}` : '');

const ACCOUNT_TYPE_LABELS: Record<string, string> = {
  BUSINESS_CHECKING: 'Checking',
  BUSINESS_SAVINGS: 'Savings',
};

/** 'Checking' / 'Savings', else the provider's subtype capitalised ('Business checking'). */
export const formatAccountType = (bank: BankAccountView): string => {
  const label = bank.accountType ? ACCOUNT_TYPE_LABELS[bank.accountType] : undefined;
  if (label) return label;
  const subtype = bank.subtype ?? '';
  return subtype ? subtype.charAt(0).toUpperCase() + subtype.slice(1) : '';
};

/** At most 2 letters (spec 002 §9): 'Bank of America' → 'BA'. */
export const getInitials = (name: string): string => {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0 && !['of', 'the', 'and', '&'].includes(word.toLowerCase()));
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
};

/** The bank's display name: the institution's name when known, else what was entered. */
export const getBankName = (bank: BankAccountView): string => bank.bankDetails?.name || bank.bankName;
