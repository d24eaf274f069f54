/**
 * Payment failure reasons with what the payer and the payee are told (spec 002 §4). Only the payee
 * texts quoted by the spec are verbatim; the others follow its description.
 */
export const PAYMENT_FAILURE_REASONS = [
  'INSUFFICIENT_BANK_BALANCE',
  'INSUFFICIENT_TRANSACTION_BALANCE',
  'INVALID_PAYER_BANK_ACCOUNT',
  'INVALID_PAYEE_BANK_ACCOUNT',
  'INVALID_VENDOR_BANK_ACCOUNT',
  'UNKNOWN',
  'COMPLIANCE',
] as const;
export type PaymentFailureReason = (typeof PAYMENT_FAILURE_REASONS)[number];

const PAYEE_CONTACT_CUSTOMER =
  'This payment couldn’t be completed. For more information, please contact the customer.';
const COMPLIANCE =
  'This payment could not be processed due to compliance requirements. For more information, please contact support.';
const DEFAULT_FAILURE = 'This payment failed. For more information, please contact support.';

const insufficient = {
  payer: 'This payment failed due to insufficient funds. Please ensure sufficient funds before retrying.',
  payee: PAYEE_CONTACT_CUSTOMER,
  autoPaymentPayee: 'This auto payment failed because the customer’s account did not have sufficient funds.',
};

export interface FailureMessages {
  payer: string;
  payee: string;
  /** What the payee of an auto payment is told, where it differs. */
  autoPaymentPayee?: string;
}

export const PAYMENT_FAILURE_MESSAGES: Record<PaymentFailureReason | 'DEFAULT', FailureMessages> = {
  INSUFFICIENT_BANK_BALANCE: insufficient,
  INSUFFICIENT_TRANSACTION_BALANCE: insufficient,
  INVALID_PAYER_BANK_ACCOUNT: {
    payer: 'This payment failed because your bank account is invalid. Please try a different account.',
    payee: PAYEE_CONTACT_CUSTOMER,
  },
  INVALID_PAYEE_BANK_ACCOUNT: {
    payer: 'This payment failed because the vendor’s bank account is invalid. Please contact support.',
    payee: 'This payment failed because your bank account is invalid. Please contact support.',
  },
  INVALID_VENDOR_BANK_ACCOUNT: {
    payer:
      'This payment failed because the vendor’s bank account is invalid. Please try a different account.',
    payee: PAYEE_CONTACT_CUSTOMER,
  },
  UNKNOWN: {
    payer: 'This payment failed for an unknown reason. Please try again or contact support.',
    payee: PAYEE_CONTACT_CUSTOMER,
  },
  COMPLIANCE: { payer: COMPLIANCE, payee: COMPLIANCE },
  DEFAULT: { payer: DEFAULT_FAILURE, payee: DEFAULT_FAILURE },
};

/** Payee messages by payment status (spec 002 §4), verbatim; declined shows the compliance message. */
export const PAYEE_STATUS_MESSAGES = {
  CANCELLED: 'This payment is canceled. For more information, please contact the customer.',
  REVERSED: 'This payment was reversed. Any credited amount gets debited from your card / bank account.',
  DECLINED: COMPLIANCE,
} as const;

/** The message for a failure reason, falling back to the default for unknown reasons. */
export const getPaymentFailureMessage = (
  reason: string | null | undefined,
  side: 'payer' | 'payee',
  options: { isAutoPayment?: boolean } = {},
): string => {
  const messages =
    PAYMENT_FAILURE_MESSAGES[(reason ?? 'DEFAULT') as PaymentFailureReason] ??
    PAYMENT_FAILURE_MESSAGES.DEFAULT;
  if (side === 'payee' && options.isAutoPayment && messages.autoPaymentPayee)
    return messages.autoPaymentPayee;
  return messages[side];
};
