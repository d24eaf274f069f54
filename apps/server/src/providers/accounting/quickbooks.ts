import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import OAuthClient from 'intuit-oauth';
import {
  AccountingError,
  type AccountingHandle,
  type AccountingIdentity,
  type AccountingProvider,
  type AccountingTokens,
  type AccountingWebhookEvent,
  type ContactPush,
  type DocumentPush,
  type ImportKind,
  type ImportRecords,
  type PaymentPush,
  type PushKind,
  type RemoteAccount,
  type RemoteContact,
  type RemoteDocument,
  type RemoteItem,
  type RemoteLine,
} from './accounting.js';
import { errorForStatus, fromCents, toCents, withRetries } from './retry.js';

/** The QuickBooks Online API minor version this adapter is written against. */
const MINOR_VERSION = '75';
/** Records per query page (QuickBooks allows up to 1000). */
const PAGE_SIZE = 500;
/** QuickBooks keeps a `requestid` of at most 50 characters. */
const REQUEST_ID_MAX = 50;
/** BillPayment.DocNumber and Payment.PaymentRefNum hold at most 21 characters. */
const REFERENCE_MAX = 21;

const API_BASE = {
  production: 'https://quickbooks.api.intuit.com',
  sandbox: 'https://sandbox-quickbooks.api.intuit.com',
} as const;

export interface QuickBooksAccountingOptions {
  clientId: string;
  clientSecret: string;
  environment: 'production' | 'sandbox';
  /** Every HTTP call (the OAuth ones intuit-oauth makes too) goes through this; tests replay answers. */
  fetch?: typeof fetch;
  /** Backoff waits between retries (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** The webhooks verifier token from the Intuit developer portal; without it no webhook is believed. */
  webhookVerifierToken?: string;
}

// ---------------------------------------------------------------------------------------------
// QuickBooks' JSON (the fields this adapter reads)
// ---------------------------------------------------------------------------------------------

interface QboRef {
  value: string;
  name?: string;
}
interface QboMeta {
  MetaData?: { CreateTime?: string; LastUpdatedTime?: string };
}
interface QboAccount extends QboMeta {
  Id: string;
  Name: string;
  AcctNum?: string;
  AccountType?: string;
  Active?: boolean;
}
interface QboItem extends QboMeta {
  Id: string;
  Name: string;
  Description?: string;
  UnitPrice?: number;
  Active?: boolean;
  IncomeAccountRef?: QboRef;
  ExpenseAccountRef?: QboRef;
}
interface QboContact extends QboMeta {
  Id: string;
  DisplayName: string;
  Active?: boolean;
  PrimaryEmailAddr?: { Address?: string };
  PrimaryPhone?: { FreeFormNumber?: string };
}
interface QboLine {
  Amount?: number;
  Description?: string;
  DetailType?: string;
  AccountBasedExpenseLineDetail?: { AccountRef?: QboRef };
  ItemBasedExpenseLineDetail?: { ItemRef?: QboRef; Qty?: number };
  SalesItemLineDetail?: { ItemRef?: QboRef; Qty?: number };
  DiscountLineDetail?: { DiscountAccountRef?: QboRef };
}
interface QboDocument extends QboMeta {
  Id: string;
  VendorRef?: QboRef;
  CustomerRef?: QboRef;
  DocNumber?: string;
  TxnDate: string;
  DueDate?: string;
  TotalAmt?: number;
  Balance?: number;
  CurrencyRef?: QboRef;
  PrivateNote?: string;
  Line?: QboLine[];
}
interface QboFault {
  Fault?: { Error?: { Message?: string; Detail?: string; code?: string }[]; type?: string };
}
interface QboTokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  x_refresh_token_expires_in?: number;
  id_token?: string;
}

/** The QuickBooks entity behind each import kind, and whether it has an `Active` flag to include both. */
const IMPORT_ENTITIES: Record<ImportKind, { entity: string; hasActive: boolean }> = {
  ACCOUNT: { entity: 'Account', hasActive: true },
  ITEM: { entity: 'Item', hasActive: true },
  VENDOR: { entity: 'Vendor', hasActive: true },
  CUSTOMER: { entity: 'Customer', hasActive: true },
  BILL: { entity: 'Bill', hasActive: false },
  INVOICE: { entity: 'Invoice', hasActive: false },
};

/** The entity each push kind creates (name in the JSON answer, and the path). */
const PUSH_ENTITIES: Record<PushKind, { entity: string; path: string }> = {
  VENDOR: { entity: 'Vendor', path: 'vendor' },
  CUSTOMER: { entity: 'Customer', path: 'customer' },
  BILL: { entity: 'Bill', path: 'bill' },
  INVOICE: { entity: 'Invoice', path: 'invoice' },
  BILL_PAYMENT: { entity: 'BillPayment', path: 'billpayment' },
  INVOICE_PAYMENT: { entity: 'Payment', path: 'payment' },
};

const ACCOUNT_TYPES: Record<string, RemoteAccount['type']> = {
  Bank: 'BANK',
  'Credit Card': 'CREDIT_CARD',
  Expense: 'EXPENSE',
  'Other Expense': 'EXPENSE',
  Income: 'INCOME',
  'Other Income': 'INCOME',
  'Cost of Goods Sold': 'COST_OF_GOODS_SOLD',
};

/** Webhook entity names → the import kind Ferry reads them as. */
const WEBHOOK_KINDS: Record<string, ImportKind> = {
  account: 'ACCOUNT',
  item: 'ITEM',
  vendor: 'VENDOR',
  customer: 'CUSTOMER',
  bill: 'BILL',
  invoice: 'INVOICE',
};

// ---------------------------------------------------------------------------------------------
// Mapping QuickBooks records to Ferry's
// ---------------------------------------------------------------------------------------------

const instant = (value: string | undefined): string => {
  const at = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? new Date(0).toISOString() : new Date(at).toISOString();
};
const updatedAtOf = (record: QboMeta) => instant(record.MetaData?.LastUpdatedTime);

function toRemoteAccount(account: QboAccount): RemoteAccount {
  return {
    remoteId: account.Id,
    updatedAt: updatedAtOf(account),
    active: account.Active !== false,
    name: account.Name,
    number: account.AcctNum || null,
    type: ACCOUNT_TYPES[account.AccountType ?? ''] ?? null,
  };
}

function toRemoteItem(item: QboItem): RemoteItem {
  return {
    remoteId: item.Id,
    updatedAt: updatedAtOf(item),
    active: item.Active !== false,
    name: item.Name,
    description: item.Description || null,
    unitPriceCents: item.UnitPrice === undefined ? null : toCents(item.UnitPrice),
    isSold: Boolean(item.IncomeAccountRef),
    isPurchased: Boolean(item.ExpenseAccountRef),
  };
}

function toRemoteContact(contact: QboContact): RemoteContact {
  return {
    remoteId: contact.Id,
    updatedAt: updatedAtOf(contact),
    active: contact.Active !== false,
    name: contact.DisplayName,
    email: contact.PrimaryEmailAddr?.Address || null,
    phone: contact.PrimaryPhone?.FreeFormNumber || null,
  };
}

function toRemoteLine(line: QboLine): RemoteLine | null {
  const base = { description: line.Description || null, amountCents: toCents(line.Amount) };
  switch (line.DetailType) {
    case 'AccountBasedExpenseLineDetail':
      return {
        ...base,
        quantity: null,
        accountRemoteId: line.AccountBasedExpenseLineDetail?.AccountRef?.value ?? null,
        itemRemoteId: null,
      };
    case 'ItemBasedExpenseLineDetail':
      return {
        ...base,
        quantity: line.ItemBasedExpenseLineDetail?.Qty ?? null,
        accountRemoteId: null,
        itemRemoteId: line.ItemBasedExpenseLineDetail?.ItemRef?.value ?? null,
      };
    case 'SalesItemLineDetail':
      return {
        ...base,
        quantity: line.SalesItemLineDetail?.Qty ?? null,
        accountRemoteId: null,
        itemRemoteId: line.SalesItemLineDetail?.ItemRef?.value ?? null,
      };
    case 'DiscountLineDetail':
      // A discount reduces the total: QuickBooks gives it as a positive amount.
      return {
        ...base,
        amountCents: -base.amountCents,
        quantity: null,
        accountRemoteId: line.DiscountLineDetail?.DiscountAccountRef?.value ?? null,
        itemRemoteId: null,
      };
    default:
      // SubTotalLineDetail repeats the lines above it; description-only and group lines carry no amount of their own.
      return null;
  }
}

function toRemoteDocument(document: QboDocument, contactRef: QboRef | undefined): RemoteDocument {
  const totalCents = toCents(document.TotalAmt);
  const balanceCents = toCents(document.Balance);
  // QuickBooks voids an invoice by zeroing it and noting "Voided" in its private note.
  const isVoid = totalCents === 0 && /^voided\b/i.test(document.PrivateNote ?? '');
  return {
    remoteId: document.Id,
    updatedAt: updatedAtOf(document),
    active: true,
    contactRemoteId: contactRef?.value ?? '',
    number: document.DocNumber || null,
    date: document.TxnDate,
    dueDate: document.DueDate || null,
    totalCents,
    balanceCents,
    currency: document.CurrencyRef?.value ?? null,
    memo: document.PrivateNote || null,
    status: isVoid ? 'VOID' : balanceCents === 0 && totalCents > 0 ? 'PAID' : 'OPEN',
    lines: (document.Line ?? []).map(toRemoteLine).filter((line): line is RemoteLine => line !== null),
  };
}

const MAPPERS: { [K in ImportKind]: (record: never) => ImportRecords[K] } = {
  ACCOUNT: toRemoteAccount,
  ITEM: toRemoteItem,
  VENDOR: toRemoteContact,
  CUSTOMER: toRemoteContact,
  BILL: (bill: QboDocument) => toRemoteDocument(bill, bill.VendorRef),
  INVOICE: (invoice: QboDocument) => toRemoteDocument(invoice, invoice.CustomerRef),
};

// ---------------------------------------------------------------------------------------------
// Ferry's records to QuickBooks'
// ---------------------------------------------------------------------------------------------

function contactBody(contact: ContactPush) {
  return {
    DisplayName: contact.name,
    ...(contact.email ? { PrimaryEmailAddr: { Address: contact.email } } : {}),
    ...(contact.phone ? { PrimaryPhone: { FreeFormNumber: contact.phone } } : {}),
  };
}

function billBody(bill: DocumentPush) {
  return {
    VendorRef: { value: bill.contactRemoteId },
    DocNumber: bill.number,
    TxnDate: bill.date,
    DueDate: bill.dueDate,
    ...(bill.memo ? { PrivateNote: bill.memo } : {}),
    Line: bill.lines.map((line) => {
      const common = { Amount: fromCents(line.amountCents), Description: line.description };
      if (line.accountRemoteId)
        return {
          ...common,
          DetailType: 'AccountBasedExpenseLineDetail',
          AccountBasedExpenseLineDetail: { AccountRef: { value: line.accountRemoteId } },
        };
      if (line.itemRemoteId)
        return {
          ...common,
          DetailType: 'ItemBasedExpenseLineDetail',
          ItemBasedExpenseLineDetail: {
            ItemRef: { value: line.itemRemoteId },
            Qty: 1,
            UnitPrice: fromCents(line.amountCents),
          },
        };
      throw new AccountingError('REJECTED', 'Each bill line needs an account or an item in QuickBooks.');
    }),
  };
}

/** Invoice lines are item lines in QuickBooks (the item carries the income account); without an item QuickBooks uses its default one. */
function invoiceBody(invoice: DocumentPush) {
  return {
    CustomerRef: { value: invoice.contactRemoteId },
    DocNumber: invoice.number,
    TxnDate: invoice.date,
    DueDate: invoice.dueDate,
    ...(invoice.memo ? { PrivateNote: invoice.memo } : {}),
    Line: invoice.lines.map((line) => ({
      Amount: fromCents(line.amountCents),
      Description: line.description,
      DetailType: 'SalesItemLineDetail',
      SalesItemLineDetail: {
        ...(line.itemRemoteId ? { ItemRef: { value: line.itemRemoteId } } : {}),
        Qty: 1,
        UnitPrice: fromCents(line.amountCents),
      },
    })),
  };
}

/** A bill payment: by check from a bank account, or (`byCard`) charged to a credit card account. */
function billPaymentBody(payment: PaymentPush, byCard = false) {
  return {
    VendorRef: { value: payment.contactRemoteId },
    ...(byCard
      ? { PayType: 'CreditCard', CreditCardPayment: { CCAccountRef: { value: payment.accountRemoteId } } }
      : { PayType: 'Check', CheckPayment: { BankAccountRef: { value: payment.accountRemoteId } } }),
    TotalAmt: fromCents(payment.amountCents),
    TxnDate: payment.date,
    DocNumber: payment.reference.slice(0, REFERENCE_MAX),
    PrivateNote: payment.memo,
    Line: [
      {
        Amount: fromCents(payment.amountCents),
        LinkedTxn: [{ TxnId: payment.documentRemoteId, TxnType: 'Bill' }],
      },
    ],
  };
}

function invoicePaymentBody(payment: PaymentPush) {
  return {
    CustomerRef: { value: payment.contactRemoteId },
    TotalAmt: fromCents(payment.amountCents),
    TxnDate: payment.date,
    DepositToAccountRef: { value: payment.accountRemoteId },
    PaymentRefNum: payment.reference.slice(0, REFERENCE_MAX),
    PrivateNote: payment.memo,
    Line: [
      {
        Amount: fromCents(payment.amountCents),
        LinkedTxn: [{ TxnId: payment.documentRemoteId, TxnType: 'Invoice' }],
      },
    ],
  };
}

const PUSH_BODIES: { [K in PushKind]: (record: never) => Record<string, unknown> } = {
  VENDOR: contactBody,
  CUSTOMER: contactBody,
  BILL: billBody,
  INVOICE: invoiceBody,
  BILL_PAYMENT: billPaymentBody,
  INVOICE_PAYMENT: invoicePaymentBody,
};

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** QuickBooks' own words for a failed call (Fault.Error[0].Detail), never anything we sent. */
function faultMessage(body: unknown): string {
  const error = (body as QboFault | null)?.Fault?.Error?.[0];
  return (error?.Detail || error?.Message || '').slice(0, 500);
}

/** The axios-shaped request intuit-oauth builds for its token, revoke and userinfo calls. */
interface IntuitRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  data?: Record<string, string>;
}

/** An answer from Intuit's OAuth endpoints that is not a success, as an AccountingError. */
function oauthError(status: number, body: unknown, headers: Headers): AccountingError {
  const code =
    typeof (body as { error?: unknown })?.error === 'string' ? (body as { error: string }).error : '';
  if (code === 'invalid_grant')
    return new AccountingError('TOKEN_EXPIRED', 'QuickBooks refused the grant: connect QuickBooks again.');
  return errorForStatus(status, code ? `Intuit's sign-in service answered ${code}.` : '', headers);
}

/**
 * The accounting provider on QuickBooks Online. OAuth goes through the official `intuit-oauth` client
 * (consent URL, code exchange, refresh, revoke, userinfo), the books through the REST API with fetch.
 *
 * intuit-oauth sends its requests with the module-level axios and its own retry loop. Each operation
 * gets a fresh OAuthClient (it keeps the token on the instance, so a shared one would mix businesses)
 * whose `loadResponse` (its one HTTP seam, public in its typings) sends the request through our fetch
 * instead: one HTTP path for the whole adapter, retried by withRetries, and replayable in tests.
 */
export function createQuickBooksAccounting(options: QuickBooksAccountingOptions): AccountingProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const apiBase = API_BASE[options.environment];
  const retry = <T>(call: () => Promise<T>) => withRetries(call, { sleep: options.sleep });

  /** Runs intuit-oauth with its HTTP routed through fetch; failures become AccountingErrors. */
  const intuit = async <T>(
    run: (client: OAuthClient) => Promise<T>,
    redirectUri = '',
    accessToken?: string,
  ): Promise<T> => {
    const client = new OAuthClient({
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      environment: options.environment,
      redirectUri,
    });
    if (accessToken) client.setToken({ access_token: accessToken });
    let failure: AccountingError | null = null;
    client.loadResponse = async (request: IntuitRequest) => {
      const headers = request.headers ?? {};
      const contentType = Object.entries(headers).find(
        ([name]) => name.toLowerCase() === 'content-type',
      )?.[1];
      const body = request.data
        ? contentType?.includes('x-www-form-urlencoded')
          ? new URLSearchParams(request.data).toString()
          : JSON.stringify(request.data)
        : undefined;
      let response: Response;
      try {
        response = await fetchImpl(request.url, { method: request.method ?? 'GET', headers, body });
      } catch {
        failure = new AccountingError('UNAVAILABLE', "Intuit's sign-in service could not be reached.");
        throw failure;
      }
      const data = await readBody(response);
      if (!response.ok) {
        failure = oauthError(response.status, data, response.headers);
        throw failure;
      }
      return {
        status: response.status,
        statusText: response.statusText,
        headers: Object.fromEntries(response.headers),
        data,
      };
    };
    try {
      return await run(client);
    } catch {
      // intuit-oauth wraps what loadResponse threw (and may copy the request into it): keep only ours.
      throw failure ?? new AccountingError('UNAVAILABLE', "Intuit's sign-in service answered unexpectedly.");
    }
  };

  const tokensFrom = (answer: QboTokenAnswer | null | undefined): AccountingTokens => {
    if (!answer?.access_token || !answer.refresh_token)
      throw new AccountingError('UNAVAILABLE', "Intuit's sign-in service gave no tokens.");
    const now = Date.now();
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      accessTokenExpiresAt: new Date(now + answer.expires_in * 1000).toISOString(),
      refreshTokenExpiresAt: answer.x_refresh_token_expires_in
        ? new Date(now + answer.x_refresh_token_expires_in * 1000).toISOString()
        : null,
    };
  };

  /** One REST call to the company's books. */
  const api = async <T>(
    accessToken: string,
    realmId: string,
    method: 'GET' | 'POST',
    path: string,
    input: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<T> => {
    // Percent-encoded (a space as %20, as Intuit's examples have it), not form-encoded with '+'.
    const search = Object.entries({ ...input.query, minorversion: MINOR_VERSION })
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .join('&');
    const url = `${apiBase}/v3/company/${encodeURIComponent(realmId)}/${path}?${search}`;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${accessToken}`,
      Accept: 'application/json',
    };
    if (input.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
      });
    } catch {
      throw new AccountingError('UNAVAILABLE', 'QuickBooks could not be reached.');
    }
    const body = await readBody(response);
    if (!response.ok) {
      // A 401's detail can quote the token ("Token expired: ..."): say nothing of it.
      const message = response.status >= 500 || response.status === 401 ? '' : faultMessage(body);
      throw errorForStatus(response.status, message.replaceAll(accessToken, '[token]'), response.headers);
    }
    // QuickBooks may answer 200 with a Fault in the body.
    if ((body as QboFault | null)?.Fault)
      throw new AccountingError('REJECTED', faultMessage(body) || 'QuickBooks refused the request.');
    if (!body || typeof body !== 'object')
      throw new AccountingError('UNAVAILABLE', 'QuickBooks answered something unexpected.');
    return body as T;
  };

  const call = <T>(
    handle: AccountingHandle,
    method: 'GET' | 'POST',
    path: string,
    input?: { query?: Record<string, string>; body?: unknown },
  ) => retry(() => api<T>(handle.tokens.accessToken, handle.organisationId, method, path, input));

  const entityOf = <T>(answer: Record<string, unknown>, entity: string): T => {
    const record = answer[entity];
    if (!record || typeof record !== 'object')
      throw new AccountingError('UNAVAILABLE', `QuickBooks answered without the ${entity}.`);
    return record as T;
  };

  const scopesFor = (purpose: 'CONNECT' | 'SIGN_IN'): string[] =>
    purpose === 'SIGN_IN'
      ? [
          OAuthClient.scopes.Accounting,
          OAuthClient.scopes.OpenId,
          OAuthClient.scopes.Email,
          OAuthClient.scopes.Profile,
        ]
      : [OAuthClient.scopes.Accounting];

  return {
    type: options.environment === 'production' ? 'QBO' : 'QBO_SANDBOX',
    mode: 'live',

    authorizationUrl({ state, redirectUri, purpose }) {
      const client = new OAuthClient({
        clientId: options.clientId,
        clientSecret: options.clientSecret,
        environment: options.environment,
        redirectUri,
      });
      return client.authorizeUri({ scope: scopesFor(purpose), state });
    },

    async exchangeCode({ query, redirectUri }) {
      if (query.error) {
        if (query.error === 'access_denied' || query.error === 'invalid_scope')
          throw new AccountingError('ACCESS_DENIED', 'QuickBooks access was not granted.');
        throw new AccountingError(
          'UNAVAILABLE',
          `QuickBooks answered the consent with ${query.error.slice(0, 50)}.`,
        );
      }
      const { code, realmId } = query;
      if (!code || !realmId)
        throw new AccountingError('REJECTED', 'The QuickBooks answer named no code or company.');
      const callback = `?${new URLSearchParams({ code, realmId, ...(query.state ? { state: query.state } : {}) })}`;
      const answer = await retry(() =>
        intuit(async (client) => (await client.createToken(callback)).json as QboTokenAnswer, redirectUri),
      );
      const tokens = tokensFrom(answer);
      const [company, preferences] = await Promise.all([
        retry(() =>
          api<{ CompanyInfo?: { CompanyName?: string } }>(
            tokens.accessToken,
            realmId,
            'GET',
            `companyinfo/${encodeURIComponent(realmId)}`,
          ),
        ),
        retry(() =>
          api<{ Preferences?: { CurrencyPrefs?: { HomeCurrency?: { value?: string } } } }>(
            tokens.accessToken,
            realmId,
            'GET',
            'preferences',
          ),
        ),
      ]);
      let identity: AccountingIdentity | null = null;
      // Only a sign-in asks for the openid scope, and only then does Intuit return an id_token.
      if (answer.id_token) {
        const info = await retry(() =>
          intuit(
            async (client) => (await client.getUserInfo()).json as Record<string, unknown>,
            '',
            tokens.accessToken,
          ),
        );
        const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
        const sub = text(info?.sub);
        const email = text(info?.email);
        if (!sub || !email) throw new AccountingError('ACCESS_DENIED', 'Intuit did not share who signed in.');
        identity = {
          providerUserId: sub,
          email,
          firstName: text(info.givenName),
          lastName: text(info.familyName),
        };
      }
      return {
        tokens,
        organisations: [
          {
            id: realmId,
            name: company.CompanyInfo?.CompanyName || 'QuickBooks company',
            currency: preferences.Preferences?.CurrencyPrefs?.HomeCurrency?.value ?? null,
          },
        ],
        identity,
      };
    },

    async refreshTokens(tokens) {
      const answer = await retry(() =>
        intuit(
          async (client) => (await client.refreshUsingToken(tokens.refreshToken)).json as QboTokenAnswer,
        ),
      );
      return tokensFrom(answer);
    },

    async revoke(tokens) {
      try {
        await retry(() => intuit((client) => client.revoke({ refresh_token: tokens.refreshToken })));
      } catch (error) {
        // Already revoked or lapsed at Intuit: the grant is over, which is what was asked.
        if (!(error instanceof AccountingError && error.code === 'TOKEN_EXPIRED')) throw error;
      }
    },

    async list(handle, kind, { cursor, modifiedSince }) {
      const { entity, hasActive } = IMPORT_ENTITIES[kind];
      const start = cursor ? Number.parseInt(cursor, 10) : 1;
      if (!Number.isSafeInteger(start) || start < 1)
        throw new AccountingError('REJECTED', 'The QuickBooks page cursor is not one this adapter gave.');
      const where: string[] = [];
      if (hasActive) where.push('Active in (true,false)');
      if (modifiedSince) {
        const since = new Date(modifiedSince);
        if (Number.isNaN(since.getTime()))
          throw new AccountingError('REJECTED', 'modifiedSince is not an instant.');
        where.push(`Metadata.LastUpdatedTime > '${since.toISOString().replace(/\.\d{3}Z$/, 'Z')}'`);
      }
      const statement = [
        `select * from ${entity}`,
        where.length ? `where ${where.join(' and ')}` : '',
        `startposition ${start} maxresults ${PAGE_SIZE}`,
      ]
        .filter(Boolean)
        .join(' ');
      const answer = await call<{ QueryResponse?: Record<string, unknown> }>(handle, 'GET', 'query', {
        query: { query: statement },
      });
      const found = answer.QueryResponse?.[entity];
      const rows = Array.isArray(found) ? (found as never[]) : [];
      const map = MAPPERS[kind] as (record: never) => ImportRecords[typeof kind];
      return {
        records: rows.map(map),
        next: rows.length === PAGE_SIZE ? String(start + PAGE_SIZE) : null,
      };
    },

    async create(handle, kind, record, idempotencyKey) {
      const { entity, path } = PUSH_ENTITIES[kind];
      let body = (PUSH_BODIES[kind] as (record: unknown) => Record<string, unknown>)(record);
      if (kind === 'BILL_PAYMENT') {
        // PaymentPush does not say whether the money left a bank account or a card: the account's type does.
        const payment = record as PaymentPush;
        const account = entityOf<QboAccount>(
          await call<Record<string, unknown>>(
            handle,
            'GET',
            `account/${encodeURIComponent(payment.accountRemoteId)}`,
          ),
          'Account',
        );
        body = billPaymentBody(payment, account.AccountType === 'Credit Card');
      }
      const requestId =
        idempotencyKey.length <= REQUEST_ID_MAX
          ? idempotencyKey
          : createHash('sha256').update(idempotencyKey).digest('hex').slice(0, REQUEST_ID_MAX);
      const answer = await call<Record<string, unknown>>(handle, 'POST', path, {
        query: { requestid: requestId },
        body,
      });
      const created = entityOf<{ Id: string } & QboMeta>(answer, entity);
      return { remoteId: created.Id, updatedAt: updatedAtOf(created) };
    },

    async update(handle, kind, remoteId, record) {
      const { entity, path } = PUSH_ENTITIES[kind];
      // A QuickBooks update must name the version it changes: read the SyncToken, then a sparse update.
      const current = entityOf<{ SyncToken?: string }>(
        await call<Record<string, unknown>>(handle, 'GET', `${path}/${encodeURIComponent(remoteId)}`),
        entity,
      );
      const body = (PUSH_BODIES[kind] as (record: unknown) => Record<string, unknown>)(record);
      const answer = await call<Record<string, unknown>>(handle, 'POST', path, {
        body: { ...body, Id: remoteId, SyncToken: current.SyncToken ?? '0', sparse: true },
      });
      return { updatedAt: updatedAtOf(entityOf<QboMeta>(answer, entity)) };
    },

    async verifyWebhook(headers, rawBody) {
      const verifier = options.webhookVerifierToken;
      const signature = headerOf(headers, 'intuit-signature');
      if (!verifier || !signature) return null;
      const expected = createHmac('sha256', verifier).update(rawBody, 'utf8').digest();
      const given = Buffer.from(signature, 'base64');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return quickBooksWebhookEvents(JSON.parse(rawBody));
      } catch {
        return null;
      }
    },
  };
}

const headerOf = (headers: Record<string, string | string[] | undefined>, name: string): string | null => {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' && first ? first : null;
  }
  return null;
};

/**
 * A QuickBooks webhook body → Ferry's events: the classic `eventNotifications[].dataChangeEvent.entities[]`
 * and Intuit's CloudEvents form (an array of `{ type: 'qbo.bill.updated.v1', intuitentityid, intuitaccountid }`).
 * Entities Ferry does not import (payments, journal entries...) become a change of unknown kind in the company.
 */
export function quickBooksWebhookEvents(body: unknown): AccountingWebhookEvent[] {
  const events: AccountingWebhookEvent[] = [];
  const add = (organisationId: unknown, name: unknown, id: unknown) => {
    if (typeof organisationId !== 'string' || !organisationId) return;
    const kind = typeof name === 'string' ? (WEBHOOK_KINDS[name.toLowerCase()] ?? null) : null;
    const remoteId = kind && typeof id === 'string' && id ? id : null;
    if (events.some((e) => e.organisationId === organisationId && e.kind === kind && e.remoteId === remoteId))
      return;
    events.push({ organisationId, kind, remoteId });
  };
  if (Array.isArray(body)) {
    for (const event of body as Record<string, unknown>[]) {
      const type = typeof event?.type === 'string' ? event.type.split('.') : [];
      add(event?.intuitaccountid, type[0] === 'qbo' ? type[1] : undefined, event?.intuitentityid);
    }
    return events;
  }
  const notifications = (body as { eventNotifications?: unknown } | null)?.eventNotifications;
  if (!Array.isArray(notifications)) return events;
  for (const notification of notifications as {
    realmId?: unknown;
    dataChangeEvent?: { entities?: { name?: unknown; id?: unknown }[] };
  }[]) {
    for (const entity of notification?.dataChangeEvent?.entities ?? []) {
      add(notification.realmId, entity?.name, entity?.id);
    }
  }
  return events;
}
