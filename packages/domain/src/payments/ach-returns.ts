import { getPaymentFailureMessage, type PaymentFailureReason } from '../catalogues/failure-reasons.js';

/**
 * ACH return codes the rails report (issue 7), with the Nacha title of each. A return arrives from the
 * bank of the account an entry touched: the payer's funding account for the debit that collects the
 * money, the payee's account for the credit that delivers it.
 */
export const ACH_RETURN_CODES = [
  'R01',
  'R02',
  'R03',
  'R04',
  'R05',
  'R07',
  'R08',
  'R09',
  'R10',
  'R16',
  'R29',
] as const;
export type AchReturnCode = (typeof ACH_RETURN_CODES)[number];

/** Which ACH entry came back: the DEBIT pulling from the payer or the CREDIT pushing to the payee. */
export type AchEntrySide = 'DEBIT' | 'CREDIT';

/**
 * Where the payee's receiving account came from, which decides who is asked to fix it: bank details the
 * payer entered for a vendor (INVALID_VENDOR_BANK_ACCOUNT, payer told to try a different account) or the
 * payee business's own linked account (INVALID_PAYEE_BANK_ACCOUNT, both sides told to contact support).
 */
export type PayeeAccountSource = 'VENDOR_DETAILS' | 'PAYEE_BUSINESS';

export interface AchReturnContext {
  side: AchEntrySide;
  /** Only read for CREDIT returns; VENDOR_DETAILS when omitted. */
  payeeAccountSource?: PayeeAccountSource;
}

type ReturnKind = 'INSUFFICIENT' | 'UNCOLLECTED' | 'INVALID_ACCOUNT' | 'UNAUTHORIZED' | 'STOPPED' | 'FROZEN';

interface AchReturnDefinition {
  /** Nacha's title of the code. */
  title: string;
  /** What it means for a Ferry payment, in plain words. */
  description: string;
  kind: ReturnKind;
}

export const ACH_RETURN_DEFINITIONS: Record<AchReturnCode, AchReturnDefinition> = {
  R01: {
    title: 'Insufficient Funds',
    description: 'The available balance was not enough to cover the entry.',
    kind: 'INSUFFICIENT',
  },
  R02: {
    title: 'Account Closed',
    description: 'A previously active account has been closed.',
    kind: 'INVALID_ACCOUNT',
  },
  R03: {
    title: 'No Account/Unable to Locate Account',
    description: 'The account number does not match an account at the bank, or the name does not match.',
    kind: 'INVALID_ACCOUNT',
  },
  R04: {
    title: 'Invalid Account Number Structure',
    description: 'The account number failed the bank’s format check.',
    kind: 'INVALID_ACCOUNT',
  },
  R05: {
    title: 'Unauthorized Debit to Consumer Account Using Corporate SEC Code',
    description: 'A business debit reached a consumer account that did not authorise it.',
    kind: 'UNAUTHORIZED',
  },
  R07: {
    title: 'Authorization Revoked by Customer',
    description: 'The account holder revoked the authorisation for this debit.',
    kind: 'UNAUTHORIZED',
  },
  R08: {
    title: 'Payment Stopped',
    description: 'The account holder placed a stop payment on this entry.',
    kind: 'STOPPED',
  },
  R09: {
    title: 'Uncollected Funds',
    description: 'The ledger balance covers the entry but the collected (available) balance does not.',
    kind: 'UNCOLLECTED',
  },
  R10: {
    title: 'Customer Advises Originator is Not Known to Receiver and/or Not Authorized',
    description: 'The account holder says the debit was not authorised.',
    kind: 'UNAUTHORIZED',
  },
  R16: {
    title: 'Account Frozen/Entry Returned Per OFAC Instruction',
    description: 'The account is frozen, by legal action or by an OFAC instruction.',
    kind: 'FROZEN',
  },
  R29: {
    title: 'Corporate Customer Advises Not Authorized',
    description: 'The business account holder says the debit was not authorised.',
    kind: 'UNAUTHORIZED',
  },
};

/** Returns that Nacha allows an originator to reinitiate (R01, R09), and how often: at most twice. */
export const RETRYABLE_ACH_RETURN_CODES: readonly AchReturnCode[] = ['R01', 'R09'];
export const MAX_ACH_REINITIATIONS = 2;

export const isAchReturnCode = (code: unknown): code is AchReturnCode =>
  typeof code === 'string' && (ACH_RETURN_CODES as readonly string[]).includes(code);

/**
 * Whether a return may be retried (Nacha reinitiation: R01 insufficient and R09 uncollected funds only).
 * With `reattempts` (retries already made) it also enforces the at-most-twice limit. Unknown codes are
 * never retryable.
 */
export const isRetryableReturn = (code: string, reattempts = 0): boolean =>
  isAchReturnCode(code) && RETRYABLE_ACH_RETURN_CODES.includes(code) && reattempts < MAX_ACH_REINITIATIONS;

const invalidAccountReason = (context: AchReturnContext): PaymentFailureReason => {
  if (context.side === 'DEBIT') return 'INVALID_PAYER_BANK_ACCOUNT';
  return (context.payeeAccountSource ?? 'VENDOR_DETAILS') === 'PAYEE_BUSINESS'
    ? 'INVALID_PAYEE_BANK_ACCOUNT'
    : 'INVALID_VENDOR_BANK_ACCOUNT';
};

/**
 * The spec's failure reason for an ACH return:
 * - R01 → INSUFFICIENT_BANK_BALANCE; R09 → INSUFFICIENT_TRANSACTION_BALANCE (funds not yet collected);
 * - R02, R03, R04 (the account is closed, missing or malformed) → INVALID_PAYER_BANK_ACCOUNT on the
 *   debit side, INVALID_VENDOR_BANK_ACCOUNT or INVALID_PAYEE_BANK_ACCOUNT on the credit side (see
 *   PayeeAccountSource);
 * - R05, R07, R10, R29 (debit not authorised), R16 (frozen / OFAC) → COMPLIANCE;
 * - R08 (stop payment) and any code not listed here → UNKNOWN.
 */
export const achReturnFailureReason = (code: string, context: AchReturnContext): PaymentFailureReason => {
  if (!isAchReturnCode(code)) return 'UNKNOWN';
  switch (ACH_RETURN_DEFINITIONS[code].kind) {
    case 'INSUFFICIENT':
      return 'INSUFFICIENT_BANK_BALANCE';
    case 'UNCOLLECTED':
      return 'INSUFFICIENT_TRANSACTION_BALANCE';
    case 'INVALID_ACCOUNT':
      return invalidAccountReason(context);
    case 'UNAUTHORIZED':
    case 'FROZEN':
      return 'COMPLIANCE';
    case 'STOPPED':
      return 'UNKNOWN';
  }
};

export interface AchReturnOutcome {
  code: string;
  /** Nacha title, or 'Unknown return' for a code not listed. */
  title: string;
  description: string;
  reason: PaymentFailureReason;
  /** Whether the payment may be reattempted as such (R01, R09), before counting reattempts made. */
  retryable: boolean;
  /** What the payer and the payee are told (catalogues/failure-reasons). */
  messages: { payer: string; payee: string };
}

/** Everything Ferry derives from an ACH return: reason, retryability, descriptions and both messages. */
export const describeAchReturn = (
  code: string,
  context: AchReturnContext & { isAutoPayment?: boolean },
): AchReturnOutcome => {
  const reason = achReturnFailureReason(code, context);
  const definition = isAchReturnCode(code) ? ACH_RETURN_DEFINITIONS[code] : undefined;
  const options = { isAutoPayment: context.isAutoPayment ?? false };
  return {
    code,
    title: definition?.title ?? 'Unknown return',
    description: definition?.description ?? 'The bank returned the entry with a code Ferry does not map.',
    reason,
    retryable: isRetryableReturn(code),
    messages: {
      payer: getPaymentFailureMessage(reason, 'payer', options),
      payee: getPaymentFailureMessage(reason, 'payee', options),
    },
  };
};
