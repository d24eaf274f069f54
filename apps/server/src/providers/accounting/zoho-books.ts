import type { ChartAccountType } from '@ferry/domain/schemas';
import {
  AccountingError,
  type AccountingProvider,
  type AccountingTokens,
  type ContactPush,
  type DocumentPush,
  type ImportKind,
  type ImportRecords,
  type ListPage,
  type PaymentPush,
  type RemoteContact,
  type RemoteDocument,
} from './accounting.js';
import { errorForStatus, fromCents, toCents, withRetries } from './retry.js';

/**
 * Zoho Books adapter, REST over fetch (Zoho publishes no Node SDK for Books): https://www.zoho.com/books/api/v3/
 *
 * Zoho runs one accounts server and one API domain per data centre (.com, .eu, .in, .com.au...). The
 * consent goes to the configured accounts server; Zoho's redirect names the person's own
 * (`accounts-server`), which the token calls then use, and the token answer's `api_domain` is where the
 * Books calls go. Both ride in `tokens.extra` (not secret).
 *
 * Every answer carries `code` (0: success) and `message`. Codes 57 and 14 mean the OAuth token was
 * refused (TOKEN_EXPIRED); HTTP 429 is the rate limit (Zoho allows 100 calls a minute per organisation).
 *
 * Zoho has no idempotency key. Before creating, the adapter looks for what an earlier attempt with the
 * same key made:
 * - contacts carry `ferry:<key>` in their (private) `notes`: candidates by exact `contact_name`, their
 *   notes read from the contact itself (the list omits them);
 * - vendor and customer payments carry ` [ferry:<key>]` after the memo in their `description`, found by
 *   the rail's `reference_number`;
 * - bills and invoices: Ferry's number for that vendor or customer is unique, so a document with the same
 *   contact and number is the earlier attempt's.
 *
 * Lists carry no line items (Zoho returns them only per document, one call each, which the rate limit
 * cannot afford for a whole page): bills and invoices read from a list have `lines: []`.
 */

const DEFAULT_ACCOUNTS_URL = 'https://accounts.zoho.com';
const SCOPE = 'ZohoBooks.fullaccess.all';
const PER_PAGE = 200;
/** Zoho's data-centre accounts servers, the only ones a redirect may name. */
const ACCOUNTS_SERVER = /^https:\/\/accounts\.zoho\.(com|eu|in|com\.au|jp|ca|sa|uk|com\.cn)$/;
const TOKEN_REFUSED_CODES = new Set([14, 57]);

export interface ZohoBooksAccountingOptions {
  clientId: string;
  clientSecret: string;
  /** Zoho's accounts server for the data centre: https://accounts.zoho.com (default), .eu, .in, .com.au. */
  accountsUrl?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

interface ZohoAnswer {
  code?: number;
  message?: string;
}

interface ZohoTokenAnswer {
  access_token?: string;
  refresh_token?: string;
  api_domain?: string;
  expires_in?: number;
  error?: string;
}

interface ZohoContact {
  contact_id: string;
  contact_name?: string;
  company_name?: string;
  contact_type?: string;
  status?: string;
  email?: string | null;
  phone?: string | null;
  mobile?: string | null;
  notes?: string | null;
  last_modified_time?: string;
  contact_persons?: { contact_person_id: string; is_primary_contact?: boolean }[];
}

interface ZohoDocument {
  bill_id?: string;
  invoice_id?: string;
  vendor_id?: string;
  customer_id?: string;
  bill_number?: string;
  invoice_number?: string;
  status?: string;
  date: string;
  due_date?: string | null;
  total?: number | string;
  balance?: number | string;
  currency_code?: string | null;
  notes?: string | null;
  last_modified_time?: string;
  line_items?: {
    description?: string | null;
    name?: string | null;
    item_total?: number | string;
    quantity?: number | string | null;
    account_id?: string | null;
    item_id?: string | null;
  }[];
}

interface ZohoAccount {
  account_id: string;
  account_name?: string;
  account_code?: string | null;
  account_type?: string;
  is_active?: boolean;
  last_modified_time?: string;
}

interface ZohoItem {
  item_id: string;
  name?: string;
  description?: string | null;
  rate?: number | string | null;
  status?: string;
  item_type?: string;
  last_modified_time?: string;
}

interface ZohoPayment {
  payment_id: string;
  description?: string | null;
  last_modified_time?: string;
}

interface PageContext {
  page_context?: { page?: number; has_more_page?: boolean };
}

/** Zoho account types → Ferry's; the rest (equity, liabilities, receivables...) are not Ferry's. */
const ACCOUNT_TYPES: Record<string, ChartAccountType> = {
  bank: 'BANK',
  credit_card: 'CREDIT_CARD',
  expense: 'EXPENSE',
  other_expense: 'EXPENSE',
  cost_of_goods_sold: 'COST_OF_GOODS_SOLD',
  income: 'INCOME',
  other_income: 'INCOME',
};

const text = (value: string | null | undefined): string | null =>
  value === null || value === undefined || value.trim() === '' ? null : value;
const quantity = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);
const contactMarker = (key: string) => `ferry:${key}`;
const paymentMarker = (key: string) => `[ferry:${key}]`;

/** Zoho's '2026-10-07T18:24:51+0530' → ISO instant; the epoch when absent or unreadable. */
export function zohoTimeToIso(value: string | null | undefined): string {
  const normalised = value?.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const parsed = normalised ? Date.parse(normalised) : Number.NaN;
  return new Date(Number.isNaN(parsed) ? 0 : parsed).toISOString();
}

/** An ISO instant as Zoho's filters take it: '2026-11-01T03:30:00+0000'. */
const zohoTime = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}+0000`;

const toContact = (c: ZohoContact): RemoteContact => ({
  remoteId: c.contact_id,
  updatedAt: zohoTimeToIso(c.last_modified_time),
  active: c.status !== 'inactive',
  name: c.contact_name ?? c.company_name ?? '',
  email: text(c.email),
  phone: text(c.phone) ?? text(c.mobile),
});

const toDocument = (d: ZohoDocument, kind: 'BILL' | 'INVOICE'): RemoteDocument => ({
  remoteId: (kind === 'BILL' ? d.bill_id : d.invoice_id) ?? '',
  updatedAt: zohoTimeToIso(d.last_modified_time),
  // Deleted documents leave Zoho's lists altogether; what is listed is in the books.
  active: true,
  contactRemoteId: (kind === 'BILL' ? d.vendor_id : d.customer_id) ?? '',
  number: text(kind === 'BILL' ? d.bill_number : d.invoice_number),
  date: d.date,
  dueDate: text(d.due_date),
  totalCents: toCents(d.total),
  balanceCents: toCents(d.balance),
  currency: d.currency_code ?? null,
  memo: text(d.notes),
  status: d.status === 'void' ? 'VOID' : d.status === 'paid' ? 'PAID' : 'OPEN',
  lines: (d.line_items ?? []).map((line) => ({
    description: text(line.description) ?? text(line.name),
    amountCents: toCents(line.item_total),
    quantity: quantity(line.quantity),
    accountRemoteId: text(line.account_id),
    itemRemoteId: text(line.item_id),
  })),
});

type Handle = Parameters<AccountingProvider['list']>[0];
type Method = 'GET' | 'POST' | 'PUT';

export function createZohoBooksAccounting(options: ZohoBooksAccountingOptions): AccountingProvider {
  const doFetch = options.fetch ?? fetch;
  const defaultAccountsUrl = (options.accountsUrl ?? DEFAULT_ACCOUNTS_URL).replace(/\/+$/, '');

  /** One call, retried when Zoho is busy; a refusal becomes an AccountingError in Zoho's words only. */
  const send = <T>(
    method: Method,
    url: string,
    init: { token?: string; json?: unknown; form?: Record<string, string> } = {},
  ): Promise<T> =>
    withRetries(
      async () => {
        const headers: Record<string, string> = { accept: 'application/json' };
        if (init.token) headers.authorization = `Zoho-oauthtoken ${init.token}`;
        let body: string | undefined;
        if (init.json !== undefined) {
          headers['content-type'] = 'application/json';
          body = JSON.stringify(init.json);
        } else if (init.form) {
          headers['content-type'] = 'application/x-www-form-urlencoded';
          body = new URLSearchParams(init.form).toString();
        }
        let response: Response;
        try {
          response = await doFetch(url, { method, headers, body });
        } catch {
          throw new AccountingError('UNAVAILABLE', 'Zoho Books could not be reached.');
        }
        let json: (ZohoAnswer & ZohoTokenAnswer) | null = null;
        try {
          json = JSON.parse(await response.text());
        } catch {
          json = null;
        }
        const message = json?.message ?? json?.error ?? '';
        if (typeof json?.code === 'number' && TOKEN_REFUSED_CODES.has(json.code))
          throw new AccountingError('TOKEN_EXPIRED', message || 'Zoho refused the access token.');
        if (!response.ok) throw errorForStatus(response.status, message, response.headers);
        if (json === null)
          throw new AccountingError('UNAVAILABLE', 'Zoho Books answered something unreadable.');
        if (typeof json.code === 'number' && json.code !== 0)
          throw new AccountingError(
            'REJECTED',
            message || `Zoho Books refused the call (code ${json.code}).`,
          );
        return json as T;
      },
      { sleep: options.sleep },
    );

  const apiDomain = (tokens: AccountingTokens) => {
    const domain = tokens.extra?.apiDomain;
    if (!domain) throw new AccountingError('TOKEN_EXPIRED', 'The Zoho grant lacks its API domain.');
    return domain;
  };

  /** A Books call for the connected organisation. */
  const books = <T>(
    handle: Handle,
    method: Method,
    resource: string,
    query?: Record<string, string>,
    json?: unknown,
  ) => {
    const params = new URLSearchParams({ organization_id: handle.organisationId, ...query });
    return send<T>(method, `${apiDomain(handle.tokens)}/books/v3/${resource}?${params}`, {
      token: handle.tokens.accessToken,
      json,
    });
  };

  const accountsUrlOf = (tokens: AccountingTokens) => tokens.extra?.accountsUrl ?? defaultAccountsUrl;

  const tokenCall = async (
    accountsUrl: string,
    form: Record<string, string>,
    refused: 'ACCESS_DENIED' | 'TOKEN_EXPIRED',
  ) => {
    let answer: ZohoTokenAnswer;
    try {
      answer = await send<ZohoTokenAnswer>('POST', `${accountsUrl}/oauth/v2/token`, {
        form: { client_id: options.clientId, client_secret: options.clientSecret, ...form },
      });
    } catch (error) {
      if (
        error instanceof AccountingError &&
        ['REJECTED', 'TOKEN_EXPIRED', 'ACCESS_DENIED'].includes(error.code)
      )
        throw new AccountingError(refused, error.message);
      throw error;
    }
    // Zoho answers a refused code or refresh token with 200 and `error` (invalid_code...).
    if (answer.error || !answer.access_token)
      throw new AccountingError(
        refused,
        answer.error ? `Zoho refused the grant (${answer.error}).` : 'Zoho sent no token.',
      );
    return answer;
  };

  /** `personId`: the primary contact person an update changes (without it Zoho would add a second). */
  const contactBody = (
    record: ContactPush,
    type: 'vendor' | 'customer',
    extra: { note?: string; personId?: string },
  ) => ({
    contact_name: record.name,
    company_name: record.name,
    contact_type: type,
    contact_persons:
      record.email || record.phone || extra.personId
        ? [
            {
              ...(extra.personId ? { contact_person_id: extra.personId } : {}),
              first_name: record.name,
              email: record.email ?? '',
              phone: record.phone ?? '',
              is_primary_contact: true,
            },
          ]
        : [],
    ...(extra.note === undefined ? {} : { notes: extra.note }),
  });

  const documentBody = (record: DocumentPush, kind: 'BILL' | 'INVOICE') => ({
    [kind === 'BILL' ? 'vendor_id' : 'customer_id']: record.contactRemoteId,
    [kind === 'BILL' ? 'bill_number' : 'invoice_number']: record.number,
    date: record.date,
    due_date: record.dueDate,
    ...(record.memo ? { notes: record.memo } : {}),
    line_items: record.lines.map((line) => ({
      ...(line.itemRemoteId ? { item_id: line.itemRemoteId } : {}),
      ...(line.accountRemoteId ? { account_id: line.accountRemoteId } : {}),
      description: line.description,
      rate: fromCents(line.amountCents),
      quantity: 1,
    })),
  });

  const paymentDescription = (record: PaymentPush, key: string) => `${record.memo} ${paymentMarker(key)}`;

  const createContact = async (
    handle: Handle,
    record: ContactPush,
    type: 'vendor' | 'customer',
    key: string,
  ) => {
    const found = await books<{ contacts?: ZohoContact[] }>(handle, 'GET', 'contacts', {
      contact_name: record.name,
      contact_type: type,
    });
    for (const candidate of found.contacts ?? []) {
      if (
        candidate.contact_name !== record.name ||
        (candidate.contact_type && candidate.contact_type !== type)
      )
        continue;
      const full = await books<{ contact: ZohoContact }>(
        handle,
        'GET',
        `contacts/${encodeURIComponent(candidate.contact_id)}`,
      );
      if (full.contact.notes?.includes(contactMarker(key)))
        return {
          remoteId: full.contact.contact_id,
          updatedAt: zohoTimeToIso(full.contact.last_modified_time),
        };
    }
    const made = await books<{ contact: ZohoContact }>(
      handle,
      'POST',
      'contacts',
      undefined,
      contactBody(record, type, { note: contactMarker(key) }),
    );
    return { remoteId: made.contact.contact_id, updatedAt: zohoTimeToIso(made.contact.last_modified_time) };
  };

  const createDocument = async (handle: Handle, record: DocumentPush, kind: 'BILL' | 'INVOICE') => {
    const resource = kind === 'BILL' ? 'bills' : 'invoices';
    const found = await books<Record<string, ZohoDocument[] | undefined>>(
      handle,
      'GET',
      resource,
      kind === 'BILL'
        ? { bill_number: record.number, vendor_id: record.contactRemoteId }
        : { invoice_number: record.number, customer_id: record.contactRemoteId },
    );
    const existing = (found[resource] ?? []).find((d) =>
      kind === 'BILL'
        ? d.bill_number === record.number && d.vendor_id === record.contactRemoteId
        : d.invoice_number === record.number && d.customer_id === record.contactRemoteId,
    );
    if (existing) {
      const remote = toDocument(existing, kind);
      return { remoteId: remote.remoteId, updatedAt: remote.updatedAt };
    }
    // Invoices are numbered by Zoho unless told to take Ferry's number.
    const query = kind === 'INVOICE' ? { ignore_auto_number_generation: 'true' } : undefined;
    const made = await books<Record<string, ZohoDocument>>(
      handle,
      'POST',
      resource,
      query,
      documentBody(record, kind),
    );
    const document = made[kind === 'BILL' ? 'bill' : 'invoice'];
    if (!document) throw new AccountingError('UNAVAILABLE', 'Zoho Books answered without the document.');
    const remote = toDocument(document, kind);
    return { remoteId: remote.remoteId, updatedAt: remote.updatedAt };
  };

  const createPayment = async (
    handle: Handle,
    record: PaymentPush,
    kind: 'BILL_PAYMENT' | 'INVOICE_PAYMENT',
    key: string,
  ) => {
    const resource = kind === 'BILL_PAYMENT' ? 'vendorpayments' : 'customerpayments';
    const listed = kind === 'BILL_PAYMENT' ? 'vendorpayments' : 'customerpayments';
    const single = kind === 'BILL_PAYMENT' ? 'vendorpayment' : 'payment';
    const found = await books<Record<string, ZohoPayment[] | undefined>>(handle, 'GET', resource, {
      reference_number: record.reference,
    });
    const existing = (found[listed] ?? []).find((p) => p.description?.includes(paymentMarker(key)));
    if (existing)
      return { remoteId: existing.payment_id, updatedAt: zohoTimeToIso(existing.last_modified_time) };
    const amount = fromCents(record.amountCents);
    const body =
      kind === 'BILL_PAYMENT'
        ? {
            vendor_id: record.contactRemoteId,
            bills: [{ bill_id: record.documentRemoteId, amount_applied: amount }],
            date: record.date,
            payment_mode: 'Bank Transfer',
            amount,
            paid_through_account_id: record.accountRemoteId,
            reference_number: record.reference,
            description: paymentDescription(record, key),
          }
        : {
            customer_id: record.contactRemoteId,
            invoices: [{ invoice_id: record.documentRemoteId, amount_applied: amount }],
            date: record.date,
            payment_mode: 'Bank Transfer',
            amount,
            account_id: record.accountRemoteId,
            reference_number: record.reference,
            description: paymentDescription(record, key),
          };
    const made = await books<Record<string, ZohoPayment | undefined>>(
      handle,
      'POST',
      resource,
      undefined,
      body,
    );
    const payment = made[single];
    if (!payment) throw new AccountingError('UNAVAILABLE', 'Zoho Books answered without the payment.');
    return {
      remoteId: payment.payment_id,
      updatedAt: payment.last_modified_time
        ? zohoTimeToIso(payment.last_modified_time)
        : new Date().toISOString(),
    };
  };

  const listers: {
    [K in ImportKind]: (
      handle: Handle,
      query: Record<string, string>,
    ) => Promise<{ records: ImportRecords[K][] } & PageContext>;
  } = {
    async VENDOR(handle, query) {
      const r = await books<{ contacts?: ZohoContact[] } & PageContext>(handle, 'GET', 'contacts', {
        ...query,
        contact_type: 'vendor',
      });
      return {
        ...r,
        records: (r.contacts ?? [])
          .filter((c) => !c.contact_type || c.contact_type === 'vendor')
          .map(toContact),
      };
    },
    async CUSTOMER(handle, query) {
      const r = await books<{ contacts?: ZohoContact[] } & PageContext>(handle, 'GET', 'contacts', {
        ...query,
        contact_type: 'customer',
      });
      return {
        ...r,
        records: (r.contacts ?? [])
          .filter((c) => !c.contact_type || c.contact_type === 'customer')
          .map(toContact),
      };
    },
    async BILL(handle, query) {
      const r = await books<{ bills?: ZohoDocument[] } & PageContext>(handle, 'GET', 'bills', query);
      return { ...r, records: (r.bills ?? []).map((d) => toDocument(d, 'BILL')) };
    },
    async INVOICE(handle, query) {
      const r = await books<{ invoices?: ZohoDocument[] } & PageContext>(handle, 'GET', 'invoices', query);
      return { ...r, records: (r.invoices ?? []).map((d) => toDocument(d, 'INVOICE')) };
    },
    async ACCOUNT(handle, query) {
      const r = await books<{ chartofaccounts?: ZohoAccount[] } & PageContext>(
        handle,
        'GET',
        'chartofaccounts',
        {
          ...query,
          filter_by: 'AccountType.All',
        },
      );
      return {
        ...r,
        records: (r.chartofaccounts ?? []).map((a) => ({
          remoteId: a.account_id,
          updatedAt: zohoTimeToIso(a.last_modified_time),
          active: a.is_active !== false,
          name: a.account_name ?? '',
          number: text(a.account_code),
          type: ACCOUNT_TYPES[a.account_type ?? ''] ?? null,
        })),
      };
    },
    async ITEM(handle, query) {
      const r = await books<{ items?: ZohoItem[] } & PageContext>(handle, 'GET', 'items', query);
      return {
        ...r,
        records: (r.items ?? []).map((item) => ({
          remoteId: item.item_id,
          updatedAt: zohoTimeToIso(item.last_modified_time),
          active: item.status !== 'inactive',
          name: item.name ?? '',
          description: text(item.description),
          unitPriceCents:
            item.rate === null || item.rate === undefined || item.rate === '' ? null : toCents(item.rate),
          isSold: item.item_type !== 'purchases',
          isPurchased:
            item.item_type === 'purchases' ||
            item.item_type === 'sales_and_purchases' ||
            item.item_type === 'inventory',
        })),
      };
    },
  };

  return {
    type: 'ZOHOBOOKS',
    mode: 'live',

    authorizationUrl({ state, redirectUri }) {
      // Zoho's OAuth has no separate sign-in consent here: the grant is for Books only (identity: null).
      const params = new URLSearchParams({
        scope: SCOPE,
        client_id: options.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        access_type: 'offline',
        prompt: 'consent',
        state,
      });
      return `${defaultAccountsUrl}/oauth/v2/auth?${params}`;
    },

    async exchangeCode({ query, redirectUri }) {
      if (query.error) throw new AccountingError('ACCESS_DENIED', 'The consent was declined at Zoho.');
      if (!query.code) throw new AccountingError('ACCESS_DENIED', 'Zoho sent no authorisation code.');
      const named = query['accounts-server'];
      const accountsUrl = named && ACCOUNTS_SERVER.test(named) ? named : defaultAccountsUrl;
      const answer = await tokenCall(
        accountsUrl,
        { grant_type: 'authorization_code', code: query.code, redirect_uri: redirectUri },
        'ACCESS_DENIED',
      );
      if (!answer.refresh_token) throw new AccountingError('UNAVAILABLE', 'Zoho sent no refresh token.');
      const tokens: AccountingTokens = {
        accessToken: answer.access_token as string,
        refreshToken: answer.refresh_token,
        accessTokenExpiresAt: new Date(Date.now() + (answer.expires_in ?? 3600) * 1000).toISOString(),
        // Zoho's refresh tokens last until revoked.
        refreshTokenExpiresAt: null,
        extra: { apiDomain: answer.api_domain ?? 'https://www.zohoapis.com', accountsUrl },
      };
      const found = await send<{
        organizations?: { organization_id: string; name?: string; currency_code?: string | null }[];
      }>('GET', `${apiDomain(tokens)}/books/v3/organizations`, { token: tokens.accessToken });
      return {
        tokens,
        organisations: (found.organizations ?? []).map((o) => ({
          id: o.organization_id,
          name: o.name ?? o.organization_id,
          currency: o.currency_code ?? null,
        })),
        identity: null,
      };
    },

    async refreshTokens(tokens) {
      const answer = await tokenCall(
        accountsUrlOf(tokens),
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
        'TOKEN_EXPIRED',
      );
      return {
        accessToken: answer.access_token as string,
        // Zoho does not rotate refresh tokens: the refresh answer has none, the old one stays good.
        refreshToken: answer.refresh_token ?? tokens.refreshToken,
        accessTokenExpiresAt: new Date(Date.now() + (answer.expires_in ?? 3600) * 1000).toISOString(),
        refreshTokenExpiresAt: null,
        extra: { ...tokens.extra, apiDomain: answer.api_domain ?? apiDomain(tokens) },
      };
    },

    async revoke(tokens) {
      // Zoho documents the token as a parameter of the revoke call; a form body keeps it out of URLs.
      await send('POST', `${accountsUrlOf(tokens)}/oauth/v2/token/revoke`, {
        form: { token: tokens.refreshToken },
      }).catch(() => undefined);
    },

    async list(handle, kind, { cursor, modifiedSince }) {
      const page = cursor ? Number(cursor) : 1;
      if (!Number.isInteger(page) || page < 1)
        throw new AccountingError('REJECTED', 'Unknown Zoho Books cursor.');
      const query: Record<string, string> = { page: String(page), per_page: String(PER_PAGE) };
      if (modifiedSince) query.last_modified_time = zohoTime(modifiedSince);
      const answer = await listers[kind](handle, query);
      return {
        records: answer.records,
        next: answer.page_context?.has_more_page ? String((answer.page_context.page ?? page) + 1) : null,
      } as ListPage<ImportRecords[typeof kind]>;
    },

    async create(handle, kind, record, idempotencyKey) {
      switch (kind) {
        case 'VENDOR':
          return createContact(handle, record as ContactPush, 'vendor', idempotencyKey);
        case 'CUSTOMER':
          return createContact(handle, record as ContactPush, 'customer', idempotencyKey);
        case 'BILL':
        case 'INVOICE':
          return createDocument(handle, record as DocumentPush, kind);
        default:
          return createPayment(
            handle,
            record as PaymentPush,
            kind as 'BILL_PAYMENT' | 'INVOICE_PAYMENT',
            idempotencyKey,
          );
      }
    },

    async update(handle, kind, remoteId, record) {
      const id = encodeURIComponent(remoteId);
      if (kind === 'VENDOR' || kind === 'CUSTOMER') {
        const current = await books<{ contact: ZohoContact }>(handle, 'GET', `contacts/${id}`);
        const primary = current.contact.contact_persons?.find((p) => p.is_primary_contact);
        const r = await books<{ contact: ZohoContact }>(
          handle,
          'PUT',
          `contacts/${id}`,
          undefined,
          contactBody(record as ContactPush, kind === 'VENDOR' ? 'vendor' : 'customer', {
            ...(primary ? { personId: primary.contact_person_id } : {}),
          }),
        );
        return { updatedAt: zohoTimeToIso(r.contact.last_modified_time) };
      }
      const resource = kind === 'BILL' ? 'bills' : 'invoices';
      const r = await books<Record<string, ZohoDocument | undefined>>(
        handle,
        'PUT',
        `${resource}/${id}`,
        undefined,
        documentBody(record as DocumentPush, kind as 'BILL' | 'INVOICE'),
      );
      return { updatedAt: zohoTimeToIso(r[kind === 'BILL' ? 'bill' : 'invoice']?.last_modified_time) };
    },
  };
}
