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
