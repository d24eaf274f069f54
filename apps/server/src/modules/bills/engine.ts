import { formatMoney } from '@ferry/domain/format';
import { PAYMENT_FORM_MESSAGES } from '@ferry/domain/schemas';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { columnValues, recordset } from '../ledger/bulk.js';
import { recomputeBillStatus } from './status.js';
import { type BillPaymentState, type BillRow, bills } from './tables.js';

/**
 * What the Pay engine calls on bills, always inside its own transaction. Money in integer cents.
 * `lockBillsForPayment` takes the row locks (in id order, so two payments of overlapping bills never
 * deadlock); the other functions then move the bill's money and recompute its status.
 */

export interface LockedBill {
  id: string;
  businessId: string;
  vendorId: string;
  refNo: string;
  dueDate: string;
  status: BillRow['status'];
  amountCents: number;
  balanceCents: number;
  scheduledCents: number;
  unscheduledCents: number;
}

const toLocked = (row: BillRow): LockedBill => ({
  id: row.id,
  businessId: row.businessId,
  vendorId: row.vendorId,
  refNo: row.refNo,
  dueDate: row.dueDate,
  status: row.status,
  amountCents: row.amountCents,
  balanceCents: row.balanceCents,
  scheduledCents: row.scheduledCents,
  unscheduledCents: row.balanceCents - row.scheduledCents,
});

const ID = /^[0-9a-f]{24}$/;

/**
 * SELECT … FOR UPDATE of the business's bills among `billIds`, in id order. Unknown ids and bills of
 * another business are simply absent from the answer (the caller compares).
 */
export async function lockBillsForPayment(
  tx: DbOrTx,
  businessId: string,
  billIds: readonly string[],
): Promise<LockedBill[]> {
  const ids = [...new Set(billIds)].filter((id) => ID.test(id)).sort();
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(bills)
    .where(and(eq(bills.businessId, businessId), inArray(bills.id, ids)))
    .orderBy(asc(bills.id))
    .for('update');
  return rows.map(toLocked);
}

const assertPositive = (cents: number) => {
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw new RangeError(`cents must be a positive integer: ${cents}`);
};

const billNotFound = () => new AppError('NOT_FOUND', 'Bill not found.');

async function readBill(tx: DbOrTx, billId: string): Promise<BillRow> {
  const [row] = await tx.select().from(bills).where(eq(bills.id, billId)).limit(1);
  if (!row) throw billNotFound();
  return row;
}

/** Writes the recomputed status when it changed; returns the bill as it now is. */
async function settleStatus(tx: DbOrTx, row: BillRow, now?: Date): Promise<LockedBill> {
  const status = recomputeBillStatus(row);
  if (status !== row.status) {
    await tx
      .update(bills)
      .set({ status, ...(now ? { updatedAt: now } : {}) })
      .where(eq(bills.id, row.id));
  }
  return toLocked({ ...row, status });
}

/** Updates the money of a bill when `guard` holds, else throws `refusal`. */
async function moveMoney(
  tx: DbOrTx,
  billId: string,
  set: { balance?: number; scheduled?: number },
  guard: ReturnType<typeof sql>,
  refusal: (row: BillRow) => AppError,
): Promise<LockedBill> {
  const [row] = await tx
    .update(bills)
    .set({
      ...(set.balance ? { balanceCents: sql`${bills.balanceCents} + ${set.balance}` } : {}),
      ...(set.scheduled ? { scheduledCents: sql`${bills.scheduledCents} + ${set.scheduled}` } : {}),
    })
    .where(and(eq(bills.id, billId), guard))
    .returning();
  if (!row) throw refusal(await readBill(tx, billId));
  return settleStatus(tx, row);
}

const aboveUnscheduled = (row: BillRow) =>
  new AppError(
    'UNPROCESSABLE',
    PAYMENT_FORM_MESSAGES.amountAboveBalance(formatMoney(row.balanceCents - row.scheduledCents)),
  );

const notScheduled = (row: BillRow) =>
  new AppError('CONFLICT', `Only ${formatMoney(row.scheduledCents)} is scheduled on this bill.`);

const aboveAmount = () => new AppError('CONFLICT', 'A bill cannot owe more than its amount.');

/** A payment takes `cents` of the unscheduled balance (scheduled += cents). 422 when it is not there. */
export async function scheduleOnBill(tx: DbOrTx, billId: string, cents: number): Promise<LockedBill> {
  assertPositive(cents);
  return moveMoney(
    tx,
    billId,
    { scheduled: cents },
    sql`${bills.balanceCents} - ${bills.scheduledCents} >= ${cents} and ${bills.status} <> 'cancelled'`,
    aboveUnscheduled,
  );
}

/** A scheduled payment is cancelled or failed: its `cents` go back to the unscheduled balance. */
export async function unscheduleOnBill(tx: DbOrTx, billId: string, cents: number): Promise<LockedBill> {
  assertPositive(cents);
  return moveMoney(tx, billId, { scheduled: -cents }, sql`${bills.scheduledCents} >= ${cents}`, notScheduled);
}

/** A scheduled payment is delivered: balance −= cents and scheduled −= cents. */
export async function settleOnBill(tx: DbOrTx, billId: string, cents: number): Promise<LockedBill> {
  assertPositive(cents);
  return moveMoney(
    tx,
    billId,
    { balance: -cents, scheduled: -cents },
    sql`${bills.scheduledCents} >= ${cents} and ${bills.balanceCents} >= ${cents}`,
    notScheduled,
  );
}

/** Mark as paid (no money moves): balance −= cents, out of the unscheduled balance only. */
export async function markBillPaid(tx: DbOrTx, billId: string, cents: number): Promise<LockedBill> {
  assertPositive(cents);
  return moveMoney(
    tx,
    billId,
    { balance: -cents },
    sql`${bills.balanceCents} - ${bills.scheduledCents} >= ${cents} and ${bills.status} <> 'cancelled'`,
    aboveUnscheduled,
  );
}

/** A delivered payment is reversed: its `cents` are owed again (balance += cents, at most the amount). */
export async function reopenOnBill(tx: DbOrTx, billId: string, cents: number): Promise<LockedBill> {
  assertPositive(cents);
  return moveMoney(
    tx,
    billId,
    { balance: cents },
    sql`${bills.balanceCents} + ${cents} <= ${bills.amountCents}`,
    aboveAmount,
  );
}

/**
 * The Pay engine reports the state of the bill's payments in flight (null when none is worth showing);
 * the status follows (see recomputeBillStatus).
 */
export async function setBillPaymentState(
  tx: DbOrTx,
  billId: string,
  state: BillPaymentState | null,
): Promise<LockedBill> {
  const [row] = await tx.update(bills).set({ paymentState: state }).where(eq(bills.id, billId)).returning();
  if (!row) throw billNotFound();
  return settleStatus(tx, row);
}

// ---------------------------------------------------------------------------------------------
// Batches: the Pay engine moving many payments in one transaction locks the bills once, moves their
// money in memory (the same rules and refusals as the guarded UPDATEs above, one payment after the
// other) and writes each bill once.

/** How a payment event moves its bill's money (see the single-bill functions above). */
export type BillMove = 'SCHEDULE' | 'UNSCHEDULE' | 'SETTLE' | 'MARK_PAID' | 'REOPEN';

/** SELECT … FOR UPDATE of bills by id (any business), in id order; answers them by id. */
export async function lockBills(tx: DbOrTx, billIds: readonly string[]): Promise<Map<string, BillRow>> {
  const ids = [...new Set(billIds)].sort();
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(bills)
    .where(inArray(bills.id, ids))
    .orderBy(asc(bills.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The bill after `move` of `cents`, computed in memory on a locked row, or the refusal the guarded
 * UPDATE would have answered (nothing moves then). The status is recomputed as after each UPDATE.
 */
export function moveBillMoney(
  row: BillRow,
  move: BillMove,
  cents: number,
): { ok: true; bill: BillRow } | { ok: false; error: AppError } {
  assertPositive(cents);
  const unscheduled = row.balanceCents - row.scheduledCents;
  const open = row.status !== 'cancelled';
  let guard: boolean;
  let refusal: (row: BillRow) => AppError;
  let balance = 0;
  let scheduled = 0;
  switch (move) {
    case 'SCHEDULE':
      guard = unscheduled >= cents && open;
      refusal = aboveUnscheduled;
      scheduled = cents;
      break;
    case 'UNSCHEDULE':
      guard = row.scheduledCents >= cents;
      refusal = notScheduled;
      scheduled = -cents;
      break;
    case 'SETTLE':
      guard = row.scheduledCents >= cents && row.balanceCents >= cents;
      refusal = notScheduled;
      balance = -cents;
      scheduled = -cents;
      break;
    case 'MARK_PAID':
      guard = unscheduled >= cents && open;
      refusal = aboveUnscheduled;
      balance = -cents;
      break;
    case 'REOPEN':
      guard = row.balanceCents + cents <= row.amountCents;
      refusal = aboveAmount;
      balance = cents;
      break;
  }
  if (!guard) return { ok: false, error: refusal(row) };
  const moved = {
    ...row,
    balanceCents: row.balanceCents + balance,
    scheduledCents: row.scheduledCents + scheduled,
  };
  return { ok: true, bill: { ...moved, status: recomputeBillStatus(moved) } };
}

/**
 * Writes locked bills back in one UPDATE: their money, the engine's payment state and the status
 * recomputed from them (as setBillPaymentState does). Every row must be locked by this transaction.
 */
export async function writeBills(
  tx: DbOrTx,
  rows: readonly Pick<
    BillRow,
    'id' | 'balanceCents' | 'scheduledCents' | 'paymentState' | 'status' | 'amountCents'
  >[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = [bills.id, bills.balanceCents, bills.scheduledCents, bills.paymentState, bills.status];
  const values = rows.map((row) =>
    columnValues(bills, {
      id: row.id,
      balanceCents: row.balanceCents,
      scheduledCents: row.scheduledCents,
      paymentState: row.paymentState,
      status: recomputeBillStatus(row),
    }),
  );
  await tx
    .update(bills)
    .set({
      balanceCents: sql`v.balance_cents`,
      scheduledCents: sql`v.scheduled_cents`,
      paymentState: sql`v.payment_state`,
      status: sql`v.status`,
    })
    .from(
      recordset(
        'v',
        columns.map((column) => ({ name: column.name, type: column.getSQLType() })),
        values,
      ),
    )
    .where(sql`${bills.id} = v.id`);
}
