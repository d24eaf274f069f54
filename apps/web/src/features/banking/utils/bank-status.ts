import { getBankDisplayKind, maskDots4 } from '@ferry/domain';
import type { BankAccountView } from '../api/schemas';

export { type BankDisplay, type BankDisplayKind, getBankDisplay, getBankDisplayKind } from '@ferry/domain';

/** An instant (bank-link) bank whose link expired, or whose reconnect failed: it can be reconnected. */
export const canReconnect = (bank: BankAccountView): boolean =>
  bank.accountProvider === 'PLAID' && (getBankDisplayKind(bank) === 'expired' || bank.reconnectFailed);

/** '•••• 1234' (last 4 only). */
export const formatMask = maskDots4;

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
