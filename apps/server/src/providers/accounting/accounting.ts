/**
 * Accounting provider: the business's books (QuickBooks Online, Xero, FreshBooks, Zoho Books, or Ferry's
 * own Sandbox Books). One adapter per provider type; the sync engine (modules/accounting/sync.ts) only
 * speaks this interface, in Ferry's terms: integer cents, 'YYYY-MM-DD' dates, ISO instants.
 *
 * OAuth: authorizationUrl → (the browser consents at the provider) → the provider redirects to Ferry's
 * GET /api/integration/callback with a code → exchangeCode → tokens (secrets: sealed at rest, never
 * logged, never in an API answer) and the organisations the grant covers → the business picks one.
 * Access tokens are short-lived: refreshTokens before they lapse; a refused refresh is TOKEN_EXPIRED and
 * the connection becomes EXPIRED (Reconnect).
 *
 * Every call that creates something takes an idempotency key, which the adapter passes to the provider
 * where it has one (QuickBooks `requestid`, Xero `Idempotency-Key`) so a retried push creates one record.
 */

import type { ChartAccountType } from '@ferry/domain/schemas';

export const ACCOUNTING_PROVIDER_TYPES = ['QBO', 'QBO_SANDBOX', 'XERO', 'FRESHBOOKS', 'ZOHOBOOKS'] as const;
export type AccountingProviderType = (typeof ACCOUNTING_PROVIDER_TYPES)[number];

export interface AccountingTokens {
  accessToken: string;
  refreshToken: string;
  /** ISO instant. */
  accessTokenExpiresAt: string;
  /** ISO instant, or null when the provider does not say. */
  refreshTokenExpiresAt: string | null;
  /** Provider specifics the calls need besides the organisation (Zoho's API domain...). Not secret. */
  extra?: Record<string, string>;
}

export interface AccountingOrganisation {
  /** QuickBooks realmId, Xero tenantId, FreshBooks accountId, Zoho organization_id, Sandbox Books company id. */
  id: string;
  name: string;
  currency: string | null;
}

/** Who granted the consent (OpenID where the provider has it): for "Sign in with Intuit / Xero". */
export interface AccountingIdentity {
  providerUserId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** What a connection's calls carry. */
export interface AccountingHandle {
  tokens: AccountingTokens;
  organisationId: string;
}

/** The kinds of record a sync reads from the books. */
export const IMPORT_KINDS = ['ACCOUNT', 'ITEM', 'VENDOR', 'CUSTOMER', 'BILL', 'INVOICE'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The kinds of record a sync writes to the books. */
export const PUSH_KINDS = [
  'VENDOR',
  'CUSTOMER',
  'BILL',
  'INVOICE',
  'BILL_PAYMENT',
  'INVOICE_PAYMENT',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

interface RemoteBase {
  /** The provider's id of the record (stable). */
  remoteId: string;
  /** ISO instant of the provider's last change (QuickBooks Metadata.LastUpdatedTime, Xero UpdatedDateUTC...). */
  updatedAt: string;
  /** False when archived / inactive / deleted in the books. */
  active: boolean;
}

export interface RemoteAccount extends RemoteBase {
  name: string;
  number: string | null;
  /** Ferry's account type, or null for types Ferry does not use (equity, liabilities...). */
  type: ChartAccountType | null;
}

export interface RemoteItem extends RemoteBase {
  name: string;
  description: string | null;
  /** Sales price in cents, or null. */
  unitPriceCents: number | null;
  isSold: boolean;
  isPurchased: boolean;
}

export interface RemoteContact extends RemoteBase {
  name: string;
  email: string | null;
  /** As the books have it (digits and punctuation); Ferry normalises it. */
  phone: string | null;
}

export interface RemoteLine {
  description: string | null;
  amountCents: number;
  quantity: number | null;
  accountRemoteId: string | null;
  itemRemoteId: string | null;
}

export interface RemoteDocument extends RemoteBase {
  /** The vendor (bill) or customer (invoice). */
  contactRemoteId: string;
  /** Bill or invoice number, or null. */
  number: string | null;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** 'YYYY-MM-DD', or null. */
  dueDate: string | null;
  totalCents: number;
  /** What is still owed. */
  balanceCents: number;
  currency: string | null;
  memo: string | null;
  /** VOID when voided in the books; `active` false when deleted. */
  status: 'OPEN' | 'PAID' | 'VOID';
  lines: RemoteLine[];
}

export interface ImportRecords {
  ACCOUNT: RemoteAccount;
  ITEM: RemoteItem;
  VENDOR: RemoteContact;
  CUSTOMER: RemoteContact;
  BILL: RemoteDocument;
  INVOICE: RemoteDocument;
}

/** A contact Ferry writes to the books. */
export interface ContactPush {
  name: string;
  email: string | null;
  phone: string | null;
}

/** A bill or invoice Ferry writes to the books (contact and accounts already in the books). */
export interface DocumentPush {
  contactRemoteId: string;
  number: string;
  date: string;
  dueDate: string;
  memo: string | null;
  lines: {
    description: string;
    amountCents: number;
    accountRemoteId: string | null;
    itemRemoteId: string | null;
  }[];
}

/** A payment Ferry made (bill payment) or received (invoice payment), written against its document. */
export interface PaymentPush {
  documentRemoteId: string;
  contactRemoteId: string;
  amountCents: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** The chart account (bank or card) the money moved through. */
  accountRemoteId: string;
  /** The rail's reference (ACH trace number, card charge id) and Ferry's payment id, for reconciling. */
  memo: string;
  reference: string;
}

export interface PushRecords {
  VENDOR: ContactPush;
  CUSTOMER: ContactPush;
  BILL: DocumentPush;
  INVOICE: DocumentPush;
  BILL_PAYMENT: PaymentPush;
  INVOICE_PAYMENT: PaymentPush;
}

export interface ListPage<T> {
  records: T[];
  /** Pass back to read the next page; null when this was the last. */
  next: string | null;
}

/** A change the provider told Ferry about by webhook. */
export interface AccountingWebhookEvent {
  organisationId: string;
  kind: ImportKind | null;
  remoteId: string | null;
}

export const ACCOUNTING_ERROR_CODES = [
  /** The token was refused and cannot be refreshed: the connection must be made again. */
  'TOKEN_EXPIRED',
  /** The person declined at the consent page, or the grant lacks a scope. */
  'ACCESS_DENIED',
  /** Too many calls; retry after `retryAfterSeconds`. */
  'RATE_LIMITED',
  /** The record is not (or no longer) in the books. */
  'NOT_FOUND',
  /** The books refused the record (message says why, in the provider's words). */
  'REJECTED',
  /** The provider is down or answered something unexpected. */
  'UNAVAILABLE',
] as const;
export type AccountingErrorCode = (typeof ACCOUNTING_ERROR_CODES)[number];

/** voidDocument's refusal when the books have payments against the document (and say nothing of their own). */
export const VOID_REFUSED_PAYMENTS = 'It has payments in the accounting software.';

export class AccountingError extends Error {
  constructor(
    readonly code: AccountingErrorCode,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'AccountingError';
  }
}

export interface AccountingProvider {
  readonly type: AccountingProviderType;
  /** 'sandbox' is Ferry's Sandbox Books standing in for this provider. */
  readonly mode: 'sandbox' | 'live';
  /** Where the browser goes to consent. `purpose` SIGN_IN asks for the person's identity too. */
  authorizationUrl(input: { state: string; redirectUri: string; purpose: 'CONNECT' | 'SIGN_IN' }): string;
  /**
   * The provider's redirect back (its query: code, realmId, error...) → tokens, the organisations the
   * grant covers and who granted it. `error=access_denied` → ACCESS_DENIED.
   */
  exchangeCode(input: { query: Record<string, string>; redirectUri: string }): Promise<{
    tokens: AccountingTokens;
    organisations: AccountingOrganisation[];
    identity: AccountingIdentity | null;
  }>;
  refreshTokens(tokens: AccountingTokens): Promise<AccountingTokens>;
  /** Ends the grant at the provider (best effort: disconnect goes on if this fails). */
  revoke(tokens: AccountingTokens): Promise<void>;
  /** One page of records of a kind, changed since `modifiedSince` when given (a backfill passes null). */
  list<K extends ImportKind>(
    handle: AccountingHandle,
    kind: K,
    options: { cursor: string | null; modifiedSince: string | null },
  ): Promise<ListPage<ImportRecords[K]>>;
  /** Creates a record in the books; the same idempotency key never creates a second one. */
  create<K extends PushKind>(
    handle: AccountingHandle,
    kind: K,
    record: PushRecords[K],
    idempotencyKey: string,
  ): Promise<{ remoteId: string; updatedAt: string }>;
  /** Changes a contact, bill or invoice Ferry linked before (the fields Ferry owns). */
  update<K extends 'VENDOR' | 'CUSTOMER' | 'BILL' | 'INVOICE'>(
    handle: AccountingHandle,
    kind: K,
    remoteId: string,
    record: PushRecords[K],
  ): Promise<{ updatedAt: string }>;
  /**
   * Voids a bill or invoice Ferry linked before (deletes it where the provider cannot void that kind).
   * One already void or deleted is not an error: its current updatedAt (or now when the books do not
   * say). One with payments applied in the books is REJECTED (the provider's words, or
   * VOID_REFUSED_PAYMENTS).
   */
  voidDocument(
    handle: AccountingHandle,
    kind: 'BILL' | 'INVOICE',
    remoteId: string,
  ): Promise<{ updatedAt: string }>;
  /** A webhook from the provider: the changes it reports, or null when it is not genuine. */
  verifyWebhook?(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): Promise<AccountingWebhookEvent[] | null>;
}
