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
import { contactMarker, fromCents, paymentMarker, text, toCents } from '../retry.js';
import { createZohoBooksApi } from './api.js';
import {
  ACCOUNT_TYPES,
  contactBody,
  documentBody,
  paymentDescription,
  toContact,
  toDocument,
  zohoTime,
  zohoTimeToIso,
} from './mapping.js';
import { createZohoBooksOAuth } from './oauth.js';
import type {
  Handle,
  PageContext,
  ZohoAccount,
  ZohoBooksAccountingOptions,
  ZohoContact,
  ZohoDocument,
  ZohoItem,
  ZohoPayment,
} from './types.js';

const PER_PAGE = 200;

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
export function createZohoBooksAccounting(options: ZohoBooksAccountingOptions): AccountingProvider {
  const doFetch = options.fetch ?? fetch;
  const { send, apiDomain, books } = createZohoBooksApi({ fetchImpl: doFetch, sleep: options.sleep });

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

    ...createZohoBooksOAuth(options, { send, apiDomain }),

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

    async voidDocument(handle, kind, remoteId) {
      const id = encodeURIComponent(remoteId);
      const resource = kind === 'BILL' ? 'bills' : 'invoices';
      const answer = await books<Record<string, ZohoDocument | undefined>>(
        handle,
        'GET',
        `${resource}/${id}`,
      );
      const current = answer[kind === 'BILL' ? 'bill' : 'invoice'];
      if (!current) throw new AccountingError('UNAVAILABLE', 'Zoho Books answered without the document.');
      if (current.status === 'void') return { updatedAt: zohoTimeToIso(current.last_modified_time) };
      // Zoho would void it and move its payments to the contact's credits: Ferry leaves that to a person.
      if (toCents(current.balance) < toCents(current.total))
        throw new AccountingError('REJECTED', VOID_REFUSED_PAYMENTS);
      await books(handle, 'POST', `${resource}/${id}/status/void`);
      // The void answers a message only, without the document's new time.
      return { updatedAt: new Date().toISOString() };
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
