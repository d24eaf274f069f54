import {
  AccountingError,
  type AccountingHandle,
  type AccountingProvider,
  type ContactPush,
  type DocumentPush,
  type ImportKind,
  type ImportRecords,
  type ListPage,
  type PaymentPush,
  VOID_REFUSED_PAYMENTS,
} from '../accounting.js';
import { fromCents, withRetries } from '../retry.js';
import { createXeroApi, modifiedSinceHeader } from './api.js';
import {
  contactBody,
  toRemoteAccount,
  toRemoteContact,
  toRemoteDocument,
  toRemoteItem,
  xeroInstant,
} from './mapping.js';
import { createXeroOAuth } from './oauth.js';
import type { XeroAccountingOptions, XeroContact, XeroInvoice, XeroItem } from './types.js';
import { verifyXeroWebhook } from './webhooks.js';

/** Contacts and invoices come 100 to a page when a page is asked for. */
const PAGE_SIZE = 100;

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

/**
 * The accounting provider on Xero: OAuth 2 (with OpenID for sign-in) and the Accounting API, each
 * call naming its organisation in `xero-tenant-id`.
 */
export function createXeroAccounting(options: XeroAccountingOptions): AccountingProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const retry = <T>(call: () => Promise<T>) => withRetries(call, { sleep: options.sleep });
  const { api, call, first } = createXeroApi({ fetchImpl, retry });

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

  /** A contact is a supplier or customer by its transactions (it may be both): one contact list, read per kind. */
  const listContacts = (
    handle: AccountingHandle,
    cursor: string | null,
    modifiedSince: string | null,
    isKind: (contact: XeroContact) => boolean | undefined,
  ) =>
    listPaged(
      handle,
      'Contacts',
      'Contacts',
      cursor,
      modifiedSince,
      { includeArchived: 'true' },
      (c: XeroContact) => (isKind(c) ? toRemoteContact(c) : null),
    );

  const listers: {
    [K in ImportKind]: (
      handle: AccountingHandle,
      cursor: string | null,
      modifiedSince: string | null,
    ) => Promise<{ records: unknown[]; next: string | null }>;
  } = {
    ACCOUNT: (handle, _cursor, since) => listAll(handle, 'Accounts', 'Accounts', since, toRemoteAccount),
    ITEM: (handle, _cursor, since) => listAll(handle, 'Items', 'Items', since, toRemoteItem),
    VENDOR: (handle, cursor, since) => listContacts(handle, cursor, since, (c) => c.IsSupplier),
    CUSTOMER: (handle, cursor, since) => listContacts(handle, cursor, since, (c) => c.IsCustomer),
    BILL: (handle, cursor, since) =>
      listPaged(handle, 'Invoices', 'Invoices', cursor, since, { where: 'Type=="ACCPAY"' }, toRemoteDocument),
    INVOICE: (handle, cursor, since) =>
      listPaged(handle, 'Invoices', 'Invoices', cursor, since, { where: 'Type=="ACCREC"' }, toRemoteDocument),
  };

  return {
    type: 'XERO',
    mode: 'live',

    ...createXeroOAuth(options, { fetchImpl, retry, api, first }),

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

    async voidDocument(handle, _kind, remoteId) {
      const id = encodeURIComponent(remoteId);
      const current = first<XeroInvoice>(
        await call<Record<string, unknown>>(handle, 'GET', `Invoices/${id}`),
        'Invoices',
      );
      if (current.Status === 'VOIDED' || current.Status === 'DELETED')
        return { updatedAt: xeroInstant(current.UpdatedDateUTC) };
      if (current.Status === 'PAID' || (current.AmountPaid ?? 0) > 0 || (current.AmountCredited ?? 0) > 0)
        throw new AccountingError('REJECTED', VOID_REFUSED_PAYMENTS);
      // Xero voids an approved invoice or bill; a draft or submitted one is deleted instead.
      const status = current.Status === 'AUTHORISED' ? 'VOIDED' : 'DELETED';
      const answer = await call<Record<string, unknown>>(handle, 'POST', `Invoices/${id}`, {
        body: { Invoices: [{ InvoiceID: remoteId, Status: status }] },
      });
      return { updatedAt: xeroInstant(first<XeroInvoice>(answer, 'Invoices').UpdatedDateUTC) };
    },

    async verifyWebhook(headers, rawBody) {
      return verifyXeroWebhook(options.webhookKey, headers, rawBody);
    },
  };
}
