import freshbooksSdk from '@freshbooks/api';
import {
  AccountingError,
  type AccountingOrganisation,
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
 * FreshBooks adapter, against the documented REST API (https://www.freshbooks.com/api).
 *
 * The official `@freshbooks/api` SDK makes its calls through a private axios instance (with axios-retry
 * retrying 429s and 5xx up to 10 times on its own clock), so it cannot be driven through the injected
 * `fetch` the tests replay recorded answers with, its token calls need the redirect URI at construction,
 * and its list models drop the paging envelope of some resources (bills). The SDK therefore builds the
 * consent URL only; the calls are plain fetch, retried by `withRetries` (one retry policy for every
 * provider) and never carrying a token into an error.
 *
 * FreshBooks has no idempotency header. Before creating, the adapter looks for the record a previous
 * attempt with the same key made:
 * - clients and bill vendors carry `ferry:<key>` in their private `note`, found by searching the name;
 * - bill and invoice payments carry ` [ferry:<key>]` after the memo in their `note`, found through the
 *   bill (its `bill_payments`) or the invoice's payments (`search[invoiceid]`);
 * - bills and invoices have no private free-text field, so the natural key stands in for the idempotency
 *   key: Ferry's number for that vendor (bill) or customer (invoice) is unique, and a document with the
 *   same contact and number is the one an earlier attempt created.
 *
 * FreshBooks' accounting timestamps (`updated`, `updated_at`) are US Eastern wall-clock time without an
 * offset; they are converted to ISO instants here.
 */

const { Client: FreshBooksSdkClient } = freshbooksSdk;

const API_URL = 'https://api.freshbooks.com';
const TOKEN_URL = `${API_URL}/auth/oauth/token`;
const REVOKE_URL = `${API_URL}/auth/oauth/revoke`;
const PER_PAGE = 100;
const FRESHBOOKS_ZONE = 'America/New_York';

/** The scopes Ferry's sync reads and writes (the app's settings at FreshBooks must allow them). */
const SCOPES = [
  'user:profile:read',
  'user:clients:read',
  'user:clients:write',
  'user:bills:read',
  'user:bills:write',
  'user:bill_payments:read',
  'user:bill_payments:write',
  'user:bill_vendors:read',
  'user:bill_vendors:write',
  'user:invoices:read',
  'user:invoices:write',
  'user:payments:read',
  'user:payments:write',
  'user:billable_items:read',
  'user:expenses:read',
];

export interface FreshBooksAccountingOptions {
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

interface Money {
  amount?: string | number | null;
  code?: string | null;
}

interface FbTokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  created_at?: number;
  error?: string;
  error_description?: string;
}

interface FbIdentity {
  id?: number;
  identity_id?: number;
  email?: string;
  first_name?: string | null;
  last_name?: string | null;
  business_memberships?: { business?: { id?: number; name?: string; account_id?: string | null } }[];
}

interface FbClient {
  id: number;
  organization?: string | null;
  fname?: string | null;
  lname?: string | null;
  email?: string | null;
  bus_phone?: string | null;
  mob_phone?: string | null;
  home_phone?: string | null;
  note?: string | null;
  updated?: string | null;
  vis_state?: number;
}

interface FbVendor {
  vendorid: number;
  vendor_name?: string | null;
  primary_contact_email?: string | null;
  phone?: string | null;
  note?: string | null;
  updated_at?: string | null;
  vis_state?: number;
}

interface FbBill {
  id: number;
  vendorid: number;
  bill_number?: string | null;
  issue_date: string;
  due_date?: string | null;
  amount?: Money;
  outstanding?: Money;
  currency_code?: string | null;
  overall_description?: string | null;
  status?: string;
  updated_at?: string | null;
  vis_state?: number;
  lines?: {
    description?: string | null;
    quantity?: number | string | null;
    amount?: Money;
    categoryid?: number | null;
  }[];
  bill_payments?: { id: number; note?: string | null; vis_state?: number }[];
}

interface FbInvoice {
  id: number;
  invoiceid?: number;
  customerid: number;
  invoice_number?: string | null;
  create_date: string;
  due_date?: string | null;
  amount?: Money;
  outstanding?: Money;
  currency_code?: string | null;
  notes?: string | null;
  v3_status?: string;
  payment_status?: string;
  updated?: string | null;
  vis_state?: number;
  lines?: {
    name?: string | null;
    description?: string | null;
    qty?: number | string | null;
    amount?: Money;
  }[];
}

interface FbItem {
  id: number;
  name?: string | null;
  description?: string | null;
  unit_cost?: Money;
  updated?: string | null;
  vis_state?: number;
}

interface FbCategory {
  id: number;
  categoryid?: number;
  category?: string | null;
  is_cogs?: boolean;
  updated_at?: string | null;
  vis_state?: number;
}

interface FbPayment {
  id: number;
  note?: string | null;
  updated?: string | null;
  vis_state?: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The Eastern wall-clock offset (ms, negative west of UTC) at an instant. */
function easternOffsetMs(instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: FRESHBOOKS_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** FreshBooks' 'YYYY-MM-DD hh:mm:ss' (US Eastern) → ISO instant; the epoch when absent or unreadable. */
export function easternToIso(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value) : null;
  if (!match) {
    const parsed = value ? Date.parse(value) : Number.NaN;
    return new Date(Number.isNaN(parsed) ? 0 : parsed).toISOString();
  }
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const wall = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
  let instant = wall - easternOffsetMs(wall);
  instant = wall - easternOffsetMs(instant);
  return new Date(instant).toISOString();
}

/** The Eastern calendar date of an instant: FreshBooks' `updated_min` takes a date. */
function easternDate(iso: string): string {
  const instant = Date.parse(iso);
  const wall = new Date(instant + easternOffsetMs(instant));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

const text = (value: string | null | undefined): string | null =>
  value === null || value === undefined || value.trim() === '' ? null : value;
const quantity = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined || value === '' ? null : Number(value);
const contactMarker = (key: string) => `ferry:${key}`;
const paymentMarker = (key: string) => `[ferry:${key}]`;

const toClient = (c: FbClient): RemoteContact => ({
  remoteId: String(c.id),
  updatedAt: easternToIso(c.updated),
  active: (c.vis_state ?? 0) === 0,
  name: text(c.organization) ?? [c.fname, c.lname].filter(Boolean).join(' '),
  email: text(c.email),
  phone: text(c.bus_phone) ?? text(c.mob_phone) ?? text(c.home_phone),
});

const toVendor = (v: FbVendor): RemoteContact => ({
  remoteId: String(v.vendorid),
  updatedAt: easternToIso(v.updated_at),
  active: (v.vis_state ?? 0) === 0,
  name: v.vendor_name ?? '',
  email: text(v.primary_contact_email),
  phone: text(v.phone),
});

const toBill = (b: FbBill): RemoteDocument => ({
  remoteId: String(b.id),
  updatedAt: easternToIso(b.updated_at),
  active: (b.vis_state ?? 0) === 0,
  contactRemoteId: String(b.vendorid),
  number: text(b.bill_number),
  date: b.issue_date,
  dueDate: b.due_date ?? null,
  totalCents: toCents(b.amount?.amount),
  balanceCents: toCents(b.outstanding?.amount),
  currency: b.currency_code ?? b.amount?.code ?? null,
  memo: text(b.overall_description),
  status: b.status === 'paid' ? 'PAID' : 'OPEN',
  lines: (b.lines ?? []).map((line) => ({
    description: text(line.description),
    amountCents: toCents(line.amount?.amount),
    quantity: quantity(line.quantity),
    accountRemoteId: line.categoryid ? String(line.categoryid) : null,
    itemRemoteId: null,
  })),
});

const toInvoice = (i: FbInvoice): RemoteDocument => ({
  remoteId: String(i.id),
  updatedAt: easternToIso(i.updated),
  active: (i.vis_state ?? 0) === 0,
  contactRemoteId: String(i.customerid),
  number: text(i.invoice_number),
  date: i.create_date,
  dueDate: i.due_date ?? null,
  totalCents: toCents(i.amount?.amount),
  balanceCents: toCents(i.outstanding?.amount),
  currency: i.currency_code ?? i.amount?.code ?? null,
  memo: text(i.notes),
  status:
    i.v3_status === 'void' ? 'VOID' : i.v3_status === 'paid' || i.payment_status === 'paid' ? 'PAID' : 'OPEN',
  // FreshBooks invoice lines name their item but carry no item or account id.
  lines: (i.lines ?? []).map((line) => ({
    description: text(line.description) ?? text(line.name),
    amountCents: toCents(line.amount?.amount),
    quantity: quantity(line.qty),
    accountRemoteId: null,
    itemRemoteId: null,
  })),
});

export function createFreshBooksAccounting(options: FreshBooksAccountingOptions): AccountingProvider {
  const doFetch = options.fetch ?? fetch;
  const retry = <T>(call: () => Promise<T>) => withRetries(call, { sleep: options.sleep });

  /** One call; a refusal becomes an AccountingError with FreshBooks' own words (never the request). */
  const send = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    init: { token?: string; body?: unknown } = {},
  ): Promise<T> =>
    retry(async () => {
      const headers: Record<string, string> = { accept: 'application/json', 'api-version': 'alpha' };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      if (init.body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
      } catch {
        throw new AccountingError('UNAVAILABLE', 'FreshBooks could not be reached.');
      }
      const raw = await response.text();
      let json: unknown = null;
      try {
        json = raw ? JSON.parse(raw) : null;
      } catch {
        json = null;
      }
      const message = errorMessage(json);
      if (!response.ok) throw errorForStatus(response.status, message, response.headers);
      if (message) throw new AccountingError('REJECTED', message);
      if (json === null)
        throw new AccountingError('UNAVAILABLE', 'FreshBooks answered something unreadable.');
      return json as T;
    });

  const accounting = (handle: { organisationId: string }, path: string) =>
    `${API_URL}/accounting/account/${encodeURIComponent(handle.organisationId)}/${path}`;

  const result = async <T>(
    handle: { tokens: AccountingTokens; organisationId: string },
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
  ): Promise<T> => {
    const answer = await send<{ response?: { result?: T } }>(method, accounting(handle, path), {
      token: handle.tokens.accessToken,
      body,
    });
    if (!answer.response?.result)
      throw new AccountingError('UNAVAILABLE', 'FreshBooks answered without a result.');
    return answer.response.result;
  };

  const tokensFrom = (answer: FbTokenAnswer, previous: AccountingTokens | null, redirectUri: string) => {
    if (!answer.access_token || !answer.refresh_token)
      throw new AccountingError('UNAVAILABLE', 'FreshBooks answered without tokens.');
    const issuedMs = answer.created_at ? answer.created_at * 1000 : Date.now();
    const tokens: AccountingTokens = {
      accessToken: answer.access_token,
      // FreshBooks rotates the refresh token on every refresh: the old one no longer works.
      refreshToken: answer.refresh_token,
      accessTokenExpiresAt: new Date(issuedMs + (answer.expires_in ?? 43_200) * 1000).toISOString(),
      // FreshBooks' refresh tokens last until used.
      refreshTokenExpiresAt: null,
      extra: { ...(previous?.extra ?? {}), redirectUri },
    };
    return tokens;
  };

  const tokenCall = async (body: Record<string, string>, refused: 'ACCESS_DENIED' | 'TOKEN_EXPIRED') => {
    try {
      return await send<FbTokenAnswer>('POST', TOKEN_URL, {
        body: { client_id: options.clientId, client_secret: options.clientSecret, ...body },
      });
    } catch (error) {
      // invalid_grant (a used, expired or revoked code or refresh token) answers 400 or 401.
      if (
        error instanceof AccountingError &&
        ['REJECTED', 'TOKEN_EXPIRED', 'ACCESS_DENIED'].includes(error.code)
      )
        throw new AccountingError(refused, error.message);
      throw error;
    }
  };

  const findClient = async (handle: Parameters<AccountingProvider['list']>[0], name: string, key: string) => {
    const query = new URLSearchParams({ 'search[organization_like]': name, per_page: String(PER_PAGE) });
    const found = await result<{ clients?: FbClient[] }>(handle, 'GET', `users/clients?${query}`);
    return (found.clients ?? []).find((c) => c.note?.includes(contactMarker(key))) ?? null;
  };

  const findVendor = async (handle: Parameters<AccountingProvider['list']>[0], name: string, key: string) => {
    const query = new URLSearchParams({ 'search[vendor_name]': name, per_page: String(PER_PAGE) });
    const found = await result<{ bill_vendors?: FbVendor[] }>(
      handle,
      'GET',
      `bill_vendors/bill_vendors?${query}`,
    );
    return (found.bill_vendors ?? []).find((v) => v.note?.includes(contactMarker(key))) ?? null;
  };

  const clientBody = (record: ContactPush, note?: string) => ({
    client: {
      organization: record.name,
      email: record.email ?? '',
      bus_phone: record.phone ?? '',
      ...(note === undefined ? {} : { note }),
    },
  });
  const vendorBody = (record: ContactPush, note?: string) => ({
    bill_vendor: {
      vendor_name: record.name,
      primary_contact_email: record.email,
      phone: record.phone,
      ...(note === undefined ? {} : { note }),
    },
  });
  const dueOffsetDays = (record: DocumentPush) =>
    Math.max(0, Math.round((Date.parse(record.dueDate) - Date.parse(record.date)) / 86_400_000));
  const billBody = (record: DocumentPush) => ({
    bill: {
      vendorid: Number(record.contactRemoteId),
      bill_number: record.number,
      issue_date: record.date,
      due_offset_days: dueOffsetDays(record),
      ...(record.memo ? { overall_description: record.memo } : {}),
      lines: record.lines.map((line) => ({
        categoryid: line.accountRemoteId === null ? undefined : Number(line.accountRemoteId),
        description: line.description,
        quantity: 1,
        unit_cost: { amount: fromCents(line.amountCents).toFixed(2) },
      })),
    },
  });
  const invoiceBody = (record: DocumentPush) => ({
    invoice: {
      customerid: Number(record.contactRemoteId),
      invoice_number: record.number,
      create_date: record.date,
      due_offset_days: dueOffsetDays(record),
      ...(record.memo ? { notes: record.memo } : {}),
      lines: record.lines.map((line) => ({
        type: 0,
        name: line.description,
        qty: 1,
        unit_cost: { amount: fromCents(line.amountCents).toFixed(2) },
      })),
    },
  });
  const paymentNote = (record: PaymentPush, key: string) =>
    `${record.memo} ${record.reference ? `(${record.reference}) ` : ''}${paymentMarker(key)}`;

  type Handle = Parameters<AccountingProvider['list']>[0];
  const now = () => new Date().toISOString();

  const creators = {
    async VENDOR(handle: Handle, record: ContactPush, key: string) {
      const existing = await findVendor(handle, record.name, key);
      if (existing)
        return { remoteId: String(existing.vendorid), updatedAt: easternToIso(existing.updated_at) };
      const made = await result<{ bill_vendor: FbVendor }>(
        handle,
        'POST',
        'bill_vendors/bill_vendors',
        vendorBody(record, contactMarker(key)),
      );
      return {
        remoteId: String(made.bill_vendor.vendorid),
        updatedAt: easternToIso(made.bill_vendor.updated_at),
      };
    },
    async CUSTOMER(handle: Handle, record: ContactPush, key: string) {
      const existing = await findClient(handle, record.name, key);
      if (existing) return { remoteId: String(existing.id), updatedAt: easternToIso(existing.updated) };
      const made = await result<{ client: FbClient }>(
        handle,
        'POST',
        'users/clients',
        clientBody(record, contactMarker(key)),
      );
      return { remoteId: String(made.client.id), updatedAt: easternToIso(made.client.updated) };
    },
    async BILL(handle: Handle, record: DocumentPush) {
      const query = new URLSearchParams({
        'search[vendorid]': record.contactRemoteId,
        per_page: String(PER_PAGE),
      });
      const found = await result<{ bills?: FbBill[] }>(handle, 'GET', `bills/bills?${query}`);
      const existing = (found.bills ?? []).find(
        (b) =>
          b.bill_number === record.number &&
          String(b.vendorid) === record.contactRemoteId &&
          b.vis_state !== 1,
      );
      if (existing) return { remoteId: String(existing.id), updatedAt: easternToIso(existing.updated_at) };
      const made = await result<{ bill: FbBill }>(handle, 'POST', 'bills/bills', billBody(record));
      return { remoteId: String(made.bill.id), updatedAt: easternToIso(made.bill.updated_at) };
    },
    async INVOICE(handle: Handle, record: DocumentPush) {
      const query = new URLSearchParams({
        'search[customerid]': record.contactRemoteId,
        'search[invoice_number]': record.number,
      });
      const found = await result<{ invoices?: FbInvoice[] }>(handle, 'GET', `invoices/invoices?${query}`);
      const existing = (found.invoices ?? []).find(
        (i) =>
          i.invoice_number === record.number &&
          String(i.customerid) === record.contactRemoteId &&
          i.vis_state !== 1,
      );
      if (existing) return { remoteId: String(existing.id), updatedAt: easternToIso(existing.updated) };
      const made = await result<{ invoice: FbInvoice }>(
        handle,
        'POST',
        'invoices/invoices',
        invoiceBody(record),
      );
      return { remoteId: String(made.invoice.id), updatedAt: easternToIso(made.invoice.updated) };
    },
    async BILL_PAYMENT(handle: Handle, record: PaymentPush, key: string) {
      const bill = await result<{ bill: FbBill }>(
        handle,
        'GET',
        `bills/bills/${encodeURIComponent(record.documentRemoteId)}`,
      );
      const existing = (bill.bill.bill_payments ?? []).find(
        (p) => p.note?.includes(paymentMarker(key)) && p.vis_state !== 1,
      );
      // Bill payments carry no timestamp of their own.
      if (existing) return { remoteId: String(existing.id), updatedAt: now() };
      const made = await result<{ bill_payment: FbPayment }>(handle, 'POST', 'bill_payments/bill_payments', {
        bill_payment: {
          billid: Number(record.documentRemoteId),
          amount: { amount: fromCents(record.amountCents).toFixed(2) },
          paid_date: record.date,
          payment_type: 'Check',
          note: paymentNote(record, key),
        },
      });
      return { remoteId: String(made.bill_payment.id), updatedAt: now() };
    },
    async INVOICE_PAYMENT(handle: Handle, record: PaymentPush, key: string) {
      const query = new URLSearchParams({ 'search[invoiceid]': record.documentRemoteId });
      const found = await result<{ payments?: FbPayment[] }>(handle, 'GET', `payments/payments?${query}`);
      const existing = (found.payments ?? []).find(
        (p) => p.note?.includes(paymentMarker(key)) && p.vis_state !== 1,
      );
      if (existing) return { remoteId: String(existing.id), updatedAt: easternToIso(existing.updated) };
      const made = await result<{ payment: FbPayment }>(handle, 'POST', 'payments/payments', {
        payment: {
          invoiceid: Number(record.documentRemoteId),
          amount: { amount: fromCents(record.amountCents).toFixed(2) },
          date: record.date,
          type: 'ACH',
          note: paymentNote(record, key),
        },
      });
      return { remoteId: String(made.payment.id), updatedAt: easternToIso(made.payment.updated) };
    },
  };

  const listers: {
    [K in ImportKind]: (handle: Handle, query: URLSearchParams) => Promise<ListResult<ImportRecords[K]>>;
  } = {
    async CUSTOMER(handle, query) {
      const r = await result<{ clients?: FbClient[] } & Paging>(handle, 'GET', `users/clients?${query}`);
      return { records: (r.clients ?? []).map(toClient), paging: r };
    },
    async VENDOR(handle, query) {
      const r = await result<{ bill_vendors?: FbVendor[] } & Paging>(
        handle,
        'GET',
        `bill_vendors/bill_vendors?${query}`,
      );
      return { records: (r.bill_vendors ?? []).map(toVendor), paging: r };
    },
    async BILL(handle, query) {
      const r = await result<{ bills?: FbBill[] } & Paging>(handle, 'GET', `bills/bills?${query}`);
      return { records: (r.bills ?? []).map(toBill), paging: r };
    },
    async INVOICE(handle, query) {
      query.append('include[]', 'lines');
      const r = await result<{ invoices?: FbInvoice[] } & Paging>(
        handle,
        'GET',
        `invoices/invoices?${query}`,
      );
      return { records: (r.invoices ?? []).map(toInvoice), paging: r };
    },
    async ITEM(handle, query) {
      const r = await result<{ items?: FbItem[] } & Paging>(handle, 'GET', `items/items?${query}`);
      return {
        // Items are what FreshBooks invoices: sold, not purchased (bills use expense categories).
        records: (r.items ?? []).map((item) => ({
          remoteId: String(item.id),
          updatedAt: easternToIso(item.updated),
          active: (item.vis_state ?? 0) === 0,
          name: item.name ?? '',
          description: text(item.description),
          unitPriceCents:
            item.unit_cost?.amount === undefined || item.unit_cost.amount === null
              ? null
              : toCents(item.unit_cost.amount),
          isSold: true,
          isPurchased: false,
        })),
        paging: r,
      };
    },
    /**
     * FreshBooks keeps no general chart of accounts reachable by this API for small businesses; what bills
     * and expenses are booked against are the documented expense categories
     * (GET /accounting/account/<id>/expenses/categories), returned as EXPENSE accounts (COGS when
     * `is_cogs`). A bill line's `categoryid` is one of these ids.
     */
    async ACCOUNT(handle, query) {
      const r = await result<{ categories?: FbCategory[] } & Paging>(
        handle,
        'GET',
        `expenses/categories?${query}`,
      );
      return {
        records: (r.categories ?? []).map((c) => ({
          remoteId: String(c.categoryid ?? c.id),
          updatedAt: easternToIso(c.updated_at),
          active: (c.vis_state ?? 0) === 0,
          name: c.category ?? '',
          number: null,
          type: c.is_cogs ? 'COST_OF_GOODS_SOLD' : 'EXPENSE',
        })),
        paging: r,
      };
    },
  };

  return {
    type: 'FRESHBOOKS',
    mode: 'live',

    authorizationUrl({ state, redirectUri }) {
      // FreshBooks has no separate sign-in consent: the identity comes with every grant (users/me).
      const sdk = new FreshBooksSdkClient(options.clientId, { redirectUri });
      return `${sdk.getAuthRequestUrl(SCOPES)}&state=${encodeURIComponent(state)}`;
    },

    async exchangeCode({ query, redirectUri }) {
      if (query.error) {
        throw new AccountingError(
          'ACCESS_DENIED',
          query.error_description || 'The consent was declined at FreshBooks.',
        );
      }
      if (!query.code) throw new AccountingError('ACCESS_DENIED', 'FreshBooks sent no authorisation code.');
      const answer = await tokenCall(
        { grant_type: 'authorization_code', code: query.code, redirect_uri: redirectUri },
        'ACCESS_DENIED',
      );
      const tokens = tokensFrom(answer, null, redirectUri);
      const me = await send<{ response?: FbIdentity }>('GET', `${API_URL}/auth/api/v1/users/me`, {
        token: tokens.accessToken,
      });
      const identity = me.response ?? {};
      const organisations: AccountingOrganisation[] = [];
      for (const membership of identity.business_memberships ?? []) {
        const accountId = membership.business?.account_id;
        // A business without an accounting account (time tracking only) has no books to sync.
        if (!accountId || organisations.some((o) => o.id === accountId)) continue;
        organisations.push({ id: accountId, name: membership.business?.name ?? accountId, currency: null });
      }
      return {
        tokens,
        organisations,
        identity:
          identity.email && (identity.identity_id ?? identity.id) !== undefined
            ? {
                providerUserId: String(identity.identity_id ?? identity.id),
                email: identity.email,
                firstName: text(identity.first_name),
                lastName: text(identity.last_name),
              }
            : null,
      };
    },

    async refreshTokens(tokens) {
      const redirectUri = tokens.extra?.redirectUri;
      if (!redirectUri)
        throw new AccountingError('TOKEN_EXPIRED', 'The FreshBooks grant lacks its redirect URI.');
      const answer = await tokenCall(
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken, redirect_uri: redirectUri },
        'TOKEN_EXPIRED',
      );
      return tokensFrom(answer, tokens, redirectUri);
    },

    async revoke(tokens) {
      await send('POST', REVOKE_URL, {
        body: {
          client_id: options.clientId,
          client_secret: options.clientSecret,
          token: tokens.refreshToken,
        },
      }).catch(() => undefined);
    },

    async list(handle, kind, { cursor, modifiedSince }) {
      const page = cursor ? Number(cursor) : 1;
      if (!Number.isInteger(page) || page < 1)
        throw new AccountingError('REJECTED', 'Unknown FreshBooks cursor.');
      const query = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE) });
      // Expense categories are few and their filters undocumented: they are read whole every time.
      if (modifiedSince && kind !== 'ACCOUNT') query.set('search[updated_min]', easternDate(modifiedSince));
      const { records, paging } = await listers[kind](handle, query);
      const pages = Number(paging.pages ?? 1);
      const current = Number(paging.page ?? page);
      return { records, next: current < pages ? String(current + 1) : null } as ListPage<
        ImportRecords[typeof kind]
      >;
    },

    async create(handle, kind, record, idempotencyKey) {
      const creator = creators[kind] as (
        h: Handle,
        r: typeof record,
        k: string,
      ) => Promise<{ remoteId: string; updatedAt: string }>;
      return creator(handle, record, idempotencyKey);
    },

    async update(handle, kind, remoteId, record) {
      const id = encodeURIComponent(remoteId);
      switch (kind) {
        case 'VENDOR': {
          const r = await result<{ bill_vendor: FbVendor }>(
            handle,
            'PUT',
            `bill_vendors/bill_vendors/${id}`,
            vendorBody(record as ContactPush),
          );
          return { updatedAt: easternToIso(r.bill_vendor.updated_at) };
        }
        case 'CUSTOMER': {
          const r = await result<{ client: FbClient }>(
            handle,
            'PUT',
            `users/clients/${id}`,
            clientBody(record as ContactPush),
          );
          return { updatedAt: easternToIso(r.client.updated) };
        }
        case 'BILL': {
          const r = await result<{ bill: FbBill }>(
            handle,
            'PUT',
            `bills/bills/${id}`,
            billBody(record as DocumentPush),
          );
          return { updatedAt: easternToIso(r.bill.updated_at) };
        }
        default: {
          const r = await result<{ invoice: FbInvoice }>(
            handle,
            'PUT',
            `invoices/invoices/${id}`,
            invoiceBody(record as DocumentPush),
          );
          return { updatedAt: easternToIso(r.invoice.updated) };
        }
      }
    },
  };
}

interface Paging {
  page?: number;
  pages?: number;
}

interface ListResult<T> {
  records: T[];
  paging: Paging;
}

/** FreshBooks' words for a refusal: `response.errors[0].message`, OAuth's `error_description`, or `message`. */
function errorMessage(json: unknown): string {
  if (!json || typeof json !== 'object') return '';
  const body = json as {
    response?: { errors?: { message?: string }[] };
    errors?: { message?: string }[];
    error_description?: string;
    error?: string | { message?: string };
    message?: string;
  };
  const errors = body.response?.errors ?? body.errors;
  if (Array.isArray(errors) && errors.length > 0)
    return errors
      .map((e) => e.message ?? '')
      .filter(Boolean)
      .join('; ');
  if (typeof body.error_description === 'string') return body.error_description;
  if (typeof body.error === 'string') return body.error;
  if (body.error && typeof body.error === 'object' && typeof body.error.message === 'string')
    return body.error.message;
  return '';
}
