import { deliveryPlan, newYorkDate } from '@ferry/domain/payments';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.js';
import {
  type ApplyPaymentEventInput,
  applyPaymentEvents,
  findDuePaymentIds,
  lockPayments,
  movedCents,
  SYSTEM_ACTOR,
} from '../state.js';
import { type PaymentRow, payments } from '../tables.js';
import { inBatches, PAYMENT_BATCH_SIZE } from './batch.js';
import { type EngineRailsData, railsTransferKey } from './keys.js';
import { type EngineContext, sendCredit, sendDebit } from './transfers.js';

export interface SubmitOptions {
  /** At most this many payments per run (default 500 per page, up to 20 pages). */
  pageSize?: number;
  /** Payments submitted together in one database transaction (default PAYMENT_BATCH_SIZE). */
  batchSize?: number;
  /**
   * Called inside a batch's transaction, before it commits: tests throw here to crash a worker
   * mid-batch (the whole batch rolls back, as a crash would).
   */
  beforeCommit?: (paymentIds: readonly string[]) => void | Promise<void>;
  /**
   * Called after a payment's submission committed and before its debit is sent: tests stop a worker
   * here (a throw leaves the payment PROCESSING without a transfer, as a crash would).
   */
  afterCommit?: (paymentId: string) => void | Promise<void>;
}

/** The SCHEDULED → PROCESSING event of a due payment, with its delivery planned from `railsNow`. */
function submission(row: PaymentRow, railsNow: Date): ApplyPaymentEventInput {
  const plan = deliveryPlan({
    speed: row.deliverySpeed ?? 'STANDARD',
    processDate: row.processDate,
    submittedAt: railsNow,
    amountCents: movedCents(row),
  });
  const attempt = row.reattempts;
  const rails: EngineRailsData = {
    attempt,
    debitKey: railsTransferKey(row.id, 'debit', attempt),
    debitSettleOn: plan.processOn,
    debitTransferId: null,
    fundsCollectedAt: null,
    creditKey: null,
    creditTransferId: null,
    creditSettleOn: null,
    creditAccountMask: null,
  };
  return {
    paymentId: row.id,
    event: { type: 'SUBMIT_TO_RAILS' },
    actor: SYSTEM_ACTOR,
    timeline: { action: 'SUBMITTED', label: 'Processing' },
    at: railsNow,
    rails: { ...rails },
    patch: {
      expectedDeliveryEarliest: plan.expectedDeliveryOn.earliest,
      expectedDeliveryLatest: plan.expectedDeliveryOn.latest,
    },
  };
}

/**
 * SCHEDULED → PROCESSING for the payments among `paymentIds` whose process date has come (by the rails'
 * New York business day), all in one transaction under their row locks: the status changes, the
 * timeline entries 'Processing' and the ledger PAYMENT_SUBMITs (applyPaymentEvents), each delivery
 * re-planned from the submission instant (after the 16:45 ET cutoff or on a closed day the debit rides
 * the next business day's batch). Answers the submitted rows in the order asked; a payment no longer due
 * (another worker took it) is left out.
 */
async function submitBatch(
  context: EngineContext,
  paymentIds: readonly string[],
  railsNow: Date,
  beforeCommit?: SubmitOptions['beforeCommit'],
): Promise<PaymentRow[]> {
  const today = newYorkDate(railsNow);
  return context.database.db.transaction(async (tx: Tx) => {
    const locked = await lockPayments(tx, paymentIds);
    const due = paymentIds.flatMap((id) => {
      const row = locked.get(id);
      return row?.status === 'SCHEDULED' && row.processDate <= today && row.method !== null ? [row] : [];
    });
    const outcomes = await applyPaymentEvents(
      tx,
      due.map((row) => submission(row, railsNow)),
    );
    const submitted = outcomes.map((outcome) => {
      if (!outcome.ok) throw outcome.error;
      return outcome.payment;
    });
    await beforeCommit?.(submitted.map((row) => row.id));
    return submitted;
  });
}

/**
 * SCHEDULED → PROCESSING for one payment whose process date has come (see submitBatch). Answers the
 * submitted row, or null when the payment is no longer due (another worker took it).
 */
export async function submitPayment(
  context: EngineContext,
  paymentId: string,
  railsNow: Date,
): Promise<PaymentRow | null> {
  const [row] = await submitBatch(context, [paymentId], railsNow);
  return row ?? null;
}

/**
 * The `payments.submit-due` run: every SCHEDULED payment due by the rails' business day is submitted,
 * `batchSize` payments per transaction, then each one's debit goes to the rails after that commit. Safe
 * to run on several workers at once: each payment is submitted by exactly one (row locks + status
 * check), and its debit key makes any second send answer the same transfer. A crash before a batch
 * commits leaves all of its payments SCHEDULED for the next run; one after it leaves them PROCESSING
 * without a debit, which recoverInFlightPayments sends.
 */
export async function submitDuePayments(
  context: EngineContext,
  options: SubmitOptions = {},
): Promise<{ submitted: number; debitsSent: number }> {
  const railsNow = await context.providers.rails.now();
  const today = newYorkDate(railsNow);
  const pageSize = options.pageSize ?? 500;
  let submitted = 0;
  let debitsSent = 0;
  for (let page = 0; page < 20; page += 1) {
    const ids = await findDuePaymentIds(context.database.db, today, pageSize);
    let progressed = 0;
    await inBatches(
      ids,
      options.batchSize ?? PAYMENT_BATCH_SIZE,
      (batch) => submitBatch(context, batch, railsNow, options.beforeCommit),
      async (row) => {
        progressed += 1;
        submitted += 1;
        await options.afterCommit?.(row.id);
        if ((await sendDebit(context, row.id)) === 'sent') debitsSent += 1;
      },
    );
    if (ids.length < pageSize || progressed === 0) break;
  }
  return { submitted, debitsSent };
}

/**
 * Repairs payments in flight whose transfer was never sent (a crash between the commit and the rails
 * call, or rails that did not answer): PROCESSING without this attempt's debit → the debit is sent;
 * funds collected without the credit → the credit is sent. The idempotency keys make it safe when the
 * transfer did go out after all (the rails answer the same transfer).
 */
export async function recoverInFlightPayments(
  context: EngineContext,
): Promise<{ debits: number; credits: number }> {
  const rows = await context.database.db
    .select({ id: payments.id, railsData: payments.railsData, reattempts: payments.reattempts })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'PROCESSING'),
        sql`(
          coalesce((${payments.railsData}->>'attempt')::int, -1) <> ${payments.reattempts}
          or ${payments.railsData}->>'debitTransferId' is null
          or (${payments.railsData}->>'fundsCollectedAt' is not null and ${payments.railsData}->>'creditTransferId' is null)
        )`,
      ),
    )
    .limit(1000);
  let debits = 0;
  let credits = 0;
  for (const row of rows) {
    const data = row.railsData as EngineRailsData;
    if (data.attempt !== row.reattempts || !data.debitTransferId) {
      if ((await sendDebit(context, row.id)) === 'sent') debits += 1;
    } else if ((await sendCredit(context, row.id)) === 'sent') {
      credits += 1;
    }
  }
  return { debits, credits };
}
