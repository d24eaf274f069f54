/** Bank verification status of a bank account. */
export const BANK_VERIFICATION_STATUSES = ['PENDING', 'REJECTED', 'VERIFIED'] as const;
export type BankVerificationStatus = (typeof BANK_VERIFICATION_STATUSES)[number];

/** Bank account status. */
export const BANK_ACCOUNT_STATUSES = [
  'NOT_VERIFIED',
  'VERIFIED',
  'UNDER_REVIEW',
  'INVALID',
  'EXPIRED',
] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];

/** Bank connection status. */
export const BANK_CONNECTION_STATUSES = [
  'EXPIRED',
  'VERIFIED',
  'CONNECTED',
  'NOT_CONNECTED',
  'UNUSABLE',
] as const;
export type BankConnectionStatus = (typeof BANK_CONNECTION_STATUSES)[number];

/** Payment instrument status. */
export const INSTRUMENT_STATUSES = [
  'DISCONNECTED',
  'DUPLICATE',
  'UNUSABLE',
  'VERIFIED',
  'INVALID',
  'UNDER_REVIEW',
] as const;
export type InstrumentStatus = (typeof INSTRUMENT_STATUSES)[number];

/** Bank access status. */
export const BANK_ACCESS_STATUSES = ['BLOCKED', 'EXPIRED', 'ACTIVE'] as const;
export type BankAccessStatus = (typeof BANK_ACCESS_STATUSES)[number];

export const BANK_ACCOUNT_TYPES = [
  { value: 'BUSINESS_CHECKING', label: 'Checking' },
  { value: 'BUSINESS_SAVINGS', label: 'Savings' },
] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number]['value'];

export const BANK_ACCOUNT_PROVIDERS = ['USER', 'PLAID'] as const;
export type BankAccountProvider = (typeof BANK_ACCOUNT_PROVIDERS)[number];

/** Bank badges on a vendor card. */
export const BANK_BADGES = {
  VERIFIED: 'Verified',
  UNDER_REVIEW: 'Under Review',
  INVALID: 'Invalid',
} as const;

/** Messages shown for a bank account's status (spec 002 §4), verbatim. Expired shows a Reconnect tooltip. */
export const BANK_ACCOUNT_STATUS_MESSAGES = {
  underReview: 'The bank account is under review.',
  notVerified: 'This bank account isn`t verified yet.',
  invalid: 'The bank account is invalid.',
  pending: 'Your bank account is currently under verification.',
  rejected: 'Bank account verification has failed. Please add another bank account.',
} as const;

/** Bank-link provider error codes (spec 002 §4). */
export const BANK_LINK_ERROR_CODES = [
  'ITEM_LOGIN_REQUIRED',
  'INVALID_ACCOUNT',
  'NO_ACCOUNTS',
  'ACCESS_NOT_GRANTED',
  'NO_AUTH_ACCOUNTS',
  'ITEM_NOT_SUPPORTED',
  'PERMISSION_REVOKED',
  'ACCOUNT_REVOKED',
] as const;
export type BankLinkErrorCode = (typeof BANK_LINK_ERROR_CODES)[number];

export const BANK_LINK_OUTCOMES = [
  'INIT_LOADER',
  'SUCCESS',
  'FAILURE',
  'BANK_DENIED',
  'EXIT',
  'CONNECTING',
] as const;
export type BankLinkOutcome = (typeof BANK_LINK_OUTCOMES)[number];
export const BANK_DENIED_REASONS = ['BLOCKED_INSTITUTE'] as const;

/** Books account types and bank subtypes. */
export const BOOKS_ACCOUNT_TYPES = ['BANK', 'CREDIT_CARD', 'OTHER_CURRENT_ASSETS'] as const;
export const BANK_SUBTYPES = [
  'business checking',
  'business savings',
  'personal checking',
  'personal savings',
] as const;

/** Card brands; GENERIC is the fallback. */
export const CARD_BRANDS = [
  'VISA',
  'MASTERCARD',
  'AMERICAN_EXPRESS',
  'DISCOVER',
  'DINERS_CLUB',
  'JCB',
  'GENERIC',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Card-payment acceptance (merchant) onboarding statuses. */
export const CARD_ONBOARDING_STATUSES = [
  'NOT_INITIATED',
  'SUBMITTED',
  'REJECTED',
  'SAQ_PENDING',
  'SAQ_EXPIRED',
  'ACTIVE',
] as const;
export type CardOnboardingStatus = (typeof CARD_ONBOARDING_STATUSES)[number];

/** Micro-deposit and bank-link constants (spec 002 §9). */
export const BANK_CONSTANTS = {
  microDepositBusinessDays: { min: 2, max: 3 },
  manualVerificationBusinessDays: 3,
  manualVerificationExtraPaymentDays: 3,
} as const;

/** Micro-deposit verification of a manual bank (spec 002 §4, §8, §9). */
export const MICRO_DEPOSIT = {
  /** Wrong amounts may be entered this many times; the last wrong try rejects the bank. */
  attempts: 3,
  /** The deposits can be entered for this many days after they arrived; then the bank is rejected. */
  expiryDays: 14,
  /** Business days between sending the deposits and their arrival (spec: 2–3 business days). */
  settlementBusinessDays: 2,
  /** A reminder is mailed when the deposits arrived this many days ago and are not yet entered. */
  reminderAfterDays: 5,
  /** Each deposit is 1–99 cents. */
  minCents: 1,
  maxCents: 99,
} as const;

/** Error codes and texts of micro-deposit verification (spec 002 §8), verbatim where the spec gives them. */
export const MICRO_DEPOSIT_ERRORS = {
  VERIFY_ATTEMPTS_EXHAUSTED:
    'You’ve reached the maximum number of verification attempts. Please proceed to connect and verify your bank using the option below.',
  INVALID_MICRODEPOSIT:
    'The amounts entered are incorrect. Please re-enter the correct deposited amounts to complete verification.',
  REQUEST_IN_PROGRESS: 'Request already in progress.',
  MICRO_DEPOSITS_NOT_ARRIVED:
    'The deposits have not reached your bank yet. Please check again in 2 to 3 business days.',
  MICRO_DEPOSITS_EXPIRED:
    'The deposited amounts can no longer be entered: verification expired 14 days after the deposits arrived. Please add the bank again or connect it instantly.',
  NOT_AWAITING_VERIFICATION: 'This bank account is not waiting for micro-deposit verification.',
} as const;
export type MicroDepositErrorCode = keyof typeof MICRO_DEPOSIT_ERRORS;

/** Where a manual bank's micro-deposits stand. */
export const MICRO_DEPOSIT_STATES = ['SCHEDULED', 'SENT', 'VERIFIED', 'FAILED', 'EXPIRED'] as const;
export type MicroDepositState = (typeof MICRO_DEPOSIT_STATES)[number];

/** Texts of the business bank routes (answers and toasts). */
export const BANK_MESSAGES = {
  added: 'Bank account added. Micro-deposits are on their way.',
  linked: 'Bank account linked successfully.',
  verified: 'Bank verified successfully.',
  removed: 'Bank account removed.',
  primaryUpdated: 'Primary bank updated.',
  chartLinked: 'Bank account linked to the chart account.',
  chartUnlinked: 'Bank account unlinked from the chart account.',
  duplicate: 'This bank account has already been added.',
  notFound: 'Bank account not found.',
  chartAccountNotFound: 'Chart account not found.',
  chartAccountNotBank: 'Only a bank-type chart account can be linked to a bank account.',
  chartAccountTaken: 'This chart account is already linked to another bank account.',
  primaryNotVerified: 'Only a verified bank account can be the primary bank.',
  notInstant: 'Only an instantly linked bank account can be reconnected.',
  reconnected: 'Bank account reconnected.',
  reconnectFailed:
    'We could not reconnect this bank account. It is treated as a manually added bank until it is reconnected.',
  bankDenied: 'This institution is not supported. Please link an account at another bank.',
  noDepositoryAccounts: 'None of the chosen accounts is a checking or savings account.',
} as const;

/**
 * The hold on payments to a network vendor's bank after the vendor changed it (added, verified, made
 * primary or removed one of its own bank accounts): the payers' admins are told by mail, and the next
 * payment to that bank account is held until 24 hours after the change, so a payer can react to an
 * account takeover before money moves. Pure rule: hold until = changed at + 24 h.
 */
export const BANK_CHANGE_HOLD_HOURS = 24;
export const bankChangeHoldUntil = (changedAt: Date): Date =>
  new Date(changedAt.getTime() + BANK_CHANGE_HOLD_HOURS * 3_600_000);
/** Whether a payment to a bank may go now (false while a bank-change hold lasts). */
export const isBankChangeHoldActive = (holdUntil: Date | null, now: Date): boolean =>
  holdUntil !== null && holdUntil.getTime() > now.getTime();
