import { achReturnFailureReason } from '@ferry/domain/payments';
import { eq } from 'drizzle-orm';
import type { SettlementEvent } from '../../../providers/rails/rails.js';
import { onAutoPaymentDebitReturn } from '../../auto-payments/engine.js';
import { payments } from '../tables.js';
import { parseRailsTransferKey, type RailsLeg } from './keys.js';
import { onCardCaptureRefunded, onDebitReturnedAfterRefund, onRefundSettlement } from './refunds.js';
import {
  type EngineContext,
  failInFlight,
  markFundsCollected,
  payeeAccountSourceOf,
  reverseDelivered,
  type SettleItem,
  sendCredit,
  settleDelivered,
  settleDeliveredMany,
} from './transfers.js';

/** When the event happened: the return's time for a return, else the settlement's. */
async function eventTime(context: EngineContext, event: SettlementEvent): Promise<Date> {
  return event.transfer.returnedAt && event.outcome === 'RETURNED'
    ? event.transfer.returnedAt
    : (event.transfer.postedAt ?? (await context.providers.rails.now()));
}

/**
 * The settlement events a batch at a time (registered with `rails.onSettlementBatch`): the vendors'
 * credits that posted — most events on a busy day — deliver their payments together in one database
 * transaction (`settleDeliveredMany`); every other event goes through `onPaymentSettlement` in order.
 * When the batch throws, the rails hand its events over again one at a time.
 */
export async function onPaymentSettlements(
  context: EngineContext,
  events: readonly SettlementEvent[],
): Promise<void> {
  const delivered: SettleItem[] = [];
  const others: SettlementEvent[] = [];
  for (const event of events) {
    const parsed = parseRailsTransferKey(event.transfer.idempotencyKey);
    if (!parsed) continue;
    if (event.outcome === 'POSTED' && parsed.leg === 'credit') {
      delivered.push({
        paymentId: parsed.paymentId,
        attempt: parsed.attempt,
        at: await eventTime(context, event),
      });
    } else {
      others.push(event);
    }
  }
  await settleDeliveredMany(context, delivered);
  for (const event of others) await onPaymentSettlement(context, event);
}

/**
 * Ferry's handler of the rails' settlement events for payment transfers (registered with
 * `rails.onSettlement`). Transfers of other kinds, or not made by the engine, are ignored. Idempotent:
 * every step checks the payment's status and attempt under a row lock, so a repeated or late event
 * changes nothing.
 *
 * - debit (or card capture) POSTED → 'Funds collected', then the vendor's credit is sent;
 * - debit FAILED → FAILED with the return code (payer side: R01 insufficient funds …);
 * - credit POSTED → DELIVERED;
 * - credit FAILED → FAILED (vendor side: R03/R04 invalid vendor account …), the payer's money goes back;
 * - RETURNED after delivery → REVERSED (both postings reversed, the bill reopened);
 * - a credit FAILED after the funds were collected, or RETURNED after delivery, sends the payer's money
 *   back (refunds.ts); the refund's own settlement: POSTED → 'Refunded', FAILED → raised to operations
 *   (a card capture RETURNED with the refund's code is the card refund settling).
 */
export async function onPaymentSettlement(context: EngineContext, event: SettlementEvent): Promise<void> {
  const parsed = parseRailsTransferKey(event.transfer.idempotencyKey);
  if (!parsed) return;
  const { paymentId, attempt, leg } = parsed;
  const at = await eventTime(context, event);
  const returnCode = event.transfer.returnCode ?? 'R08';

  if (leg === 'refund') {
    await onRefundSettlement(context, event, at);
    return;
  }
  if (leg === 'debit' && (await onCardCaptureRefunded(context, event, at))) return;

  if (event.outcome === 'POSTED') {
    if (leg === 'debit') {
      if (await markFundsCollected(context, { paymentId, attempt, at })) await sendCredit(context, paymentId);
      return;
    }
    await settleDelivered(context, { paymentId, attempt, at });
    return;
  }

  if (event.outcome === 'FAILED' || leg === 'debit') {
    await onFailedOrReturned(context, event, { paymentId, attempt, leg, at, returnCode });
    // An auto payment's debit returned R05/R07/R10/R29 ends its authorisation (issue 20), after the
    // payment's own change; idempotent, so a repeated event changes nothing.
    if (leg === 'debit') await onAutoPaymentDebitReturn(context, { paymentId, returnCode });
    return;
  }

  // The vendor's credit came back after it posted.
  await reverseDelivered(context, { paymentId, attempt, at, returnCode, side: 'CREDIT' });
}

/** A failed transfer, or a debit returned while the payment is still in flight (or after delivery). */
async function onFailedOrReturned(
  context: EngineContext,
  event: SettlementEvent,
  options: { paymentId: string; attempt: number; leg: RailsLeg; at: Date; returnCode: string },
): Promise<void> {
  const { paymentId, attempt, leg, at, returnCode } = options;
  const [row] = await context.database.db
    .select({ status: payments.status, vendorId: payments.vendorId })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!row) return;
  if (row.status === 'DELIVERED' && event.outcome === 'RETURNED') {
    await reverseDelivered(context, { paymentId, attempt, at, returnCode, side: 'DEBIT' });
    return;
  }
  if (
    leg === 'debit' &&
    event.outcome === 'RETURNED' &&
    (row.status === 'FAILED' || row.status === 'REVERSED')
  ) {
    // The payer's bank took the money back after Ferry already owed (or sent) it a refund.
    await onDebitReturnedAfterRefund(context, { paymentId, attempt, at, transferId: event.transfer.id });
    return;
  }
  const reason =
    leg === 'debit'
      ? achReturnFailureReason(returnCode, { side: 'DEBIT' })
      : achReturnFailureReason(returnCode, {
          side: 'CREDIT',
          payeeAccountSource: await payeeAccountSourceOf(context, row.vendorId),
        });
  await failInFlight(context, {
    paymentId,
    attempt,
    at,
    returnCode,
    reason,
    side: leg === 'debit' ? 'DEBIT' : 'CREDIT',
  });
}
