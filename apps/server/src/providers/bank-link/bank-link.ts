/**
 * Bank-link provider: the outside service that links a business's bank account instantly
 * (institution login → chosen accounts → account + routing numbers), like Plaid Link + Auth.
 *
 * Flow: createLinkToken → (browser runs the link modal with the token) → public token →
 * exchangePublicToken → access token (a secret: store it encrypted, never log it) → getAuth.
 *
 * Update mode (reconnect): createLinkToken({ accessToken }) → the browser runs link again with
 * that token → on success the item's login error is cleared. The completed session also yields a
 * public token; exchanging it returns the SAME item id and access token (no new item is created).
 */

export interface LinkedBankAccount {
  accountId: string;
  name: string;
  officialName: string | null;
  mask: string;
  type: 'depository';
  subtype: string;
  routingNumber: string;
  accountNumber: string;
}

export interface BankLinkWebhookEvent {
  itemId: string;
  kind: 'LOGIN_REQUIRED' | 'PENDING_EXPIRATION' | 'PERMISSION_REVOKED' | 'NEW_ACCOUNTS' | 'OTHER';
  /** A bank-link code (ITEM_LOGIN_REQUIRED, PERMISSION_REVOKED, ACCOUNT_REVOKED...) or null. */
  errorCode: string | null;
  /** The provider's own event name (Plaid `webhook_code`, e.g. LOGIN_REPAIRED), for OTHER events. */
  webhookCode?: string;
  /** The one account concerned, when the event is about an account (ACCOUNT_REVOKED). */
  accountId?: string | null;
}

/** Error codes a bank link can end with (spec §4 bank-link codes). */
export const BANK_LINK_ERROR_CODES = [
  'ITEM_LOGIN_REQUIRED',
  'INVALID_CREDENTIALS',
  'NO_ACCOUNTS',
  'ACCESS_NOT_GRANTED',
  'NO_AUTH_ACCOUNTS',
  'ITEM_NOT_SUPPORTED',
  'PERMISSION_REVOKED',
  'ACCOUNT_REVOKED',
  'INVALID_ACCOUNT',
  'INVALID_PUBLIC_TOKEN',
  'INVALID_LINK_TOKEN',
  'INVALID_ACCESS_TOKEN',
  'INSTITUTION_DOWN',
  'PROVIDER_UNAVAILABLE',
] as const;
export type BankLinkErrorCode = (typeof BANK_LINK_ERROR_CODES)[number];

/** What people are told for each code (both adapters use these; never a provider's raw text). */
export const BANK_LINK_ERROR_MESSAGES: Record<BankLinkErrorCode, string> = {
  ITEM_LOGIN_REQUIRED: 'Your bank needs you to sign in again. Please reconnect this bank account.',
  INVALID_CREDENTIALS: 'The username or password provided were not correct.',
  NO_ACCOUNTS: 'No checking or savings accounts were found at this bank.',
  ACCESS_NOT_GRANTED: 'Access to your account details was not granted. Please try again and allow access.',
  NO_AUTH_ACCOUNTS:
    'None of the chosen accounts can be used for payments. Please choose a checking or savings account, or add the bank manually.',
  ITEM_NOT_SUPPORTED: 'This bank cannot be linked instantly. Please add the bank account manually.',
  PERMISSION_REVOKED: 'Access to this bank was revoked. Please reconnect the bank account.',
  ACCOUNT_REVOKED: 'Access to this bank account was revoked. Please reconnect the bank account.',
  INVALID_ACCOUNT: 'The chosen bank account is no longer available. Please link the bank again.',
  INVALID_PUBLIC_TOKEN: 'This bank link has expired or was already used. Please link the bank again.',
  INVALID_LINK_TOKEN: 'This bank link session has expired. Please start again.',
  INVALID_ACCESS_TOKEN: 'This bank connection is no longer valid. Please link the bank again.',
  INSTITUTION_DOWN: 'This bank is not responding right now. Please try again later.',
  PROVIDER_UNAVAILABLE: 'The bank link service is not available right now. Please try again later.',
};

/** A failure reported by the bank-link provider. `code` is one of the bank-link codes above. */
export class BankLinkError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BankLinkError';
  }
}

/** A BankLinkError with the readable message of its code. */
export const bankLinkError = (code: BankLinkErrorCode): BankLinkError =>
  new BankLinkError(code, BANK_LINK_ERROR_MESSAGES[code]);

export interface BankLinkProvider {
  readonly name: 'sandbox' | 'plaid';
  createLinkToken(input: {
    businessId: string;
    userId: string;
    clientName: string;
    /** Update mode (reconnect an existing item). */
    accessToken?: string;
  }): Promise<{ linkToken: string; expiration: Date }>;
  exchangePublicToken(publicToken: string): Promise<{ accessToken: string; itemId: string }>;
  getAuth(
    accessToken: string,
  ): Promise<{ institution: { id: string; name: string }; accounts: LinkedBankAccount[] }>;
  getItemStatus(
    accessToken: string,
  ): Promise<{ status: 'OK' | 'LOGIN_REQUIRED' | 'REVOKED'; errorCode: string | null }>;
  removeItem(accessToken: string): Promise<void>;
  /** null = not ours / invalid signature. */
  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<BankLinkWebhookEvent | null>;
  /** Sandbox-only helpers (both the Ferry sandbox and Plaid's sandbox env support this). */
  resetLogin?(accessToken: string): Promise<void>;
}
