import type { BankAccountView, CardFunding, StatusColour } from '@ferry/domain';

/**
 * A bank's verification status in a word, as Settings › Bank accounts shows it (spec 002 §4), most
 * serious first. (features/banking has the full display with the spec's sentences; features do not
 * share code, and home needs only the badge.)
 */
export const getBankBadge = (bank: BankAccountView): { label: string; colour: StatusColour } => {
  if (bank.verificationStatus === 'REJECTED') return { label: 'Verification failed', colour: 'red' };
  if (bank.accountStatus === 'EXPIRED' || bank.status === 'EXPIRED')
    return { label: 'Expired', colour: 'red' };
  if (bank.accountStatus === 'UNDER_REVIEW') return { label: 'Under Review', colour: 'amber' };
  if (bank.accountStatus === 'INVALID') return { label: 'Invalid', colour: 'red' };
  if (bank.verificationStatus === 'PENDING') return { label: 'Pending verification', colour: 'amber' };
  if (bank.accountStatus === 'NOT_VERIFIED') return { label: 'Not verified', colour: 'grey' };
  return { label: 'Verified', colour: 'green' };
};

/** '•••• 1234' (last 4 only). */
export const formatMask = (mask: string | null | undefined): string => (mask ? `•••• ${mask.slice(-4)}` : '');

export const FUNDING_LABELS: Record<CardFunding, string> = {
  credit: 'Credit card',
  debit: 'Debit card',
  prepaid: 'Prepaid card',
  unknown: 'Card',
};

/** '08/29'. */
export const formatExpiry = (month: number, year: number): string =>
  `${String(month).padStart(2, '0')}/${String(year).slice(-2)}`;
