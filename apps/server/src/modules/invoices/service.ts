import type { BillInvoiceStatus } from '@ferry/domain/catalogues';
import { formatMoney } from '@ferry/domain/format';
import { centsToAmount, MIN_AMOUNT_CENTS } from '@ferry/domain/money';
import {
  type AccountingInvoicesQuery,
  type DueInvoicesQuery,
  INVOICE_MESSAGES,
  type InvoiceAttachmentView,
  type InvoiceListItem,
  type InvoicePaymentKind,
  type InvoicePaymentView,
  type InvoicesSummary,
  type InvoiceView,
  PAYMENT_FORM_MESSAGES,
  PAYMENT_MESSAGES,
  type ParsedInvoiceRequest,
  type PaymentRequestStatus,
} from '@ferry/domain/schemas';
import { and, asc, count, desc, eq, ilike, inArray, max, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type Actor, recordActivity } from '../activity/service.js';
import { businessBankAccounts } from '../banking/tables.js';
import { ensureDefaultItems } from '../bills/items.js';
import { dueDateConditions } from '../bills/rollups.js';
import {
  type AttachmentColumns,
  accountingFilterConditions,
  attachmentFields,
  businessToday,
  claimAttachments,
  contactRefColumns,
  documentMoneyView,
  dueRangeOf,
  dueWindows,
  type LineAccounts,
  lineValues,
  lineView,
  moneyColumns,
  nextNumberedReference,
  replaceAttachments,
  resolveLines,
} from '../bills/service.js';
import type { billAttachments } from '../bills/tables.js';
import { findContactOrThrow, violatedUniqueIndex } from '../contacts/access.js';
import { containsPattern } from '../contacts/service.js';
import { contacts } from '../contacts/tables.js';
import { paymentRequestEvents, paymentRequests } from '../payment-requests/tables.js';
import {
  type InvoiceAttachmentRow,
  type InvoicePaymentRow,
  type InvoiceRow,
  invoiceAttachments,
  invoiceDrafts,
  invoiceLineItems,
  invoicePayments,
  invoices,
} from './tables.js';

/**
 * Invoices (spec 002 §3 "Invoice", §4, §5, §7 "Invoices"): what a business's customers owe it. Built
 * on the bills' shared pieces (lines, money, attachments, references, due-date windows); the party is
 * a customer contact, lines are booked to income accounts.
 *
 * For the payment-request side (payment-requests module) this module exports, with stable names:
 * `findInvoiceOrThrow`, `recordInvoiceReceipt`, `reverseInvoiceReceipt`, `refreshInvoiceStatus`,
 * `setInvoicePaymentInFlight`. Each takes the caller's transaction, so the invoice changes exactly
 * when the payment does.
 */

type Context = Pick<AppContext, 'database' | 'clock'>;

export const INVOICE_ENTITY_TYPE = 'invoices';
const ID = /^[0-9a-f]{24}$/;

export const invoiceNotFound = () => new AppError('NOT_FOUND', INVOICE_MESSAGES.invoiceNotFound);

const fieldError = (
  code: 'UNPROCESSABLE' | 'VALIDATION_ERROR' | 'CONFLICT',
  field: string,
  message: string,
) => new AppError(code, message, { errors: [{ field, message }] });

const INVOICE_LINE_ACCOUNTS: LineAccounts = {
  types: ['INCOME'],
  wrongTypeMessage: INVOICE_MESSAGES.accountNotIncome,
};

/** invoice_attachments has the columns of bill_attachments with `invoice_id` for `bill_id`. */
export const INVOICE_ATTACHMENTS: AttachmentColumns = {
  table: invoiceAttachments as unknown as typeof billAttachments,
  documentColumn: invoiceAttachments.invoiceId,
  documentKey: 'invoiceId',
};

/** Payment requests still out for an invoice ('requested'): not paid, voided or cancelled. */
const DONE_REQUEST_STATES: PaymentRequestStatus[] = ['COMPLETED', 'VOID', 'CANCELLED'];

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

type PaymentRequestRef = InvoiceListItem['paymentRequest'];

/** The customer of an invoice; `onNetwork` when it is a business on the Ferry network. */
export type CustomerRef = InvoiceListItem['contact'];

const customerColumns = {
  ...contactRefColumns,
  onNetwork: sql<boolean>`(${contacts.networkBusinessId} is not null)`.mapWith(Boolean),
};

export const invoiceAttachmentView = (row: InvoiceAttachmentRow): InvoiceAttachmentView => ({
  invoiceId: row.invoiceId,
  ...attachmentFields(row, row.invoiceId ? `invoices/${row.invoiceId}` : null),
});

const toListItem = (row: InvoiceRow, customer: CustomerRef, request: PaymentRequestRef): InvoiceListItem => ({
  id: row.id,
  refNo: row.refNo,
  customerName: customer.name,
  contact: customer,
  invoiceDate: row.invoiceDate,
  dueDate: row.dueDate,
  paymentTerm: row.paymentTerm,
  amount: centsToAmount(row.amountCents),
  balance: centsToAmount(row.balanceCents),
  status: row.status,
  paymentRequest: request,
  createdAt: row.createdAt.toISOString(),
});

/** The live payment request of each invoice (the newest one not done), with its last reminder. */
async function paymentRequestRefs(
  db: DbOrTx,
  businessId: string,
  invoiceIds: string[],
): Promise<Map<string, NonNullable<PaymentRequestRef>>> {
  const out = new Map<string, NonNullable<PaymentRequestRef>>();
  if (invoiceIds.length === 0) return out;
  const lastReminder = db
    .select({
      requestId: paymentRequestEvents.paymentRequestId,
      at: max(paymentRequestEvents.createdAt).as('last_reminder_at'),
    })
    .from(paymentRequestEvents)
    .where(ilike(paymentRequestEvents.action, '%REMINDER_SENT'))
    .groupBy(paymentRequestEvents.paymentRequestId)
    .as('reminders');
  const rows = await db
    .select({
      id: paymentRequests.id,
      invoiceId: paymentRequests.invoiceId,
      state: paymentRequests.state,
      sentAt: paymentRequests.createdAt,
      lastReminderAt: lastReminder.at,
    })
    .from(paymentRequests)
    .leftJoin(lastReminder, eq(lastReminder.requestId, paymentRequests.id))
    .where(
      and(
        eq(paymentRequests.payeeBusinessId, businessId),
        inArray(paymentRequests.invoiceId, invoiceIds),
        notInArray(paymentRequests.state, DONE_REQUEST_STATES),
      ),
    )
    .orderBy(desc(paymentRequests.createdAt));
  for (const row of rows) {
    if (!row.invoiceId || out.has(row.invoiceId)) continue;
    const reminded = row.lastReminderAt as Date | string | null;
    out.set(row.invoiceId, {
      id: row.id,
      state: row.state,
      sentAt: row.sentAt.toISOString(),
      lastReminderAt: reminded ? new Date(reminded).toISOString() : null,
    });
  }
  return out;
}

/** List items for rows of invoices with their customers, in the order given. */
async function toListItems(
  db: DbOrTx,
  businessId: string,
  rows: { invoice: InvoiceRow; customer: CustomerRef }[],
): Promise<InvoiceListItem[]> {
  const requests = await paymentRequestRefs(
    db,
    businessId,
    rows.map((r) => r.invoice.id),
  );
  return rows.map(({ invoice, customer }) => toListItem(invoice, customer, requests.get(invoice.id) ?? null));
}

/** The bank a payment of an invoice went into, by id. */
async function bankNames(db: DbOrTx, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map<string, { bankName: string; accountMask: string }>();
  const rows = await db
    .select({
      id: businessBankAccounts.id,
      bankName: businessBankAccounts.bankName,
      accountMask: businessBankAccounts.accountMask,
    })
    .from(businessBankAccounts)
    .where(inArray(businessBankAccounts.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

const paymentView = (
  row: InvoicePaymentRow,
  bank: { bankName: string; accountMask: string } | undefined,
): InvoicePaymentView => ({
  id: row.id,
  kind: row.kind,
  amount: centsToAmount(row.amountCents),
  date: row.date,
  status: row.status,
  bankName: bank?.bankName ?? null,
  accountMask: bank?.accountMask ?? null,
  remarks: row.remarks,
  paymentId: row.paymentId,
});

/** Full views (lines, attachments, payments, requests), in the order of `rows`. */
async function toViews(
  db: DbOrTx,
  businessId: string,
  rows: { invoice: InvoiceRow; customer: CustomerRef }[],
): Promise<InvoiceView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.invoice.id);
  const [items, lines, attachments, received] = await Promise.all([
    toListItems(db, businessId, rows),
    db
      .select()
      .from(invoiceLineItems)
      .where(inArray(invoiceLineItems.invoiceId, ids))
      .orderBy(asc(invoiceLineItems.position)),
    db
      .select()
      .from(invoiceAttachments)
      .where(inArray(invoiceAttachments.invoiceId, ids))
      .orderBy(asc(invoiceAttachments.createdAt), asc(invoiceAttachments.sequence)),
    db
      .select()
      .from(invoicePayments)
      .where(inArray(invoicePayments.invoiceId, ids))
      .orderBy(asc(invoicePayments.sequence)),
  ]);
  const banks = await bankNames(
    db,
    received.map((p) => p.bankAccountId),
  );
  return rows.map(({ invoice }, index) => ({
    ...(items[index] as InvoiceListItem),
    lines: lines.filter((l) => l.invoiceId === invoice.id).map(lineView),
    ...documentMoneyView(invoice),
    attachments: attachments.filter((a) => a.invoiceId === invoice.id).map(invoiceAttachmentView),
    pdfUrl: `/api/business/${invoice.businessId}/download-invoice-pdf/${invoice.id}`,
    payments: received
      .filter((p) => p.invoiceId === invoice.id)
      .map((p) => paymentView(p, p.bankAccountId ? banks.get(p.bankAccountId) : undefined)),
    updatedAt: invoice.updatedAt.toISOString(),
  }));
}

/**
 * An invoice of the business with its customer, or 404 (an invoice of another business is as unknown
 * as none). `forUpdate` locks the invoice row for the caller's transaction.
 */
export async function findInvoiceOrThrow(
  db: DbOrTx,
  options: { businessId: string; invoiceId: string; forUpdate?: boolean },
): Promise<{ invoice: InvoiceRow; customer: CustomerRef }> {
  if (!ID.test(options.invoiceId)) throw invoiceNotFound();
  const query = db
    .select({ invoice: invoices, customer: customerColumns })
    .from(invoices)
    .innerJoin(contacts, eq(contacts.id, invoices.customerId))
    .where(and(eq(invoices.id, options.invoiceId), eq(invoices.businessId, options.businessId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: invoices }) : await query;
  if (!row) throw invoiceNotFound();
  return row;
}

export async function getInvoice(
  context: Context,
  options: { businessId: string; invoiceId: string },
): Promise<InvoiceView> {
  const { db } = context.database;
  const [view] = await toViews(db, options.businessId, [await findInvoiceOrThrow(db, options)]);
  if (!view) throw invoiceNotFound();
  return view;
}

/** GET invoices/multiple: the business's invoices among the ids, in the order asked (unknown ids left out). */
export async function getInvoices(
  context: Context,
  options: { businessId: string; invoiceIds: string[] },
): Promise<InvoiceView[]> {
  const ids = options.invoiceIds.filter((id) => ID.test(id));
  if (ids.length === 0) return [];
  const { db } = context.database;
  const rows = await db
    .select({ invoice: invoices, customer: customerColumns })
    .from(invoices)
    .innerJoin(contacts, eq(contacts.id, invoices.customerId))
    .where(and(eq(invoices.businessId, options.businessId), inArray(invoices.id, ids)));
  const byId = new Map(rows.map((r) => [r.invoice.id, r]));
  return toViews(
    db,
    options.businessId,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

// ---------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------

/**
 * An invoice's status (spec 002 §4), first match wins: cancelled stays cancelled; nothing left to
 * receive → paid; a customer's payment on its way → processing; part received → partial_paid; a
 * payment request out → requested; else unpaid.
 */
export function invoiceStatusOf(invoice: {
  status: BillInvoiceStatus;
  amountCents: number;
  balanceCents: number;
  paymentInFlight: boolean;
  hasLiveRequest: boolean;
}): BillInvoiceStatus {
  if (invoice.status === 'cancelled') return 'cancelled';
  if (invoice.balanceCents <= 0) return 'paid';
  if (invoice.paymentInFlight) return 'processing';
  if (invoice.balanceCents < invoice.amountCents) return 'partial_paid';
  if (invoice.hasLiveRequest) return 'requested';
  return 'unpaid';
}

/**
 * Recomputes and stores an invoice's status from its balance, its payment in flight and whether a
 * payment request is out for it (payment_requests.invoice_id, a state other than COMPLETED, VOID,
 * CANCELLED). Call it in the transaction that changed any of them. Answers the new status.
 */
export async function refreshInvoiceStatus(tx: DbOrTx, invoiceId: string): Promise<BillInvoiceStatus | null> {
  const [row] = await tx
    .select({
      status: invoices.status,
      amountCents: invoices.amountCents,
      balanceCents: invoices.balanceCents,
      paymentInFlight: invoices.paymentInFlight,
      businessId: invoices.businessId,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .limit(1);
  if (!row) return null;
  const [live] = await tx
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.payeeBusinessId, row.businessId),
        eq(paymentRequests.invoiceId, invoiceId),
        notInArray(paymentRequests.state, DONE_REQUEST_STATES),
      ),
    )
    .limit(1);
  const status = invoiceStatusOf({ ...row, hasLiveRequest: Boolean(live) });
  if (status !== row.status) await tx.update(invoices).set({ status }).where(eq(invoices.id, invoiceId));
  return status;
}

/**
 * The payment-request side says a customer's Ferry payment for the invoice is on its way (true) or no
 * longer (false: delivered, failed, cancelled); the status follows ('processing' while true).
 */
export async function setInvoicePaymentInFlight(
  tx: DbOrTx,
  invoiceId: string,
  inFlight: boolean,
): Promise<BillInvoiceStatus | null> {
  await tx.update(invoices).set({ paymentInFlight: inFlight }).where(eq(invoices.id, invoiceId));
  return refreshInvoiceStatus(tx, invoiceId);
}

// ---------------------------------------------------------------------------------------------
// Receipts (mark as paid, payments received through Ferry)
// ---------------------------------------------------------------------------------------------

/**
 * Records money an invoice received: locks the invoice, inserts its invoice_payments row, lowers the
 * balance and recomputes the status. RECEIVED receipts are idempotent per `paymentId` (the customer's
 * Ferry payment): a second call answers the first row unchanged. More than the balance is refused
 * (409 CONFLICT 'This invoice has nothing left to pay.' when it is closed, else the due-amount
 * message); the balance never goes below 0.
 */
export async function recordInvoiceReceipt(
  tx: Tx | DbOrTx,
  options: {
    invoiceId: string;
    kind: InvoicePaymentKind;
    paymentId?: string | null;
    amountCents: number;
    date: string;
    bankAccountId?: string | null;
    remarks?: string | null;
    actor: Actor;
    at: Date;
  },
): Promise<InvoicePaymentRow> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, options.invoiceId)).for('update');
  if (!invoice) throw invoiceNotFound();
  if (options.paymentId) {
    const [existing] = await tx
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.paymentId, options.paymentId))
      .limit(1);
    if (existing) return existing;
  }
  if (invoice.status === 'cancelled' || invoice.balanceCents <= 0) {
    throw fieldError('CONFLICT', 'id', INVOICE_MESSAGES.invoiceClosed);
  }
  if (options.amountCents <= 0 || options.amountCents > invoice.balanceCents) {
    throw fieldError(
      'CONFLICT',
      'amount',
      PAYMENT_FORM_MESSAGES.markPaidMax(formatMoney(invoice.balanceCents)),
    );
  }
  const [row] = await tx
    .insert(invoicePayments)
    .values({
      id: newId(),
      invoiceId: invoice.id,
      businessId: invoice.businessId,
      kind: options.kind,
      paymentId: options.kind === 'RECEIVED' ? (options.paymentId ?? null) : null,
      amountCents: options.amountCents,
      date: options.date,
      bankAccountId: options.bankAccountId ?? null,
      remarks: options.remarks?.trim() || null,
      status: 'COMPLETED',
      createdBy: options.actor.userId,
      createdAt: options.at,
    })
    .returning();
  if (!row) throw new Error('invoice payment not inserted');
  await tx
    .update(invoices)
    .set({ balanceCents: invoice.balanceCents - options.amountCents, updatedAt: options.at })
    .where(eq(invoices.id, invoice.id));
  await refreshInvoiceStatus(tx, invoice.id);
  return row;
}

/**
 * A RECEIVED payment came back (returned, reversed): its row turns REVERSED, the invoice's balance is
 * restored and its status recomputed. Unknown or already reversed payments change nothing (null).
 */
export async function reverseInvoiceReceipt(
  tx: DbOrTx,
  options: { paymentId: string; at: Date },
): Promise<InvoicePaymentRow | null> {
  const [receipt] = await tx
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.paymentId, options.paymentId))
    .limit(1);
  if (!receipt || receipt.status === 'REVERSED') return null;
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, receipt.invoiceId)).for('update');
  if (!invoice) return null;
  const [row] = await tx
    .update(invoicePayments)
    .set({ status: 'REVERSED' })
    .where(and(eq(invoicePayments.id, receipt.id), eq(invoicePayments.status, 'COMPLETED')))
    .returning();
  if (!row) return null;
  await tx
    .update(invoices)
    .set({
      balanceCents: Math.min(invoice.amountCents, invoice.balanceCents + receipt.amountCents),
      updatedAt: options.at,
    })
    .where(eq(invoices.id, invoice.id));
  await refreshInvoiceStatus(tx, invoice.id);
  return row;
}

/**
 * PATCH mark-invoice-as-paid: records a MARKED_AS_PAID payment into the business's own receiving bank
 * (a verified bank account of the business). Amount at least $1 and at most the balance; date not in
 * the future. Concurrent calls are serialised by the invoice lock, so they never over-pay.
 */
export async function markInvoiceAsPaid(
  context: Context,
  options: {
    businessId: string;
    actor: Actor;
    request: {
      id: string;
      amount: number;
      date: string;
      paymentInstrumentId: string;
      remarks?: string | undefined;
    };
  },
): Promise<InvoicePaymentView> {
  const { db } = context.database;
  const { businessId, request } = options;
  const now = context.clock.now();
  const row = await db.transaction(async (tx) => {
    const { invoice } = await findInvoiceOrThrow(tx, { businessId, invoiceId: request.id, forUpdate: true });
    if (invoice.status === 'cancelled' || invoice.balanceCents <= 0) {
      throw fieldError('UNPROCESSABLE', 'id', INVOICE_MESSAGES.invoiceClosed);
    }
    if (request.amount < MIN_AMOUNT_CENTS) {
      throw fieldError('UNPROCESSABLE', 'amount', PAYMENT_FORM_MESSAGES.markPaidMin);
    }
    if (request.amount > invoice.balanceCents) {
      throw fieldError(
        'UNPROCESSABLE',
        'amount',
        PAYMENT_FORM_MESSAGES.markPaidMax(formatMoney(invoice.balanceCents)),
      );
    }
    if (request.date > businessToday(context)) {
      throw fieldError('UNPROCESSABLE', 'date', PAYMENT_MESSAGES.markPaidDateFuture);
    }
    const [bank] = ID.test(request.paymentInstrumentId)
      ? await tx
          .select({ id: businessBankAccounts.id })
          .from(businessBankAccounts)
          .where(
            and(
              eq(businessBankAccounts.id, request.paymentInstrumentId),
              eq(businessBankAccounts.businessId, businessId),
              eq(businessBankAccounts.verificationStatus, 'VERIFIED'),
              sql`${businessBankAccounts.deletedAt} is null`,
            ),
          )
          .limit(1)
      : [];
    if (!bank) {
      throw fieldError('VALIDATION_ERROR', 'paymentInstrumentId', INVOICE_MESSAGES.markPaidBankRequired);
    }
    const receipt = await recordInvoiceReceipt(tx, {
      invoiceId: invoice.id,
      kind: 'MARKED_AS_PAID',
      amountCents: request.amount,
      date: request.date,
      bankAccountId: bank.id,
      remarks: request.remarks ?? null,
      actor: options.actor,
      at: now,
    });
    await recordActivity(tx, {
      businessId,
      entityType: INVOICE_ENTITY_TYPE,
      entityId: invoice.id,
      subject: 'GetPaidDueInvoices',
      action: 'INVOICE_MARKED_AS_PAID',
      label: `Invoice ${invoice.refNo} marked as paid (${formatMoney(request.amount)})`,
      actor: options.actor,
      remarks: receipt.remarks,
      data: { amountCents: request.amount, invoicePaymentId: receipt.id },
      at: now,
    });
    return receipt;
  });
  const banks = await bankNames(db, [row.bankAccountId]);
  return paymentView(row, row.bankAccountId ? banks.get(row.bankAccountId) : undefined);
}

// ---------------------------------------------------------------------------------------------
// Create and edit
// ---------------------------------------------------------------------------------------------

/** A unique-index failure on the invoice number becomes the spec's 409; anything else is rethrown. */
function rethrowReferenceConflict(error: unknown): never {
  if (violatedUniqueIndex(error) === 'invoices_business_ref_unique') {
    throw fieldError('CONFLICT', 'refNo', INVOICE_MESSAGES.referenceTaken);
  }
  throw error;
}

/** The business's invoice with this reference (any case): its id and customer, or null. */
export async function findInvoiceByReference(
  tx: DbOrTx,
  options: { businessId: string; refNo: string },
): Promise<{ id: string; customerId: string } | null> {
  const [row] = await tx
    .select({ id: invoices.id, customerId: invoices.customerId })
    .from(invoices)
    .where(
      and(
        eq(invoices.businessId, options.businessId),
        sql`lower(${invoices.refNo}) = ${options.refNo.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Refuses (409) an invoice number the business already uses on another invoice, whatever the case. */
async function assertReferenceFree(
  tx: DbOrTx,
  options: { businessId: string; refNo: string; exceptId?: string },
): Promise<void> {
  const row = await findInvoiceByReference(tx, options);
  if (row && row.id !== options.exceptId)
    throw fieldError('CONFLICT', 'refNo', INVOICE_MESSAGES.referenceTaken);
}

/** The columns an invoice takes from its request (create and edit alike). */
const requestColumns = (request: ParsedInvoiceRequest) => ({
  customerId: request.customerId,
  refNo: request.refNo,
  invoiceDate: request.invoiceDate,
  dueDate: request.dueDate,
  paymentTerm: request.paymentTerm,
  ...moneyColumns(request),
  balanceCents: request.totals.amountCents,
  memo: request.memo,
});

/**
 * What create and edit share, in their transaction: the customer (a CUSTOMER contact of the business),
 * the number free, the lines resolved (items, income accounts) and written, the attachments claimed
 * (replaced on edit), the draft removed. Answers the file keys of removed attachments.
 */
async function writeInvoiceParts(
  tx: DbOrTx,
  options: { businessId: string; invoiceId: string; request: ParsedInvoiceRequest; isEdit: boolean },
): Promise<string[]> {
  const { businessId, invoiceId, request } = options;
  const resolved = await resolveLines(tx, businessId, request, INVOICE_LINE_ACCOUNTS);
  if (options.isEdit) await tx.delete(invoiceLineItems).where(eq(invoiceLineItems.invoiceId, invoiceId));
  await tx
    .insert(invoiceLineItems)
    .values(lineValues(request, resolved).map((line) => ({ ...line, invoiceId })));
  const attachments = { businessId, documentId: invoiceId, attachmentIds: request.attachmentIds };
  let removedKeys: string[] = [];
  if (options.isEdit) removedKeys = await replaceAttachments(tx, attachments, INVOICE_ATTACHMENTS);
  else await claimAttachments(tx, attachments, INVOICE_ATTACHMENTS);
  if (request.draftId) {
    await tx
      .delete(invoiceDrafts)
      .where(and(eq(invoiceDrafts.id, request.draftId), eq(invoiceDrafts.businessId, businessId)));
  }
  return removedKeys;
}

async function checkParties(
  tx: DbOrTx,
  businessId: string,
  request: ParsedInvoiceRequest,
  exceptId?: string,
) {
  await findContactOrThrow(tx, { businessId, contactId: request.customerId, type: 'CUSTOMER' });
  await assertReferenceFree(tx, { businessId, refNo: request.refNo, ...(exceptId ? { exceptId } : {}) });
}

/** POST accounting/invoices: totals from the server, customer and lines checked, attachments claimed. */
export async function createInvoice(
  context: Context,
  options: { businessId: string; actor: Actor; request: ParsedInvoiceRequest },
): Promise<InvoiceView> {
  const { db } = context.database;
  const { businessId, request } = options;
  await ensureDefaultItems(db, context, businessId);
  const now = context.clock.now();
  const id = newId();
  try {
    await db.transaction(async (tx) => {
      await checkParties(tx, businessId, request);
      await tx.insert(invoices).values({
        id,
        businessId,
        ...requestColumns(request),
        status: 'unpaid',
        createdBy: options.actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      await writeInvoiceParts(tx, { businessId, invoiceId: id, request, isEdit: false });
      await recordActivity(tx, {
        businessId,
        entityType: INVOICE_ENTITY_TYPE,
        entityId: id,
        subject: 'GetPaidDueInvoices',
        action: 'INVOICE_CREATED',
        label: 'Invoice created',
        actor: options.actor,
        remarks: request.refNo,
        data: { amountCents: request.totals.amountCents, customerId: request.customerId },
        at: now,
      });
    });
  } catch (error) {
    rethrowReferenceConflict(error);
  }
  return getInvoice(context, { businessId, invoiceId: id });
}

/**
 * PATCH accounting/invoices/{invoiceId}: the whole invoice again, while it is 'unpaid' (nothing
 * received, no payment request out, no payment on its way; 409 otherwise). Attachments left out of
 * `attachmentIds` are removed.
 */
export async function updateInvoice(
  context: Context & Pick<AppContext, 'providers'>,
  options: { businessId: string; invoiceId: string; actor: Actor; request: ParsedInvoiceRequest },
): Promise<InvoiceView> {
  const { db } = context.database;
  const { businessId, request } = options;
  await ensureDefaultItems(db, context, businessId);
  const now = context.clock.now();
  let removedKeys: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const { invoice } = await findInvoiceOrThrow(tx, {
        businessId,
        invoiceId: options.invoiceId,
        forUpdate: true,
      });
      // The status as of now (a payment request sent or a payment started since it was stored).
      const status = await refreshInvoiceStatus(tx, invoice.id);
      if (status !== 'unpaid' || invoice.balanceCents !== invoice.amountCents) {
        throw new AppError('CONFLICT', INVOICE_MESSAGES.notEditable);
      }
      await checkParties(tx, businessId, request, invoice.id);
      await tx
        .update(invoices)
        .set({ ...requestColumns(request), updatedAt: now })
        .where(eq(invoices.id, invoice.id));
      removedKeys = await writeInvoiceParts(tx, { businessId, invoiceId: invoice.id, request, isEdit: true });
      await recordActivity(tx, {
        businessId,
        entityType: INVOICE_ENTITY_TYPE,
        entityId: invoice.id,
        subject: 'GetPaidDueInvoices',
        action: 'INVOICE_EDITED',
        label: 'Invoice edited',
        actor: options.actor,
        remarks: request.refNo,
        data: { amountCents: request.totals.amountCents, previousAmountCents: invoice.amountCents },
        at: now,
      });
    });
  } catch (error) {
    rethrowReferenceConflict(error);
  }
  for (const key of removedKeys) await context.providers.files.delete(key).catch(() => undefined);
  return getInvoice(context, { businessId, invoiceId: options.invoiceId });
}

/** GET accounting/invoices/next-reference-number: one past the highest INV-n of the business. */
export const nextInvoiceNumber = (context: Context, businessId: string): Promise<{ refNo: string }> =>
  nextNumberedReference(context.database.db, {
    table: invoices,
    refNo: invoices.refNo,
    businessColumn: invoices.businessId,
    businessId,
    prefix: 'INV',
  });

// ---------------------------------------------------------------------------------------------
// Lists and summary
// ---------------------------------------------------------------------------------------------

/** Open invoices: something left to receive and not cancelled (the predicate of the partial indexes). */
const openInvoice = sql`${invoices.balanceCents} > 0 and ${invoices.status} <> 'cancelled'`;

/** The list order of spec 002 §3's keys, then invoice date (due-date sort), then creation. */
function sortOf(sortBy: DueInvoicesQuery['sortBy'], sortOrder: 'asc' | 'desc'): SQL[] {
  const direction = sortOrder === 'asc' ? asc : desc;
  switch (sortBy) {
    case 'REF_NO':
      return [direction(sql`lower(${invoices.refNo})`), direction(invoices.sequence)];
    case 'DUE_DATE':
      return [direction(invoices.dueDate), direction(invoices.invoiceDate), direction(invoices.sequence)];
    case 'INVOICE_AMOUNT':
      return [direction(invoices.amountCents), direction(invoices.sequence)];
    default:
      return [direction(invoices.invoiceDate), direction(invoices.sequence)];
  }
}

/** Invoice number or customer name contains the term (case-insensitive). */
function searchCondition(businessId: string, searchTerm: string | undefined): SQL | undefined {
  if (!searchTerm) return undefined;
  const pattern = containsPattern(searchTerm);
  const customers = sql`select ${contacts.id} from ${contacts} where ${and(
    eq(contacts.businessId, businessId),
    ilike(contacts.name, pattern),
  )}`;
  return or(ilike(invoices.refNo, pattern), sql`${invoices.customerId} in (${customers})`);
}

/** One page of invoices matching `where`, with the exact total. */
async function page(
  db: DbOrTx,
  options: {
    businessId: string;
    where: SQL | undefined;
    sortBy: DueInvoicesQuery['sortBy'];
    sortOrder: 'asc' | 'desc';
    pageNumber: number;
    pageSize: number;
  },
) {
  const [rows, totals] = await Promise.all([
    db
      .select({ invoice: invoices, customer: customerColumns })
      .from(invoices)
      .innerJoin(contacts, eq(contacts.id, invoices.customerId))
      .where(options.where)
      .orderBy(...sortOf(options.sortBy, options.sortOrder))
      .limit(options.pageSize)
      .offset((options.pageNumber - 1) * options.pageSize),
    db.select({ total: count() }).from(invoices).where(options.where),
  ]);
  return {
    items: await toListItems(db, options.businessId, rows),
    total: Number(totals[0]?.total ?? 0),
    pageNumber: options.pageNumber,
    pageSize: options.pageSize,
  };
}

/**
 * GET invoices: open invoices by default (balance left, not cancelled); with `status`, the invoices in
 * those statuses (so 'paid' lists paid ones). Filtered by customer, summary card, due-date window and
 * search.
 */
export async function listDueInvoices(
  context: Context,
  options: { businessId: string; query: DueInvoicesQuery },
) {
  const { query, businessId } = options;
  const range = dueRangeOf(
    { summaryType: query.invoiceSummaryType, dateRange: query.dateRange },
    businessToday(context),
  );
  if (range.empty) return { items: [], total: 0, pageNumber: query.pageNumber, pageSize: query.pageSize };
  const where = and(
    eq(invoices.businessId, businessId),
    query.status.length > 0 ? inArray(invoices.status, query.status) : openInvoice,
    query.customerId ? eq(invoices.customerId, query.customerId) : undefined,
    ...dueDateConditions(invoices.dueDate, range),
    searchCondition(businessId, query.searchTerm),
  );
  return page(context.database.db, { businessId, where, ...query });
}

/** GET accounting/invoices: every invoice of the business with the accounting-list filters. */
export async function listAccountingInvoices(
  context: Context,
  options: { businessId: string; query: AccountingInvoicesQuery },
) {
  const { query, businessId } = options;
  const conditions = accountingFilterConditions(
    {
      businessId: invoices.businessId,
      documentDate: invoices.invoiceDate,
      contactId: invoices.customerId,
      amountCents: invoices.amountCents,
      balanceCents: invoices.balanceCents,
      status: invoices.status,
      id: invoices.id,
      lines: {
        table: invoiceLineItems,
        documentId: invoiceLineItems.invoiceId,
        itemId: invoiceLineItems.itemId,
        chartAccountId: invoiceLineItems.chartAccountId,
      },
    },
    businessId,
    query,
  );
  return page(context.database.db, {
    businessId,
    where: and(...conditions, searchCondition(businessId, query.searchTerm)),
    ...query,
  });
}

/**
 * GET invoices/summary: the three cards over the business's open invoices for its today (New York).
 * One aggregate over the open-invoices partial index (business, due date): it reads every open invoice
 * of the business, so it grows with the open invoices (not with paid ones).
 */
export async function invoicesSummary(context: Context, businessId: string): Promise<InvoicesSummary> {
  const today = businessToday(context);
  const { dueIn7 } = dueWindows(today);
  const dueSoon = sql`${invoices.dueDate} between ${dueIn7.from} and ${dueIn7.to}`;
  const overdue = sql`${invoices.dueDate} < ${today}`;
  const [row] = await context.database.db
    .select({
      allCount: count(),
      allCents: sql<string>`coalesce(sum(${invoices.balanceCents}), 0)`,
      soonCount: sql<string>`count(*) filter (where ${dueSoon})`,
      soonCents: sql<string>`coalesce(sum(${invoices.balanceCents}) filter (where ${dueSoon}), 0)`,
      overdueCount: sql<string>`count(*) filter (where ${overdue})`,
      overdueCents: sql<string>`coalesce(sum(${invoices.balanceCents}) filter (where ${overdue}), 0)`,
    })
    .from(invoices)
    .where(and(eq(invoices.businessId, businessId), openInvoice));
  const bucket = (total: number | string | undefined, cents: string | undefined) => ({
    amount: centsToAmount(Number(cents ?? 0)),
    total: Number(total ?? 0),
  });
  return {
    totalOutstanding: bucket(row?.allCount, row?.allCents),
    dueInNext7Days: bucket(row?.soonCount, row?.soonCents),
    overdue: bucket(row?.overdueCount, row?.overdueCents),
    today,
  };
}

/** Accounting sync: the business's invoices (not cancelled), in order after `afterSequence`. */
export async function ferryInvoicesPage(
  db: DbOrTx,
  options: { businessId: string; afterSequence: number; limit: number },
): Promise<{ id: string; sequence: number }[]> {
  return db
    .select({ id: invoices.id, sequence: invoices.sequence })
    .from(invoices)
    .where(
      and(
        eq(invoices.businessId, options.businessId),
        sql`${invoices.status} <> 'cancelled'`,
        sql`${invoices.sequence} > ${options.afterSequence}`,
      ),
    )
    .orderBy(asc(invoices.sequence))
    .limit(options.limit);
}

/** Accounting sync: completed payments of the business's invoices (received or marked), in order. */
export async function invoicePaymentsPage(
  db: DbOrTx,
  options: { businessId: string; afterSequence: number; limit: number },
) {
  return db
    .select({
      id: invoicePayments.id,
      invoiceId: invoicePayments.invoiceId,
      customerId: invoices.customerId,
      kind: invoicePayments.kind,
      paymentId: invoicePayments.paymentId,
      amountCents: invoicePayments.amountCents,
      date: invoicePayments.date,
      bankAccountId: invoicePayments.bankAccountId,
      sequence: invoicePayments.sequence,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(
      and(
        eq(invoicePayments.businessId, options.businessId),
        eq(invoicePayments.status, 'COMPLETED'),
        sql`${invoicePayments.sequence} > ${options.afterSequence}`,
      ),
    )
    .orderBy(asc(invoicePayments.sequence))
    .limit(options.limit);
}
