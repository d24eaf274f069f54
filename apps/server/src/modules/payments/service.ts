import type { DeliverySpeed } from '@ferry/domain/catalogues';
import { DELIVERY_SPEEDS } from '@ferry/domain/catalogues';
import { isBusinessDay } from '@ferry/domain/dates';
import { formatMoney } from '@ferry/domain/format';
import { centsToAmount, MIN_AMOUNT_CENTS } from '@ferry/domain/money';
import {
  allowedSpeeds,
  cutoffPassedText,
  deliveryPlan,
  type EnginePaymentStatus,
  processDateBounds,
  reattemptBlocker,
  speedNotEligibleMessage,
} from '@ferry/domain/payments';
import {
  type BulkScheduleResult,
  type MarkAsPaidType,
  PAYMENT_FILTER_STATUSES,
  PAYMENT_FORM_MESSAGES,
  PAYMENT_MESSAGES,
  type ParsedCreatePaymentRequest,
  type PayContext,
  type PaymentDetail,
  type PaymentsQuery,
  type PaymentsSummary,
  type PaymentView,
  type TransferSpeedView,
} from '@ferry/domain/schemas';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.js';
import {
  compactIfNeeded,
  pendingRows,
  type RollupSpec,
  rollupColumn,
  rollupSource,
} from '../../platform/db/rollups.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import { type Actor, recordActivity } from '../activity/service.js';
import {
  type ApprovalViewer,
  approvalViews,
  cancelApproval,
  loadApprovals,
  submitForApprovalIfCovered,
} from '../approvals/flow.js';
import { type BusinessBankAccountRow, businessBankAccounts } from '../banking/tables.js';
import { scheduleOnBill } from '../bills/engine.js';
import { businessToday, findBillOrThrow } from '../bills/service.js';
import { bills } from '../bills/tables.js';
import { businesses } from '../businesses/tables.js';
import { quoteFee } from '../cards/fee-quote.js';
import { type CardRow, cards } from '../cards/tables.js';
import { containsPattern } from '../contacts/service.js';
import { type ContactRow, contacts } from '../contacts/tables.js';
import { findReceivedRequest, lockReceivedRequest } from '../payment-requests/service.js';
import { vendorBankAccounts } from '../vendor-banks/tables.js';
import { queueVendorPaymentMail } from './notify.js';
import {
  appendTimeline,
  applyPaymentEvent,
  lockPayment,
  type PaymentActor,
  type PaymentPatch,
  refreshBillPaymentState,
} from './state.js';
import { type PaymentRow, paymentStatusDeltas, paymentStatusRollups, payments } from './tables.js';
import {
  CHANGEABLE_STATUSES,
  joinedSelect,
  loadPaymentDetail,
  loadPaymentViews,
  type PaymentJoined,
  TIMELINE_LABELS,
  toPaymentView,
} from './views.js';

export type PaymentsContext = Pick<AppContext, 'database' | 'clock' | 'config' | 'jobs'>;

export const PAYMENT_ENTITY_TYPE = 'payments';
const ID = /^[0-9a-f]{24}$/;

export const paymentNotFound = () => new AppError('NOT_FOUND', PAYMENT_MESSAGES.paymentNotFound);
const instrumentNotFound = () => new AppError('NOT_FOUND', PAYMENT_MESSAGES.instrumentNotFound);
const fieldError = (
  code: 'UNPROCESSABLE' | 'INVALID_PROCESS_DATE' | 'AMOUNT_ABOVE_BALANCE',
  field: string,
  message: string,
) => new AppError(code, message, { errors: [{ field, message }] });

const toPaymentActor = (actor: Actor): PaymentActor => ({
  userId: actor.userId,
  name: actor.name ?? 'Ferry',
});

// ---------------------------------------------------------------------------------------------
// Instruments and payees

export type Instrument = { kind: 'BANK'; bank: BusinessBankAccountRow } | { kind: 'CARD'; card: CardRow };

/** A bank account or card of the business (not removed), or 404. */
export async function findInstrument(
  db: DbOrTx,
  businessId: string,
  instrumentId: string,
): Promise<Instrument> {
  if (!ID.test(instrumentId)) throw instrumentNotFound();
  const [bank] = await db
    .select()
    .from(businessBankAccounts)
    .where(
      and(
        eq(businessBankAccounts.id, instrumentId),
        eq(businessBankAccounts.businessId, businessId),
        isNull(businessBankAccounts.deletedAt),
      ),
    )
    .limit(1);
  if (bank) return { kind: 'BANK', bank };
  const [card] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, instrumentId), eq(cards.businessId, businessId), isNull(cards.deletedAt)))
    .limit(1);
  if (card) return { kind: 'CARD', card };
  throw instrumentNotFound();
}

/** A bank the business may pay from: verified (an instant bank whose login expired still pays). */
export const isPayingBank = (bank: BusinessBankAccountRow): boolean =>
  bank.verificationStatus === 'VERIFIED' &&
  (bank.accountStatus === 'VERIFIED' || bank.accountStatus === 'EXPIRED');

function assertPayingInstrument(instrument: Instrument): void {
  if (instrument.kind === 'BANK' && !isPayingBank(instrument.bank)) {
    throw new AppError('UNVERIFIED_BANK', PAYMENT_MESSAGES.verifiedBankRequired, {
      errors: [{ field: 'paymentInstrumentId', message: PAYMENT_MESSAGES.verifiedBankRequired }],
    });
  }
}

const instrumentColumns = (instrument: Instrument): PaymentPatch => ({
  method: instrument.kind,
  bankAccountId: instrument.kind === 'BANK' ? instrument.bank.id : null,
  cardId: instrument.kind === 'CARD' ? instrument.card.id : null,
});

export interface PayeeBank {
  /** The vendor has somewhere to receive the payment. */
  onFile: boolean;
  /** Its bank receives real-time payments (an instantly linked bank of a network vendor). */
  instant: boolean;
  /** A bank change hold in force until then. */
  holdUntil: Date | null;
  /** The bank it is paid into (name and last digits), when on file. */
  bank?: { bankName: string; accountMask: string } | null;
}

/** Where a vendor receives payments: its own banks (network vendor) or the banks the payer entered. */
export async function payeeBankOf(db: DbOrTx, vendor: ContactRow): Promise<PayeeBank> {
  if (vendor.networkBusinessId) {
    const rows = await db
      .select()
      .from(businessBankAccounts)
      .where(
        and(
          eq(businessBankAccounts.businessId, vendor.networkBusinessId),
          isNull(businessBankAccounts.deletedAt),
          eq(businessBankAccounts.verificationStatus, 'VERIFIED'),
        ),
      )
      .orderBy(desc(businessBankAccounts.isPrimary), desc(businessBankAccounts.sequence));
    const bank = rows[0];
    if (!bank) return { onFile: false, instant: false, holdUntil: null };
    const holds = rows.map((r) => r.holdUntil).filter((d): d is Date => d !== null);
    const holdUntil = holds.length ? new Date(Math.max(...holds.map((d) => d.getTime()))) : null;
    return {
      onFile: true,
      instant: bank.provider === 'PLAID',
      holdUntil,
      bank: { bankName: bank.bankName, accountMask: bank.accountMask },
    };
  }
  const [bank] = await db
    .select({
      id: vendorBankAccounts.id,
      bankName: vendorBankAccounts.bankName,
      accountMask: vendorBankAccounts.accountMask,
    })
    .from(vendorBankAccounts)
    .where(
      and(eq(vendorBankAccounts.contactId, vendor.id), ne(vendorBankAccounts.verificationStatus, 'REJECTED')),
    )
    .orderBy(desc(vendorBankAccounts.isPrimary), desc(vendorBankAccounts.sequence))
    .limit(1);
  return {
    onFile: Boolean(bank),
    instant: false,
    holdUntil: null,
    bank: bank ? { bankName: bank.bankName, accountMask: bank.accountMask } : null,
  };
}

export async function findVendor(db: DbOrTx, businessId: string, vendorId: string): Promise<ContactRow> {
  const [vendor] = ID.test(vendorId)
    ? await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.id, vendorId), eq(contacts.businessId, businessId)))
        .limit(1)
    : [];
  if (!vendor) throw new AppError('NOT_FOUND', 'Vendor not found.');
  return vendor;
}

/** The card fee the payer bears (the network payee's surcharge); 0 when none or when it cannot be quoted. */
async function cardFee(
  context: PaymentsContext,
  db: DbOrTx,
  options: { businessId: string; vendor: ContactRow; cardId: string; amountCents: number },
): Promise<number> {
  if (!options.vendor.networkBusinessId) return 0;
  // The quote reads through the caller's transaction (one connection on PGlite: never a second one).
  const inTx = { ...context, database: { ...context.database, db: db as unknown as Db } };
  try {
    const quote = await quoteFee(inTx, {
      businessId: options.businessId,
      payeeId: options.vendor.networkBusinessId,
      baseCents: options.amountCents,
      cardId: options.cardId,
    });
    return quote.feeCents;
  } catch (error) {
    if (error instanceof AppError) return 0;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Dates and speeds

/** A process date within today (New York) … 3 months, on a business day; else 422 INVALID_PROCESS_DATE. */
export function checkProcessDate(
  context: Pick<AppContext, 'clock'>,
  date: string,
  field = 'processDate',
): void {
  const today = businessToday(context);
  const bounds = processDateBounds(today);
  const fail = (message: string) => fieldError('INVALID_PROCESS_DATE', field, message);
  if (date < today) throw fail(PAYMENT_MESSAGES.processDatePast);
  if (date > bounds.max) throw fail(PAYMENT_MESSAGES.processDateTooFar);
  if (!isBusinessDay(date)) throw fail(PAYMENT_MESSAGES.processDateClosed);
}

interface Plan {
  processDate: string;
  expectedDeliveryEarliest: string;
  expectedDeliveryLatest: string;
}

/** The speed rules and the delivery plan; 422 SPEED_NOT_ALLOWED when the speed is not allowed. */
function planDelivery(
  context: Pick<AppContext, 'clock'>,
  options: {
    speed: DeliverySpeed;
    processDate: string;
    method: 'BANK' | 'CARD';
    amountCents: number;
    payee: PayeeBank;
  },
): Plan {
  const rules = allowedSpeeds({
    method: options.method,
    amountCents: options.amountCents,
    payeeBankInstant: options.payee.instant,
    payeeBankOnFile: options.payee.onFile,
  });
  const rule = rules[options.speed];
  if (!rule.allowed) {
    // The spec's sentence, then why (issue 15): 'This payment isn’t eligible … Card payments go …'.
    const message = rule.reason
      ? speedNotEligibleMessage(options.speed, rule.reason)
      : PAYMENT_MESSAGES.speedNotAllowed;
    throw new AppError('SPEED_NOT_ALLOWED', message, {
      errors: [{ field: 'deliverySpeed', message }],
    });
  }
  const plan = deliveryPlan({
    speed: options.speed,
    processDate: options.processDate,
    submittedAt: context.clock.now(),
    amountCents: options.amountCents,
  });
  return {
    processDate: plan.processOn,
    expectedDeliveryEarliest: plan.expectedDeliveryOn.earliest,
    expectedDeliveryLatest: plan.expectedDeliveryOn.latest,
  };
}

// ---------------------------------------------------------------------------------------------
// Create

const isAboveBalance = (error: unknown): error is AppError =>
  error instanceof AppError &&
  error.errorCode === 'UNPROCESSABLE' &&
  error.message.startsWith('Amount cannot exceed');

/** scheduleOnBill with the contract's error code (the guarded UPDATE keeps concurrent payments honest). */
async function scheduleAmount(tx: DbOrTx, billId: string, cents: number): Promise<void> {
  try {
    await scheduleOnBill(tx, billId, cents);
  } catch (error) {
    if (isAboveBalance(error)) throw fieldError('AMOUNT_ABOVE_BALANCE', 'amount', error.message);
    throw error;
  }
}

type CreateInput = Omit<ParsedCreatePaymentRequest, 'paymentRequestId'> & {
  paymentRequestId?: string | undefined;
};

async function existingByKey(db: DbOrTx, businessId: string, key: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.businessId, businessId), eq(payments.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/**
 * What a payment does once it may go ahead (at creation, or after its final approval): it waits for the
 * payer's verification (IN_QUEUE), or is scheduled (and held during a vendor bank change) when the vendor
 * has a bank, or waits for the vendor to accept; the vendor is mailed. `processDate` moves a payment
 * whose date passed while it waited for approval.
 */
export async function releasePayment(
  context: PaymentsContext,
  tx: DbOrTx,
  options: {
    paymentId: string;
    verified: boolean;
    payee: PayeeBank;
    actor: PaymentActor;
    at: Date;
    processDate?: string;
  },
): Promise<EnginePaymentStatus> {
  const { paymentId, verified, payee, actor, at: now } = options;
  let status: EnginePaymentStatus = 'PENDING';
  if (!verified) {
    status = (
      await applyPaymentEvent(tx, {
        paymentId,
        event: { type: 'QUEUE_UNVERIFIED' },
        actor,
        timeline: { action: 'IN_QUEUE', label: TIMELINE_LABELS.IN_QUEUE },
        at: now,
      })
    ).status;
  } else if (payee.onFile) {
    status = (
      await applyPaymentEvent(tx, {
        paymentId,
        event: { type: 'SCHEDULE', processDate: options.processDate },
        actor,
        timeline: { action: 'SCHEDULED', label: TIMELINE_LABELS.SCHEDULED },
        at: now,
      })
    ).status;
    if (payee.holdUntil && payee.holdUntil > now) {
      status = (
        await applyPaymentEvent(tx, {
          paymentId,
          event: { type: 'HOLD' },
          actor,
          timeline: { action: 'HOLD', label: TIMELINE_LABELS.HOLD },
          at: now,
          patch: { holdUntil: payee.holdUntil },
        })
      ).status;
    }
  }
  if (!payee.onFile) {
    await appendTimeline(tx, {
      paymentId,
      status,
      actor,
      timeline: { action: 'AWAITING_PAYEE', label: TIMELINE_LABELS.AWAITING_PAYEE },
      at: now,
    });
    await queueVendorPaymentMail(context, tx, { paymentId, kind: 'ACCEPT' });
  } else if (status === 'SCHEDULED' || status === 'HOLD') {
    await queueVendorPaymentMail(context, tx, { paymentId, kind: 'SCHEDULED' });
  }
  return status;
}

/**
 * Creates one payment inside `tx` (all checks, bill schedule, first status, timeline, mails). `isAuto`
 * marks a payment the auto-payment engine made (modules/auto-payments/engine.ts).
 */
export async function createPaymentInTx(
  context: PaymentsContext,
  tx: Tx,
  options: {
    businessId: string;
    actor: Actor;
    idempotencyKey: string | null;
    request: CreateInput;
    isAuto?: boolean;
  },
): Promise<string> {
  const { businessId, request } = options;
  const now = context.clock.now();
  if (options.idempotencyKey) {
    const existing = await existingByKey(tx, businessId, options.idempotencyKey);
    if (existing) return existing.id;
  }
  // A payment names only a request this business received: an unknown or another's answers 404.
  if (request.paymentRequestId) {
    await lockReceivedRequest(tx, { businessId, paymentRequestId: request.paymentRequestId });
  }
  const { bill } = await findBillOrThrow(tx, { businessId, billId: request.billId, forUpdate: true });
  const unscheduled = bill.balanceCents - bill.scheduledCents;
  if (bill.status === 'cancelled' || unscheduled <= 0) {
    throw fieldError('UNPROCESSABLE', 'billId', PAYMENT_MESSAGES.billClosed);
  }
  if (request.amount > unscheduled) {
    throw fieldError(
      'AMOUNT_ABOVE_BALANCE',
      'amount',
      PAYMENT_FORM_MESSAGES.amountAboveBalance(formatMoney(unscheduled)),
    );
  }
  const instrument = await findInstrument(tx, businessId, request.paymentInstrumentId);
  assertPayingInstrument(instrument);
  checkProcessDate(context, request.processDate);
  const vendor = await findVendor(tx, businessId, bill.vendorId);
  const payee = await payeeBankOf(tx, vendor);
  const feeCents =
    instrument.kind === 'CARD'
      ? await cardFee(context, tx, {
          businessId,
          vendor,
          cardId: instrument.card.id,
          amountCents: request.amount,
        })
      : 0;
  const plan = planDelivery(context, {
    speed: request.deliverySpeed,
    processDate: request.processDate,
    method: instrument.kind,
    amountCents: request.amount + feeCents,
    payee,
  });
  const [business] = await tx
    .select({ verificationStatus: businesses.verificationStatus, isGuest: businesses.isGuest })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  // A guest business (modules/guest) pays the one request it was made for once its person proved the
  // email and the phone: it is not held for a business verification it never goes through.
  const verified = business?.verificationStatus === 'FULL_VERIFIED' || business?.isGuest === true;

  const id = newId();
  await tx.insert(payments).values({
    id,
    businessId,
    vendorId: vendor.id,
    billId: bill.id,
    paymentRequestId: request.paymentRequestId ?? null,
    status: 'PENDING',
    ...instrumentColumns(instrument),
    amountCents: request.amount,
    feeCents,
    deliverySpeed: request.deliverySpeed,
    processDate: plan.processDate,
    expectedDeliveryEarliest: plan.expectedDeliveryEarliest,
    expectedDeliveryLatest: plan.expectedDeliveryLatest,
    remarks: request.remarks?.trim() || null,
    awaitingPayeeDetails: !payee.onFile,
    isAuto: options.isAuto ?? false,
    idempotencyKey: options.idempotencyKey,
    createdBy: options.actor.userId,
    createdAt: now,
    updatedAt: now,
  });
  const actor = toPaymentActor(options.actor);
  await appendTimeline(tx, {
    paymentId: id,
    status: 'PENDING',
    actor,
    timeline: { action: 'CREATED', label: TIMELINE_LABELS.CREATED, remarks: request.remarks?.trim() || null },
    at: now,
  });
  await scheduleAmount(tx, bill.id, request.amount);

  const inApproval = await submitForApprovalIfCovered(context, tx, {
    paymentId: id,
    businessId,
    vendorId: vendor.id,
    amountCents: request.amount,
    actor: options.actor,
    at: now,
  });
  if (!inApproval) await releasePayment(context, tx, { paymentId: id, verified, payee, actor, at: now });
  await refreshBillPaymentState(tx, bill.id);
  await recordActivity(tx, {
    businessId,
    entityType: PAYMENT_ENTITY_TYPE,
    entityId: id,
    subject: 'PayPayments',
    action: 'PAYMENT_CREATED',
    label: `Payment of ${formatMoney(request.amount)} created for bill ${bill.refNo}`,
    actor: options.actor,
    remarks: request.remarks?.trim() || null,
    at: now,
  });
  return id;
}

async function viewOrThrow(db: DbOrTx, businessId: string, paymentId: string): Promise<PaymentView> {
  const [view] = await loadPaymentViews(db, businessId, [paymentId]);
  if (!view) throw paymentNotFound();
  return view;
}

/** POST payments. */
export async function createPayment(
  context: PaymentsContext,
  options: { businessId: string; actor: Actor; idempotencyKey: string | null; request: CreateInput },
): Promise<PaymentView> {
  const { db } = context.database;
  const id = await db.transaction((tx) => createPaymentInTx(context, tx, options));
  return viewOrThrow(db, options.businessId, id);
}

/** POST payments/bulk-schedule: one payment per bill, each bill all-or-nothing in its own transaction. */
export async function bulkSchedule(
  context: PaymentsContext,
  options: { businessId: string; actor: Actor; idempotencyKey: string | null; requests: CreateInput[] },
): Promise<BulkScheduleResult> {
  const { db } = context.database;
  const results: BulkScheduleResult['results'] = [];
  for (const request of options.requests) {
    try {
      const id = await db.transaction((tx) =>
        createPaymentInTx(context, tx, {
          businessId: options.businessId,
          actor: options.actor,
          idempotencyKey: options.idempotencyKey ? `${options.idempotencyKey}:${request.billId}` : null,
          request,
        }),
      );
      results.push({
        billId: request.billId,
        ok: true,
        payment: await viewOrThrow(db, options.businessId, id),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({
        billId: request.billId,
        ok: false,
        error: { errorCode: error.errorCode, message: error.message },
      });
    }
  }
  return { results };
}

// ---------------------------------------------------------------------------------------------
// Reads

const SORT_COLUMNS = {
  dueDate: bills.dueDate,
  processDate: payments.processDate,
  amount: payments.amountCents,
  vendorName: sql`lower(${contacts.name})`,
  status: payments.status,
  createdAt: payments.createdAt,
} as const;

/** GET payments: the payer's payments, filtered, sorted and paged. */
export async function listPayments(
  context: PaymentsContext,
  options: { businessId: string; query: PaymentsQuery },
): Promise<{ items: PaymentView[]; total: number; pageNumber: number; pageSize: number }> {
  const { db } = context.database;
  const { query } = options;
  const conditions: SQL[] = [eq(payments.businessId, options.businessId)];
  if (query.vendorName) conditions.push(ilike(contacts.name, containsPattern(query.vendorName)));
  if (query.vendorId) conditions.push(eq(payments.vendorId, query.vendorId));
  if (query.billId) conditions.push(eq(payments.billId, query.billId));
  if (query.filterType) conditions.push(inArray(payments.status, PAYMENT_FILTER_STATUSES[query.filterType]));
  if (query.status.length > 0) conditions.push(inArray(payments.status, query.status));
  const where = and(...conditions) as SQL;
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const rows = await joinedSelect(db)
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sortBy]), direction(payments.sequence))
    .limit(query.pageSize)
    .offset((query.pageNumber - 1) * query.pageSize);
  const [total] = await db
    .select({ total: count() })
    .from(payments)
    .innerJoin(contacts, eq(contacts.id, payments.vendorId))
    .where(where);
  return {
    items: rows.map((r) => toPaymentView(r as PaymentJoined)),
    total: Number(total?.total ?? 0),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

export function getPayments(context: PaymentsContext, options: { businessId: string; paymentIds: string[] }) {
  return loadPaymentViews(context.database.db, options.businessId, options.paymentIds);
}

export async function getPaymentDetail(
  context: PaymentsContext,
  options: { businessId: string; paymentId: string; viewer?: ApprovalViewer },
): Promise<PaymentDetail> {
  const { db } = context.database;
  const detail = await loadPaymentDetail(db, options.businessId, options.paymentId);
  if (!detail) throw paymentNotFound();
  if (!options.viewer) return detail;
  const loaded = await loadApprovals(db, options.businessId, [options.paymentId]);
  const views = await approvalViews(db, options.businessId, loaded, options.viewer, context.clock.now());
  return { ...detail, approval: views.get(options.paymentId) ?? null };
}

/** The payer's payments per status (migration 0013): how many and their amount. */
export const paymentStatusRollup: RollupSpec = {
  name: 'payment_statuses',
  rollup: paymentStatusRollups,
  deltas: paymentStatusDeltas,
  keys: ['status'],
  measures: ['paymentCount', 'amountCents'],
};

/** GET bills/summary/payments: the Payments tab's summary cards. */
export async function paymentsSummary(
  context: PaymentsContext,
  businessId: string,
): Promise<PaymentsSummary> {
  const { db } = context.database;
  const status = rollupColumn(paymentStatusRollup, 'status');
  const rows = await db
    .select({
      status: sql<EnginePaymentStatus>`${status}`,
      amount: sql<string | null>`sum(${rollupColumn(paymentStatusRollup, 'amountCents')})`,
      total: sql<string | null>`sum(${rollupColumn(paymentStatusRollup, 'paymentCount')})`,
      pending: pendingRows(paymentStatusRollup),
    })
    .from(rollupSource(paymentStatusRollup, businessId))
    .groupBy(status);
  const pending = rows.reduce((acc, r) => acc + Number(r.pending), 0);
  await compactIfNeeded(db, paymentStatusRollup, businessId, pending);
  const bucket = (statuses: EnginePaymentStatus[]) => {
    const picked = rows.filter((r) => statuses.includes(r.status));
    const cents = picked.reduce((acc, r) => acc + Number(r.amount ?? 0), 0);
    return { amount: centsToAmount(cents), total: picked.reduce((acc, r) => acc + Number(r.total ?? 0), 0) };
  };
  return {
    attentionRequired: bucket(PAYMENT_FILTER_STATUSES.ATTENTION_REQUIRED),
    processing: bucket(PAYMENT_FILTER_STATUSES.PROCESSING),
    scheduled: bucket(PAYMENT_FILTER_STATUSES.SCHEDULED),
  };
}

/** POST payments/transfer/speed: which speeds this payment may use and when each would arrive. */
export async function transferSpeeds(
  context: PaymentsContext,
  options: {
    businessId: string;
    request: {
      paymentInstrumentId: string;
      amount: number;
      payeeId?: string | undefined;
      billId?: string | undefined;
      paymentRequestId?: string | undefined;
      processDate?: string | undefined;
    };
  },
): Promise<TransferSpeedView> {
  const { db } = context.database;
  const { businessId, request } = options;
  const instrument = await findInstrument(db, businessId, request.paymentInstrumentId);
  // The request being paid must be one this business received, as for the payment itself (404).
  if (request.paymentRequestId) {
    await findReceivedRequest(db, { businessId, paymentRequestId: request.paymentRequestId });
  }
  let vendor: ContactRow | null = null;
  if (request.billId) {
    const { bill } = await findBillOrThrow(db, { businessId, billId: request.billId });
    vendor = await findVendor(db, businessId, bill.vendorId);
  } else if (request.payeeId) {
    vendor = await findVendor(db, businessId, request.payeeId);
  }
  const payee: PayeeBank = vendor
    ? await payeeBankOf(db, vendor)
    : { onFile: true, instant: false, holdUntil: null };
  const rules = allowedSpeeds({
    method: instrument.kind,
    amountCents: request.amount,
    payeeBankInstant: payee.instant,
    payeeBankOnFile: payee.onFile,
  });
  const processDate = request.processDate ?? businessToday(context);
  const speeds = Object.fromEntries(
    DELIVERY_SPEEDS.map((speed) => {
      const plan = deliveryPlan({
        speed,
        processDate,
        submittedAt: context.clock.now(),
        amountCents: request.amount,
      });
      return [
        speed,
        {
          allowed: rules[speed].allowed,
          message: rules[speed].message,
          reasonText: rules[speed].reasonText,
          note: rules[speed].allowed && plan.cutoffPassed ? cutoffPassedText(speed, plan.processOn) : null,
          processOn: plan.processOn,
          expectedDelivery: plan.expectedDeliveryOn,
        },
      ];
    }),
  ) as TransferSpeedView['speeds'];
  return { speeds, method: instrument.kind };
}

/** GET payments/pay-context?billId=: the server's business today and where the bill's vendor is paid. */
export async function payContext(
  context: PaymentsContext,
  options: { businessId: string; billId: string },
): Promise<PayContext> {
  const { db } = context.database;
  const { bill } = await findBillOrThrow(db, { businessId: options.businessId, billId: options.billId });
  const vendor = await findVendor(db, options.businessId, bill.vendorId);
  const payee = await payeeBankOf(db, vendor);
  return { today: businessToday(context), receivingBank: payee.bank ?? null };
}

// ---------------------------------------------------------------------------------------------
// Changes

export async function lockOwnPayment(tx: DbOrTx, businessId: string, paymentId: string): Promise<PaymentRow> {
  if (!ID.test(paymentId)) throw paymentNotFound();
  const row = await lockPayment(tx, paymentId);
  if (!row || row.businessId !== businessId) throw paymentNotFound();
  return row;
}

/** The instrument, fee and plan of a payment moved to `processDate` (and maybe another instrument). */
async function replan(
  context: PaymentsContext,
  tx: DbOrTx,
  row: PaymentRow,
  options: { processDate: string; instrumentId?: string | undefined },
): Promise<{ patch: PaymentPatch; plan: Plan }> {
  let patch: PaymentPatch = {};
  let method = row.method ?? 'BANK';
  let feeCents = row.feeCents;
  let speed: DeliverySpeed = row.deliverySpeed ?? 'STANDARD';
  const current = row.cardId ?? row.bankAccountId;
  if (options.instrumentId && options.instrumentId !== current) {
    const instrument = await findInstrument(tx, row.businessId, options.instrumentId);
    assertPayingInstrument(instrument);
    method = instrument.kind;
    // A new payment source resets the speed to STANDARD (spec 002 §4) and re-quotes the card fee.
    speed = 'STANDARD';
    const vendor = await findVendor(tx, row.businessId, row.vendorId);
    feeCents =
      instrument.kind === 'CARD'
        ? await cardFee(context, tx, {
            businessId: row.businessId,
            vendor,
            cardId: instrument.card.id,
            amountCents: row.amountCents,
          })
        : 0;
    patch = { ...instrumentColumns(instrument), feeCents, deliverySpeed: speed };
  } else {
    const instrument = await findInstrument(tx, row.businessId, current ?? '');
    assertPayingInstrument(instrument);
  }
  checkProcessDate(context, options.processDate, 'scheduledDate');
  const vendor = await findVendor(tx, row.businessId, row.vendorId);
  const payee = await payeeBankOf(tx, vendor);
  const plan = planDelivery(context, {
    speed,
    processDate: options.processDate,
    method,
    amountCents: row.amountCents + feeCents,
    payee: row.awaitingPayeeDetails ? { ...payee, onFile: false } : payee,
  });
  return {
    patch: {
      ...patch,
      expectedDeliveryEarliest: plan.expectedDeliveryEarliest,
      expectedDeliveryLatest: plan.expectedDeliveryLatest,
    },
    plan,
  };
}

/** PATCH payments/:id/reschedule/scheduled-payment. */
export async function reschedulePayment(
  context: PaymentsContext,
  options: {
    businessId: string;
    paymentId: string;
    actor: Actor;
    request: {
      scheduledDate: string;
      paymentInstrumentId?: string | undefined;
      remarks?: string | undefined;
    };
  },
): Promise<PaymentView> {
  const { db } = context.database;
  const now = context.clock.now();
  await db.transaction(async (tx) => {
    const row = await lockOwnPayment(tx, options.businessId, options.paymentId);
    if (row.method === null || !CHANGEABLE_STATUSES.includes(row.status)) {
      throw new AppError('ILLEGAL_TRANSITION', PAYMENT_MESSAGES.cannotReschedule);
    }
    const { patch, plan } = await replan(context, tx, row, {
      processDate: options.request.scheduledDate,
      instrumentId: options.request.paymentInstrumentId,
    });
    const remarks = options.request.remarks?.trim();
    const fullPatch: PaymentPatch = {
      ...patch,
      ...(remarks !== undefined ? { remarks: remarks || null } : {}),
    };
    const actor = toPaymentActor(options.actor);
    const timeline = {
      action: 'PAYMENT_RESCHEDULED' as const,
      label: TIMELINE_LABELS.PAYMENT_RESCHEDULED,
      remarks: remarks || null,
      data: { from: row.processDate, to: plan.processDate },
    };
    if (row.status === 'SCHEDULED') {
      await applyPaymentEvent(tx, {
        paymentId: row.id,
        event: { type: 'RESCHEDULE', processDate: plan.processDate },
        actor,
        timeline,
        at: now,
        patch: fullPatch,
        illegalMessage: PAYMENT_MESSAGES.cannotReschedule,
      });
      // Scheduled before a policy covered it: rescheduling puts it through approval (never twice).
      if ((await loadApprovals(tx, options.businessId, [row.id])).size === 0) {
        await submitForApprovalIfCovered(context, tx, {
          paymentId: row.id,
          businessId: options.businessId,
          vendorId: row.vendorId,
          amountCents: row.amountCents,
          actor: options.actor,
          at: now,
        });
      }
    } else {
      // Not yet scheduled (waiting for verification, the vendor or a hold): only the dates move.
      await tx
        .update(payments)
        .set({
          ...fullPatch,
          processDate: plan.processDate,
          updatedAt: now,
          version: sql`${payments.version} + 1`,
        })
        .where(eq(payments.id, row.id));
      await appendTimeline(tx, { paymentId: row.id, status: row.status, actor, timeline, at: now });
    }
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: PAYMENT_ENTITY_TYPE,
      entityId: row.id,
      subject: 'PayPayments',
      action: 'PAYMENT_RESCHEDULED',
      label: TIMELINE_LABELS.PAYMENT_RESCHEDULED,
      actor: options.actor,
      remarks: remarks || null,
      data: { from: row.processDate, to: plan.processDate },
      at: now,
    });
  });
  return viewOrThrow(db, options.businessId, options.paymentId);
}

/** PATCH payments/:id/cancel/scheduled-payment. */
export async function cancelPayment(
  context: PaymentsContext,
  options: { businessId: string; paymentId: string; actor: Actor; statusReason?: string | undefined },
): Promise<PaymentView> {
  const { db } = context.database;
  await db.transaction((tx) => cancelPaymentInTx(context, tx, options));
  return viewOrThrow(db, options.businessId, options.paymentId);
}

/** Cancels a payment inside `tx` (409 ILLEGAL_TRANSITION when it can no longer be cancelled). */
export async function cancelPaymentInTx(
  context: Pick<AppContext, 'clock'>,
  tx: DbOrTx,
  options: { businessId: string; paymentId: string; actor: Actor; statusReason?: string | undefined },
): Promise<void> {
  const now = context.clock.now();
  const row = await lockOwnPayment(tx, options.businessId, options.paymentId);
  if (row.method === null || !CHANGEABLE_STATUSES.includes(row.status)) {
    throw new AppError('ILLEGAL_TRANSITION', PAYMENT_MESSAGES.cannotCancel);
  }
  const reason = options.statusReason?.trim() || null;
  await applyPaymentEvent(tx, {
    paymentId: row.id,
    event: { type: 'CANCEL' },
    actor: toPaymentActor(options.actor),
    timeline: { action: 'CANCELED', label: TIMELINE_LABELS.CANCELED, remarks: reason },
    at: now,
    patch: { awaitingPayeeDetails: false },
    illegalMessage: PAYMENT_MESSAGES.cannotCancel,
  });
  if (row.status === 'IN_APPROVAL') await cancelApproval(tx, row.id, now);
  await recordActivity(tx, {
    businessId: options.businessId,
    entityType: PAYMENT_ENTITY_TYPE,
    entityId: row.id,
    subject: 'PayPayments',
    action: 'PAYMENT_CANCELED',
    label: TIMELINE_LABELS.CANCELED,
    actor: options.actor,
    remarks: reason,
    at: now,
  });
}

/** POST payments/reattempt: a failed payment (retryable failure) is scheduled again. */
export async function reattemptPayment(
  context: PaymentsContext,
  options: {
    businessId: string;
    actor: Actor;
    request: {
      paymentId: string;
      scheduledDate?: string | undefined;
      paymentInstrumentId?: string | undefined;
    };
  },
): Promise<PaymentView> {
  const { db } = context.database;
  const now = context.clock.now();
  const { paymentId } = options.request;
  await db.transaction(async (tx) => {
    const row = await lockOwnPayment(tx, options.businessId, paymentId);
    const blocker = row.method === null ? 'ILLEGAL_TRANSITION' : reattemptBlocker(row);
    if (blocker === 'REATTEMPT_LIMIT_REACHED')
      throw new AppError('REATTEMPT_LIMIT', PAYMENT_MESSAGES.reattemptLimit);
    if (blocker) throw new AppError('ILLEGAL_TRANSITION', PAYMENT_MESSAGES.cannotReattempt);
    // Default: the first day the rails take it (today before the cutoff, else the next business day).
    const requested =
      options.request.scheduledDate ??
      deliveryPlan({
        speed: 'STANDARD',
        processDate: businessToday(context),
        submittedAt: now,
        amountCents: row.amountCents,
      }).processOn;
    const { patch, plan } = await replan(context, tx, row, {
      processDate: requested,
      instrumentId: options.request.paymentInstrumentId,
    });
    try {
      await applyPaymentEvent(tx, {
        paymentId: row.id,
        event: { type: 'REATTEMPT', processDate: plan.processDate },
        actor: toPaymentActor(options.actor),
        timeline: { action: 'PAYMENT_RETRIED', label: TIMELINE_LABELS.PAYMENT_RETRIED },
        at: now,
        patch,
        illegalMessage: PAYMENT_MESSAGES.cannotReattempt,
      });
    } catch (error) {
      if (isAboveBalance(error)) throw fieldError('AMOUNT_ABOVE_BALANCE', 'amount', error.message);
      throw error;
    }
    await recordActivity(tx, {
      businessId: options.businessId,
      entityType: PAYMENT_ENTITY_TYPE,
      entityId: row.id,
      subject: 'PayPayments',
      action: 'PAYMENT_RETRIED',
      label: TIMELINE_LABELS.PAYMENT_RETRIED,
      actor: options.actor,
      at: now,
    });
  });
  return viewOrThrow(db, options.businessId, paymentId);
}

/** PATCH payments/:id/resend-accept-payment-reminder. */
export async function resendAcceptReminder(
  context: PaymentsContext,
  options: { businessId: string; paymentId: string; actor: Actor },
): Promise<PaymentView> {
  const { db } = context.database;
  const now = context.clock.now();
  await db.transaction(async (tx) => {
    const row = await lockOwnPayment(tx, options.businessId, options.paymentId);
    if (!row.awaitingPayeeDetails || !CHANGEABLE_STATUSES.includes(row.status)) {
      throw new AppError('CONFLICT', PAYMENT_MESSAGES.noAcceptReminder);
    }
    await tx
      .update(payments)
      .set({ acceptReminderSentAt: now, updatedAt: now, version: sql`${payments.version} + 1` })
      .where(eq(payments.id, row.id));
    await appendTimeline(tx, {
      paymentId: row.id,
      status: row.status,
      actor: toPaymentActor(options.actor),
      timeline: { action: 'ACCEPT_REMINDER_SENT', label: TIMELINE_LABELS.ACCEPT_REMINDER_SENT },
      at: now,
    });
    await queueVendorPaymentMail(context, tx, { paymentId: row.id, kind: 'ACCEPT_REMINDER' });
  });
  return viewOrThrow(db, options.businessId, options.paymentId);
}

// ---------------------------------------------------------------------------------------------
// Mark as paid

/** PATCH mark-{type}-as-paid: records a MARKED_AS_PAID payment; no money moves. */
export async function markAsPaid(
  context: PaymentsContext,
  options: {
    businessId: string;
    actor: Actor;
    type: MarkAsPaidType;
    idempotencyKey: string | null;
    request: {
      id: string;
      amount: number;
      date: string;
      paymentInstrumentId: string;
      remarks?: string | undefined;
    };
  },
): Promise<PaymentView> {
  if (options.type !== 'bill') throw new AppError('NOT_FOUND', 'Invoice not found.');
  const { db } = context.database;
  const { businessId, request } = options;
  const now = context.clock.now();
  const id = await db.transaction(async (tx) => {
    if (options.idempotencyKey) {
      const existing = await existingByKey(tx, businessId, `mark:${options.idempotencyKey}`);
      if (existing) return existing.id;
    }
    const { bill } = await findBillOrThrow(tx, { businessId, billId: request.id, forUpdate: true });
    const due = bill.balanceCents - bill.scheduledCents;
    if (bill.status === 'cancelled' || due <= 0)
      throw fieldError('UNPROCESSABLE', 'id', PAYMENT_MESSAGES.billClosed);
    if (request.amount < MIN_AMOUNT_CENTS) {
      throw fieldError('UNPROCESSABLE', 'amount', PAYMENT_FORM_MESSAGES.markPaidMin);
    }
    if (request.amount > due) {
      throw fieldError('UNPROCESSABLE', 'amount', PAYMENT_FORM_MESSAGES.markPaidMax(formatMoney(due)));
    }
    if (request.date > businessToday(context)) {
      throw fieldError('UNPROCESSABLE', 'date', PAYMENT_MESSAGES.markPaidDateFuture);
    }
    const instrument = await findInstrument(tx, businessId, request.paymentInstrumentId);
    if (instrument.kind !== 'BANK') {
      throw fieldError('UNPROCESSABLE', 'paymentInstrumentId', PAYMENT_MESSAGES.markPaidAccountRequired);
    }
    const paymentId = newId();
    const remarks = request.remarks?.trim() || null;
    await tx.insert(payments).values({
      id: paymentId,
      businessId,
      vendorId: bill.vendorId,
      billId: bill.id,
      status: 'PENDING',
      method: null,
      bankAccountId: instrument.bank.id,
      amountCents: request.amount,
      processDate: request.date,
      paidDate: request.date,
      remarks,
      idempotencyKey: options.idempotencyKey ? `mark:${options.idempotencyKey}` : null,
      createdBy: options.actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await applyPaymentEvent(tx, {
      paymentId,
      event: { type: 'MARK_AS_PAID' },
      actor: toPaymentActor(options.actor),
      timeline: { action: 'MARKED_AS_PAID', label: TIMELINE_LABELS.MARKED_AS_PAID, remarks },
      at: now,
    });
    await recordActivity(tx, {
      businessId,
      entityType: PAYMENT_ENTITY_TYPE,
      entityId: paymentId,
      subject: 'PayPayments',
      action: 'BILL_MARKED_AS_PAID',
      label: `Bill ${bill.refNo} marked as paid (${formatMoney(request.amount)})`,
      actor: options.actor,
      remarks,
      at: now,
    });
    return paymentId;
  });
  return viewOrThrow(db, businessId, id);
}

/**
 * Accounting sync: the business's delivered payments (each pays one bill), in order, for writing back to
 * the books as bill payments; `afterSequence` pages through them.
 */
export async function deliveredPaymentsPage(
  db: DbOrTx,
  options: { businessId: string; afterSequence: number; limit: number },
) {
  return db
    .select({
      id: payments.id,
      billId: payments.billId,
      vendorId: payments.vendorId,
      amountCents: payments.amountCents,
      method: payments.method,
      bankAccountId: payments.bankAccountId,
      cardId: payments.cardId,
      paidDate: payments.paidDate,
      processDate: payments.processDate,
      railsData: payments.railsData,
      sequence: payments.sequence,
    })
    .from(payments)
    .where(
      and(
        eq(payments.businessId, options.businessId),
        eq(payments.status, 'DELIVERED'),
        gt(payments.sequence, options.afterSequence),
      ),
    )
    .orderBy(asc(payments.sequence))
    .limit(options.limit);
}
