/** Kinds of ledger accounts and transactions, and the reference of Ferry's own system accounts. */

export const LEDGER_ACCOUNT_KINDS = [
  /** A business's funding bank account (reference: its bank account id). */
  'BANK_ACCOUNT',
  /** A business's funding card (reference: its card id). */
  'CARD',
  /** Ferry's clearing account: money in flight between payer and vendor (system). */
  'CLEARING',
  /** What is owed to, then paid out to, a vendor (reference: the vendor contact or its bank account id). */
  'VENDOR_PAYABLE',
  /** Fees Ferry earns, e.g. card fees (system). */
  'FEES',
  /** The outside world, e.g. where micro-deposits come from (system). */
  'EXTERNAL',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** Kinds of accounts with no business: Ferry's own. */
export const SYSTEM_ACCOUNT_KINDS = [
  'CLEARING',
  'FEES',
  'EXTERNAL',
] as const satisfies readonly LedgerAccountKind[];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

/** The reference id of every system account. */
export const SYSTEM_REFERENCE = 'ferry';

export const LEDGER_TRANSACTION_KINDS = [
  'PAYMENT_SUBMIT',
  'PAYMENT_SETTLE',
  'PAYMENT_FAIL_REVERSAL',
  'PAYMENT_RETURN',
  'PAYMENT_FEE',
  'MICRO_DEPOSIT',
  /** A correction that is not one of the payment-specific reversals. */
  'REVERSAL',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export const DEFAULT_CURRENCY = 'USD';
