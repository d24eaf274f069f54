import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeJwt } from 'jose';
import {
  AccountingError,
  type AccountingHandle,
  type AccountingIdentity,
  type AccountingOrganisation,
  type AccountingProvider,
  type AccountingTokens,
  type AccountingWebhookEvent,
  type ContactPush,
  type DocumentPush,
  type ImportKind,
  type ImportRecords,
  type ListPage,
  type PaymentPush,
  type RemoteAccount,
  type RemoteContact,
  type RemoteDocument,
  type RemoteItem,
  type RemoteLine,
} from './accounting.js';
import { errorForStatus, fromCents, toCents, withRetries } from './retry.js';

/*
 * Why fetch and not xero-node's XeroClient: every XeroClient call goes over HTTP that cannot be pointed
 * elsewhere. buildConsentUrl and apiCallback first run OpenID discovery against https://identity.xero.com
 * through openid-client's own HTTP stack, and buildConsentUrl is async while authorizationUrl here is
 * synchronous; updateTenants, refreshWithRefreshToken and the AccountingApi use the module-level axios
 * (changing its adapter would change it for every other axios user in the server). xero-node's models
 * are the SDK's camelCase objects, not the API's PascalCase JSON, so they do not type what fetch reads
 * either. The adapter therefore speaks Xero's documented endpoints itself: the same URLs, headers and
 * bodies XeroClient sends, through one injectable fetch, retried by withRetries and replayable in tests.
 */

const AUTHORIZE_URL = 'https://login.xero.com/identity/connect/authorize';
const TOKEN_URL = 'https://identity.xero.com/connect/token';
const REVOKE_URL = 'https://identity.xero.com/connect/revocation';
const CONNECTIONS_URL = 'https://api.xero.com/connections';
const API_BASE = 'https://api.xero.com/api.xro/2.0';
const ISSUER = 'https://identity.xero.com';

/** Contacts and invoices come 100 to a page when a page is asked for. */
const PAGE_SIZE = 100;
/** Xero refresh tokens lapse 60 days after they are issued (unused); each refresh issues a new one. */
const REFRESH_TOKEN_DAYS = 60;

/**
 * Xero's granular scopes (apps created from March 2026 can no longer ask for `accounting.transactions`):
 * invoices and bills (and items), payments, contacts, and the chart of accounts read-only.
 */
const CONNECT_SCOPES = [
  'offline_access',
  'accounting.invoices',
  'accounting.payments',
  'accounting.contacts',
  'accounting.settings.read',
];
const SIGN_IN_SCOPES = ['openid', 'profile', 'email'];

export interface XeroAccountingOptions {
  clientId: string;
  clientSecret: string;
  /** Every HTTP call goes through this; tests replay recorded answers. */
  fetch?: typeof fetch;
  /** Backoff waits between retries (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** The webhook signing key from the Xero developer portal; without it no webhook is believed. */
  webhookKey?: string;
}

// ---------------------------------------------------------------------------------------------
// Xero's JSON (the fields this adapter reads)
// ---------------------------------------------------------------------------------------------

interface XeroContact {
  ContactID: string;
  Name: string;
  ContactStatus?: string;
  EmailAddress?: string;
  IsSupplier?: boolean;
  IsCustomer?: boolean;
  Phones?: { PhoneType?: string; PhoneNumber?: string; PhoneAreaCode?: string; PhoneCountryCode?: string }[];
  UpdatedDateUTC?: string;
}
interface XeroLineItem {
  Description?: string;
  Quantity?: number;
  UnitAmount?: number;
  LineAmount?: number;
  AccountID?: string;
  AccountCode?: string;
  ItemCode?: string;
  Item?: { ItemID?: string };
}
interface XeroInvoice {
  InvoiceID: string;
  Type: 'ACCPAY' | 'ACCREC' | string;
  Contact?: { ContactID?: string };
  InvoiceNumber?: string;
  Reference?: string;
  Date?: string;
  DateString?: string;
  DueDate?: string;
  DueDateString?: string;
  Status?: string;
  Total?: number;
  AmountDue?: number;
  CurrencyCode?: string;
  LineItems?: XeroLineItem[];
  UpdatedDateUTC?: string;
}
interface XeroAccount {
  AccountID: string;
  Code?: string;
  Name: string;
  Type?: string;
  BankAccountType?: string;
  Status?: string;
  UpdatedDateUTC?: string;
}
interface XeroItem {
  ItemID: string;
  Code?: string;
  Name?: string;
  Description?: string;
  IsSold?: boolean;
  IsPurchased?: boolean;
  SalesDetails?: { UnitPrice?: number };
  UpdatedDateUTC?: string;
}
interface XeroConnection {
  tenantId: string;
  tenantType: string;
  tenantName?: string | null;
}
interface XeroTokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  id_token?: string;
}
interface XeroErrorBody {
  Message?: string;
  Detail?: string;
  Title?: string;
  Elements?: { ValidationErrors?: { Message?: string }[] }[];
}

// ---------------------------------------------------------------------------------------------
// Mapping
// ---------------------------------------------------------------------------------------------

/** Milliseconds from Xero's "/Date(1700000000000+0000)/" or an ISO date-time (UTC when it names no zone). */
function xeroTime(value: string | undefined): number | null {
  if (!value) return null;
  const ms = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value);
  if (ms?.[1]) return Number(ms[1]);
  const iso = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at;
}
const xeroInstant = (value: string | undefined) => new Date(xeroTime(value) ?? 0).toISOString();
/** Xero dates are days: its "/Date(...)/" is that day's midnight UTC. */
function xeroDay(...values: (string | undefined)[]): string | null {
  for (const value of values) {
    if (!value) continue;
    if (/^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
    const at = xeroTime(value);
    if (at !== null) return new Date(at).toISOString().slice(0, 10);
  }
  return null;
}

function toRemoteContact(contact: XeroContact): RemoteContact {
  const phone =
    contact.Phones?.find((p) => p.PhoneType === 'DEFAULT' && p.PhoneNumber) ??
    contact.Phones?.find((p) => p.PhoneNumber);
  return {
    remoteId: contact.ContactID,
    updatedAt: xeroInstant(contact.UpdatedDateUTC),
    active: contact.ContactStatus !== 'ARCHIVED' && contact.ContactStatus !== 'GDPRREQUEST',
    name: contact.Name,
    email: contact.EmailAddress || null,
    phone: phone
      ? [phone.PhoneCountryCode, phone.PhoneAreaCode, phone.PhoneNumber].filter(Boolean).join(' ')
      : null,
  };
}

function toRemoteLine(line: XeroLineItem): RemoteLine {
  return {
    description: line.Description || null,
    amountCents: toCents(line.LineAmount ?? (line.UnitAmount ?? 0) * (line.Quantity ?? 1)),
    quantity: line.Quantity ?? null,
    accountRemoteId: line.AccountID || null,
    itemRemoteId: line.Item?.ItemID || null,
  };
}

function toRemoteDocument(invoice: XeroInvoice): RemoteDocument {
  const totalCents = toCents(invoice.Total);
  const balanceCents = toCents(invoice.AmountDue);
  const status: RemoteDocument['status'] =
    invoice.Status === 'VOIDED' ? 'VOID' : invoice.Status === 'PAID' ? 'PAID' : 'OPEN';
  return {
    remoteId: invoice.InvoiceID,
    updatedAt: xeroInstant(invoice.UpdatedDateUTC),
    active: invoice.Status !== 'DELETED',
    contactRemoteId: invoice.Contact?.ContactID ?? '',
    number: invoice.InvoiceNumber || null,
    date: xeroDay(invoice.DateString, invoice.Date) ?? '',
    dueDate: xeroDay(invoice.DueDateString, invoice.DueDate),
    totalCents,
    balanceCents,
    currency: invoice.CurrencyCode ?? null,
    memo: invoice.Reference || null,
    status,
    lines: (invoice.LineItems ?? []).map(toRemoteLine),
  };
}

const ACCOUNT_TYPES: Record<string, RemoteAccount['type']> = {
  BANK: 'BANK',
  EXPENSE: 'EXPENSE',
  OVERHEADS: 'EXPENSE',
  DIRECTCOSTS: 'COST_OF_GOODS_SOLD',
  REVENUE: 'INCOME',
  SALES: 'INCOME',
  OTHERINCOME: 'INCOME',
};

function toRemoteAccount(account: XeroAccount): RemoteAccount {
  const type =
    account.Type === 'BANK' && account.BankAccountType === 'CREDITCARD'
      ? 'CREDIT_CARD'
      : (ACCOUNT_TYPES[account.Type ?? ''] ?? null);
  return {
    remoteId: account.AccountID,
    updatedAt: xeroInstant(account.UpdatedDateUTC),
    active: account.Status !== 'ARCHIVED' && account.Status !== 'DELETED',
    name: account.Name,
    number: account.Code || null,
    type,
  };
}

function toRemoteItem(item: XeroItem): RemoteItem {
  const price = item.SalesDetails?.UnitPrice;
  return {
    remoteId: item.ItemID,
    updatedAt: xeroInstant(item.UpdatedDateUTC),
    active: true,
    name: item.Name || item.Code || item.ItemID,
    description: item.Description || null,
    unitPriceCents: price === undefined || price === null ? null : toCents(price),
    isSold: item.IsSold === true,
    isPurchased: item.IsPurchased === true,
  };
}

function contactBody(contact: ContactPush) {
  return {
    Name: contact.name,
    ...(contact.email ? { EmailAddress: contact.email } : {}),
    ...(contact.phone ? { Phones: [{ PhoneType: 'DEFAULT', PhoneNumber: contact.phone }] } : {}),
  };
}

/** A Xero error answer's own words: the validation messages, else its message or detail. */
function xeroMessage(body: unknown): string {
  const error = (body ?? {}) as XeroErrorBody;
  const validation = (error.Elements ?? [])
    .flatMap((element) => element.ValidationErrors ?? [])
    .map((v) => v.Message)
    .filter((m): m is string => Boolean(m));
  const message = validation.length
    ? validation.join(' ')
    : error.Detail || error.Message || error.Title || '';
  return typeof message === 'string' ? message.slice(0, 500) : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string): string | null => {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' && first ? first : null;
  }
  return null;
};

/** Xero's If-Modified-Since: a UTC date-time without zone or fraction. */
const modifiedSinceHeader = (modifiedSince: string): string => {
  const at = new Date(modifiedSince);
  if (Number.isNaN(at.getTime())) throw new AccountingError('REJECTED', 'modifiedSince is not an instant.');
  return at.toISOString().slice(0, 19);
};

/**
 * The accounting provider on Xero: OAuth 2 (with OpenID for sign-in) and the Accounting API, each
 * call naming its organisation in `xero-tenant-id`.
 */
export function createXeroAccounting(options: XeroAccountingOptions): AccountingProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const retry = <T>(call: () => Promise<T>) => withRetries(call, { sleep: options.sleep });
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;

  const send = async (url: string, init: RequestInit, what: string): Promise<Response> => {
    try {
      return await fetchImpl(url, init);
    } catch {
      throw new AccountingError('UNAVAILABLE', `${what} could not be reached.`);
    }
  };

  /** A call to Xero's identity service (token, revocation), form-encoded with the app's credentials. */
  const identity = async (url: string, form: Record<string, string>): Promise<XeroTokenAnswer> => {
    const response = await send(
      url,
      {
        method: 'POST',
        headers: {
          Authorization: basic,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
      },
      "Xero's sign-in service",
    );
    const body = await readBody(response);
    if (!response.ok) {
      const code =
        typeof (body as { error?: unknown })?.error === 'string' ? (body as { error: string }).error : '';
      if (code === 'invalid_grant')
        throw new AccountingError('TOKEN_EXPIRED', 'Xero refused the grant: connect Xero again.');
      throw errorForStatus(
        response.status,
        code ? `Xero's sign-in service answered ${code}.` : '',
        response.headers,
      );
    }
    return (body ?? {}) as XeroTokenAnswer;
  };

  const tokensFrom = (answer: XeroTokenAnswer): AccountingTokens => {
    if (!answer.access_token || !answer.refresh_token)
      throw new AccountingError('UNAVAILABLE', "Xero's sign-in service gave no tokens.");
    const now = Date.now();
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      accessTokenExpiresAt: new Date(now + (answer.expires_in ?? 1800) * 1000).toISOString(),
      refreshTokenExpiresAt: new Date(now + REFRESH_TOKEN_DAYS * 86_400_000).toISOString(),
    };
  };

  /** One call to a Xero API (the Accounting API unless `url` is absolute). */
  const api = async <T>(
    accessToken: string,
    tenantId: string | null,
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    input: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> => {
    const url = new URL(path.startsWith('https://') ? path : `${API_BASE}/${path}`);
    for (const [name, value] of Object.entries(input.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = {
      Authorization: `Bearer ${accessToken}`,
      Accept: 'application/json',
      ...(tenantId ? { 'xero-tenant-id': tenantId } : {}),
      ...(input.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...input.headers,
    };
    const response = await send(
      url.toString(),
      { method, headers, body: input.body === undefined ? undefined : JSON.stringify(input.body) },
      'Xero',
    );
    const body = await readBody(response);
    if (!response.ok) {
      const message = response.status >= 500 || response.status === 401 ? '' : xeroMessage(body);
      throw errorForStatus(response.status, message.replaceAll(accessToken, '[token]'), response.headers);
    }
    if (!body || typeof body !== 'object')
      throw new AccountingError('UNAVAILABLE', 'Xero answered something unexpected.');
    return body as T;
  };

  const call = <T>(
    handle: AccountingHandle,
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    input?: { query?: Record<string, string>; body?: unknown; headers?: Record<string, string> },
  ) => retry(() => api<T>(handle.tokens.accessToken, handle.organisationId, method, path, input));

  const first = <T>(answer: Record<string, unknown>, collection: string): T => {
    const list = answer[collection];
    const record = Array.isArray(list) ? list[0] : undefined;
    if (!record || typeof record !== 'object')
      throw new AccountingError('UNAVAILABLE', `Xero answered without the ${collection}.`);
    return record as T;
  };

  /** Invoice line items: an account by its AccountID; an item by its code, which Xero needs on a line. */
  const lineItems = async (handle: AccountingHandle, document: DocumentPush) => {
    const codes = new Map<string, string>();
    for (const itemId of new Set(
      document.lines.map((line) => line.itemRemoteId).filter(Boolean) as string[],
    )) {
      const item = first<XeroItem>(
        await call<Record<string, unknown>>(handle, 'GET', `Items/${encodeURIComponent(itemId)}`),
        'Items',
      );
      if (!item.Code) throw new AccountingError('REJECTED', 'The Xero item has no code to put on a line.');
      codes.set(itemId, item.Code);
    }
    return document.lines.map((line) => ({
      Description: line.description,
      Quantity: 1,
      UnitAmount: fromCents(line.amountCents),
      ...(line.accountRemoteId ? { AccountID: line.accountRemoteId } : {}),
      ...(line.itemRemoteId ? { ItemCode: codes.get(line.itemRemoteId) } : {}),
    }));
  };

  const documentBody = async (
    handle: AccountingHandle,
    type: 'ACCPAY' | 'ACCREC',
    document: DocumentPush,
  ) => ({
    Type: type,
    Contact: { ContactID: document.contactRemoteId },
    InvoiceNumber: document.number,
    // Reference is shown on sales invoices only; a bill's number is its reference in Xero.
    ...(type === 'ACCREC' && document.memo ? { Reference: document.memo } : {}),
    Date: document.date,
    DueDate: document.dueDate,
    // Ferry's line amounts are what is owed: no tax added on top.
    LineAmountTypes: 'NoTax',
    Status: 'AUTHORISED',
    LineItems: await lineItems(handle, document),
  });

  const listPaged = async <T, R>(
    handle: AccountingHandle,
    path: string,
    collection: string,
    cursor: string | null,
    modifiedSince: string | null,
    query: Record<string, string>,
    map: (record: T) => R | null,
  ) => {
    const page = cursor ? Number.parseInt(cursor, 10) : 1;
    if (!Number.isSafeInteger(page) || page < 1)
      throw new AccountingError('REJECTED', 'The Xero page cursor is not one this adapter gave.');
    const answer = await call<Record<string, unknown>>(handle, 'GET', path, {
      query: { ...query, page: String(page) },
      headers: modifiedSince ? { 'If-Modified-Since': modifiedSinceHeader(modifiedSince) } : {},
    });
    const rows = (Array.isArray(answer[collection]) ? answer[collection] : []) as T[];
    return {
      records: rows.map(map).filter((record): record is R => record !== null),
      next: rows.length >= PAGE_SIZE ? String(page + 1) : null,
    };
  };

  const listAll = async <T, R>(
    handle: AccountingHandle,
    path: string,
    collection: string,
    modifiedSince: string | null,
    map: (record: T) => R,
  ) => {
    const answer = await call<Record<string, unknown>>(handle, 'GET', path, {
      headers: modifiedSince ? { 'If-Modified-Since': modifiedSinceHeader(modifiedSince) } : {},
    });
    const rows = (Array.isArray(answer[collection]) ? answer[collection] : []) as T[];
    return { records: rows.map(map), next: null };
  };

  const listers: {
    [K in ImportKind]: (
      handle: AccountingHandle,
      cursor: string | null,
      modifiedSince: string | null,
    ) => Promise<{ records: unknown[]; next: string | null }>;
  } = {
    ACCOUNT: (handle, _cursor, since) => listAll(handle, 'Accounts', 'Accounts', since, toRemoteAccount),
    ITEM: (handle, _cursor, since) => listAll(handle, 'Items', 'Items', since, toRemoteItem),
    // A contact is a supplier or customer by its transactions (it may be both): one contact list, read per kind.
    VENDOR: (handle, cursor, since) =>
      listPaged(
        handle,
        'Contacts',
        'Contacts',
        cursor,
        since,
        { includeArchived: 'true' },
        (c: XeroContact) => (c.IsSupplier ? toRemoteContact(c) : null),
      ),
    CUSTOMER: (handle, cursor, since) =>
      listPaged(
        handle,
        'Contacts',
        'Contacts',
        cursor,
        since,
        { includeArchived: 'true' },
        (c: XeroContact) => (c.IsCustomer ? toRemoteContact(c) : null),
      ),
    BILL: (handle, cursor, since) =>
      listPaged(handle, 'Invoices', 'Invoices', cursor, since, { where: 'Type=="ACCPAY"' }, toRemoteDocument),
    INVOICE: (handle, cursor, since) =>
      listPaged(handle, 'Invoices', 'Invoices', cursor, since, { where: 'Type=="ACCREC"' }, toRemoteDocument),
  };

  return {
    type: 'XERO',
    mode: 'live',

    authorizationUrl({ state, redirectUri, purpose }) {
      const scopes = purpose === 'SIGN_IN' ? [...SIGN_IN_SCOPES, ...CONNECT_SCOPES] : CONNECT_SCOPES;
      const url = new URL(AUTHORIZE_URL);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: scopes.join(' '),
        state,
      }).toString();
      return url.toString();
    },

    async exchangeCode({ query, redirectUri }) {
      if (query.error) {
        if (query.error === 'access_denied' || query.error === 'invalid_scope')
          throw new AccountingError('ACCESS_DENIED', 'Xero access was not granted.');
        throw new AccountingError(
          'UNAVAILABLE',
          `Xero answered the consent with ${query.error.slice(0, 50)}.`,
        );
      }
      if (!query.code) throw new AccountingError('REJECTED', 'The Xero answer named no code.');
      const code = query.code;
      const answer = await retry(() =>
        identity(TOKEN_URL, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
      );
      const tokens = tokensFrom(answer);
      const connections = await retry(() =>
        api<XeroConnection[]>(tokens.accessToken, null, 'GET', CONNECTIONS_URL),
      );
      const organisations: AccountingOrganisation[] = [];
      for (const connection of connections.filter((c) => c.tenantType === 'ORGANISATION')) {
        const answerOrg = await retry(() =>
          api<Record<string, unknown>>(tokens.accessToken, connection.tenantId, 'GET', 'Organisation'),
        );
        const organisation = first<{ Name?: string; BaseCurrency?: string }>(answerOrg, 'Organisations');
        organisations.push({
          id: connection.tenantId,
          name: organisation.Name || connection.tenantName || 'Xero organisation',
          currency: organisation.BaseCurrency ?? null,
        });
      }
      return { tokens, organisations, identity: answer.id_token ? identityFrom(answer.id_token) : null };
    },

    async refreshTokens(tokens) {
      return tokensFrom(
        await retry(() =>
          identity(TOKEN_URL, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken }),
        ),
      );
    },

    async revoke(tokens) {
      try {
        await retry(() => identity(REVOKE_URL, { token: tokens.refreshToken }));
      } catch (error) {
        // Already revoked or lapsed at Xero: the grant is over, which is what was asked.
        if (!(error instanceof AccountingError && error.code === 'TOKEN_EXPIRED')) throw error;
      }
    },

    async list(handle, kind, { cursor, modifiedSince }) {
      // Each lister's mapper gives the records of its own kind.
      return (await listers[kind](handle, cursor, modifiedSince)) as ListPage<ImportRecords[typeof kind]>;
    },

    async create(handle, kind, record, idempotencyKey) {
      const headers = { 'Idempotency-Key': idempotencyKey };
      switch (kind) {
        case 'VENDOR':
        case 'CUSTOMER': {
          const answer = await call<Record<string, unknown>>(handle, 'PUT', 'Contacts', {
            body: { Contacts: [contactBody(record as ContactPush)] },
            headers,
          });
          const contact = first<XeroContact>(answer, 'Contacts');
          return { remoteId: contact.ContactID, updatedAt: xeroInstant(contact.UpdatedDateUTC) };
        }
        case 'BILL':
        case 'INVOICE': {
          const type = kind === 'BILL' ? 'ACCPAY' : 'ACCREC';
          const body = { Invoices: [await documentBody(handle, type, record as DocumentPush)] };
          const answer = await call<Record<string, unknown>>(handle, 'PUT', 'Invoices', { body, headers });
          const invoice = first<XeroInvoice>(answer, 'Invoices');
          return { remoteId: invoice.InvoiceID, updatedAt: xeroInstant(invoice.UpdatedDateUTC) };
        }
        default: {
          const payment = record as PaymentPush;
          const answer = await call<Record<string, unknown>>(handle, 'PUT', 'Payments', {
            body: {
              Payments: [
                {
                  Invoice: { InvoiceID: payment.documentRemoteId },
                  Account: { AccountID: payment.accountRemoteId },
                  Date: payment.date,
                  Amount: fromCents(payment.amountCents),
                  Reference: payment.memo,
                },
              ],
            },
            headers,
          });
          const created = first<{ PaymentID: string; UpdatedDateUTC?: string }>(answer, 'Payments');
          return { remoteId: created.PaymentID, updatedAt: xeroInstant(created.UpdatedDateUTC) };
        }
      }
    },

    async update(handle, kind, remoteId, record) {
      const id = encodeURIComponent(remoteId);
      if (kind === 'VENDOR' || kind === 'CUSTOMER') {
        const answer = await call<Record<string, unknown>>(handle, 'POST', `Contacts/${id}`, {
          body: { Contacts: [{ ContactID: remoteId, ...contactBody(record as ContactPush) }] },
        });
        return { updatedAt: xeroInstant(first<XeroContact>(answer, 'Contacts').UpdatedDateUTC) };
      }
      const type = kind === 'BILL' ? 'ACCPAY' : 'ACCREC';
      const body = await documentBody(handle, type, record as DocumentPush);
      const answer = await call<Record<string, unknown>>(handle, 'POST', `Invoices/${id}`, {
        body: { Invoices: [{ InvoiceID: remoteId, ...body }] },
      });
      return { updatedAt: xeroInstant(first<XeroInvoice>(answer, 'Invoices').UpdatedDateUTC) };
    },

    async verifyWebhook(headers, rawBody) {
      const key = options.webhookKey;
      const signature = headerOf(headers, 'x-xero-signature');
      if (!key || !signature) return null;
      const expected = createHmac('sha256', key).update(rawBody, 'utf8').digest();
      const given = Buffer.from(signature, 'base64');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return xeroWebhookEvents(JSON.parse(rawBody));
      } catch {
        return null;
      }
    },
  };

  /**
   * Who signed in, from the id_token Xero's token endpoint handed over directly (OpenID Connect Core
   * 3.1.3.7: TLS to the token endpoint stands for the signature check); issuer and audience are checked.
   */
  function identityFrom(idToken: string): AccountingIdentity {
    let claims: Record<string, unknown>;
    try {
      claims = decodeJwt(idToken);
    } catch {
      throw new AccountingError('UNAVAILABLE', 'Xero gave an unreadable identity.');
    }
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (claims.iss !== ISSUER || !audience.includes(options.clientId))
      throw new AccountingError('ACCESS_DENIED', 'The Xero identity was not issued to Ferry.');
    const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
    const providerUserId = text(claims.xero_userid) ?? text(claims.sub);
    const email = text(claims.email);
    if (!providerUserId || !email)
      throw new AccountingError('ACCESS_DENIED', 'Xero did not share who signed in.');
    return { providerUserId, email, firstName: text(claims.given_name), lastName: text(claims.family_name) };
  }
}

/**
 * A Xero webhook body → Ferry's events. Xero says only CONTACT or INVOICE: a contact may be a supplier
 * and a customer, and an invoice a bill or a sales invoice, so each change is reported for both kinds it
 * can be (reading the other kind finds nothing to change). The intent-to-receive check has no events.
 */
export function xeroWebhookEvents(body: unknown): AccountingWebhookEvent[] {
  const events: AccountingWebhookEvent[] = [];
  const list = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(list)) return events;
  for (const event of list as { tenantId?: unknown; eventCategory?: unknown; resourceId?: unknown }[]) {
    if (typeof event?.tenantId !== 'string' || !event.tenantId) continue;
    const remoteId = typeof event.resourceId === 'string' && event.resourceId ? event.resourceId : null;
    const kinds: ImportKind[] =
      event.eventCategory === 'CONTACT'
        ? ['VENDOR', 'CUSTOMER']
        : event.eventCategory === 'INVOICE'
          ? ['BILL', 'INVOICE']
          : [];
    if (kinds.length === 0) {
      events.push({ organisationId: event.tenantId, kind: null, remoteId: null });
      continue;
    }
    for (const kind of kinds) events.push({ organisationId: event.tenantId, kind, remoteId });
  }
  return events;
}
