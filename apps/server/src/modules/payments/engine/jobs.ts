import type { AppContext } from '../../../platform/context.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import { sendOwedRefunds } from './refunds.js';
import { releaseWaitingPayments } from './release.js';
import { onPaymentSettlements } from './settlement.js';
import { recoverInFlightPayments, type SubmitOptions, submitDuePayments } from './submit.js';
import type { EngineContext } from './transfers.js';

export const SUBMIT_DUE_JOB = 'payments.submit-due';
export const RELEASE_JOB = 'payments.release';

/** Rounds of rails settlement per engine run: a transfer sent by a settlement handler may be due at once. */
const SETTLE_ROUNDS = 5;

export interface EngineRunSummary {
  released: number;
  submitted: number;
  recovered: number;
  /** Refunds owed to payers that had not gone out (a crash after the failure's commit) and now did. */
  refunds: number;
  settled: number;
}

/**
 * One full turn of the payment engine, by the rails' clock: waiting payments are released, due ones
 * submitted (debits sent after each commit), transfers and refunds that never went out are sent, and the rails
 * settle what is due — a few rounds, since a posted debit sends a credit that may be due the same day.
 * Idempotent and safe on several workers at once.
 */
export async function runPaymentEngine(
  context: EngineContext,
  options: SubmitOptions = {},
): Promise<EngineRunSummary> {
  const { released } = await releaseWaitingPayments(context);
  const { submitted } = await submitDuePayments(context, options);
  const recovered = await recoverInFlightPayments(context);
  const { refunds } = await sendOwedRefunds(context);
  let settled = 0;
  for (let round = 0; round < SETTLE_ROUNDS; round += 1) {
    const now = await context.providers.rails.processDue();
    settled += now;
    if (now === 0) break;
  }
  return { released, submitted, recovered: recovered.debits + recovered.credits, refunds, settled };
}

/**
 * Asks for a release sweep soon (a module whose change may free waiting payments: a verified business, a
 * vendor's new bank…). Inside a transaction pass it as `db`: the job exists when the change commits.
 * Without a running queue (tests, scripts) it does nothing: the every-minute sweep will see it.
 */
export async function requestPaymentRelease(context: Pick<AppContext, 'jobs'>, db?: DbOrTx): Promise<void> {
  if (!context.jobs.started) return;
  await context.jobs.send(RELEASE_JOB, {}, { singletonKey: RELEASE_JOB, ...(db ? { db } : {}) });
}

/** The payment engine's jobs and its rails settlement handler (called from app.ts registerJobs). */
export function registerPaymentEngineJobs(context: AppContext): void {
  context.providers.rails.onSettlementBatch((events) => onPaymentSettlements(context, events));
  // Every minute: release, submit what is due, repair, settle (the rails' clock decides what is due).
  context.jobs.register(
    SUBMIT_DUE_JOB,
    async () => {
      await runPaymentEngine(context);
    },
    { cron: '* * * * *' },
  );
  // On request (and every minute as a fallback): waiting payments whose reason to wait is gone.
  context.jobs.register(
    RELEASE_JOB,
    async () => {
      await releaseWaitingPayments(context);
      await submitDuePayments(context);
    },
    { cron: '* * * * *' },
  );
}
