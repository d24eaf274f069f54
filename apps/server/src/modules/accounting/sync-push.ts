import type { SyncKind } from '@ferry/domain/schemas';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AccountingError, type DocumentPush } from '../../providers/accounting/accounting.js';
import { findBank } from '../banking/service.js';
import { ferryBillsPage, getBill } from '../bills/service.js';
import { findCard } from '../cards/service.js';
import { contactsPage } from '../contacts/service.js';
import { ferryInvoicesPage, getInvoice, invoicePaymentsPage } from '../invoices/service.js';
import { deliveredPaymentsPage } from '../payments/service.js';
import type { Cursor, StepIo } from './sync-step.js';
import {
  contactDigest,
  findLinkByFerry,
  linkedIds,
  PUSH_PAGE,
  pushOnce,
  record,
  touchLink,
} from './sync-step.js';
import { accountingLinks, chartAccounts } from './tables.js';

/*
 * A sync's push steps: Ferry's own records and payments into the books, once each.
 */

export async function pushPage(io: StepIo, kind: SyncKind, cursor: Cursor, index: number): Promise<Cursor> {
  if (kind === 'VENDOR' || kind === 'CUSTOMER') return pushContacts(io, kind, cursor, index);
  if (kind === 'BILL' || kind === 'INVOICE') return pushDocuments(io, kind, cursor, index);
  if (kind === 'BILL_PAYMENT') return pushBillPayments(io, cursor, index);
  if (kind === 'INVOICE_PAYMENT') return pushInvoicePayments(io, cursor, index);
  return { ...cursor, step: String(index + 1), page: null };
}

/**
 * Contacts made in Ferry go to the books; contacts changed only in Ferry since the last sync are
 * written there. The link (with its idempotency key) is written before the call, so a run that dies
 * after the books made the record finds it again with the same key.
 */
export async function pushContacts(
  io: StepIo,
  kind: 'VENDOR' | 'CUSTOMER',
  cursor: Cursor,
  index: number,
): Promise<Cursor> {
  const { context, connection } = io;
  const { db } = context.database;
  const page = await contactsPage(db, {
    businessId: connection.businessId,
    type: kind,
    after: contactsAfter(cursor.page),
    limit: PUSH_PAGE,
  });
  for (const contact of page) {
    const digest = contactDigest(contact.name, contact.email);
    const link = await findLinkByFerry(db, connection.id, kind, contact.id);
    if (link?.remoteId && link.syncedDigest === digest) continue;
    if (link?.remoteDeleted) continue;
    const fields = {
      name: contact.name,
      email: contact.email || null,
      phone: contact.phone?.phoneNumber ?? null,
    };
    try {
      if (link?.remoteId) {
        const { updatedAt } = await io.provider.update(io.handle, kind, link.remoteId, fields);
        await touchLink(db, link, { remoteUpdatedAt: updatedAt, syncedDigest: digest }, context.clock.now());
        record(io, kind, contact.name, 'pushed');
        continue;
      }
      const remoteId = await pushOnce(io, kind, contact.id, contact.name, fields);
      if (remoteId) {
        await db
          .update(accountingLinks)
          .set({ syncedDigest: digest })
          .where(
            and(
              eq(accountingLinks.connectionId, connection.id),
              eq(accountingLinks.kind, kind),
              eq(accountingLinks.ferryId, contact.id),
            ),
          );
      }
    } catch (error) {
      if (error instanceof AccountingError && error.code === 'REJECTED') {
        record(io, kind, contact.name, { failure: error.message });
        continue;
      }
      throw error;
    }
  }
  const last = page.at(-1);
  return page.length === PUSH_PAGE && last
    ? { ...cursor, page: `${last.createdAt.toISOString()} ${last.id}` }
    : { ...cursor, step: String(index + 1), page: null };
}

/** A contacts page's cursor: the last contact's creation time and id (a bare time from before ids were kept). */
function contactsAfter(page: string | null): { createdAt: Date; id: string } | null {
  if (!page) return null;
  const [time = '', id = ''] = page.split(' ');
  return { createdAt: new Date(time), id };
}

/**
 * Bills and invoices made in Ferry go to the books with their lines booked to the linked accounts and
 * items (unlinked ones are left for the books to default). One whose contact is not in the books yet
 * waits for a later run.
 */
export async function pushDocuments(
  io: StepIo,
  kind: 'BILL' | 'INVOICE',
  cursor: Cursor,
  index: number,
): Promise<Cursor> {
  const { context, connection } = io;
  const { db } = context.database;
  const businessId = connection.businessId;
  const pageOptions = { businessId, afterSequence: cursor.page ? Number(cursor.page) : 0, limit: PUSH_PAGE };
  const page =
    kind === 'BILL' ? await ferryBillsPage(db, pageOptions) : await ferryInvoicesPage(db, pageOptions);
  const done = await linkedIds(
    io,
    kind,
    page.map((row) => row.id),
  );
  for (const { id } of page) {
    if (done.has(id)) continue;
    const view =
      kind === 'BILL'
        ? await getBill(context, { businessId, billId: id })
        : await getInvoice(context, { businessId, invoiceId: id });
    const contactKind = kind === 'BILL' ? 'VENDOR' : 'CUSTOMER';
    const contact = await findLinkByFerry(db, connection.id, contactKind, view.contact.id);
    if (!contact?.remoteId) continue;
    const accounts = await linkedIds(
      io,
      'ACCOUNT',
      view.lines.flatMap((line) => line.chartAccountId ?? []),
    );
    const items = await linkedIds(
      io,
      'ITEM',
      view.lines.flatMap((line) => line.itemId ?? []),
    );
    await pushOnce(io, kind, id, view.refNo, {
      contactRemoteId: contact.remoteId,
      number: view.refNo,
      date: 'billDate' in view ? view.billDate : view.invoiceDate,
      dueDate: view.dueDate,
      memo: view.memo,
      lines: documentLines(view, accounts, items),
    });
  }
  const last = page.at(-1);
  return page.length === PUSH_PAGE && last
    ? { ...cursor, page: String(last.sequence) }
    : { ...cursor, step: String(index + 1), page: null };
}

/**
 * A document's lines for the books, adding up to its amount: the tax as a line of its own, the discount
 * taken off the lines from the last one up; a document without lines is one line of its amount.
 */
export function documentLines(
  view: {
    refNo: string;
    amount: number;
    taxAmount: number;
    discount: { amount: number } | null;
    lines: {
      description: string | null;
      name: string;
      amount: number;
      chartAccountId: string | null;
      itemId: string | null;
    }[];
  },
  accounts: Map<string, string>,
  items: Map<string, string>,
): DocumentPush['lines'] {
  const cents = (amount: number) => Math.round(amount * 100);
  const lines: DocumentPush['lines'] = view.lines.map((line) => ({
    description: line.description ?? line.name,
    amountCents: cents(line.amount),
    accountRemoteId: line.chartAccountId ? (accounts.get(line.chartAccountId) ?? null) : null,
    itemRemoteId: line.itemId ? (items.get(line.itemId) ?? null) : null,
  }));
  let discount = cents(view.discount?.amount ?? 0);
  for (let i = lines.length - 1; i >= 0 && discount > 0; i -= 1) {
    const line = lines[i] as DocumentPush['lines'][number];
    const taken = Math.min(line.amountCents, discount);
    line.amountCents -= taken;
    discount -= taken;
  }
  const tax = cents(view.taxAmount);
  if (tax > 0)
    lines.push({ description: 'Tax', amountCents: tax, accountRemoteId: null, itemRemoteId: null });
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const amount = cents(view.amount);
  if (total !== amount) {
    return [
      {
        description: view.refNo,
        amountCents: amount,
        accountRemoteId: lines[0]?.accountRemoteId ?? null,
        itemRemoteId: null,
      },
    ];
  }
  return lines;
}

/**
 * Ferry's delivered payments go to the books as bill payments against the bill's twin, from the chart
 * account the paying bank or card is linked to, with the rail's reference in the memo so a bookkeeper
 * can reconcile without Ferry open.
 */
export async function pushBillPayments(io: StepIo, cursor: Cursor, index: number): Promise<Cursor> {
  const { context, connection } = io;
  const { db } = context.database;
  const businessId = connection.businessId;
  const page = await deliveredPaymentsPage(db, {
    businessId,
    afterSequence: cursor.page ? Number(cursor.page) : 0,
    limit: PUSH_PAGE,
  });
  const linked = page.length
    ? await db
        .select({ ferryId: accountingLinks.ferryId, remoteId: accountingLinks.remoteId })
        .from(accountingLinks)
        .where(
          and(
            eq(accountingLinks.connectionId, connection.id),
            eq(accountingLinks.kind, 'BILL_PAYMENT'),
            inArray(
              accountingLinks.ferryId,
              page.map((payment) => payment.id),
            ),
          ),
        )
    : [];
  const done = new Set(linked.filter((link) => link.remoteId).map((link) => link.ferryId));
  for (const payment of page) {
    if (done.has(payment.id)) continue;
    const name = `Payment ${payment.id}`;
    const billLink = await findLinkByFerry(db, connection.id, 'BILL', payment.billId);
    const vendorLink = await findLinkByFerry(db, connection.id, 'VENDOR', payment.vendorId);
    if (!billLink?.remoteId || !vendorLink?.remoteId) continue; // a bill the books do not have
    const accountId = await paymentAccount(io, payment);
    if (!accountId) {
      record(io, 'BILL_PAYMENT', name, {
        failure: 'No bank account in the chart of accounts to record it from.',
      });
      continue;
    }
    const rails = (payment.railsData ?? {}) as Record<string, unknown>;
    const railRef = String(
      (payment.method === 'CARD' ? rails.debitTransferId : rails.creditTransferId) ??
        rails.debitTransferId ??
        payment.id,
    );
    const reference = railRef.slice(0, 60);
    const memo = `Paid with Ferry (payment ${payment.id}); ${payment.method === 'CARD' ? 'card charge' : 'ACH transfer'} ${railRef}`;
    await pushOnce(io, 'BILL_PAYMENT', payment.id, name, {
      documentRemoteId: billLink.remoteId,
      contactRemoteId: vendorLink.remoteId,
      amountCents: payment.amountCents,
      date: payment.paidDate ?? payment.processDate,
      accountRemoteId: accountId,
      memo,
      reference,
    });
  }
  const last = page.at(-1);
  return page.length === PUSH_PAGE && last
    ? { ...cursor, page: String(last.sequence) }
    : { ...cursor, step: String(index + 1), page: null };
}

/**
 * Payments of invoices (received through Ferry, or marked as paid) go to the books as invoice payments
 * into the account the receiving bank is linked to.
 */
export async function pushInvoicePayments(io: StepIo, cursor: Cursor, index: number): Promise<Cursor> {
  const { context, connection } = io;
  const { db } = context.database;
  const page = await invoicePaymentsPage(db, {
    businessId: connection.businessId,
    afterSequence: cursor.page ? Number(cursor.page) : 0,
    limit: PUSH_PAGE,
  });
  const done = await linkedIds(
    io,
    'INVOICE_PAYMENT',
    page.map((row) => row.id),
  );
  for (const payment of page) {
    if (done.has(payment.id)) continue;
    const invoice = await findLinkByFerry(db, connection.id, 'INVOICE', payment.invoiceId);
    const customer = await findLinkByFerry(db, connection.id, 'CUSTOMER', payment.customerId);
    if (!invoice?.remoteId || !customer?.remoteId) continue;
    const name = `Invoice payment ${payment.id}`;
    const accountId = await paymentAccount(io, { bankAccountId: payment.bankAccountId, cardId: null });
    if (!accountId) {
      record(io, 'INVOICE_PAYMENT', name, {
        failure: 'No bank account in the chart of accounts to record it into.',
      });
      continue;
    }
    const reference = payment.paymentId ?? payment.id;
    await pushOnce(io, 'INVOICE_PAYMENT', payment.id, name, {
      documentRemoteId: invoice.remoteId,
      contactRemoteId: customer.remoteId,
      amountCents: payment.amountCents,
      date: payment.date,
      accountRemoteId: accountId,
      memo:
        payment.kind === 'RECEIVED'
          ? `Received with Ferry (payment ${payment.paymentId})`
          : `Marked as paid in Ferry (${payment.id})`,
      reference,
    });
  }
  const last = page.at(-1);
  return page.length === PUSH_PAGE && last
    ? { ...cursor, page: String(last.sequence) }
    : { ...cursor, step: String(index + 1), page: null };
}

/** The books' id of the account the money left from: the bank's or card's linked chart account, else the first bank account. */
export async function paymentAccount(
  io: StepIo,
  payment: { bankAccountId: string | null; cardId: string | null },
): Promise<string | null> {
  const { db } = io.context.database;
  const businessId = io.connection.businessId;
  let chartAccountId: string | null = null;
  try {
    if (payment.bankAccountId)
      chartAccountId =
        (await findBank(db, { businessId, bankId: payment.bankAccountId })).chartAccountId ?? null;
    else if (payment.cardId)
      chartAccountId = (await findCard(db, { businessId, cardId: payment.cardId })).chartAccountId ?? null;
  } catch {
    chartAccountId = null;
  }
  if (chartAccountId) {
    const link = await findLinkByFerry(db, io.connection.id, 'ACCOUNT', chartAccountId);
    if (link?.remoteId) return link.remoteId;
  }
  const [bank] = await db
    .select({ remoteId: accountingLinks.remoteId })
    .from(accountingLinks)
    .innerJoin(chartAccounts, eq(chartAccounts.id, accountingLinks.ferryId))
    .where(
      and(
        eq(accountingLinks.connectionId, io.connection.id),
        eq(accountingLinks.kind, 'ACCOUNT'),
        eq(chartAccounts.accountType, 'BANK'),
        eq(chartAccounts.isActive, true),
      ),
    )
    .orderBy(asc(chartAccounts.number))
    .limit(1);
  return bank?.remoteId ?? null;
}
