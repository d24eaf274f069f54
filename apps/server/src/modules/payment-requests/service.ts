import { PAYMENT_REQUEST_EVENTS } from '@ferry/domain/catalogues';
import { isCalendarDate, toDayNumber } from '@ferry/domain/dates';
import { centsToAmount } from '@ferry/domain/money';
import {
  type ActorType,
  billReferenceSchema,
  lineAmountCents,
  OPEN_PAYMENT_REQUEST_STATUSES,
  PAYMENT_REQUEST_LIMITS,
  PAYMENT_REQUEST_MESSAGES,
  type PaymentRequestDetail,
  type PaymentRequestEventView,
  type PaymentRequestListItem,
  type PaymentRequestSender,
  type PaymentRequestStatus,
  type PaymentRequestsQuery,
  type PaymentRequestsReviewSummary,
  quantityFromE4,
} from '@ferry/domain/schemas';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context.js';
import type { DbOrTx } from '../../platform/db/client.js';
import {
  compactIfNeeded,
  pendingRows,
  type RollupSpec,
  rollupColumn,
  rollupSource,
} from '../../platform/db/rollups.js';
import { AppError } from '../../platform/http/errors.js';
import { newId } from '../../platform/ids.js';
import type { Actor } from '../activity/service.js';
import { businessToday, dueWindows } from '../bills/service.js';
import { bills } from '../bills/tables.js';
import { businesses } from '../businesses/tables.js';
import { containsPattern } from '../contacts/service.js';
import { contacts } from '../contacts/tables.js';
import { toAddressView } from '../contacts/views.js';
import { businessPreferences } from '../preferences/tables.js';
import { users } from '../users/tables.js';
import {
  type PaymentRequestRow,
  type PaymentRequestSource,
  paymentRequestEvents,
  paymentRequestReviewDeltas,
  paymentRequestReviewRollups,
  paymentRequests,
  type StoredRequestLine,
} from './tables.js';

type Context = Pick<AppContext, 'database' | 'clock'>;

const ID = /^[0-9a-f]{24}$/;

export const paymentRequestNotFound = () => new AppError('NOT_FOUND', PAYMENT_REQUEST_MESSAGES.notFound);

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { errors: [{ field, message }] });

// ---------------------------------------------------------------------------------------------
// Events (the request's timeline)
// ---------------------------------------------------------------------------------------------

/** Timeline actions beyond the spec's events (§4): the payer's steps on a request. */
export const PAYMENT_REQUEST_PAYER_EVENTS = {
  VENDOR_MAPPED: 'Vendor mapped',
  BILL_CREATED: 'Bill created',
  BILL_LINKED: 'Bill linked',
} as const;

export type PaymentRequestAction =
  | keyof typeof PAYMENT_REQUEST_EVENTS
  | keyof typeof PAYMENT_REQUEST_PAYER_EVENTS;

const LABEL_OF: Record<PaymentRequestAction, string> = {
  ...PAYMENT_REQUEST_EVENTS,
  ...PAYMENT_REQUEST_PAYER_EVENTS,
};

export interface NewPaymentRequestEvent {
  paymentRequestId: string;
  action: PaymentRequestAction;
  actor: Actor;
  remarks?: string | null;
  data?: Record<string, unknown> | null;
  at: Date;
}

/** Appends events to requests' timelines (one insert), in the caller's transaction. */
export async function recordPaymentRequestEvents(
  tx: DbOrTx,
  events: readonly NewPaymentRequestEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(paymentRequestEvents).values(
    events.map((options) => ({
      id: newId(),
      paymentRequestId: options.paymentRequestId,
      action: options.action,
      label: LABEL_OF[options.action],
      actorType: options.actor.type,
      actorUserId: options.actor.userId,
      actorName: options.actor.name,
      remarks: options.remarks ?? null,
      data: options.data ?? null,
      createdAt: options.at,
    })),
  );
}

/** Appends one event to a request's timeline, in the caller's transaction. */
export const recordPaymentRequestEvent = (tx: DbOrTx, options: NewPaymentRequestEvent): Promise<void> =>
  recordPaymentRequestEvents(tx, [options]);

// ---------------------------------------------------------------------------------------------
// Creating a request (the Get Paid side calls this)
// ---------------------------------------------------------------------------------------------

/** The live request (not VOID or CANCELLED) of a sender's invoice, if any. */
export async function liveRequestOfInvoice(
  db: DbOrTx,
  payeeBusinessId: string,
  invoiceId: string,
): Promise<PaymentRequestRow | null> {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.payeeBusinessId, payeeBusinessId),
        eq(paymentRequests.invoiceId, invoiceId),
        sql`${paymentRequests.state} not in ('VOID', 'CANCELLED')`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** One invoice line: quantity (decimal, at most 4 places) and unit price in cents. */
export interface NewPaymentRequestLine {
  itemName: string;
  description?: string | null;
  /** Decimal quantity, e.g. 1.5 (at most 4 decimals). */
  quantity: number;
  unitPriceCents: number;
}

export interface NewPaymentRequest {
  /** The sender: the business that gets paid. */
  payeeBusinessId: string;
  /** The receiver: the business asked to pay. */
  payerBusinessId: string;
  /** The sender's customer contact for the payer, when known. */
  payerContactId?: string | null;
  /** The sender's invoice id: one live request per invoice (a second call answers the first request). */
  invoiceId?: string | null;
  /** Invoice number (the bill reference rule: at most 21 of letters, digits, & - _ . and space). */
  refNo: string;
  invoiceDate: string;
  dueDate: string;
  lines: NewPaymentRequestLine[];
  discountCents?: number;
  taxCents?: number;
  memo?: string | null;
  /** Who sent it (a user of the sender, or SYSTEM for automatic requests). */
  actor: Actor;
  /** AUTO_PAYMENT_REQUESTED instead of PAYMENT_REQUESTED on the timeline. */
  auto?: boolean;
  source?: PaymentRequestSource;
  at: Date;
}

const QUANTITY = /^\d{1,10}(?:\.\d{1,4})?$/;

/** The stored lines and totals of a new request, or a VALIDATION_ERROR naming the field. */
function priceRequest(input: NewPaymentRequest) {
  if (input.lines.length === 0) throw invalid('lines', 'Add at least one line item.');
  if (input.lines.length > PAYMENT_REQUEST_LIMITS.maxLines) {
    throw invalid(
      'lines',
      `A payment request can have at most ${PAYMENT_REQUEST_LIMITS.maxLines} line items.`,
    );
  }
  const lines: StoredRequestLine[] = input.lines.map((line, index) => {
    const itemName = line.itemName.trim();
    if (itemName === '' || itemName.length > 200) {
      throw invalid(`lines.${index}.itemName`, 'Item name is required (at most 200 characters).');
    }
    const quantityText = String(line.quantity);
    if (!QUANTITY.test(quantityText) || line.quantity <= 0) {
      throw invalid(`lines.${index}.quantity`, 'Quantity must be greater than 0.');
    }
    const quantityE4 = Math.round(line.quantity * 10_000);
    if (!Number.isSafeInteger(line.unitPriceCents) || line.unitPriceCents < 0) {
      throw invalid(`lines.${index}.unitPrice`, 'Please enter a valid unit price.');
    }
    const description = line.description?.trim() ? line.description.trim().slice(0, 500) : null;
    return {
      itemName,
      description,
      quantityE4,
      unitPriceCents: line.unitPriceCents,
      amountCents: lineAmountCents(quantityE4, line.unitPriceCents),
    };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const discountCents = input.discountCents ?? 0;
  const taxCents = input.taxCents ?? 0;
  if (!Number.isSafeInteger(discountCents) || discountCents < 0 || discountCents > subtotalCents) {
    throw invalid('discount', 'Discount cannot be more than the subtotal.');
  }
  if (!Number.isSafeInteger(taxCents) || taxCents < 0)
    throw invalid('taxAmount', 'Please enter a valid tax.');
  const amountCents = subtotalCents - discountCents + taxCents;
  if (amountCents < 100) throw invalid('amount', 'Payment request amount must be at least $1.00.');
  return { lines, subtotalCents, discountCents, taxCents, amountCents };
}

/**
 * Sends a payment request from the payee business to the payer business, in the caller's transaction
 * (the Get Paid issue calls this when an invoice is sent to a customer on Ferry).
 *
 * - Checks the invoice: reference rule (≤ 21 of letters, digits, & - _ . space), dates (due not before
 *   the invoice date), 1–100 lines (quantity > 0 with ≤ 4 decimals, unit price ≥ 0 cents), discount ≤
 *   subtotal, total ≥ $1.00. Line amounts are round(quantity × unit price), as on bills, so the bill
 *   made by link-bill has the same total. Throws VALIDATION_ERROR (400) naming the field.
 * - Idempotent per `invoiceId`: while a request for that invoice is live (not VOID/CANCELLED), the same
 *   request is answered (`created: false`).
 * - Maps the payer's vendor at once when the payer already has a vendor contact linked to the payee on
 *   the Ferry network; otherwise the payer maps one from For Review (map-business).
 * - Writes the PAYMENT_REQUESTED ('Requested') or AUTO_PAYMENT_REQUESTED event.
 */
export async function createPaymentRequest(
  tx: DbOrTx,
  input: NewPaymentRequest,
): Promise<{ paymentRequest: PaymentRequestRow; created: boolean }> {
  if (input.payeeBusinessId === input.payerBusinessId) {
    throw new AppError('BAD_REQUEST', PAYMENT_REQUEST_MESSAGES.ownBusiness);
  }
  const reference = billReferenceSchema.safeParse(input.refNo);
  if (!reference.success) throw invalid('refNo', reference.error.issues[0]?.message ?? 'Invalid reference.');
  if (!isCalendarDate(input.invoiceDate)) throw invalid('invoiceDate', 'Please enter a valid date.');
  if (!isCalendarDate(input.dueDate)) throw invalid('dueDate', 'Please enter a valid date.');
  if (toDayNumber(input.dueDate) < toDayNumber(input.invoiceDate)) {
    throw invalid('dueDate', 'Due date cannot be before the invoice date.');
  }
  const priced = priceRequest(input);

  const parties = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(inArray(businesses.id, [input.payeeBusinessId, input.payerBusinessId]));
  if (parties.length !== 2) throw new AppError('NOT_FOUND', 'Business not found');

  const invoiceId = input.invoiceId?.trim() ? input.invoiceId.trim() : null;
  if (invoiceId) {
    // Serialise senders of the same invoice (two sends at once make one request).
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`payment-request:${input.payeeBusinessId}:${invoiceId}`}))`,
    );
    const existing = await liveRequestOfInvoice(tx, input.payeeBusinessId, invoiceId);
    if (existing) return { paymentRequest: existing, created: false };
  }

  const [vendor] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.businessId, input.payerBusinessId),
        eq(contacts.type, 'VENDOR'),
        eq(contacts.networkBusinessId, input.payeeBusinessId),
      ),
    )
    .limit(1);

  const [row] = await tx
    .insert(paymentRequests)
    .values({
      id: newId(),
      payeeBusinessId: input.payeeBusinessId,
      payerBusinessId: input.payerBusinessId,
      payerContactId: input.payerContactId ?? null,
      vendorContactId: vendor?.id ?? null,
      invoiceId,
      refNo: reference.data,
      invoiceDate: input.invoiceDate,
      dueDate: input.dueDate,
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      taxCents: priced.taxCents,
      amountCents: priced.amountCents,
      balanceCents: priced.amountCents,
      lines: priced.lines,
      memo: input.memo?.trim() ? input.memo.trim().slice(0, 500) : null,
      state: 'CREATED',
      source: input.source ?? 'FERRY',
      createdBy: input.actor.userId,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  if (!row) throw new Error('payment request not inserted');
  await recordPaymentRequestEvent(tx, {
    paymentRequestId: row.id,
    action: input.auto ? 'AUTO_PAYMENT_REQUESTED' : 'PAYMENT_REQUESTED',
    actor: input.actor,
    remarks: `${row.refNo} · $${centsToAmount(row.amountCents).toFixed(2)}`,
    at: input.at,
  });
  return { paymentRequest: row, created: true };
}

/**
 * The sender cancels a request (spec 002 §4 'Cancel a payment request: status CANCELLED with remarks').
 * A request already linked to a bill of the payer keeps that bill (the payer decides about it).
 */
export async function cancelPaymentRequest(
  tx: DbOrTx,
  options: {
    payeeBusinessId: string;
    paymentRequestId: string;
    remarks?: string | null;
    actor: Actor;
    at: Date;
  },
): Promise<PaymentRequestRow> {
  const row = await findRequestOf(tx, {
    businessId: options.payeeBusinessId,
    paymentRequestId: options.paymentRequestId,
    side: 'payee',
    forUpdate: true,
  });
  if (!(['CREATED', 'LINK_BILL', 'FAILED'] as PaymentRequestStatus[]).includes(row.state)) {
    throw new AppError('CONFLICT', PAYMENT_REQUEST_MESSAGES.notOpen);
  }
  const [updated] = await tx
    .update(paymentRequests)
    .set({ state: 'CANCELLED', updatedAt: options.at })
    .where(eq(paymentRequests.id, row.id))
    .returning();
  await recordPaymentRequestEvent(tx, {
    paymentRequestId: row.id,
    action: 'PAYMENT_REQUEST_CANCELLED',
    actor: options.actor,
    remarks: options.remarks?.trim() ? options.remarks.trim().slice(0, 500) : null,
    at: options.at,
  });
  return updated ?? row;
}

// ---------------------------------------------------------------------------------------------
// Reading (the payer's side)
// ---------------------------------------------------------------------------------------------

const senderUsers = alias(users, 'sender_users');

/**
 * The state now: a request linked to a bill follows the bill (paid → COMPLETED, a payment in flight →
 * PROCESSING, a failed payment → FAILED); otherwise its stored state.
 */
export const statusNow = sql<PaymentRequestStatus>`(case
  when ${paymentRequests.state} = 'LINK_BILL' and ${bills.id} is not null then (case
    when ${bills.balanceCents} = 0 then 'COMPLETED'
    when ${bills.status} = 'failed' then 'FAILED'
    when ${bills.scheduledCents} > 0 or ${bills.status} in ('processing', 'scheduled', 'pending', 'in_queue') then 'PROCESSING'
    else 'LINK_BILL' end)
  else ${paymentRequests.state} end)`;

/** What is left to pay: the linked bill's balance, else the request's. */
export const balanceNow = sql<number>`coalesce(${bills.balanceCents}, ${paymentRequests.balanceCents})`;

const openNow = sql`(${statusNow} in (${sql.join(
  OPEN_PAYMENT_REQUEST_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)}) and ${balanceNow} > 0)`;

const listColumns = {
  request: paymentRequests,
  status: statusNow,
  balance: balanceNow,
  sender: {
    businessId: businesses.id,
    businessName: businesses.businessName,
    website: businessPreferences.website,
    billing: businessPreferences.billingAddress,
    email: senderUsers.email,
  },
  vendor: { id: contacts.id, name: contacts.name, email: contacts.email },
  bill: {
    id: bills.id,
    refNo: bills.refNo,
    status: bills.status,
    balanceCents: bills.balanceCents,
    scheduledCents: bills.scheduledCents,
  },
};

const selectRequests = (db: DbOrTx) =>
  db
    .select(listColumns)
    .from(paymentRequests)
    .innerJoin(businesses, eq(businesses.id, paymentRequests.payeeBusinessId))
    .leftJoin(businessPreferences, eq(businessPreferences.businessId, businesses.id))
    .leftJoin(senderUsers, eq(senderUsers.id, businesses.createdBy))
    .leftJoin(contacts, eq(contacts.id, paymentRequests.vendorContactId))
    .leftJoin(bills, eq(bills.id, paymentRequests.billId));

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

const senderView = (row: SelectedRow): PaymentRequestSender => ({
  businessId: row.sender.businessId,
  businessName: row.sender.businessName,
  email: row.sender.email ?? null,
  website: row.sender.website ?? null,
  addresses: { billing: toAddressView(row.sender.billing) },
});

const toListItem = (row: SelectedRow): PaymentRequestListItem => {
  const r = row.request;
  const vendor = row.vendor?.id
    ? { id: row.vendor.id, name: row.vendor.name, email: row.vendor.email }
    : null;
  const bill =
    row.bill?.id && row.bill.balanceCents !== null && row.bill.scheduledCents !== null
      ? {
          id: row.bill.id,
          refNo: row.bill.refNo,
          status: row.bill.status,
          balance: centsToAmount(row.bill.balanceCents),
          unScheduledBalance: centsToAmount(row.bill.balanceCents - row.bill.scheduledCents),
        }
      : null;
  return {
    id: r.id,
    paymentType: 'SEND_PAYMENT',
    refNo: r.refNo,
    invoiceDate: r.invoiceDate,
    dueDate: r.dueDate,
    amount: centsToAmount(r.amountCents),
    balance: centsToAmount(Number(row.balance)),
    status: row.status,
    sender: senderView(row),
    vendor,
    isMapped: vendor !== null,
    billId: bill?.id ?? null,
    bill,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
};

/** The timelines of requests (oldest first), by request id. */
export async function eventViewsOf(
  db: DbOrTx,
  paymentRequestIds: readonly string[],
): Promise<Map<string, PaymentRequestEventView[]>> {
  const byRequest = new Map<string, PaymentRequestEventView[]>();
  if (paymentRequestIds.length === 0) return byRequest;
  const events = await db
    .select()
    .from(paymentRequestEvents)
    .where(inArray(paymentRequestEvents.paymentRequestId, [...paymentRequestIds]))
    .orderBy(asc(paymentRequestEvents.createdAt), asc(paymentRequestEvents.sequence));
  for (const e of events) {
    const view: PaymentRequestEventView = {
      id: e.id,
      action: e.action,
      label: e.label,
      actor: { type: e.actorType as ActorType, name: e.actorName },
      remarks: e.remarks,
      createdAt: e.createdAt.toISOString(),
    };
    byRequest.set(e.paymentRequestId, [...(byRequest.get(e.paymentRequestId) ?? []), view]);
  }
  return byRequest;
}

async function toDetails(db: DbOrTx, rows: SelectedRow[]): Promise<PaymentRequestDetail[]> {
  if (rows.length === 0) return [];
  const events = await eventViewsOf(
    db,
    rows.map((r) => r.request.id),
  );
  return rows.map((row) => ({
    ...toListItem(row),
    subtotal: centsToAmount(row.request.subtotalCents),
    discountAmount: centsToAmount(row.request.discountCents),
    taxAmount: centsToAmount(row.request.taxCents),
    memo: row.request.memo,
    lines: row.request.lines.map((line) => ({
      itemName: line.itemName,
      description: line.description,
      quantity: quantityFromE4(line.quantityE4),
      unitPrice: centsToAmount(line.unitPriceCents),
      amount: centsToAmount(line.amountCents),
    })),
    events: events.get(row.request.id) ?? [],
  }));
}

/** GET payment-requests/{id}: a request this business received, or 404 (another business's is unknown). */
export async function getPaymentRequest(
  context: Context,
  options: { businessId: string; paymentRequestId: string },
  db: DbOrTx = context.database.db,
): Promise<PaymentRequestDetail> {
  if (!ID.test(options.paymentRequestId)) throw paymentRequestNotFound();
  const rows = await selectRequests(db)
    .where(
      and(
        eq(paymentRequests.id, options.paymentRequestId),
        eq(paymentRequests.payerBusinessId, options.businessId),
      ),
    )
    .limit(1);
  const [detail] = await toDetails(db, rows);
  if (!detail) throw paymentRequestNotFound();
  return detail;
}

/** GET payment-requests/multiple: the business's requests among the ids, in the order asked. */
export async function getPaymentRequests(
  context: Context,
  options: { businessId: string; paymentRequestIds: string[] },
): Promise<PaymentRequestDetail[]> {
  const ids = [...new Set(options.paymentRequestIds.filter((id) => ID.test(id)))];
  if (ids.length === 0) return [];
  const { db } = context.database;
  const rows = await selectRequests(db).where(
    and(eq(paymentRequests.payerBusinessId, options.businessId), inArray(paymentRequests.id, ids)),
  );
  const details = await toDetails(db, rows);
  const byId = new Map(details.map((d) => [d.id, d]));
  return ids.flatMap((id) => {
    const found = byId.get(id);
    return found ? [found] : [];
  });
}

function sortOf(query: PaymentRequestsQuery): SQL[] {
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const key =
    query.sortBy === 'dueDate'
      ? paymentRequests.dueDate
      : query.sortBy === 'amount'
        ? paymentRequests.amountCents
        : query.sortBy === 'balance'
          ? balanceNow
          : query.sortBy === 'refNo'
            ? sql`lower(${paymentRequests.refNo})`
            : query.sortBy === 'vendorName'
              ? sql`lower(${businesses.businessName})`
              : paymentRequests.invoiceDate;
  return [direction(key), direction(paymentRequests.sequence)];
}

/**
 * GET payment-requests: requests this business received. Without `status`, the open ones (waiting for
 * the payer: Requested, Bill created, Processing, Failed, with something left to pay); with it, those
 * states. Filters: summary card, due window (New York business date), search (invoice #, sender, vendor).
 */
export async function listPaymentRequests(
  context: Context,
  options: { businessId: string; query: PaymentRequestsQuery },
) {
  const { query } = options;
  const today = businessToday(context);
  const windows = dueWindows(today);
  const conditions: (SQL | undefined)[] = [eq(paymentRequests.payerBusinessId, options.businessId)];
  if (query.status.length > 0) {
    conditions.push(
      sql`${statusNow} in (${sql.join(
        query.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  } else {
    conditions.push(openNow);
  }
  if (query.billSummaryType === 'DUE_IN_7_DAYS' || query.dateRange === 'NEXT_7_DAYS') {
    conditions.push(
      gte(paymentRequests.dueDate, windows.dueIn7.from),
      lte(paymentRequests.dueDate, windows.dueIn7.to),
    );
  }
  if (query.billSummaryType === 'OVERDUE' || query.dateRange === 'OVERDUE') {
    conditions.push(lt(paymentRequests.dueDate, windows.overdueBefore));
  }
  if (query.dateRange === 'DUE_TODAY') conditions.push(eq(paymentRequests.dueDate, today));
  if (query.dateRange === 'NEXT_3_DAYS') {
    conditions.push(
      gte(paymentRequests.dueDate, windows.next3.from),
      lte(paymentRequests.dueDate, windows.next3.to),
    );
  }
  if (query.searchTerm) {
    const pattern = containsPattern(query.searchTerm);
    conditions.push(
      or(
        ilike(paymentRequests.refNo, pattern),
        ilike(businesses.businessName, pattern),
        ilike(contacts.name, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const { db } = context.database;
  const [rows, totals] = await Promise.all([
    selectRequests(db)
      .where(where)
      .orderBy(...sortOf(query))
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(paymentRequests)
      .innerJoin(businesses, eq(businesses.id, paymentRequests.payeeBusinessId))
      .leftJoin(contacts, eq(contacts.id, paymentRequests.vendorContactId))
      .leftJoin(bills, eq(bills.id, paymentRequests.billId))
      .where(where),
  ]);
  return {
    items: rows.map(toListItem),
    total: Number(totals[0]?.total ?? 0),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

/**
 * The payer's received requests per due date (migration 0013): how many arrived, how many are open and
 * what is left to pay on them (`open_cents`, kept by triggers to the list's `openNow`/`balanceNow`).
 */
export const reviewRollup: RollupSpec = {
  name: 'review_requests',
  rollup: paymentRequestReviewRollups,
  deltas: paymentRequestReviewDeltas,
  keys: ['dueDate'],
  measures: ['requestCount', 'openCount', 'openCents'],
};

/** GET bills/summary/review: the three cards over open requests, and how many requests ever arrived. */
export async function reviewSummary(
  context: Context,
  businessId: string,
): Promise<PaymentRequestsReviewSummary> {
  const today = businessToday(context);
  const { dueIn7, overdueBefore } = dueWindows(today);
  const dueDate = rollupColumn(reviewRollup, 'dueDate');
  const open = rollupColumn(reviewRollup, 'openCount');
  const cents = rollupColumn(reviewRollup, 'openCents');
  const inWindow = sql`${dueDate} >= ${dueIn7.from} and ${dueDate} <= ${dueIn7.to}`;
  const overdue = sql`${dueDate} < ${overdueBefore}`;
  const { db } = context.database;
  const [row] = await db
    .select({
      all: sql<string | null>`sum(${rollupColumn(reviewRollup, 'requestCount')})`,
      total: sql<string | null>`sum(${open})`,
      amount: sql<string | null>`sum(${cents})`,
      dueTotal: sql<string | null>`sum(${open}) filter (where ${inWindow})`,
      dueAmount: sql<string | null>`sum(${cents}) filter (where ${inWindow})`,
      overdueTotal: sql<string | null>`sum(${open}) filter (where ${overdue})`,
      overdueAmount: sql<string | null>`sum(${cents}) filter (where ${overdue})`,
      pending: pendingRows(reviewRollup),
    })
    .from(rollupSource(reviewRollup, businessId));
  await compactIfNeeded(db, reviewRollup, businessId, row?.pending);
  const bucket = (amount: string | null | undefined, total: string | null | undefined) => ({
    amount: centsToAmount(Number(amount ?? 0)),
    total: Number(total ?? 0),
  });
  return {
    totalOutstanding: bucket(row?.amount, row?.total),
    dueInNext7Days: bucket(row?.dueAmount, row?.dueTotal),
    overdue: bucket(row?.overdueAmount, row?.overdueTotal),
    totalPaymentRequests: Number(row?.all ?? 0),
    today,
  };
}

/**
 * A request of this business on one side (`payer`: received, `payee`: sent), or 404 (another business's
 * is as unknown as a missing one). `forUpdate` locks it for the rest of the transaction.
 */
export async function findRequestOf(
  db: DbOrTx,
  options: { businessId: string; paymentRequestId: string; side: 'payer' | 'payee'; forUpdate?: boolean },
): Promise<PaymentRequestRow> {
  if (!ID.test(options.paymentRequestId)) throw paymentRequestNotFound();
  const party = options.side === 'payer' ? paymentRequests.payerBusinessId : paymentRequests.payeeBusinessId;
  const query = db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, options.paymentRequestId), eq(party, options.businessId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw paymentRequestNotFound();
  return row;
}

/** A request this business received, or 404 (another business's is as unknown as a missing one). */
export const findReceivedRequest = (
  db: DbOrTx,
  options: { businessId: string; paymentRequestId: string; forUpdate?: boolean },
): Promise<PaymentRequestRow> => findRequestOf(db, { ...options, side: 'payer' });

/** A request this business received, locked for the rest of the transaction, or 404. */
export const lockReceivedRequest = (tx: DbOrTx, options: { businessId: string; paymentRequestId: string }) =>
  findReceivedRequest(tx, { ...options, forUpdate: true });

/** The sender's public details (name, reach-at email, website, billing address). */
export async function findSender(db: DbOrTx, payeeBusinessId: string) {
  const [row] = await db
    .select({
      businessId: businesses.id,
      businessName: businesses.businessName,
      website: businessPreferences.website,
      billing: businessPreferences.billingAddress,
      email: senderUsers.email,
    })
    .from(businesses)
    .leftJoin(businessPreferences, eq(businessPreferences.businessId, businesses.id))
    .leftJoin(senderUsers, eq(senderUsers.id, businesses.createdBy))
    .where(eq(businesses.id, payeeBusinessId))
    .limit(1);
  if (!row) throw paymentRequestNotFound();
  return row;
}
