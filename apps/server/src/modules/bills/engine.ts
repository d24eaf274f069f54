import { formatMoney } from '@ferry/domain/format';
import { PAYMENT_FORM_MESSAGES } from '@ferry/domain/schemas';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
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
  return moveMoney(
    tx,
    billId,
    { scheduled: -cents },
    sql`${bills.scheduledCents} >= ${cents}`,
    (row) => new AppError('CONFLICT', `Only ${formatMoney(row.scheduledCents)} is scheduled on this bill.`),
  );
}

/** A scheduled payment is delivered: balance −= cents and scheduled −= cents. */
export async function settleOnBill(tx: DbOrTx, billId: string, cents: number): Promise<LockedBill> {
  assertPositive(cents);
  return moveMoney(
    tx,
    billId,
    { balance: -cents, scheduled: -cents },
    sql`${bills.scheduledCents} >= ${cents} and ${bills.balanceCents} >= ${cents}`,
    (row) => new AppError('CONFLICT', `Only ${formatMoney(row.scheduledCents)} is scheduled on this bill.`),
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
    () => new AppError('CONFLICT', 'A bill cannot owe more than its amount.'),
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
