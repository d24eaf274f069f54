import { PAYMENT_REFUND_LABELS } from '@ferry/domain/catalogues';
import { formatMoney } from '@ferry/domain/format';
import { newYorkDate } from '@ferry/domain/payments';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DbOrTx } from '../../../platform/db/client.js';
import { createLogger } from '../../../platform/logger.js';
import {
  CARD_REFUND_RETURN_CODE,
  type RailsTransfer,
  type SettlementEvent,
} from '../../../providers/rails/rails.js';
import { recordActivity } from '../../activity/service.js';
import { bills } from '../../bills/tables.js';
import { appendTimeline, lockPayment, movedCents, SYSTEM_ACTOR } from '../state.js';
import { type PaymentRow, payments } from '../tables.js';
import { payerSource } from './accounts.js';
import {
  type EngineRailsData,
  engineRailsData,
  parseRailsTransferKey,
  railsTransferKey,
  refundTransferKey,
} from './keys.js';
import type { EngineContext } from './transfers.js';

/**
 * Refunds: the payer's money sent back when a payment fails or is returned after it was collected.
 *
 * When the vendor's credit FAILS after the payer's debit (or card capture) posted ('Funds collected'),
 * or a DELIVERED payment's credit is RETURNED by the vendor's bank (REVERSED, side CREDIT), the money
 * is in Ferry's clearing account at the bank. The transaction that fails or reverses the payment also
 * records the refund it owes (`owedRefund`, rails_data.refundKey…); after it commits the engine sends
 * it: a PAYMENT_REFUND credit to the payer's bank the debit came from (amount + fee), or the card
 * processor's refund of the capture, both under the key `payment:{id}:refund:{attempt}`. A debit that
 * failed or was returned by the payer's bank owes nothing: the money never stayed at Ferry.
 *
 * Ledger: no posting. The failure (PAYMENT_FAIL_REVERSAL) or return (PAYMENT_RETURN) already put the
 * money back on the payer's BANK_ACCOUNT/CARD ledger account when it committed, so a FAILED or
 * REVERSED payment nets zero everywhere (deploy/invariants.sql, check 4); the refund transfer is the
 * rails catching up with the ledger, and posting it would count the money twice.
 *
 * Crash safety: the owed refund is written with the status change, so a crash between that commit and
 * the rails call leaves it owed; `sendOwedRefunds` (every engine run) sends it. The rails key makes a
 * second send (two workers, a retry after a lost answer) answer the same refund, and 'Refund sent' is
 * recorded once, under the payment's row lock.
 */

export type EngineLogger = Pick<Logger, 'error' | 'warn'>;

const fallbackLoggers = new WeakMap<object, EngineLogger>();

/** The logger of the engine: the context's when it has one (tests), else one at the configured level. */
export function engineLogger(context: EngineContext): EngineLogger {
  if (context.logger) return context.logger;
  let logger = fallbackLoggers.get(context.config);
  if (!logger) {
    logger = createLogger(context.config.LOG_LEVEL).child({ module: 'payments.engine' });
    fallbackLoggers.set(context.config, logger);
  }
  return logger;
}

/** Merges refund fields into a payment's rails_data, whatever its attempt (refunds outlive an attempt). */
async function mergeRefundData(db: DbOrTx, paymentId: string, data: EngineRailsData): Promise<void> {
  await db
    .update(payments)
    .set({ railsData: sql`${payments.railsData} || ${JSON.stringify(data)}::jsonb` })
    .where(eq(payments.id, paymentId));
}

/**
 * The refund a payment owes when it fails on the vendor's side or its credit is returned: its current
 * attempt's collected money (amount + fee), to the bank or card it came from. Null when nothing was
 * collected on this attempt (the debit never posted) or the refund is already owed. Call it with the
 * locked row as it was before the status change, in the change's transaction, and merge the answer
 * with `recordOwedRefund`.
 */
export function owedRefund(row: PaymentRow): EngineRailsData | null {
  const data = engineRailsData(row.railsData);
  const attempt = row.reattempts;
  if (row.method === null || data.attempt !== attempt || !data.fundsCollectedAt) return null;
  const refundKey = refundTransferKey(row.id, attempt);
  if (data.refundKey === refundKey) return null;
  return {
    refundKey,
    refundAmountCents: movedCents(row),
    refundBankAccountId: row.method === 'BANK' ? row.bankAccountId : null,
    refundCaptureTransferId: row.method === 'CARD' ? (data.debitTransferId ?? null) : null,
    refundTransferId: null,
    refundSentAt: null,
    refundedAt: null,
    refundFailedAt: null,
    refundFailure: null,
    refundCancelledAt: null,
    refundDuplicatedAt: null,
  };
}

/** Writes an owed refund (from `owedRefund`) in the status change's transaction. */
export async function recordOwedRefund(tx: DbOrTx, paymentId: string, owed: EngineRailsData): Promise<void> {
  await mergeRefundData(tx, paymentId, owed);
}

/** Whether the payment owes a refund that was never sent (nor given up on). */
export const refundPending = (data: EngineRailsData): data is EngineRailsData & { refundKey: string } =>
  Boolean(data.refundKey) && !data.refundTransferId && !data.refundFailedAt && !data.refundCancelledAt;

/** 'Refund sent' with where the money goes: '$1,000.00 to the bank account ending 6789'. */
function refundSentRemarks(row: PaymentRow, transfer: RailsTransfer, amountCents: number): string {
  const where =
    row.method === 'CARD'
      ? `the card ending ${transfer.accountMask}`
      : `the bank account ending ${transfer.accountMask}`;
  return `${formatMoney(amountCents)} to ${where}`;
}

/**
 * Records the refund the rails answered, once: 'Refund sent' on the timeline and its transfer id in
 * rails_data, under the payment's row lock (of two workers that both sent it, one records it). Answers
 * whether this call recorded it.
 */
async function recordRefundSent(
  context: EngineContext,
  options: { paymentId: string; refundKey: string; transfer: RailsTransfer; at: Date },
): Promise<boolean> {
  return context.database.db.transaction(async (tx) => {
    const row = await lockPayment(tx, options.paymentId);
    if (!row) return false;
    const data = engineRailsData(row.railsData);
    if (data.refundKey !== options.refundKey || data.refundTransferId) return false;
    await mergeRefundData(tx, row.id, {
      refundTransferId: options.transfer.id,
      refundSentAt: options.at.toISOString(),
    });
    await appendTimeline(tx, {
      paymentId: row.id,
      status: row.status,
      actor: SYSTEM_ACTOR,
      timeline: {
        action: 'REFUND_SENT',
        label: PAYMENT_REFUND_LABELS.REFUND_SENT,
        remarks: refundSentRemarks(row, options.transfer, data.refundAmountCents ?? movedCents(row)),
        data: { transferId: options.transfer.id },
      },
      at: options.at,
    });
    return true;
  });
}

/**
 * The refund could not reach the payer: the rails refused or returned it, or the account it goes to is
 * gone. The payment stays as it is (FAILED or REVERSED: the ledger already shows the money back with
 * the payer); the refund is marked failed in rails_data (so no sweep sends it again), an activity entry
 * tells the business, and an error-level log raises it to operations.
 *
 * What an operator does: the payer's money is still in Ferry's clearing account at the bank. Read the
 * return code in the log or in rails_data.refundFailure (R02/R03/R04: the account is closed or unknown;
 * R16: frozen), get a valid account from the payer, and send the money to it by hand at the rails (or
 * refund it from the card processor's dashboard), quoting the payment id; the failed transfer cannot
 * be sent again under its key.
 */
async function recordRefundFailure(
  context: EngineContext,
  options: { paymentId: string; refundKey: string; at: Date; failure: string; transferId?: string | null },
): Promise<void> {
  const raised = await context.database.db.transaction(async (tx) => {
    const row = await lockPayment(tx, options.paymentId);
    if (!row) return null;
    const data = engineRailsData(row.railsData);
    if (data.refundFailedAt) return null;
    // A failure of an older attempt's refund is raised without touching the current refund's fields.
    if (data.refundKey === options.refundKey) {
      await mergeRefundData(tx, row.id, {
        refundFailedAt: options.at.toISOString(),
        refundFailure: options.failure,
      });
    }
    await recordActivity(tx, {
      businessId: row.businessId,
      entityType: 'payments',
      entityId: row.id,
      subject: 'PayPayments',
      action: 'PAYMENT_REFUND_FAILED',
      label: 'Refund failed',
      actor: { type: 'SYSTEM', userId: null, name: SYSTEM_ACTOR.name },
      remarks: `The refund of ${formatMoney(data.refundAmountCents ?? movedCents(row))} could not be sent: ${options.failure}. Ferry's operations team will contact you.`,
      data: { refundKey: options.refundKey, transferId: options.transferId ?? data.refundTransferId ?? null },
      at: options.at,
    });
    return row;
  });
  if (raised) {
    engineLogger(context).error(
      {
        paymentId: raised.id,
        businessId: raised.businessId,
        refundKey: options.refundKey,
        transferId: options.transferId ?? null,
        failure: options.failure,
      },
      "payment refund failed: the payer's money is still at Ferry, an operator must send it",
    );
  }
}

/**
 * Sends the refund a payment owes, if it was never sent: a PAYMENT_REFUND credit to the payer's bank,
 * to settle today, or the card processor's refund of the attempt's capture. Idempotent (key
 * `payment:{id}:refund:{attempt}`; 'Refund sent' recorded once). Throws when the rails do not answer:
 * the refund stays owed for the next sweep.
 */
export async function sendRefund(
  context: EngineContext,
  paymentId: string,
): Promise<'sent' | 'skipped' | 'failed'> {
  const { db } = context.database;
  const { rails } = context.providers;
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!row) return 'skipped';
  const data = engineRailsData(row.railsData);
  if (!refundPending(data)) return 'skipped';
  const refundKey = data.refundKey;
  const attempt = parseRailsTransferKey(refundKey)?.attempt ?? row.reattempts;
  const railsNow = await rails.now();
  const fail = async (failure: string) => {
    await recordRefundFailure(context, { paymentId, refundKey, at: railsNow, failure });
    return 'failed' as const;
  };
  let transfer: RailsTransfer;
  if (row.method === 'CARD') {
    const captureId =
      data.refundCaptureTransferId ??
      (await rails.findTransfer(railsTransferKey(row.id, 'debit', attempt)))?.id ??
      null;
    if (!captureId) return fail('the card capture to refund was not found at the card processor');
    transfer = await rails.refundCardCapture({ transferId: captureId, idempotencyKey: refundKey });
  } else {
    const account = data.refundBankAccountId
      ? await payerSource(db, context, {
          method: 'BANK',
          bankAccountId: data.refundBankAccountId,
          cardId: null,
        })
      : null;
    if (!account) return fail('the bank account the payment came from is no longer on file');
    const [bill] = await db
      .select({ refNo: bills.refNo })
      .from(bills)
      .where(eq(bills.id, row.billId))
      .limit(1);
    transfer = await rails.createTransfer({
      kind: 'PAYMENT_REFUND',
      direction: 'CREDIT',
      amountCents: data.refundAmountCents ?? movedCents(row),
      account,
      idempotencyKey: refundKey,
      settleOn: newYorkDate(railsNow),
      description: `FERRY REFUND ${bill?.refNo ?? ''}`.replace(/\s+/g, ' ').trim().slice(0, 40).toUpperCase(),
      attempt,
    });
  }
  return (await recordRefundSent(context, { paymentId, refundKey, transfer, at: railsNow }))
    ? 'sent'
    : 'skipped';
}

/**
 * `sendRefund` right after the commit that made the refund owed. A rails error is logged and left to
 * the sweep (`sendOwedRefunds`): the failure or return itself has committed and must stand.
 */
export async function sendRefundAfterCommit(context: EngineContext, paymentId: string): Promise<void> {
  try {
    await sendRefund(context, paymentId);
  } catch (error) {
    engineLogger(context).warn(
      { err: error, paymentId },
      'refund not sent yet: the next engine run sends it',
    );
  }
}

/**
 * The refund sweep (every engine run, beside recoverInFlightPayments): every payment owing a refund that
 * was never sent — a crash between the failure's commit and the rails call, or rails that did not
 * answer — has it sent. Safe on several workers at once (rails key + row lock). Answers how many this
 * run recorded as sent.
 */
export async function sendOwedRefunds(context: EngineContext): Promise<{ refunds: number }> {
  const rows = await context.database.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        sql`${payments.railsData}->>'refundKey' is not null`,
        sql`${payments.railsData}->>'refundTransferId' is null`,
        sql`${payments.railsData}->>'refundFailedAt' is null`,
        sql`${payments.railsData}->>'refundCancelledAt' is null`,
      ),
    )
    .limit(1000);
  let refunds = 0;
  for (const row of rows) {
    try {
      if ((await sendRefund(context, row.id)) === 'sent') refunds += 1;
    } catch (error) {
      engineLogger(context).warn(
        { err: error, paymentId: row.id },
        'refund not sent: retried on the next run',
      );
    }
  }
  return { refunds };
}

/**
 * The refund's settlement posted (the PAYMENT_REFUND credit, or the card capture's refund): the payer
 * has the money back. Records 'Refunded' once (and 'Refund sent' first when the settlement outran the
 * sender's own record, as a card processor's webhook may).
 */
async function markRefunded(
  context: EngineContext,
  options: { paymentId: string; refundKey: string; transfer: RailsTransfer; at: Date },
): Promise<void> {
  // Usually recorded by the sender already (then this adds nothing).
  await recordRefundSent(context, options);
  await context.database.db.transaction(async (tx) => {
    const row = await lockPayment(tx, options.paymentId);
    if (!row) return;
    const data = engineRailsData(row.railsData);
    if (data.refundKey !== options.refundKey || data.refundedAt) return;
    await mergeRefundData(tx, row.id, { refundedAt: options.at.toISOString() });
    await appendTimeline(tx, {
      paymentId: row.id,
      status: row.status,
      actor: SYSTEM_ACTOR,
      timeline: { action: 'REFUNDED', label: PAYMENT_REFUND_LABELS.REFUNDED, remarks: null },
      at: options.at,
    });
  });
}

/**
 * A settlement event of a PAYMENT_REFUND transfer (key `payment:{id}:refund:{attempt}`): POSTED →
 * 'Refunded'; FAILED or RETURNED → the refund failed, raised to operations (recordRefundFailure).
 */
export async function onRefundSettlement(
  context: EngineContext,
  event: SettlementEvent,
  at: Date,
): Promise<void> {
  const parsed = parseRailsTransferKey(event.transfer.idempotencyKey);
  if (parsed?.leg !== 'refund') return;
  const refundKey = event.transfer.idempotencyKey;
  if (event.outcome === 'POSTED') {
    await markRefunded(context, { paymentId: parsed.paymentId, refundKey, transfer: event.transfer, at });
    return;
  }
  const code = event.transfer.returnCode ?? 'R08';
  await recordRefundFailure(context, {
    paymentId: parsed.paymentId,
    refundKey,
    at,
    transferId: event.transfer.id,
    failure: `the payer's bank ${event.outcome === 'FAILED' ? 'refused' : 'returned'} it (${code})`,
  });
}

/**
 * A card capture came back with the card refund's return code: when the payment owes (or sent) that
 * attempt's refund, this is the refund settling ('Refunded'), and answers true. False otherwise (a
 * refund Ferry did not ask for is handled as any return of a capture).
 */
export async function onCardCaptureRefunded(
  context: EngineContext,
  event: SettlementEvent,
  at: Date,
): Promise<boolean> {
  const parsed = parseRailsTransferKey(event.transfer.idempotencyKey);
  if (
    parsed?.leg !== 'debit' ||
    event.outcome !== 'RETURNED' ||
    event.transfer.returnCode !== CARD_REFUND_RETURN_CODE
  ) {
    return false;
  }
  const refundKey = refundTransferKey(parsed.paymentId, parsed.attempt);
  const [row] = await context.database.db
    .select({ railsData: payments.railsData })
    .from(payments)
    .where(eq(payments.id, parsed.paymentId))
    .limit(1);
  if (engineRailsData(row?.railsData).refundKey !== refundKey) return false;
  await markRefunded(context, { paymentId: parsed.paymentId, refundKey, transfer: event.transfer, at });
  return true;
}

/**
 * The payer's bank returned the debit of an attempt whose refund the payment owes (an ACH debit can
 * come back days after it posted, R10 up to 60 days). Before the refund went out: it is cancelled
 * (the money already went back). After: the payer has been paid back twice, which is raised to
 * operations once (error log, activity entry). What an operator does then: ask the payer to return the
 * refund (or, with their authorization, debit it again by hand at the rails), quoting the payment id.
 */
export async function onDebitReturnedAfterRefund(
  context: EngineContext,
  options: { paymentId: string; attempt: number; at: Date; transferId: string },
): Promise<void> {
  const refundKey = refundTransferKey(options.paymentId, options.attempt);
  const duplicated = await context.database.db.transaction(async (tx) => {
    const row = await lockPayment(tx, options.paymentId);
    if (!row) return null;
    const data = engineRailsData(row.railsData);
    if (data.refundKey !== refundKey || data.refundCancelledAt || data.refundDuplicatedAt) return null;
    if (!data.refundTransferId) {
      await mergeRefundData(tx, row.id, { refundCancelledAt: options.at.toISOString() });
      return null;
    }
    await mergeRefundData(tx, row.id, { refundDuplicatedAt: options.at.toISOString() });
    await recordActivity(tx, {
      businessId: row.businessId,
      entityType: 'payments',
      entityId: row.id,
      subject: 'PayPayments',
      action: 'PAYMENT_REFUND_DUPLICATED',
      label: 'Refunded twice',
      actor: { type: 'SYSTEM', userId: null, name: SYSTEM_ACTOR.name },
      remarks: `Your bank returned the payment's debit after Ferry had refunded ${formatMoney(data.refundAmountCents ?? movedCents(row))}: the amount came back to you twice. Ferry's operations team will contact you.`,
      data: { refundKey, refundTransferId: data.refundTransferId, debitTransferId: options.transferId },
      at: options.at,
    });
    return row;
  });
  if (duplicated) {
    engineLogger(context).error(
      {
        paymentId: duplicated.id,
        businessId: duplicated.businessId,
        refundKey,
        debitTransferId: options.transferId,
      },
      'payment debit returned after its refund was sent: the payer was paid back twice, an operator must recover it',
    );
  }
}
