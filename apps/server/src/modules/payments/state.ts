import {
  type EnginePaymentStatus,
  type LedgerAccountRole,
  type LedgerEffect,
  type PaymentEvent,
  type PaymentState,
  type TransitionError,
  transition,
} from '@ferry/domain/payments';
import type { PaymentTimelineAction } from '@ferry/domain/schemas';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError, type ErrorCode } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import {
  markBillPaid,
  reopenOnBill,
  scheduleOnBill,
  setBillPaymentState,
  settleOnBill,
  unscheduleOnBill,
} from '../bills/engine.js';
import type { BillPaymentState } from '../bills/tables.js';
import {
  ensureLedgerAccount,
  ensureSystemAccount,
  postTransaction,
  reverseTransaction,
} from '../ledger/service.js';
import type { LedgerAccountRow } from '../ledger/tables.js';
import { ledgerTransactions } from '../ledger/tables.js';
import {
  type PaymentEventRow,
  type PaymentRailsData,
  type PaymentRow,
  paymentEvents,
  payments,
} from './tables.js';

/** Who caused a change: a member (userId) or Ferry itself (userId null, name 'Ferry'). */
export interface PaymentActor {
  userId: string | null;
  name: string;
}

export const SYSTEM_ACTOR: PaymentActor = { userId: null, name: 'Ferry' };

export interface TimelineInput {
  action: PaymentTimelineAction;
  label: string;
  remarks?: string | null;
  data?: Record<string, unknown> | null;
}

export interface ApplyPaymentEventInput {
  paymentId: string;
  event: PaymentEvent;
  actor: PaymentActor;
  timeline: TimelineInput;
  /** When it happened: pass `context.clock.now()`. */
  at: Date;
  /** Rails data to merge into payments.rails_data (transfer ids, trace numbers…). */
  rails?: PaymentRailsData;
  /** Other columns to write with the change (e.g. a new instrument on reschedule, expected delivery). */
  patch?: PaymentPatch;
  /** The message of the 409 when the event is not allowed (default: a generic sentence). */
  illegalMessage?: string;
}

/** Columns a caller may change together with an event. */
export type PaymentPatch = Partial<
  Pick<
    PaymentRow,
    | 'method'
    | 'bankAccountId'
    | 'cardId'
    | 'feeCents'
    | 'deliverySpeed'
    | 'expectedDeliveryEarliest'
    | 'expectedDeliveryLatest'
    | 'remarks'
    | 'awaitingPayeeDetails'
    | 'acceptReminderSentAt'
    | 'holdUntil'
    | 'paidDate'
    | 'submittedAt'
  >
>;

export const DEFAULT_ILLEGAL_MESSAGE = 'This payment cannot be changed in its current status.';

/** Statuses in which a payment (made through Ferry) holds part of its bill's scheduled amount. */
export const BILL_HOLDING_STATUSES: readonly EnginePaymentStatus[] = [
  'PENDING',
  'IN_APPROVAL',
  'APPROVED',
  'SCHEDULED',
  'IN_QUEUE',
  'BANK_UNDER_VERIFICATION',
  'HOLD',
  'PROCESSING',
];

/** Does this payment hold part of its bill's scheduled amount right now? (Marked-as-paid ones never do.) */
export const holdsBillSchedule = (row: Pick<PaymentRow, 'status' | 'method'>): boolean =>
  row.method !== null && BILL_HOLDING_STATUSES.includes(row.status);

/** What leaves the payer's source: the pay amount plus any card surcharge (the payee gets both). */
export const movedCents = (row: Pick<PaymentRow, 'amountCents' | 'feeCents'>): number =>
  row.amountCents + row.feeCents;

export const toPaymentState = (row: PaymentRow): PaymentState => ({
  status: row.status,
  amountCents: movedCents(row),
  processDate: row.processDate,
  reattempts: row.reattempts,
  failureReason: row.failureReason,
  returnCode: row.returnCode,
});

const transitionErrorCode = (error: TransitionError): ErrorCode => {
  switch (error) {
    case 'REATTEMPT_LIMIT_REACHED':
      return 'REATTEMPT_LIMIT';
    case 'INVALID_PROCESS_DATE':
      return 'INVALID_PROCESS_DATE';
    default:
      return 'ILLEGAL_TRANSITION';
  }
};

/** The ledger idempotency key of a posting: `payment:{id}:{ledgerKind}:{attempt}`. */
export const paymentLedgerKey = (paymentId: string, ledgerKind: string, attempt: number) =>
  `payment:${paymentId}:${ledgerKind}:${attempt}`;

/** Locks a payment row (FOR UPDATE); null when unknown. */
export async function lockPayment(tx: DbOrTx, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).limit(1).for('update');
  return row ?? null;
}

/** Appends one timeline entry. */
export async function appendTimeline(
  tx: DbOrTx,
  input: {
    paymentId: string;
    status: EnginePaymentStatus;
    actor: PaymentActor;
    timeline: TimelineInput;
    at: Date;
  },
): Promise<PaymentEventRow> {
  const [row] = await tx
    .insert(paymentEvents)
    .values({
      id: newId(),
      paymentId: input.paymentId,
      action: input.timeline.action,
      label: input.timeline.label,
      status: input.status,
      actorUserId: input.actor.userId,
      actorName: input.actor.name,
      remarks: input.timeline.remarks ?? null,
      at: input.at,
      data: input.timeline.data ?? null,
    })
    .returning();
  if (!row) throw new Error('payment event insert returned nothing');
  return row;
}

async function accountFor(
  tx: DbOrTx,
  row: PaymentRow,
  role: LedgerAccountRole,
  cache: Map<LedgerAccountRole, LedgerAccountRow>,
): Promise<LedgerAccountRow> {
  const cached = cache.get(role);
  if (cached) return cached;
  let account: LedgerAccountRow;
  if (role === 'FERRY_CLEARING') {
    account = await ensureSystemAccount(tx, 'CLEARING');
  } else if (role === 'PAYEE_ACCOUNT') {
    account = await ensureLedgerAccount(tx, {
      businessId: row.businessId,
      kind: 'VENDOR_PAYABLE',
      referenceId: row.vendorId,
    });
  } else if (row.method === 'CARD' && row.cardId) {
    account = await ensureLedgerAccount(tx, {
      businessId: row.businessId,
      kind: 'CARD',
      referenceId: row.cardId,
    });
  } else if (row.method === 'BANK' && row.bankAccountId) {
    account = await ensureLedgerAccount(tx, {
      businessId: row.businessId,
      kind: 'BANK_ACCOUNT',
      referenceId: row.bankAccountId,
    });
  } else {
    throw new Error(`payment ${row.id} has no funding source to post to`);
  }
  cache.set(role, account);
  return account;
}

/** The posting an effect reverses: the submit (COLLECT) or settle (DISBURSE) of the current attempt. */
const reversedKind = (effect: LedgerEffect): string | null => {
  if (effect.kind === 'REVERSE_COLLECT') return 'PAYMENT_SUBMIT';
  if (effect.kind === 'REVERSE_DISBURSE') return 'PAYMENT_SETTLE';
  return null;
};

async function ledgerTransactionByKey(tx: DbOrTx, key: string): Promise<{ id: string } | null> {
  const [row] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, key))
    .limit(1);
  return row ?? null;
}

async function postEffects(tx: DbOrTx, row: PaymentRow, effects: LedgerEffect[], at: Date): Promise<void> {
  const cache = new Map<LedgerAccountRole, LedgerAccountRow>();
  const attempt = row.reattempts;
  for (const effect of effects) {
    const original = reversedKind(effect);
    if (original) {
      const posted = await ledgerTransactionByKey(tx, paymentLedgerKey(row.id, original, attempt));
      if (posted) {
        await reverseTransaction(tx, {
          transactionId: posted.id,
          idempotencyKey: `payment:${row.id}:reverse:${posted.id}`,
          kind: effect.ledgerKind,
          memo: effect.memo,
          at,
        });
        continue;
      }
      // Nothing to reverse was posted under the expected key: post the opposite legs directly.
    }
    const legs = [];
    for (const leg of effect.legs) {
      legs.push({ account: await accountFor(tx, row, leg.account, cache), amountCents: leg.amountCents });
    }
    await postTransaction(tx, {
      businessId: row.businessId,
      kind: effect.ledgerKind,
      paymentId: row.id,
      idempotencyKey: original
        ? `${paymentLedgerKey(row.id, effect.ledgerKind, attempt)}:${effect.kind}`
        : paymentLedgerKey(row.id, effect.ledgerKind, attempt),
      legs,
      memo: effect.memo,
      at,
    });
  }
}

/** Moves the bill's money for the event (inside the same transaction). */
async function moveBill(
  tx: DbOrTx,
  before: PaymentRow,
  after: PaymentRow,
  event: PaymentEvent,
): Promise<void> {
  const cents = before.amountCents;
  switch (event.type) {
    case 'SETTLE':
      await settleOnBill(tx, before.billId, cents);
      return;
    case 'RETURN':
      await reopenOnBill(tx, before.billId, cents);
      return;
    case 'REATTEMPT':
      await scheduleOnBill(tx, before.billId, cents);
      return;
    case 'MARK_AS_PAID':
      await markBillPaid(tx, before.billId, cents);
      return;
    default:
      // FAIL / CANCEL / DECLINE / REJECT: a payment that held part of the bill lets it go.
      if (holdsBillSchedule(before) && !holdsBillSchedule(after) && after.status !== 'DELIVERED') {
        await unscheduleOnBill(tx, before.billId, cents);
      }
  }
}

/** The bill status to show for the payments of a bill (most pressing first). */
export async function refreshBillPaymentState(tx: DbOrTx, billId: string): Promise<void> {
  const rows = await tx
    .select({ status: payments.status, method: payments.method })
    .from(payments)
    .where(eq(payments.billId, billId))
    .orderBy(desc(payments.sequence));
  const statuses = rows.filter((r) => r.method !== null).map((r) => r.status);
  let state: BillPaymentState | null = null;
  if (statuses.includes('PROCESSING')) state = 'processing';
  else if (statuses.includes('IN_QUEUE')) state = 'in_queue';
  else if (statuses.some((s) => s === 'SCHEDULED' || s === 'HOLD' || s === 'BANK_UNDER_VERIFICATION'))
    state = 'scheduled';
  else if (statuses.some((s) => s === 'PENDING' || s === 'IN_APPROVAL' || s === 'APPROVED'))
    state = 'pending';
  else if (statuses[0] === 'FAILED') state = 'failed';
  else if (statuses[0] === 'REVERSED') state = 'reversed';
  await setBillPaymentState(tx, billId, state);
}

const dateColumns = (status: EnginePaymentStatus, at: Date): Partial<PaymentRow> => {
  switch (status) {
    case 'PROCESSING':
      return { submittedAt: at };
    case 'DELIVERED':
      return { deliveredAt: at };
    case 'FAILED':
      return { failedAt: at };
    case 'CANCELLED':
      return { cancelledAt: at };
    case 'DECLINED':
      return { declinedAt: at };
    case 'REVERSED':
      return { reversedAt: at };
    default:
      return {};
  }
};

/**
 * The one way a payment's status changes. Inside the caller's transaction: locks the payment, runs the
 * domain `transition`, writes the new status (+ its date, failure fields, patch, rails data), appends
 * the timeline entry, posts every ledger effect and moves the bill's money, then refreshes the bill's
 * payment state. Throws AppError NOT_FOUND (unknown payment), ILLEGAL_TRANSITION 409 (event not allowed;
 * `illegalMessage`), REATTEMPT_LIMIT 409, INVALID_PROCESS_DATE 422. Returns the updated row.
 */
export async function applyPaymentEvent(tx: DbOrTx, input: ApplyPaymentEventInput): Promise<PaymentRow> {
  const before = await lockPayment(tx, input.paymentId);
  if (!before) throw new AppError('NOT_FOUND', 'Payment not found.');
  const result = transition(toPaymentState(before), input.event);
  if (!result.ok) {
    throw new AppError(transitionErrorCode(result.error), input.illegalMessage ?? DEFAULT_ILLEGAL_MESSAGE, {
      internal: `${result.event} from ${result.from}: ${result.error}`,
    });
  }
  const next = result.state;
  const reattempted = input.event.type === 'REATTEMPT';
  const set: Partial<PaymentRow> = {
    ...input.patch,
    status: next.status,
    processDate: next.processDate,
    reattempts: next.reattempts,
    failureReason: next.failureReason,
    returnCode: next.returnCode,
    ...dateColumns(next.status, input.at),
    ...(reattempted ? { failedAt: null, submittedAt: null } : {}),
    updatedAt: input.at,
  };
  const [after] = await tx
    .update(payments)
    .set({
      ...set,
      version: sql`${payments.version} + 1`,
      ...(input.rails
        ? { railsData: sql`${payments.railsData} || ${JSON.stringify(input.rails)}::jsonb` }
        : {}),
    })
    .where(eq(payments.id, before.id))
    .returning();
  if (!after) throw new Error('payment update returned nothing');
  await appendTimeline(tx, {
    paymentId: after.id,
    status: after.status,
    actor: input.actor,
    timeline: input.timeline,
    at: input.at,
  });
  // Postings use the attempt the effects belong to: the one before a REATTEMPT bumps it.
  await postEffects(tx, before, result.effects, input.at);
  await moveBill(tx, before, after, input.event);
  await refreshBillPaymentState(tx, after.billId);
  return after;
}

/** Timeline of a payment, oldest first. */
export async function paymentTimeline(tx: DbOrTx, paymentId: string): Promise<PaymentEventRow[]> {
  return tx
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(paymentEvents.sequence);
}

/** Payments due for submission: SCHEDULED with a process date on or before `today` ('YYYY-MM-DD'). */
export async function findDuePaymentIds(tx: DbOrTx, today: string, limit = 500): Promise<string[]> {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(inArray(payments.status, ['SCHEDULED']), sql`${payments.processDate} <= ${today}`))
    .orderBy(payments.processDate, payments.sequence)
    .limit(limit);
  return rows.map((r) => r.id);
}
