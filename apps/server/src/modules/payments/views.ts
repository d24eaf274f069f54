import {
  getPaymentFailureMessage,
  getPaymentStatusDisplay,
  PAYMENT_ACTIVITY_LABELS,
  type PaymentSide,
} from '@ferry/domain/catalogues';
import { formatMoney } from '@ferry/domain/format';
import { centsToAmount } from '@ferry/domain/money';
import {
  allowedEvents,
  type EnginePaymentStatus,
  newYorkDate,
  reattemptBlocker,
} from '@ferry/domain/payments';
import type {
  PaymentDetail,
  PaymentMethodView,
  PaymentTimelineEntry,
  PaymentView,
} from '@ferry/domain/schemas';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client.js';
import { businessBankAccounts } from '../banking/tables.js';
import { bills } from '../bills/tables.js';
import { cards } from '../cards/tables.js';
import { contacts } from '../contacts/tables.js';
import { users } from '../users/tables.js';
import { paymentTimeline } from './state.js';
import { type PaymentEventRow, type PaymentRow, payments } from './tables.js';

/** Statuses whose payments the payer may still cancel or reschedule (contract: not PROCESSING or later). */
export const CHANGEABLE_STATUSES: readonly EnginePaymentStatus[] = [
  'SCHEDULED',
  'PENDING',
  'IN_APPROVAL',
  'APPROVED',
  'IN_QUEUE',
  'HOLD',
];

/** Timeline labels where the spec names none (the spec's own come from PAYMENT_ACTIVITY_LABELS). */
export const TIMELINE_LABELS = {
  CREATED: 'Payment created',
  SCHEDULED: 'Scheduled',
  IN_QUEUE: 'Paused until business verification',
  RELEASED: 'Scheduled',
  HOLD: 'On hold',
  AWAITING_PAYEE: 'Waiting for the vendor to accept',
  PAYEE_ACCEPTED: 'Vendor accepted',
  ACCEPT_REMINDER_SENT: 'Reminder sent to the vendor',
  SUBMITTED: 'Processing',
  FUNDS_COLLECTED: 'Funds collected',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
  REVERSED: 'Reversed',
  DECLINED: PAYMENT_ACTIVITY_LABELS.DECLINED,
  CANCELED: PAYMENT_ACTIVITY_LABELS.CANCELED,
  PAYMENT_RESCHEDULED: PAYMENT_ACTIVITY_LABELS.PAYMENT_RESCHEDULED,
  PAYMENT_RETRIED: PAYMENT_ACTIVITY_LABELS.PAYMENT_RETRIED,
  MARKED_AS_PAID: 'Marked as Paid',
} as const;

export const ACTION_REQUIRED = {
  inQueue: 'This payment is paused until your business verification is complete.',
  awaitingPayee: 'Waiting for the vendor to accept this payment and add their bank details.',
  hold: (until: string) => `The vendor changed their bank details. This payment is on hold until ${until}.`,
} as const;

/** What a view needs besides the payment row. */
export interface PaymentJoined {
  payment: PaymentRow;
  bill: {
    id: string;
    refNo: string;
    billDate: string;
    dueDate: string;
    amountCents: number;
    balanceCents: number;
  };
  vendor: { id: string; name: string; email: string };
  bank: { id: string; bankName: string; accountType: string; accountMask: string } | null;
  card: { id: string; brand: string; last4: string } | null;
  creator: { id: string; firstName: string; lastName: string } | null;
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);
const nyDate = (value: Date | null): string | null => (value ? newYorkDate(value) : null);

/**
 * The date shown next to the status's date label (§4 'Date labels'), on the paying or the receiving
 * side (which says 'Received Date' for delivered and 'ETA', the latest expected delivery, while
 * processing or on hold).
 */
export const paymentDateOf = (row: PaymentRow, side: PaymentSide = 'pay'): string => {
  const { dateLabel } = getPaymentStatusDisplay(row.status, { side });
  switch (dateLabel) {
    case 'ETA':
      return row.expectedDeliveryLatest ?? row.processDate;
    case 'Failure Date':
      return nyDate(row.failedAt) ?? row.processDate;
    case 'Cancelation Date':
      return nyDate(row.cancelledAt) ?? row.processDate;
    case 'Decline Date':
      return nyDate(row.declinedAt) ?? row.processDate;
    case 'Reversal Date':
      return nyDate(row.reversedAt) ?? row.processDate;
    case 'Delivery Date':
    case 'Received Date':
      return nyDate(row.deliveredAt) ?? row.expectedDeliveryLatest ?? row.processDate;
    case 'Payment Date':
      return row.paidDate ?? row.processDate;
    default:
      return row.processDate;
  }
};

const failureMessageOf = (row: PaymentRow): string | null => {
  if (row.status === 'FAILED' || row.status === 'REVERSED')
    return getPaymentFailureMessage(row.failureReason, 'payer');
  if (row.status === 'DECLINED') return getPaymentFailureMessage('COMPLIANCE', 'payer');
  return null;
};

const actionRequiredOf = (row: PaymentRow): string | null => {
  if (row.status === 'FAILED' || row.status === 'REVERSED' || row.status === 'DECLINED')
    return failureMessageOf(row);
  if (row.status === 'IN_QUEUE') return ACTION_REQUIRED.inQueue;
  if (row.awaitingPayeeDetails && row.status === 'PENDING') return ACTION_REQUIRED.awaitingPayee;
  if (row.status === 'HOLD' && row.holdUntil) return ACTION_REQUIRED.hold(newYorkDate(row.holdUntil));
  return null;
};

const methodOf = (joined: PaymentJoined): PaymentMethodView | null => {
  const { payment, bank, card } = joined;
  if (payment.cardId && card)
    return { type: 'CARD', id: card.id, cardBrand: card.brand, cardMask: card.last4 };
  if (payment.bankAccountId && bank)
    return {
      type: 'BANK',
      id: bank.id,
      bankName: bank.bankName,
      accountType: bank.accountType,
      accountMask: bank.accountMask,
    };
  return null;
};

/** The one view of a payment (lists, detail, answers of every write). */
export function toPaymentView(joined: PaymentJoined): PaymentView {
  const row = joined.payment;
  const events = allowedEvents(row.status);
  const changeable = row.method !== null && CHANGEABLE_STATUSES.includes(row.status);
  return {
    id: row.id,
    status: row.status,
    isMarkedAsPaid: row.status === 'MARKED_AS_PAID',
    isAuto: row.isAuto,
    amount: centsToAmount(row.amountCents),
    feeAmount: centsToAmount(row.feeCents),
    totalAmount: centsToAmount(row.amountCents + row.feeCents),
    deliverySpeed: row.deliverySpeed,
    processDate: row.processDate,
    expectedDelivery:
      row.expectedDeliveryEarliest && row.expectedDeliveryLatest
        ? { earliest: row.expectedDeliveryEarliest, latest: row.expectedDeliveryLatest }
        : null,
    date: paymentDateOf(row),
    deliveredAt: iso(row.deliveredAt),
    failedAt: iso(row.failedAt),
    cancelledAt: iso(row.cancelledAt),
    declinedAt: iso(row.declinedAt),
    reversedAt: iso(row.reversedAt),
    failureReason: row.failureReason,
    failureMessage: failureMessageOf(row),
    returnCode: row.returnCode,
    reattempts: row.reattempts,
    paymentMethod: methodOf(joined),
    vendor: joined.vendor,
    bill: {
      id: joined.bill.id,
      refNo: joined.bill.refNo,
      billDate: joined.bill.billDate,
      dueDate: joined.bill.dueDate,
      amount: centsToAmount(joined.bill.amountCents),
      balance: centsToAmount(joined.bill.balanceCents),
    },
    paymentRequestId: row.paymentRequestId,
    remarks: row.remarks,
    awaitingPayeeDetails: row.awaitingPayeeDetails,
    acceptReminderSentAt: iso(row.acceptReminderSentAt),
    holdUntil: iso(row.holdUntil),
    actionRequired: actionRequiredOf(row),
    canCancel: changeable && events.includes('CANCEL'),
    canReschedule: changeable,
    canReattempt: row.method !== null && row.status === 'FAILED' && reattemptBlocker(row) === null,
    createdBy: joined.creator
      ? {
          id: joined.creator.id,
          name: `${joined.creator.firstName} ${joined.creator.lastName}`.trim(),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const toTimelineEntry = (row: PaymentEventRow): PaymentTimelineEntry => ({
  id: row.id,
  action: row.action,
  label: row.label,
  status: row.status,
  at: row.at.toISOString(),
  actor: { type: row.actorUserId ? 'USER' : 'SYSTEM', name: row.actorName },
  remarks: row.remarks,
});

const creators = alias(users, 'payment_creators');

/** The joined select behind every view; add conditions, order and paging. */
export const joinedSelect = (db: DbOrTx) =>
  db
    .select({
      payment: payments,
      bill: {
        id: bills.id,
        refNo: bills.refNo,
        billDate: bills.billDate,
        dueDate: bills.dueDate,
        amountCents: bills.amountCents,
        balanceCents: bills.balanceCents,
      },
      vendor: { id: contacts.id, name: contacts.name, email: contacts.email },
      bank: {
        id: businessBankAccounts.id,
        bankName: businessBankAccounts.bankName,
        accountType: businessBankAccounts.accountType,
        accountMask: businessBankAccounts.accountMask,
      },
      card: { id: cards.id, brand: cards.brand, last4: cards.last4 },
      creator: { id: creators.id, firstName: creators.firstName, lastName: creators.lastName },
    })
    .from(payments)
    .innerJoin(bills, eq(bills.id, payments.billId))
    .innerJoin(contacts, eq(contacts.id, payments.vendorId))
    .leftJoin(businessBankAccounts, eq(businessBankAccounts.id, payments.bankAccountId))
    .leftJoin(cards, eq(cards.id, payments.cardId))
    .leftJoin(creators, eq(creators.id, payments.createdBy))
    .$dynamic();

/** Views of the business's payments among `ids`, in the order asked (unknown ids left out). */
export async function loadPaymentViews(
  db: DbOrTx,
  businessId: string,
  ids: readonly string[],
): Promise<PaymentView[]> {
  const wanted = [...new Set(ids)].filter((id) => /^[0-9a-f]{24}$/.test(id));
  if (wanted.length === 0) return [];
  const rows = await joinedSelect(db)
    .where(and(eq(payments.businessId, businessId), inArray(payments.id, wanted)) as SQL)
    .orderBy(asc(payments.sequence));
  const byId = new Map(rows.map((r) => [r.payment.id, toPaymentView(r as PaymentJoined)]));
  return ids.flatMap((id) => {
    const view = byId.get(id);
    return view ? [view] : [];
  });
}

/** The detail (view + timeline) of a payment of the business, or null. */
export async function loadPaymentDetail(
  db: DbOrTx,
  businessId: string,
  paymentId: string,
): Promise<PaymentDetail | null> {
  const [view] = await loadPaymentViews(db, businessId, [paymentId]);
  if (!view) return null;
  const timeline = await paymentTimeline(db, paymentId);
  return { ...view, timeline: timeline.map(toTimelineEntry), approval: null };
}

/** Money text for mails and messages. */
export const money = (cents: number) => formatMoney(cents);
