import {
  getPaymentFailureMessage,
  getPaymentStatusDisplay,
  PAYEE_STATUS_MESSAGES,
} from '@ferry/domain/catalogues';
import { centsToAmount } from '@ferry/domain/money';
import type { EnginePaymentStatus } from '@ferry/domain/payments';
import {
  PAYMENT_MESSAGES,
  type PaymentTimelineAction,
  RECEIVED_FILTER_STATUSES,
  RECEIVED_PAYMENT_STATUSES,
  type ReceivedPaymentDetail,
  type ReceivedPaymentSortKey,
  type ReceivedPaymentsQuery,
  type ReceivedPaymentsSummary,
  type ReceivedPaymentView,
  type ReceivedTimelineEntry,
} from '@ferry/domain/schemas';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { businessBankAccounts } from '../banking/tables.js';
import { businessToday } from '../bills/service.js';
import { businesses } from '../businesses/tables.js';
import { containsPattern } from '../contacts/service.js';
import { contacts } from '../contacts/tables.js';
import { invoicePayments } from '../invoices/tables.js';
import { paymentRequests } from '../payment-requests/tables.js';
import { type PaymentEventRow, type PaymentRow, paymentEvents, payments } from './tables.js';
import { paymentDateOf, TIMELINE_LABELS } from './views.js';

/**
 * The payee side of payments (Get Paid > Payments, spec 002 §2 and §4): the payments a business
 * receives from its customers — every payment (from a business on Ferry or a guest) that answers a
 * payment request this business sent, once it was scheduled to it. The payee sees the customer, the
 * invoice, the amount it receives (never the card fee the customer paid on top), the receiving-side
 * status, date label and message, and its own receiving bank — never the payer's bank or card, remarks,
 * approval steps, creator or other bills.
 *
 * Not listed: invoices the business marked as paid by hand (no payment moved; they stay on the
 * invoice's detail) and payments the customer marked as paid on its side (the payer's own record).
 */

type Context = Pick<AppContext, 'database' | 'clock'>;

const ID = /^[0-9a-f]{24}$/;

/** The timeline steps the payee sees, with its own label where it differs from the payer's. */
const RECEIVED_TIMELINE: Partial<Record<PaymentTimelineAction, string>> = {
  SCHEDULED: TIMELINE_LABELS.SCHEDULED,
  RELEASED: TIMELINE_LABELS.RELEASED,
  APPROVED_AND_SCHEDULED: TIMELINE_LABELS.SCHEDULED,
  BYPASSED_AND_APPROVED: TIMELINE_LABELS.SCHEDULED,
  HOLD: TIMELINE_LABELS.HOLD,
  PAYMENT_RESCHEDULED: TIMELINE_LABELS.PAYMENT_RESCHEDULED,
  PAYMENT_RETRIED: TIMELINE_LABELS.PAYMENT_RETRIED,
  SUBMITTED: TIMELINE_LABELS.SUBMITTED,
  DELIVERED: getPaymentStatusDisplay('DELIVERED', { side: 'receive' }).label,
  FAILED: TIMELINE_LABELS.FAILED,
  REVERSED: TIMELINE_LABELS.REVERSED,
  DECLINED: TIMELINE_LABELS.DECLINED,
  CANCELED: TIMELINE_LABELS.CANCELED,
};

/** Event statuses that mean the payment was once on its way to the payee. */
const SCHEDULED_ONCE: EnginePaymentStatus[] = ['SCHEDULED', 'HOLD', 'PROCESSING'];

const customers = alias(contacts, 'received_customers');
const payers = alias(businesses, 'received_payers');
const creditBanks = alias(businessBankAccounts, 'received_credit_banks');

const customerName = sql<string>`coalesce(${customers.name}, ${payers.businessName})`;

/** The received payments of `businessId` the payee may see (conditions of every list, the detail and the summary). */
const receivedBy = (businessId: string): SQL =>
  and(
    eq(paymentRequests.payeeBusinessId, businessId),
    isNotNull(payments.method),
    inArray(payments.status, [...RECEIVED_PAYMENT_STATUSES]),
    // A payment cancelled before it was ever scheduled (in approval, paused) never reached the payee.
    sql`(${payments.status} <> 'CANCELLED' or exists (select 1 from ${paymentEvents} where ${paymentEvents.paymentId} = ${payments.id} and ${inArray(paymentEvents.status, SCHEDULED_ONCE)}))`,
  ) as SQL;

const select = (db: DbOrTx) =>
  db
    .select({
      payment: payments,
      request: {
        id: paymentRequests.id,
        invoiceId: paymentRequests.invoiceId,
        refNo: paymentRequests.refNo,
        dueDate: paymentRequests.dueDate,
        customerId: paymentRequests.payerContactId,
      },
      customerName,
      creditBank: { bankName: creditBanks.bankName, accountMask: creditBanks.accountMask },
    })
    .from(payments)
    .innerJoin(paymentRequests, eq(paymentRequests.id, payments.paymentRequestId))
    .innerJoin(payers, eq(payers.id, payments.businessId))
    .leftJoin(customers, eq(customers.id, paymentRequests.payerContactId))
    .leftJoin(invoicePayments, eq(invoicePayments.paymentId, payments.id))
    .leftJoin(
      creditBanks,
      and(
        eq(creditBanks.businessId, paymentRequests.payeeBusinessId),
        eq(
          creditBanks.id,
          sql`coalesce(${payments.railsData}->>'creditBankAccountId', ${invoicePayments.bankAccountId})`,
        ),
      ),
    )
    .$dynamic();

type Joined = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
type Bank = { bankName: string; accountMask: string };

/** What the payee is told about a payment that did not reach it (§4 'Payee messages'). */
export const payeeMessageOf = (
  row: Pick<PaymentRow, 'status' | 'failureReason' | 'isAuto'>,
): string | null => {
  switch (row.status) {
    case 'CANCELLED':
      return PAYEE_STATUS_MESSAGES.CANCELLED;
    case 'REVERSED':
      return PAYEE_STATUS_MESSAGES.REVERSED;
    case 'DECLINED':
      return PAYEE_STATUS_MESSAGES.DECLINED;
    case 'FAILED':
      return getPaymentFailureMessage(row.failureReason, 'payee', { isAutoPayment: row.isAuto });
    default:
      return null;
  }
};

const toView = (joined: Joined, primaryBank: Bank | null): ReceivedPaymentView => {
  const row = joined.payment;
  const display = getPaymentStatusDisplay(row.status, { side: 'receive' });
  const credited = joined.creditBank?.accountMask ? (joined.creditBank as Bank) : null;
  return {
    id: row.id,
    status: row.status,
    statusLabel: display.label,
    dateLabel: display.dateLabel,
    date: paymentDateOf(row, 'receive'),
    amount: centsToAmount(row.amountCents),
    isAuto: row.isAuto,
    deliverySpeed: row.deliverySpeed,
    processDate: row.processDate,
    expectedDelivery:
      row.expectedDeliveryEarliest && row.expectedDeliveryLatest
        ? { earliest: row.expectedDeliveryEarliest, latest: row.expectedDeliveryLatest }
        : null,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    customer: { id: joined.request.customerId, name: joined.customerName },
    invoice: {
      id: joined.request.invoiceId,
      refNo: joined.request.refNo,
      dueDate: joined.request.dueDate,
    },
    paymentRequestId: joined.request.id,
    // Where it went, else where it goes: the business's primary verified bank.
    receivingBank: credited ?? primaryBank,
    message: payeeMessageOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** The bank a payee is paid into today: its primary verified bank (else its newest verified one). */
async function primaryBankOf(db: DbOrTx, businessId: string): Promise<Bank | null> {
  const [bank] = await db
    .select({ bankName: businessBankAccounts.bankName, accountMask: businessBankAccounts.accountMask })
    .from(businessBankAccounts)
    .where(
      and(
        eq(businessBankAccounts.businessId, businessId),
        eq(businessBankAccounts.verificationStatus, 'VERIFIED'),
        isNull(businessBankAccounts.deletedAt),
      ),
    )
    .orderBy(desc(businessBankAccounts.isPrimary), desc(businessBankAccounts.sequence))
    .limit(1);
  return bank ?? null;
}

/** Delivered in the business's current month (New York calendar, from the business today). */
const receivedThisMonth = (context: Context): SQL => {
  const monthStart = `${businessToday(context).slice(0, 7)}-01`;
  return sql`${payments.status} = 'DELIVERED' and (${payments.deliveredAt} at time zone 'America/New_York')::date >= ${monthStart}::date`;
};

const SORTS: Record<ReceivedPaymentSortKey, SQL | typeof payments.amountCents> = {
  dueDate: sql`${paymentRequests.dueDate}`,
  processDate: sql`${payments.processDate}`,
  amount: payments.amountCents,
  customerName: sql`lower(${customerName})`,
  status: sql`${payments.status}`,
  createdAt: sql`${payments.createdAt}`,
};

/** GET business/{id}/payments?payeeId={id}: the payments the business receives (filters, sort, paging). */
export async function listReceivedPayments(
  context: Context,
  options: { businessId: string; query: ReceivedPaymentsQuery },
): Promise<{ items: ReceivedPaymentView[]; total: number; pageNumber: number; pageSize: number }> {
  const { db } = context.database;
  const { query } = options;
  const conditions: (SQL | undefined)[] = [receivedBy(options.businessId)];
  if (query.customerName) conditions.push(ilike(customerName, containsPattern(query.customerName)));
  if (query.filterType === 'RECEIVED') conditions.push(receivedThisMonth(context));
  else if (query.filterType)
    conditions.push(inArray(payments.status, RECEIVED_FILTER_STATUSES[query.filterType]));
  if (query.status.length > 0) conditions.push(inArray(payments.status, query.status));
  const where = and(...conditions);
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const [rows, totals, primaryBank] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(direction(SORTS[query.sortBy]), direction(payments.sequence))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(payments)
      .innerJoin(paymentRequests, eq(paymentRequests.id, payments.paymentRequestId))
      .innerJoin(payers, eq(payers.id, payments.businessId))
      .leftJoin(customers, eq(customers.id, paymentRequests.payerContactId))
      .where(where),
    primaryBankOf(db, options.businessId),
  ]);
  return {
    items: rows.map((row) => toView(row, primaryBank)),
    total: totals[0]?.total ?? 0,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

/** A step the payee sees: a person's step is the customer's (by its name), the rest Ferry's; no remarks. */
const toTimelineEntry = (row: PaymentEventRow, label: string, customer: string): ReceivedTimelineEntry => ({
  id: row.id,
  action: row.action,
  label,
  status: row.status,
  at: row.at.toISOString(),
  actor: row.actorUserId ? { type: 'USER', name: customer } : { type: 'SYSTEM', name: 'Ferry' },
  remarks: null,
});

/** GET business/{id}/payments/received/{paymentId}: a received payment with the payee's timeline, or 404. */
export async function getReceivedPayment(
  context: Context,
  options: { businessId: string; paymentId: string },
): Promise<ReceivedPaymentDetail> {
  const { db } = context.database;
  const notFound = () => new AppError('NOT_FOUND', PAYMENT_MESSAGES.paymentNotFound);
  if (!ID.test(options.paymentId)) throw notFound();
  const [row] = await select(db)
    .where(and(receivedBy(options.businessId), eq(payments.id, options.paymentId)))
    .limit(1);
  if (!row) throw notFound();
  const [events, primaryBank] = await Promise.all([
    db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, row.payment.id))
      .orderBy(asc(paymentEvents.sequence)),
    primaryBankOf(db, options.businessId),
  ]);
  const timeline = events.flatMap((event) => {
    const label = RECEIVED_TIMELINE[event.action];
    return label ? [toTimelineEntry(event, label, row.customerName)] : [];
  });
  return { ...toView(row, primaryBank), timeline };
}

/**
 * GET business/{id}/invoices/summary/payments: processing (on its way now), received this month (New
 * York calendar month of the business today) and attention required (failed, reversed, declined).
 */
export async function receivedPaymentsSummary(
  context: Context,
  businessId: string,
): Promise<ReceivedPaymentsSummary> {
  const processing = inArray(payments.status, RECEIVED_FILTER_STATUSES.PROCESSING);
  const received = receivedThisMonth(context);
  const attention = inArray(payments.status, RECEIVED_FILTER_STATUSES.ATTENTION_REQUIRED);
  const bucket = (condition: SQL | undefined) => ({
    total: sql<string>`count(*) filter (where ${condition})`,
    cents: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${condition}), 0)`,
  });
  const [row] = await context.database.db
    .select({
      processing: bucket(processing),
      received: bucket(received),
      attention: bucket(attention),
    })
    .from(payments)
    .innerJoin(paymentRequests, eq(paymentRequests.id, payments.paymentRequestId))
    .where(receivedBy(businessId));
  const toBucket = (b: { total: string; cents: string } | undefined) => ({
    amount: centsToAmount(Number(b?.cents ?? 0)),
    total: Number(b?.total ?? 0),
  });
  return {
    processing: toBucket(row?.processing),
    receivedThisMonth: toBucket(row?.received),
    attentionRequired: toBucket(row?.attention),
  };
}
