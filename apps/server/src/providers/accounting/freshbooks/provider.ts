import {
  AccountingError,
  type AccountingProvider,
  type ContactPush,
  type DocumentPush,
  type ImportKind,
  type ImportRecords,
  type ListPage,
  type PaymentPush,
  VOID_REFUSED_PAYMENTS,
} from '../accounting.js';
import { contactMarker, fromCents, paymentMarker, text, toCents, withRetries } from '../retry.js';
import { createFreshBooksApi } from './api.js';
import {
  billBody,
  clientBody,
  easternDate,
  easternToIso,
  invoiceBody,
  paymentNote,
  toBill,
  toClient,
  toInvoice,
  toVendor,
  vendorBody,
} from './mapping.js';
import { createFreshBooksOAuth } from './oauth.js';
import type {
  FbBill,
  FbCategory,
  FbClient,
  FbInvoice,
  FbItem,
  FbPayment,
  FbVendor,
  FreshBooksAccountingOptions,
  ListResult,
  Paging,
} from './types.js';

const PER_PAGE = 100;

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
export function createFreshBooksAccounting(options: FreshBooksAccountingOptions): AccountingProvider {
  const doFetch = options.fetch ?? fetch;
  const retry = <T>(call: () => Promise<T>) => withRetries(call, { sleep: options.sleep });
  const { send, result } = createFreshBooksApi({ fetchImpl: doFetch, retry });

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

    ...createFreshBooksOAuth(options, { send }),

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

    async voidDocument(handle, kind, remoteId) {
      const id = encodeURIComponent(remoteId);
      // FreshBooks deletes a bill or an invoice by its vis_state (1: deleted; the record stays readable).
      const path = kind === 'BILL' ? `bills/bills/${id}` : `invoices/invoices/${id}`;
      const current =
        kind === 'BILL'
          ? toBill((await result<{ bill: FbBill }>(handle, 'GET', path)).bill)
          : toInvoice((await result<{ invoice: FbInvoice }>(handle, 'GET', path)).invoice);
      if (!current.active || current.status === 'VOID') return { updatedAt: current.updatedAt };
      if (current.balanceCents < current.totalCents)
        throw new AccountingError('REJECTED', VOID_REFUSED_PAYMENTS);
      if (kind === 'BILL') {
        const r = await result<{ bill: FbBill }>(handle, 'PUT', path, { bill: { vis_state: 1 } });
        return { updatedAt: easternToIso(r.bill.updated_at) };
      }
      const r = await result<{ invoice: FbInvoice }>(handle, 'PUT', path, { invoice: { vis_state: 1 } });
      return { updatedAt: easternToIso(r.invoice.updated) };
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
