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
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.js';
import { AppError, type ErrorCode } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type BillMove, lockBills, moveBillMoney, setBillPaymentState, writeBills } from '../bills/engine.js';
import { recomputeBillStatus } from '../bills/status.js';
import type { BillPaymentState } from '../bills/tables.js';
import { columnValues, insertRows, newIds, recordset } from '../ledger/bulk.js';
import {
  type EnsureLedgerAccountInput,
  ensureLedgerAccounts,
  type LedgerBatchItem,
  postLedgerBatch,
  withTransaction,
} from '../ledger/service.js';
import { ledgerTransactions } from '../ledger/tables.js';
import { syncInvoicesOfBills } from '../payment-requests/invoice-sync.js';
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

/** Locks payment rows (SELECT … FOR UPDATE, in id order so that two batches never deadlock), by id. */
export async function lockPayments(
  tx: DbOrTx,
  paymentIds: readonly string[],
): Promise<Map<string, PaymentRow>> {
  const ids = [...new Set(paymentIds)].sort();
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(payments)
    .where(inArray(payments.id, ids))
    .orderBy(asc(payments.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Locks a payment row (FOR UPDATE); null when unknown. */
export async function lockPayment(tx: DbOrTx, paymentId: string): Promise<PaymentRow | null> {
  return (await lockPayments(tx, [paymentId])).get(paymentId) ?? null;
}

interface TimelineEntry {
  paymentId: string;
  status: EnginePaymentStatus;
  actor: PaymentActor;
  timeline: TimelineInput;
  at: Date;
}

const timelineRow = (input: TimelineEntry, id = newId()): typeof paymentEvents.$inferInsert => ({
  id,
  paymentId: input.paymentId,
  action: input.timeline.action,
  label: input.timeline.label,
  status: input.status,
  actorUserId: input.actor.userId,
  actorName: input.actor.name,
  remarks: input.timeline.remarks ?? null,
  at: input.at,
  data: input.timeline.data ?? null,
});

/** Appends one timeline entry. */
export async function appendTimeline(tx: DbOrTx, input: TimelineEntry): Promise<PaymentEventRow> {
  const [row] = await tx.insert(paymentEvents).values(timelineRow(input)).returning();
  if (!row) throw new Error('payment event insert returned nothing');
  return row;
}

/** The ledger account a role of the payment's postings stands for. */
function accountOf(row: PaymentRow, role: LedgerAccountRole): EnsureLedgerAccountInput {
  if (role === 'FERRY_CLEARING') return { businessId: null, kind: 'CLEARING' };
  if (role === 'PAYEE_ACCOUNT') {
    return { businessId: row.businessId, kind: 'VENDOR_PAYABLE', referenceId: row.vendorId };
  }
  if (row.method === 'CARD' && row.cardId) {
    return { businessId: row.businessId, kind: 'CARD', referenceId: row.cardId };
  }
  if (row.method === 'BANK' && row.bankAccountId) {
    return { businessId: row.businessId, kind: 'BANK_ACCOUNT', referenceId: row.bankAccountId };
  }
  throw new Error(`payment ${row.id} has no funding source to post to`);
}

/** The posting an effect reverses: the submit (COLLECT) or settle (DISBURSE) of the current attempt. */
const reversedKind = (effect: LedgerEffect): string | null => {
  if (effect.kind === 'REVERSE_COLLECT') return 'PAYMENT_SUBMIT';
  if (effect.kind === 'REVERSE_DISBURSE') return 'PAYMENT_SETTLE';
  return null;
};

/**
 * Posts the ledger effects of many transitions, in order, in one ledger batch. A reversing effect
 * reverses the posting of the payment's attempt when it exists (found by its key); otherwise the opposite
 * legs are posted directly. Postings use the attempt of `row` (the payment before the event).
 */
async function postEffects(
  tx: Tx,
  postings: readonly { row: PaymentRow; effects: readonly LedgerEffect[]; at: Date }[],
): Promise<void> {
  const wanted = postings.flatMap(({ row, effects, at }) =>
    effects.map((effect) => {
      const original = reversedKind(effect);
      return {
        row,
        effect,
        at,
        originalKey: original ? paymentLedgerKey(row.id, original, row.reattempts) : null,
      };
    }),
  );
  if (wanted.length === 0) return;
  const originalKeys = wanted.flatMap((w) => (w.originalKey ? [w.originalKey] : []));
  const posted = new Map<string, string>();
  if (originalKeys.length > 0) {
    const rows = await tx
      .select({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.idempotencyKey, [...new Set(originalKeys)]));
    for (const row of rows) posted.set(row.key, row.id);
  }
  // Nothing to reverse was posted under the expected key: those post the opposite legs directly.
  const direct = wanted.filter((w) => !(w.originalKey && posted.has(w.originalKey)));
  const accounts = await ensureLedgerAccounts(
    tx,
    direct.flatMap((w) => w.effect.legs.map((leg) => accountOf(w.row, leg.account))),
  );
  let next = 0;
  const items = wanted.map(({ row, effect, at, originalKey }): LedgerBatchItem => {
    const transactionId = originalKey ? posted.get(originalKey) : undefined;
    if (transactionId) {
      return {
        reverse: {
          transactionId,
          idempotencyKey: `payment:${row.id}:reverse:${transactionId}`,
          kind: effect.ledgerKind,
          memo: effect.memo,
          at,
        },
      };
    }
    const key = paymentLedgerKey(row.id, effect.ledgerKind, row.reattempts);
    return {
      post: {
        businessId: row.businessId,
        kind: effect.ledgerKind,
        paymentId: row.id,
        idempotencyKey: originalKey ? `${key}:${effect.kind}` : key,
        legs: effect.legs.map((leg) => {
          const account = accounts[next];
          next += 1;
          if (!account) throw new Error('ledger accounts answered fewer rows than legs');
          return { account, amountCents: leg.amountCents };
        }),
        memo: effect.memo,
        at,
      },
    };
  });
  await postLedgerBatch(tx, items);
}

/** How the event moves the bill's money, if at all. */
function billMoveOf(before: PaymentRow, after: PaymentRow, event: PaymentEvent): BillMove | null {
  switch (event.type) {
    case 'SETTLE':
      return 'SETTLE';
    case 'RETURN':
      return 'REOPEN';
    case 'REATTEMPT':
      return 'SCHEDULE';
    case 'MARK_AS_PAID':
      return 'MARK_PAID';
    default:
      // FAIL / CANCEL / DECLINE / REJECT: a payment that held part of the bill lets it go.
      return holdsBillSchedule(before) && !holdsBillSchedule(after) && after.status !== 'DELIVERED'
        ? 'UNSCHEDULE'
        : null;
  }
}

/**
 * The bill status to show for the payments of a bill (most pressing first), from its payments newest
 * first.
 */
function billPaymentState(rows: readonly Pick<PaymentRow, 'status' | 'method'>[]): BillPaymentState | null {
  const statuses = rows.filter((r) => r.method !== null).map((r) => r.status);
  if (statuses.includes('PROCESSING')) return 'processing';
  if (statuses.includes('IN_QUEUE')) return 'in_queue';
  if (statuses.some((s) => s === 'SCHEDULED' || s === 'HOLD' || s === 'BANK_UNDER_VERIFICATION'))
    return 'scheduled';
  if (statuses.some((s) => s === 'PENDING' || s === 'IN_APPROVAL' || s === 'APPROVED')) return 'pending';
  if (statuses[0] === 'FAILED') return 'failed';
  if (statuses[0] === 'REVERSED') return 'reversed';
  return null;
}

/** The payments of bills, newest first per bill. */
async function paymentsOfBills(
  tx: DbOrTx,
  billIds: readonly string[],
): Promise<Map<string, Pick<PaymentRow, 'status' | 'method'>[]>> {
  const rows = await tx
    .select({ billId: payments.billId, status: payments.status, method: payments.method })
    .from(payments)
    .where(inArray(payments.billId, [...new Set(billIds)]))
    .orderBy(desc(payments.sequence));
  const byBill = new Map<string, Pick<PaymentRow, 'status' | 'method'>[]>();
  for (const row of rows) byBill.set(row.billId, [...(byBill.get(row.billId) ?? []), row]);
  return byBill;
}

/** The bill status to show for the payments of a bill (most pressing first). */
export async function refreshBillPaymentState(tx: DbOrTx, billId: string): Promise<void> {
  const byBill = await paymentsOfBills(tx, [billId]);
  await setBillPaymentState(tx, billId, billPaymentState(byBill.get(billId) ?? []));
  await syncInvoicesOfBills(tx, [billId]);
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

/** A payment event applied (`payment` is the row as it now is) or refused (nothing changed for it). */
export type PaymentEventOutcome = { ok: true; payment: PaymentRow } | { ok: false; error: AppError };

/** A transition the domain allows, to be written. */
interface PlannedChange {
  index: number;
  input: ApplyPaymentEventInput;
  before: PaymentRow;
  effects: LedgerEffect[];
  /** The columns the event writes (status, its date, failure fields, the caller's patch…). */
  set: Partial<PaymentRow>;
}

const PAYMENT_COLUMNS = getTableColumns(payments);
type PaymentColumn = keyof typeof PAYMENT_COLUMNS;

/**
 * One UPDATE of many payments, each with its own columns: every row carries the columns it sets
 * (`s`, by column name) and the rails data to merge (`r`); a column a row does not set keeps its value.
 */
async function updatePayments(tx: Tx, changes: readonly PlannedChange[]): Promise<Map<string, PaymentRow>> {
  const written = new Set<PaymentColumn>();
  const values = changes.map(({ before, input, set }) => {
    for (const [key, value] of Object.entries(set))
      if (value !== undefined) written.add(key as PaymentColumn);
    return { id: before.id, s: columnValues(payments, set), ...(input.rails ? { r: input.rails } : {}) };
  });
  const assignments: Partial<Record<PaymentColumn, SQL>> = {};
  for (const key of written) {
    const column = PAYMENT_COLUMNS[key];
    const name = sql.raw(`'${column.name}'`);
    const value =
      column.dataType === 'json'
        ? sql`(v.s -> ${name})`
        : sql`(v.s ->> ${name})::${sql.raw(column.getSQLType())}`;
    assignments[key] = sql`case when (v.s -> ${name}) is not null then ${value} else ${column} end`;
  }
  const rows = await tx
    .update(payments)
    .set({
      ...assignments,
      version: sql`${payments.version} + 1`,
      railsData: sql`case when v.r is null then ${payments.railsData} else ${payments.railsData} || v.r end`,
    })
    .from(
      recordset(
        'v',
        [
          { name: 'id', type: 'char(24)' },
          { name: 's', type: 'jsonb' },
          { name: 'r', type: 'jsonb' },
        ],
        values,
      ),
    )
    .where(sql`${payments.id} = v.id`)
    .returning(PAYMENT_COLUMNS);
  if (rows.length !== changes.length) throw new Error('payment update returned fewer rows');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Payment events of distinct payments, in order (see applyPaymentEvents). */
async function applyDistinct(
  tx: Tx,
  inputs: readonly ApplyPaymentEventInput[],
): Promise<PaymentEventOutcome[]> {
  const outcomes: PaymentEventOutcome[] = new Array(inputs.length);
  const locked = await lockPayments(
    tx,
    inputs.map((input) => input.paymentId),
  );

  // 1. The domain's transitions, in memory.
  const planned: PlannedChange[] = [];
  inputs.forEach((input, index) => {
    const before = locked.get(input.paymentId);
    if (!before) {
      outcomes[index] = { ok: false, error: new AppError('NOT_FOUND', 'Payment not found.') };
      return;
    }
    const result = transition(toPaymentState(before), input.event);
    if (!result.ok) {
      const error = new AppError(
        transitionErrorCode(result.error),
        input.illegalMessage ?? DEFAULT_ILLEGAL_MESSAGE,
        { internal: `${result.event} from ${result.from}: ${result.error}` },
      );
      outcomes[index] = { ok: false, error };
      return;
    }
    const next = result.state;
    const set: Partial<PaymentRow> = {
      ...input.patch,
      status: next.status,
      processDate: next.processDate,
      reattempts: next.reattempts,
      failureReason: next.failureReason,
      returnCode: next.returnCode,
      ...dateColumns(next.status, input.at),
      ...(input.event.type === 'REATTEMPT' ? { failedAt: null, submittedAt: null } : {}),
      updatedAt: input.at,
    };
    planned.push({ index, input, before, effects: result.effects, set });
  });

  // 2. The bills' money, one payment after the other on the locked bills: a refusal skips that payment.
  const lockedBills = await lockBills(
    tx,
    planned.map((change) => change.before.billId),
  );
  const bills = new Map(lockedBills);
  const changes = planned.filter((change) => {
    const move = billMoveOf(change.before, { ...change.before, ...change.set }, change.input.event);
    if (!move) return true;
    const bill = bills.get(change.before.billId);
    const moved = bill
      ? moveBillMoney(bill, move, change.before.amountCents)
      : { ok: false as const, error: new AppError('NOT_FOUND', 'Bill not found.') };
    if (!moved.ok) {
      outcomes[change.index] = { ok: false, error: moved.error };
      return false;
    }
    bills.set(moved.bill.id, moved.bill);
    return true;
  });
  if (changes.length === 0) return outcomes;

  // 3. Write: the payments, their timeline, the ledger, the bills (money and payment state).
  const after = await updatePayments(tx, changes);
  const updated = (change: PlannedChange): PaymentRow => after.get(change.before.id) as PaymentRow;
  const eventIds = newIds(changes.length);
  await insertRows(
    tx,
    paymentEvents,
    changes.map((change, index) =>
      timelineRow(
        {
          paymentId: change.before.id,
          status: updated(change).status,
          actor: change.input.actor,
          timeline: change.input.timeline,
          at: change.input.at,
        },
        eventIds[index],
      ),
    ),
  );
  // Postings use the attempt the effects belong to: the one before a REATTEMPT bumps it.
  await postEffects(
    tx,
    changes.map((change) => ({ row: change.before, effects: change.effects, at: change.input.at })),
  );
  const billIds = [...new Set(changes.map((change) => change.before.billId))];
  const paymentsByBill = await paymentsOfBills(tx, billIds);
  await writeBills(
    tx,
    billIds.flatMap((id) => {
      const bill = bills.get(id);
      const before = lockedBills.get(id);
      if (!bill || !before) return [];
      const after = { ...bill, paymentState: billPaymentState(paymentsByBill.get(id) ?? []) };
      // A bill whose money and payment state stay as they were is left alone (its status follows them).
      const same =
        after.balanceCents === before.balanceCents &&
        after.scheduledCents === before.scheduledCents &&
        after.paymentState === before.paymentState &&
        recomputeBillStatus(after) === before.status;
      return same ? [] : [after];
    }),
  );
  // The payee's invoices of bills that came from a payment request follow (payment-requests/invoice-sync).
  await syncInvoicesOfBills(
    tx,
    billIds,
    changes.map((change) => ({ before: change.before, after: updated(change), at: change.input.at })),
  );
  for (const change of changes) outcomes[change.index] = { ok: true, payment: updated(change) };
  return outcomes;
}

/**
 * The batched way payment statuses change: many events in the caller's transaction (one is opened when
 * given the database), with a constant number of statements per run of distinct payments — the rows
 * locked at once (in id order), the domain `transition`s computed in memory, then one UPDATE of the
 * payments, one INSERT of their timeline entries, one ledger batch and one UPDATE of their bills.
 *
 * Answers one outcome per input, in order, exactly as `applyPaymentEvent` called on each in turn would:
 * an event the domain refuses (ILLEGAL_TRANSITION 409, REATTEMPT_LIMIT 409, INVALID_PROCESS_DATE 422,
 * with `illegalMessage`), an unknown payment (NOT_FOUND) or a bill that refuses the money move is
 * answered `{ ok: false, error }` and changes nothing, and the others still apply. An event for a
 * payment already moved earlier in the batch sees it as moved (the batch is cut there into runs).
 * Anything else (a ledger refusal, a database error) throws: the caller's transaction then rolls back.
 */
export async function applyPaymentEvents(
  db: DbOrTx,
  inputs: readonly ApplyPaymentEventInput[],
): Promise<PaymentEventOutcome[]> {
  if (inputs.length === 0) return [];
  return withTransaction(db, async (tx) => {
    const outcomes: PaymentEventOutcome[] = [];
    let run: ApplyPaymentEventInput[] = [];
    let ids = new Set<string>();
    for (const input of [...inputs, null]) {
      if (input === null || ids.has(input.paymentId)) {
        outcomes.push(...(await applyDistinct(tx, run)));
        run = [];
        ids = new Set();
      }
      if (input === null) break;
      run.push(input);
      ids.add(input.paymentId);
    }
    return outcomes;
  });
}

/**
 * The one way a payment's status changes. Inside the caller's transaction: locks the payment, runs the
 * domain `transition`, writes the new status (+ its date, failure fields, patch, rails data), appends
 * the timeline entry, posts every ledger effect and moves the bill's money, then refreshes the bill's
 * payment state. Throws AppError NOT_FOUND (unknown payment), ILLEGAL_TRANSITION 409 (event not allowed;
 * `illegalMessage`), REATTEMPT_LIMIT 409, INVALID_PROCESS_DATE 422, or the bill's refusal of the money
 * move — before writing anything. Returns the updated row. (A batch of one of `applyPaymentEvents`.)
 */
export async function applyPaymentEvent(tx: DbOrTx, input: ApplyPaymentEventInput): Promise<PaymentRow> {
  const [outcome] = await applyPaymentEvents(tx, [input]);
  if (!outcome) throw new Error('applyPaymentEvents answered nothing');
  if (!outcome.ok) throw outcome.error;
  return outcome.payment;
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
