import { getPaymentStatusDisplay } from '@ferry/domain/catalogues';
import { fromDayNumber, isBusinessDay, nextBusinessDay, toDayNumber } from '@ferry/domain/dates';
import {
  ACH_RETURN_DEFINITIONS,
  type AchReturnCode,
  AUTO_PAYMENT_ENDING_RETURN_CODES,
  AUTO_PAYMENT_NOTICE_DAYS,
  type EnginePaymentStatus,
  newYorkDate,
  nextAutoPaymentStatus,
} from '@ferry/domain/payments';
import {
  AUTO_PAYMENT_MESSAGES,
  AUTO_PAYMENT_RUN_LABELS,
  type AutoPaymentRun,
  type AutoPaymentRunStatus,
} from '@ferry/domain/schemas';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import type { Actor } from '../activity/service.js';
import { businessToday, findBillOrThrow } from '../bills/service.js';
import { businesses } from '../businesses/tables.js';
import { violatedUniqueIndex } from '../contacts/access.js';
import { contacts } from '../contacts/tables.js';
import { invoices } from '../invoices/tables.js';
import { ensureRequestBill, firstProcessDate } from '../payment-requests/pay-request.js';
import { sendInvoicePaymentRequest } from '../payment-requests/sending.js';
import { paymentRequests } from '../payment-requests/tables.js';
import { cancelPaymentInTx, createPaymentInTx } from '../payments/service.js';
import { payments } from '../payments/tables.js';
import { CHANGEABLE_STATUSES } from '../payments/views.js';
import { queueAutoPaymentNotice, queueAutoPaymentResult, queueAutoPaymentSkipped } from './engine-notify.js';
import { applyMappingAction } from './service.js';
import {
  type AutoPaymentMappingRow,
  type AutoPaymentRow,
  autoPaymentMappings,
  autoPayments,
} from './tables.js';

/**
 * The auto-payment engine (issue 20 'The engine'): every open invoice of a customer with an ACCEPTED
 * mapping becomes one payment of the payer business, made AUTO_PAYMENT_NOTICE_DAYS before its due date
 * and processed on it, through the payment engine (approval policies, ledger, rails) like any payment.
 *
 * One payment per invoice, whatever happens: an invoice is claimed by inserting its auto_payments row
 * (`invoice_id` UNIQUE, `on conflict do nothing`), the payment is made under that row's lock with the
 * idempotency key `auto-payment:{id}` (unique per payer business) and its id is stored in the same
 * transaction (`payment_id` UNIQUE). Concurrent runs, a run killed after the claim (the next run makes
 * the payment) and an invoice edited after its payment was made (its row exists: not claimed again)
 * all end with exactly one payment.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs'>;

/** The engine's actor on payments, timelines and activity. */
export const AUTO_PAYMENT_ACTOR: Actor = { type: 'SYSTEM', userId: null, name: 'Auto payment' };

export const AUTO_PAYMENTS_JOB = 'auto-payments.run';

/** Why an auto payment could not be made, as both sides see it. */
export const AUTO_PAYMENT_FAILURES = {
  nothingDue: 'Nothing was left to pay on this invoice.',
  noPayer: 'The customer has no business on Ferry to pay from.',
  mappingEnded: 'Auto payments were stopped for this customer.',
} as const;

/** Statuses of a mapping that has ended: its rows not yet paid are cancelled. */
const ENDED_MAPPING = ['PAYER_DECLINED', 'PAYEE_CANCELLED', 'ADMIN_REVOKED'] as const;

const addDays = (date: string, days: number) => fromDayNumber(toDayNumber(date) + days);

// ---------------------------------------------------------------------------------------------
// a. Claim
// ---------------------------------------------------------------------------------------------

/**
 * Claims every open invoice due by `day` + AUTO_PAYMENT_NOTICE_DAYS (and not before the day the payer
 * authorised) of a customer with an ACCEPTED mapping: one SCHEDULED row per invoice (the unique index refuses a second), and the notice to both
 * sides in the same transaction as the row (so it goes exactly once). Answers the rows this run claimed.
 */
export async function claimAutoPayments(context: Ctx, options: { day: string }): Promise<AutoPaymentRow[]> {
  const { db } = context.database;
  const horizon = addDays(options.day, AUTO_PAYMENT_NOTICE_DAYS);
  const candidates = await db
    .select({ invoice: invoices, mapping: autoPaymentMappings })
    .from(invoices)
    .innerJoin(
      autoPaymentMappings,
      and(
        eq(autoPaymentMappings.payeeBusinessId, invoices.businessId),
        eq(autoPaymentMappings.customerId, invoices.customerId),
      ),
    )
    .leftJoin(autoPayments, eq(autoPayments.invoiceId, invoices.id))
    .where(
      and(
        eq(autoPaymentMappings.status, 'ACCEPTED'),
        isNotNull(autoPaymentMappings.payerBusinessId),
        sql`${invoices.balanceCents} > 0`,
        notInArray(invoices.status, ['cancelled', 'draft']),
        lte(invoices.dueDate, horizon),
        // Only invoices due on or after the day the payer authorised: an invoice already overdue then is
        // not debited at once without the notice (the payer pays it as any other, or the payee asks).
        sql`${invoices.dueDate} >= (${autoPaymentMappings.authorizedAt} at time zone 'America/New_York')::date`,
        isNull(autoPayments.id),
      ),
    )
    .orderBy(asc(invoices.dueDate), asc(invoices.sequence));
  const claimed: AutoPaymentRow[] = [];
  for (const { invoice, mapping } of candidates) {
    const payerBusinessId = mapping.payerBusinessId;
    if (!payerBusinessId) continue;
    const row = await db.transaction(async (tx) => {
      const now = context.clock.now();
      const [inserted] = await tx
        .insert(autoPayments)
        .values({
          id: newId(),
          mappingId: mapping.id,
          invoiceId: invoice.id,
          payeeBusinessId: invoice.businessId,
          payerBusinessId,
          amountCents: invoice.balanceCents,
          dueDate: invoice.dueDate,
          status: 'SCHEDULED',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: autoPayments.invoiceId })
        .returning();
      if (!inserted) return null;
      await queueAutoPaymentNotice(context, tx, { run: inserted, mapping, refNo: invoice.refNo });
      const [noticed] = await tx
        .update(autoPayments)
        .set({ noticeSentAt: now })
        .where(eq(autoPayments.id, inserted.id))
        .returning();
      return noticed ?? inserted;
    });
    if (row) claimed.push(row);
  }
  return claimed;
}

// ---------------------------------------------------------------------------------------------
// b. The payments
// ---------------------------------------------------------------------------------------------

/** The process date: the due date, or the first day the rails take it when that is past; a business day. */
function processDateFor(context: Ctx, dueDate: string, amountCents: number): string {
  const first = firstProcessDate(context, amountCents);
  const date = dueDate > first ? dueDate : first;
  return isBusinessDay(date) ? date : nextBusinessDay(date);
}

/** A row still waiting for its payment, locked; null once another run made it (or it was stopped). */
async function lockWaiting(tx: DbOrTx, id: string): Promise<AutoPaymentRow | null> {
  const [row] = await tx.select().from(autoPayments).where(eq(autoPayments.id, id)).for('update');
  return row && row.status === 'SCHEDULED' && row.paymentId === null ? row : null;
}

async function markFailed(context: Ctx, id: string, reason: string, status: AutoPaymentRunStatus = 'FAILED') {
  await context.database.db
    .update(autoPayments)
    .set({ status, failureReason: reason, updatedAt: context.clock.now() })
    .where(
      and(eq(autoPayments.id, id), eq(autoPayments.status, 'SCHEDULED'), isNull(autoPayments.paymentId)),
    );
}

/** A refusal that is about this payment (a bank no longer usable, nothing left due): not retried. */
const isClientRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.statusCode >= 400 && error.statusCode < 500;

/**
 * The invoice's payment request goes to the business the customer contact is linked to; the payer may
 * have authorised from another business than the guest one made for the request (businesses-to-map).
 * A customer linked to nothing or to a guest business is linked to the authorising payer; one linked to
 * another business on Ferry is left alone (false: the payment cannot be made).
 */
async function linkCustomerToPayer(context: Ctx, run: AutoPaymentRow): Promise<boolean> {
  const { db } = context.database;
  const [invoice] = await db
    .select({
      customerId: invoices.customerId,
      linked: contacts.networkBusinessId,
      isGuest: businesses.isGuest,
    })
    .from(invoices)
    .innerJoin(contacts, eq(contacts.id, invoices.customerId))
    .leftJoin(businesses, eq(businesses.id, contacts.networkBusinessId))
    .where(eq(invoices.id, run.invoiceId))
    .limit(1);
  if (!invoice) return false;
  if (invoice.linked === run.payerBusinessId) return true;
  if (invoice.linked !== null && invoice.isGuest !== true) return false;
  try {
    await db
      .update(contacts)
      .set({ networkBusinessId: run.payerBusinessId, updatedAt: context.clock.now() })
      .where(eq(contacts.id, invoice.customerId));
  } catch (error) {
    // Another customer of the payee is already linked to that business.
    if (violatedUniqueIndex(error)) return false;
    throw error;
  }
  return true;
}

/**
 * Makes the payment of one claimed row: the invoice's payment request to the payer (sent now if it was
 * not), its bill in the payer business, then in one transaction under the row's lock the payment of what
 * is still due and the row's payment id. A client refusal marks the row FAILED with its reason.
 */
async function makePayment(context: Ctx, run: AutoPaymentRow, mapping: AutoPaymentMappingRow): Promise<void> {
  const { db } = context.database;
  try {
    if (!(await linkCustomerToPayer(context, run))) {
      await markFailed(context, run.id, AUTO_PAYMENT_FAILURES.noPayer);
      return;
    }
    // The payer was told by the auto-payment notice: no 'Payment request' mail on top of it.
    const sent = await sendInvoicePaymentRequest(context, {
      businessId: run.payeeBusinessId,
      invoiceId: run.invoiceId,
      actor: AUTO_PAYMENT_ACTOR,
      notify: false,
    });
    const [request] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, sent.id)).limit(1);
    if (!request || request.payerBusinessId !== run.payerBusinessId) {
      await markFailed(context, run.id, AUTO_PAYMENT_FAILURES.noPayer);
      return;
    }
    const billId = await ensureRequestBill(context, {
      businessId: run.payerBusinessId,
      request,
      actor: AUTO_PAYMENT_ACTOR,
    });
    const instrumentId = mapping.paymentInstrumentId;
    await db.transaction(async (tx) => {
      const locked = await lockWaiting(tx, run.id);
      if (!locked) return;
      const { bill } = await findBillOrThrow(tx, {
        businessId: run.payerBusinessId,
        billId,
        forUpdate: true,
      });
      const dueCents = Math.max(0, bill.balanceCents - bill.scheduledCents);
      if (dueCents <= 0) throw new AppError('UNPROCESSABLE', AUTO_PAYMENT_FAILURES.nothingDue);
      if (!instrumentId) throw new AppError('UNPROCESSABLE', AUTO_PAYMENT_MESSAGES.invalidBank);
      const paymentId = await createPaymentInTx(context, tx, {
        businessId: run.payerBusinessId,
        actor: AUTO_PAYMENT_ACTOR,
        idempotencyKey: `auto-payment:${run.id}`,
        isAuto: true,
        request: {
          billId,
          paymentInstrumentId: instrumentId,
          amount: dueCents,
          deliverySpeed: 'STANDARD',
          processDate: processDateFor(context, run.dueDate, dueCents),
          remarks: 'Auto payment',
          paymentRequestId: request.id,
        },
      });
      await tx
        .update(autoPayments)
        .set({ paymentId, status: 'SUBMITTED', amountCents: dueCents, updatedAt: context.clock.now() })
        .where(eq(autoPayments.id, run.id));
    });
  } catch (error) {
    if (!isClientRefusal(error)) throw error;
    await markFailed(context, run.id, error.message);
  }
}

/**
 * Makes the payment of every SCHEDULED row without one (claimed by this run, or by a run that died after
 * its claim). Rows of a mapping that ended are cancelled; rows of a paused or disabled mapping wait.
 */
export async function makeAutoPayments(context: Ctx): Promise<number> {
  const { db } = context.database;
  const waiting = await db
    .select({ run: autoPayments, mapping: autoPaymentMappings })
    .from(autoPayments)
    .innerJoin(autoPaymentMappings, eq(autoPaymentMappings.id, autoPayments.mappingId))
    .where(and(eq(autoPayments.status, 'SCHEDULED'), isNull(autoPayments.paymentId)))
    .orderBy(asc(autoPayments.dueDate), asc(autoPayments.id));
  let made = 0;
  // One row's unexpected error (a lost connection …) does not stop the others; the run then fails with
  // all of them, and the next run picks those rows up again.
  const errors: unknown[] = [];
  for (const { run, mapping } of waiting) {
    if ((ENDED_MAPPING as readonly string[]).includes(mapping.status)) {
      await markFailed(context, run.id, AUTO_PAYMENT_FAILURES.mappingEnded, 'CANCELLED');
      continue;
    }
    if (mapping.status !== 'ACCEPTED') continue;
    try {
      await makePayment(context, run, mapping);
      made += 1;
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} auto payments could not be made`);
  return made;
}

// ---------------------------------------------------------------------------------------------
// c. The mails after
// ---------------------------------------------------------------------------------------------

/** Payment statuses that end an auto payment's story for the 'after' mail. */
const RESULT_STATUSES: readonly EnginePaymentStatus[] = ['DELIVERED', 'FAILED', 'CANCELLED', 'REVERSED'];

/**
 * Mails both sides once when an auto payment's payment was delivered or failed (or the payment could not
 * be made): `result_sent_at` is set under a guard in the same transaction as the mails.
 */
export async function sendAutoPaymentResults(context: Ctx): Promise<number> {
  const { db } = context.database;
  const due = await db
    .select({
      run: autoPayments,
      mapping: autoPaymentMappings,
      paymentStatus: payments.status,
      refNo: invoices.refNo,
    })
    .from(autoPayments)
    .innerJoin(autoPaymentMappings, eq(autoPaymentMappings.id, autoPayments.mappingId))
    .innerJoin(invoices, eq(invoices.id, autoPayments.invoiceId))
    .leftJoin(payments, eq(payments.id, autoPayments.paymentId))
    .where(
      and(
        isNull(autoPayments.resultSentAt),
        or(
          and(eq(autoPayments.status, 'SUBMITTED'), inArray(payments.status, [...RESULT_STATUSES])),
          eq(autoPayments.status, 'FAILED'),
        ),
      ),
    );
  let sent = 0;
  for (const { run, mapping, paymentStatus, refNo } of due) {
    await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(autoPayments)
        .set({ resultSentAt: context.clock.now() })
        .where(and(eq(autoPayments.id, run.id), isNull(autoPayments.resultSentAt)))
        .returning();
      if (!marked) return;
      await queueAutoPaymentResult(context, tx, {
        run: marked,
        mapping,
        refNo,
        delivered: paymentStatus === 'DELIVERED',
        reason: marked.failureReason ?? (paymentStatus ? getPaymentStatusDisplay(paymentStatus).label : null),
      });
      sent += 1;
    });
  }
  return sent;
}

/**
 * The daily pass (job AUTO_PAYMENTS_JOB, and the sandbox clock advance with the day it moved to): claim,
 * make the payments, then the 'after' mails. Idempotent; safe to run on several workers at once.
 */
export async function runAutoPayments(
  context: Ctx,
  options: { day?: Date } = {},
): Promise<{ claimed: number; made: number; results: number }> {
  const day = options.day ? newYorkDate(options.day) : businessToday(context);
  const claimed = await claimAutoPayments(context, { day });
  const made = await makeAutoPayments(context);
  const results = await sendAutoPaymentResults(context);
  return { claimed: claimed.length, made, results };
}

/** The daily auto-payments job (called from app.ts registerJobs). */
export function registerAutoPaymentJobs(context: AppContext): void {
  context.jobs.register(
    AUTO_PAYMENTS_JOB,
    async () => {
      await runAutoPayments(context);
    },
    { cron: '15 6 * * *' },
  );
}

// ---------------------------------------------------------------------------------------------
// d. Skip and cancel
// ---------------------------------------------------------------------------------------------

const notFound = () => new AppError('NOT_FOUND', AUTO_PAYMENT_MESSAGES.notFound);
const notAllowed = () => new AppError('CONFLICT', AUTO_PAYMENT_MESSAGES.notAllowed);

/** Whether the row's payment (if made) can still be stopped: SCHEDULED, or SUBMITTED and not yet processing. */
const stoppable = (status: AutoPaymentRunStatus, paymentStatus: EnginePaymentStatus | null): boolean =>
  (status === 'SCHEDULED' && paymentStatus === null) ||
  ((status === 'SCHEDULED' || status === 'SUBMITTED') &&
    paymentStatus !== null &&
    CHANGEABLE_STATUSES.includes(paymentStatus));

/** Stops one row inside `tx` (its payment cancelled); false when it can no longer be stopped. */
async function stopInTx(
  context: Ctx,
  tx: DbOrTx,
  run: AutoPaymentRow,
  options: { status: 'SKIPPED' | 'CANCELLED'; actor: Actor; reason: string | null },
): Promise<boolean> {
  let paymentStatus: EnginePaymentStatus | null = null;
  if (run.paymentId) {
    const [payment] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, run.paymentId))
      .limit(1);
    paymentStatus = payment?.status ?? null;
  }
  if (!stoppable(run.status, paymentStatus)) return false;
  if (run.paymentId) {
    await cancelPaymentInTx(context, tx, {
      businessId: run.payerBusinessId,
      paymentId: run.paymentId,
      actor: options.actor,
      statusReason: options.reason ?? undefined,
    });
  }
  await tx
    .update(autoPayments)
    .set({ status: options.status, failureReason: options.reason, updatedAt: context.clock.now() })
    .where(eq(autoPayments.id, run.id));
  return true;
}

/**
 * POST /business/{b}/auto-payments/{autoPaymentId}/skip: the payer stops one upcoming auto payment; its
 * payment is cancelled. Another business's row is 404; one that can no longer be stopped is 409.
 */
export async function skipAutoPayment(
  context: Ctx,
  options: { businessId: string; actor: Actor; autoPaymentId: string },
): Promise<AutoPaymentRun> {
  const { db } = context.database;
  await db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(autoPayments)
      .where(
        and(eq(autoPayments.id, options.autoPaymentId), eq(autoPayments.payerBusinessId, options.businessId)),
      )
      .for('update');
    if (!run) throw notFound();
    const stopped = await stopInTx(context, tx, run, {
      status: 'SKIPPED',
      actor: options.actor,
      reason: AUTO_PAYMENT_RUN_LABELS.SKIPPED,
    });
    if (!stopped) throw notAllowed();
    // The payee is told; this row gets no 'after' mail.
    const [told] = await tx
      .update(autoPayments)
      .set({ resultSentAt: context.clock.now() })
      .where(eq(autoPayments.id, run.id))
      .returning();
    const [found] = await tx
      .select({ mapping: autoPaymentMappings, refNo: invoices.refNo })
      .from(autoPaymentMappings)
      .innerJoin(invoices, eq(invoices.id, run.invoiceId))
      .where(eq(autoPaymentMappings.id, run.mappingId));
    if (told && found) await queueAutoPaymentSkipped(context, tx, { run: told, ...found });
  });
  const [view] = await runViews(db, { businessId: options.businessId, autoPaymentId: options.autoPaymentId });
  if (!view) throw notFound();
  return view;
}

/**
 * Stops every upcoming auto payment of a mapping (disabled, cancelled or revoked with the tick, or ended):
 * each SCHEDULED row — and each SUBMITTED one whose payment can still be cancelled — becomes CANCELLED
 * with `reason`, its payment cancelled. Runs in the caller's transaction. Answers how many were stopped.
 */
export async function cancelScheduledAutoPayments(
  tx: DbOrTx,
  context: Ctx,
  options: { mappingId: string; reason: string; actor?: Actor },
): Promise<number> {
  const rows = await tx
    .select()
    .from(autoPayments)
    .where(
      and(
        eq(autoPayments.mappingId, options.mappingId),
        inArray(autoPayments.status, ['SCHEDULED', 'SUBMITTED']),
      ),
    )
    .orderBy(asc(autoPayments.id))
    .for('update');
  let stopped = 0;
  for (const run of rows) {
    const done = await stopInTx(context, tx, run, {
      status: 'CANCELLED',
      actor: options.actor ?? AUTO_PAYMENT_ACTOR,
      reason: options.reason,
    });
    if (done) stopped += 1;
  }
  return stopped;
}

// ---------------------------------------------------------------------------------------------
// e. Views
// ---------------------------------------------------------------------------------------------

export interface RunFilter {
  /** Rows where this business is the payer or the payee (only the `sides` given, default both). */
  businessId?: string;
  sides?: readonly ('PAYER' | 'PAYEE')[];
  mappingId?: string;
  autoPaymentId?: string;
  statuses?: readonly AutoPaymentRunStatus[];
}

function runCondition(filter: RunFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.businessId) {
    const sides = filter.sides ?? ['PAYER', 'PAYEE'];
    conditions.push(
      or(
        ...sides.map((side) =>
          eq(
            side === 'PAYER' ? autoPayments.payerBusinessId : autoPayments.payeeBusinessId,
            filter.businessId ?? '',
          ),
        ),
      ) ?? sql`false`,
    );
  }
  if (filter.mappingId) conditions.push(eq(autoPayments.mappingId, filter.mappingId));
  if (filter.autoPaymentId) conditions.push(eq(autoPayments.id, filter.autoPaymentId));
  if (filter.statuses) conditions.push(inArray(autoPayments.status, [...filter.statuses]));
  return and(...conditions);
}

/** Auto payments as both sides see them (newest due date first), `pageNumber` from 1. */
export async function runViews(
  db: DbOrTx,
  filter: RunFilter & { pageNumber?: number; pageSize?: number },
): Promise<AutoPaymentRun[]> {
  const payee = alias(businesses, 'payee');
  const payer = alias(businesses, 'payer');
  const pageSize = filter.pageSize ?? 100;
  const rows = await db
    .select({
      run: autoPayments,
      refNo: invoices.refNo,
      paymentStatus: payments.status,
      payeeName: payee.businessName,
      payerName: payer.businessName,
    })
    .from(autoPayments)
    .innerJoin(invoices, eq(invoices.id, autoPayments.invoiceId))
    .innerJoin(payee, eq(payee.id, autoPayments.payeeBusinessId))
    .leftJoin(payer, eq(payer.id, autoPayments.payerBusinessId))
    .leftJoin(payments, eq(payments.id, autoPayments.paymentId))
    .where(runCondition(filter))
    .orderBy(desc(autoPayments.dueDate), desc(autoPayments.createdAt), desc(autoPayments.id))
    .limit(pageSize)
    .offset(((filter.pageNumber ?? 1) - 1) * pageSize);
  return rows.map(({ run, refNo, paymentStatus, payeeName, payerName }) => ({
    autoPaymentId: run.id,
    autoPaymentMappingId: run.mappingId,
    invoiceId: run.invoiceId,
    invoiceNumber: refNo,
    amount: run.amountCents,
    dueDate: run.dueDate,
    status: run.status,
    statusLabel: AUTO_PAYMENT_RUN_LABELS[run.status],
    paymentId: run.paymentId,
    paymentStatus: paymentStatus ? getPaymentStatusDisplay(paymentStatus).label : null,
    failureReason: run.failureReason,
    payeeBusinessName: payeeName,
    payerBusinessName: payerName ?? null,
    canSkip: stoppable(run.status, paymentStatus ?? null),
  }));
}

/** How many rows `runViews` pages through. */
export async function countRuns(db: DbOrTx, filter: RunFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(autoPayments).where(runCondition(filter));
  return Number(row?.total ?? 0);
}

// ---------------------------------------------------------------------------------------------
// ACH returns
// ---------------------------------------------------------------------------------------------

const ENDING_CODES: readonly string[] = AUTO_PAYMENT_ENDING_RETURN_CODES;

/**
 * Called where a debit's ACH return is applied (payments/engine/settlement.ts): an auto payment returned
 * R05/R07/R10/R29 ends its authorisation (END_BY_RETURN by SYSTEM, both sides told). Idempotent: a
 * mapping that already ended is left alone; other codes change nothing here (the payment shows its
 * failure and its retry).
 */
export async function onAutoPaymentDebitReturn(
  context: Ctx,
  options: { paymentId: string; returnCode: string },
): Promise<boolean> {
  if (!ENDING_CODES.includes(options.returnCode)) return false;
  const { db } = context.database;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ mapping: autoPaymentMappings, isAuto: payments.isAuto })
      .from(autoPayments)
      .innerJoin(payments, eq(payments.id, autoPayments.paymentId))
      .innerJoin(autoPaymentMappings, eq(autoPaymentMappings.id, autoPayments.mappingId))
      .where(eq(autoPayments.paymentId, options.paymentId))
      .limit(1);
    if (!found?.isAuto) return false;
    const [mapping] = await tx
      .select()
      .from(autoPaymentMappings)
      .where(eq(autoPaymentMappings.id, found.mapping.id))
      .for('update');
    if (!mapping) return false;
    if (!nextAutoPaymentStatus({ status: mapping.status, action: 'END_BY_RETURN', actor: 'SYSTEM' }))
      return false;
    const title = ACH_RETURN_DEFINITIONS[options.returnCode as AchReturnCode]?.title ?? options.returnCode;
    await applyMappingAction(tx, context, {
      mappingId: mapping.id,
      action: 'END_BY_RETURN',
      actor: { side: 'SYSTEM', userId: null, name: AUTO_PAYMENT_ACTOR.name ?? 'Auto payment' },
      remarks: `ACH return ${options.returnCode}: ${title}`,
      data: { paymentId: options.paymentId, returnCode: options.returnCode },
    });
    return true;
  });
}
