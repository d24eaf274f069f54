import type { PaymentFailureReason } from '@ferry/domain/catalogues';
import {
  ACH_RETURN_DEFINITIONS,
  type AchReturnCode,
  achReturnFailureReason,
  isAchReturnCode,
  newYorkDate,
} from '@ferry/domain/payments';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import { bills } from '../../bills/tables.js';
import { businesses } from '../../businesses/tables.js';
import { contacts } from '../../contacts/tables.js';
import {
  appendTimeline,
  applyPaymentEvent,
  applyPaymentEvents,
  lockPayment,
  lockPayments,
  movedCents,
  SYSTEM_ACTOR,
} from '../state.js';
import { type PaymentRow, payments } from '../tables.js';
import { payerSource, vendorDestination } from './accounts.js';
import { type EngineRailsData, engineRailsData, railsTransferKey } from './keys.js';
import { queueVendorPaymentMail, queueVendorPaymentMails } from './notify.js';
import {
  type EngineLogger,
  owedRefund,
  recordOwedRefund,
  refundPending,
  sendRefund,
  sendRefundAfterCommit,
} from './refunds.js';

/**
 * The rails side of a payment in flight: sending its debit and credit (always AFTER the status change
 * that asks for them has committed, under idempotency keys, so a crash in between is repaired by sending
 * again), and applying what the rails answer (funds collected, delivered, failed, returned). Every step
 * re-reads the payment under a row lock and does nothing when it no longer applies, so events and
 * retries may repeat.
 */

export type EngineContext = Pick<AppContext, 'config' | 'database' | 'clock' | 'jobs' | 'providers'> & {
  /** Where the engine logs (refunds raised to operations); default: a logger at config.LOG_LEVEL. */
  logger?: EngineLogger;
};

/** Merges the engine's data into a payment's rails_data, for the attempt it belongs to only. */
export async function mergeRailsData(
  db: DbOrTx,
  paymentId: string,
  attempt: number,
  data: EngineRailsData,
): Promise<void> {
  await db
    .update(payments)
    .set({ railsData: sql`${payments.railsData} || ${JSON.stringify(data)}::jsonb` })
    .where(and(eq(payments.id, paymentId), eq(payments.reattempts, attempt)));
}

/** ACH statement lines are short: 'FERRY PAYMENT INV-0042'. */
const statementLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 40).toUpperCase();

const returnRemarks = (code: AchReturnCode | null) =>
  code ? `${code} ${ACH_RETURN_DEFINITIONS[code].title}` : null;

/**
 * Fails a payment in flight (PROCESSING, this attempt): the submission posting is reversed, the bill
 * lets go of the amount, the vendor is told. Nothing happens when it is no longer in flight. `side`
 * says whose transfer failed: when it is the vendor's (CREDIT) after the payer's money was collected,
 * the same transaction records the refund owed to the payer, and it is sent after the commit
 * (refunds.ts). A payer-side failure owes nothing: the money never stayed at Ferry.
 */
export async function failInFlight(
  context: EngineContext,
  options: {
    paymentId: string;
    attempt: number;
    at: Date;
    returnCode?: string | null;
    reason: PaymentFailureReason;
    remarks?: string | null;
    side: 'DEBIT' | 'CREDIT';
  },
): Promise<PaymentRow | null> {
  const code = options.returnCode && isAchReturnCode(options.returnCode) ? options.returnCode : null;
  let refundOwed = false;
  const failed = await context.database.db.transaction(async (tx) => {
    const row = await lockPayment(tx, options.paymentId);
    if (row?.status !== 'PROCESSING' || row.reattempts !== options.attempt) return null;
    const owed = options.side === 'CREDIT' ? owedRefund(row) : null;
    const failed = await applyPaymentEvent(tx, {
      paymentId: row.id,
      event: { type: 'FAIL', reason: options.reason, ...(code ? { returnCode: code } : {}) },
      actor: SYSTEM_ACTOR,
      timeline: {
        action: 'FAILED',
        label: 'Failed',
        remarks: options.remarks ?? returnRemarks(code),
        data: code ? { returnCode: code } : null,
      },
      at: options.at,
    });
    await queueVendorPaymentMail(tx, context, { payment: failed, kind: 'FAILED' });
    if (owed) await recordOwedRefund(tx, failed.id, owed);
    refundOwed = owed !== null;
    return failed;
  });
  if (failed && refundOwed) await sendRefundAfterCommit(context, failed.id);
  return failed;
}

/**
 * Sends the payment's debit (bank) or card capture for its current attempt, to settle on the process day
 * the submission planned. Idempotent: the key `payment:{id}:debit:{attempt}` answers the same transfer.
 */
export async function sendDebit(
  context: EngineContext,
  paymentId: string,
): Promise<'sent' | 'skipped' | 'failed'> {
  const { db } = context.database;
  const { rails } = context.providers;
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (row?.status !== 'PROCESSING') return 'skipped';
  const attempt = row.reattempts;
  const data = engineRailsData(row.railsData);
  if (data.attempt === attempt && data.debitTransferId) return 'skipped';
  // A refund an earlier attempt still owes goes out before this attempt collects again (it throws, and
  // no debit goes out, when the rails do not answer).
  if (refundPending(data)) await sendRefund(context, row.id);
  const railsNow = await rails.now();
  const source = await payerSource(db, context, row);
  if (!source) {
    await failInFlight(context, {
      paymentId,
      attempt,
      at: railsNow,
      reason: 'INVALID_PAYER_BANK_ACCOUNT',
      remarks: 'The payment method is no longer available.',
      side: 'DEBIT',
    });
    return 'failed';
  }
  const [bill] = await db.select({ refNo: bills.refNo }).from(bills).where(eq(bills.id, row.billId)).limit(1);
  const transfer = await rails.createTransfer({
    kind: row.method === 'CARD' ? 'CARD_CAPTURE' : 'PAYMENT_DEBIT',
    direction: 'DEBIT',
    amountCents: movedCents(row),
    account: source,
    idempotencyKey: railsTransferKey(row.id, 'debit', attempt),
    settleOn: (data.attempt === attempt ? data.debitSettleOn : null) ?? newYorkDate(railsNow),
    description: statementLine(`FERRY PAYMENT ${bill?.refNo ?? ''}`),
    attempt,
  });
  await mergeRailsData(db, row.id, attempt, {
    attempt,
    debitKey: transfer.idempotencyKey,
    debitTransferId: transfer.id,
  });
  return 'sent';
}

/**
 * Sends the vendor's credit once the payer's money is collected, to settle on the expected delivery day.
 * Idempotent (key `payment:{id}:credit:{attempt}`). A vendor without any bank fails the payment (the
 * collected money goes back to the payer).
 */
export async function sendCredit(
  context: EngineContext,
  paymentId: string,
): Promise<'sent' | 'skipped' | 'failed'> {
  const { db } = context.database;
  const { rails } = context.providers;
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (row?.status !== 'PROCESSING') return 'skipped';
  const attempt = row.reattempts;
  const data = engineRailsData(row.railsData);
  if (data.attempt !== attempt || !data.fundsCollectedAt || data.creditTransferId) return 'skipped';
  const railsNow = await rails.now();
  const destination = await vendorDestination(db, context, row.vendorId);
  if (!destination) {
    await failInFlight(context, {
      paymentId,
      attempt,
      at: railsNow,
      reason: 'INVALID_VENDOR_BANK_ACCOUNT',
      remarks: 'The vendor has no bank account on file.',
      side: 'CREDIT',
    });
    return 'failed';
  }
  const [payer] = await db
    .select({ name: businesses.businessName })
    .from(businesses)
    .where(eq(businesses.id, row.businessId))
    .limit(1);
  const transfer = await rails.createTransfer({
    kind: 'PAYMENT_CREDIT',
    direction: 'CREDIT',
    amountCents: movedCents(row),
    account: destination.account,
    idempotencyKey: railsTransferKey(row.id, 'credit', attempt),
    settleOn: data.creditSettleOn ?? row.expectedDeliveryEarliest ?? newYorkDate(railsNow),
    description: statementLine(`FERRY PAYMENT ${payer?.name ?? ''}`),
    attempt,
  });
  await mergeRailsData(db, row.id, attempt, {
    creditTransferId: transfer.id,
    creditAccountMask: destination.accountMask,
    // A network payee's own bank: its invoice records the receipt into it (payment-requests/invoice-sync).
    ...(destination.source === 'PAYEE_BUSINESS'
      ? { creditBankAccountId: destination.account.reference }
      : {}),
  });
  return 'sent';
}

/**
 * The payer's debit posted: the money is in Ferry's clearing account. Records 'Funds collected' once and
 * plans the vendor's credit for the expected delivery day. Answers whether the credit should go out.
 */
export async function markFundsCollected(
  context: EngineContext,
  options: { paymentId: string; attempt: number; at: Date },
): Promise<boolean> {
  return context.database.db.transaction(async (tx) => {
    const row = await lockPayment(tx, options.paymentId);
    if (row?.status !== 'PROCESSING' || row.reattempts !== options.attempt) return false;
    const data = engineRailsData(row.railsData);
    if (data.attempt === options.attempt && data.fundsCollectedAt) return true;
    const today = newYorkDate(options.at);
    const deliverOn =
      row.expectedDeliveryEarliest && row.expectedDeliveryEarliest > today
        ? row.expectedDeliveryEarliest
        : today;
    await appendTimeline(tx, {
      paymentId: row.id,
      status: row.status,
      actor: SYSTEM_ACTOR,
      timeline: { action: 'FUNDS_COLLECTED', label: 'Funds collected', remarks: null },
      at: options.at,
    });
    await mergeRailsData(tx, row.id, options.attempt, {
      attempt: options.attempt,
      fundsCollectedAt: options.at.toISOString(),
      creditKey: railsTransferKey(row.id, 'credit', options.attempt),
      creditSettleOn: deliverOn,
    });
    return true;
  });
}

/** The vendor's credit posted: the payment is delivered (ledger PAYMENT_SETTLE, bill paid down). */
export async function settleDelivered(
  context: EngineContext,
  options: SettleItem,
): Promise<PaymentRow | null> {
  const [delivered] = await settleDeliveredMany(context, [options]);
  return delivered ?? null;
}

export interface SettleItem {
  paymentId: string;
  attempt: number;
  at: Date;
}

/**
 * Vendors' credits posted: their payments delivered together in one database transaction (the batched
 * path of applyPaymentEvents, one vendor email queued each). A payment no longer PROCESSING on that
 * attempt (a late or repeated event) is skipped; one the engine refuses (its bill cannot take the money)
 * throws, rolling the batch back, so the caller can take the events one at a time.
 */
export async function settleDeliveredMany(
  context: EngineContext,
  items: readonly SettleItem[],
): Promise<PaymentRow[]> {
  if (items.length === 0) return [];
  return context.database.db.transaction(async (tx) => {
    const rows = await lockPayments(
      tx,
      items.map((item) => item.paymentId),
    );
    const seen = new Set<string>();
    const due = items.filter((item) => {
      const row = rows.get(item.paymentId);
      if (row?.status !== 'PROCESSING' || row.reattempts !== item.attempt || seen.has(item.paymentId)) {
        return false;
      }
      seen.add(item.paymentId);
      return true;
    });
    const outcomes = await applyPaymentEvents(
      tx,
      due.map((item) => ({
        paymentId: item.paymentId,
        event: { type: 'SETTLE' } as const,
        actor: SYSTEM_ACTOR,
        timeline: { action: 'DELIVERED' as const, label: 'Delivered' },
        at: item.at,
      })),
    );
    const delivered = outcomes.map((outcome) => {
      if (!outcome.ok) throw outcome.error;
      return outcome.payment;
    });
    await queueVendorPaymentMails(
      tx,
      context,
      delivered.map((payment) => ({ payment, kind: 'DELIVERED' as const })),
    );
    return delivered;
  });
}

/**
 * A delivered payment came back (ACH return): REVERSED, both postings reversed, the bill reopened. When
 * the vendor's credit came back (side CREDIT) Ferry has the payer's money again: the same transaction
 * records the refund owed to the payer, sent after the commit (refunds.ts). A returned debit (side
 * DEBIT) owes nothing.
 */
export async function reverseDelivered(
  context: EngineContext,
  options: { paymentId: string; attempt: number; at: Date; returnCode: string; side: 'DEBIT' | 'CREDIT' },
): Promise<PaymentRow | null> {
  const returnCode: AchReturnCode = isAchReturnCode(options.returnCode) ? options.returnCode : 'R08';
  const { db } = context.database;
  const [peek] = await db
    .select({ vendorId: payments.vendorId })
    .from(payments)
    .where(eq(payments.id, options.paymentId));
  if (!peek) return null;
  const source = options.side === 'CREDIT' ? await payeeAccountSourceOf(context, peek.vendorId) : undefined;
  let refundOwed = false;
  const reversed = await db.transaction(async (tx) => {
    const row = await lockPayment(tx, options.paymentId);
    if (row?.status !== 'DELIVERED' || row.reattempts !== options.attempt) return null;
    const owed = options.side === 'CREDIT' ? owedRefund(row) : null;
    const reversed = await applyPaymentEvent(tx, {
      paymentId: row.id,
      event: {
        type: 'RETURN',
        returnCode,
        side: options.side,
        reason: achReturnFailureReason(returnCode, {
          side: options.side,
          ...(source ? { payeeAccountSource: source } : {}),
        }),
      },
      actor: SYSTEM_ACTOR,
      timeline: {
        action: 'REVERSED',
        label: 'Reversed',
        remarks: returnRemarks(returnCode),
        data: { returnCode },
      },
      at: options.at,
    });
    await queueVendorPaymentMail(tx, context, { payment: reversed, kind: 'REVERSED' });
    if (owed) await recordOwedRefund(tx, reversed.id, owed);
    refundOwed = owed !== null;
    return reversed;
  });
  if (reversed && refundOwed) await sendRefundAfterCommit(context, reversed.id);
  return reversed;
}

/** Whose bank a vendor's credit went to (for the failure reason of a credit return). */
export async function payeeAccountSourceOf(
  context: EngineContext,
  vendorId: string,
): Promise<'VENDOR_DETAILS' | 'PAYEE_BUSINESS'> {
  const [vendor] = await context.database.db
    .select({ networkBusinessId: contacts.networkBusinessId })
    .from(contacts)
    .where(eq(contacts.id, vendorId))
    .limit(1);
  return vendor?.networkBusinessId ? 'PAYEE_BUSINESS' : 'VENDOR_DETAILS';
}
