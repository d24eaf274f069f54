import { z } from 'zod';
import { PAYMENT_FAILURE_REASONS } from '../catalogues/failure-reasons.js';
import { normaliseStatus, toPaymentsQueryStatus } from '../catalogues/payment-status.js';
import { DEFAULT_DELIVERY_SPEED, DELIVERY_SPEEDS } from '../catalogues/payments.js';
import { isCalendarDate } from '../dates/calendar-date.js';
import { toAmountCents } from '../money/cents.js';
import { MIN_AMOUNT_CENTS } from '../money/schemas.js';
import { ENGINE_PAYMENT_STATUSES, type EnginePaymentStatus } from '../payments/transitions.js';
import { paymentApprovalSchema } from './approval-flow.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './envelope.js';
import { PAYMENT_FORM_MESSAGES } from './payment-form.js';
import { ID_MAX_LENGTH, refIdSchema } from './text.js';

/**
 * Payments (spec 002 §2 payment form, §3 "Payment form" / "Payment card display", §4 statuses and
 * speeds, §5 pay amount, remarks, process date, mark as paid; §7 "Payment requests and payments").
 * Requests carry decimal amounts with 2 places and parse them into integer cents (`*Cents`); views
 * carry decimals again.
 */

export const PAYMENT_LIMITS = {
  remarksMax: 200,
  bulkMax: 50,
  maxIdsPerCall: 100,
  searchMax: 30,
} as const;

export const PAYMENT_MESSAGES = {
  billRequired: 'Bill is required.',
  methodRequired: 'Please select a payment method.',
  verifiedBankRequired: 'Please select a verified bank account.',
  processDateRequired: 'Process date is required.',
  processDateInvalid: 'Please enter a valid date.',
  processDatePast: 'Process date cannot be before today.',
  processDateTooFar: 'Process date cannot be more than 3 months ahead.',
  processDateClosed: 'Payments are processed on business days only.',
  speedNotAllowed: 'This payment isn’t eligible for this delivery speed.',
  remarksTooLong: PAYMENT_FORM_MESSAGES.remarksTooLong,
  amountRequired: PAYMENT_FORM_MESSAGES.amountRequired,
  amountMin: PAYMENT_FORM_MESSAGES.amountMin,
  amountInvalid: PAYMENT_FORM_MESSAGES.amountInvalid,
  amountAboveBalance: PAYMENT_FORM_MESSAGES.amountAboveBalance,
  markPaidDateFuture: 'Payment date cannot be in the future.',
  markPaidAccountRequired: 'Please select the account this bill was paid from.',
  paymentNotFound: 'Payment not found.',
  billNotFound: 'Bill not found.',
  billClosed: 'This bill has nothing left to pay.',
  instrumentNotFound: 'Payment method not found.',
  cannotCancel: 'Only scheduled payments can be canceled.',
  cannotReschedule: 'Only scheduled payments can be rescheduled.',
  cannotReattempt: 'This payment cannot be retried.',
  reattemptLimit: 'This payment has been retried the maximum number of times.',
  noAcceptReminder: 'This payment is not waiting for the vendor.',
  bulkEmpty: 'Select at least one bill.',
  bulkTooMany: `At most ${PAYMENT_LIMITS.bulkMax} bills can be scheduled at once.`,
  bulkDuplicateBill: 'Each bill can appear only once.',
} as const;

// ---------------------------------------------------------------------------------------------
// Request pieces
// ---------------------------------------------------------------------------------------------

/**
 * A decimal amount with at most 2 decimals, as a number or a string (commas allowed), parsed to cents
 * by the one money parser (`toAmountCents`: no hex, no exponent, no rounding, at most $999,999,999.99).
 */
const decimalAmountSchema = z
  .union([z.number(), z.string()], { error: PAYMENT_MESSAGES.amountRequired })
  .transform((value, ctx) => {
    const text = String(value).replace(/,/g, '').trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountRequired });
      return z.NEVER;
    }
    try {
      return toAmountCents(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountInvalid });
      return z.NEVER;
    }
  });

/** A decimal amount of at least $1.00 with at most 2 decimals, as a number or a string; parses to cents. */
export const moneyAmountSchema = decimalAmountSchema.transform((cents, ctx) => {
  if (cents < MIN_AMOUNT_CENTS) {
    ctx.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.amountMin });
    return z.NEVER;
  }
  return cents;
});

export const processDateSchema = z
  .string({ error: PAYMENT_MESSAGES.processDateRequired })
  .trim()
  .min(1, { error: PAYMENT_MESSAGES.processDateRequired })
  .refine(isCalendarDate, { error: PAYMENT_MESSAGES.processDateInvalid });

const idSchema = (message: string) => refIdSchema(message);
const optionalIdSchema = z.string().trim().max(ID_MAX_LENGTH, { error: 'Invalid id' }).optional();

export const paymentRemarksSchema = z
  .string()
  .max(PAYMENT_LIMITS.remarksMax, { error: PAYMENT_MESSAGES.remarksTooLong })
  .optional();

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * POST business/{id}/payments (Idempotency-Key required). `paymentInstrumentId` is one of the
 * business's bank accounts or cards; the server works out which. The process date must be a business
 * day from today (America/New_York) to 3 months ahead; the amount at most the bill's unscheduled
 * balance (422 with PAYMENT_FORM_MESSAGES.amountAboveBalance otherwise).
 */
export const createPaymentRequestSchema = z.object({
  billId: idSchema(PAYMENT_MESSAGES.billRequired),
  paymentInstrumentId: idSchema(PAYMENT_MESSAGES.methodRequired),
  amount: moneyAmountSchema,
  deliverySpeed: z.enum(DELIVERY_SPEEDS).default(DEFAULT_DELIVERY_SPEED),
  processDate: processDateSchema,
  remarks: paymentRemarksSchema,
  paymentRequestId: optionalIdSchema,
});
export type CreatePaymentRequest = z.input<typeof createPaymentRequestSchema>;
export type ParsedCreatePaymentRequest = z.output<typeof createPaymentRequestSchema>;

/** POST business/{id}/payments/bulk-schedule (Idempotency-Key required): one payment per bill. */
export const bulkScheduleRequestSchema = z.object({
  payments: z
    .array(createPaymentRequestSchema.omit({ paymentRequestId: true }))
    .min(1, { error: PAYMENT_MESSAGES.bulkEmpty })
    .max(PAYMENT_LIMITS.bulkMax, { error: PAYMENT_MESSAGES.bulkTooMany })
    .refine((items) => new Set(items.map((item) => item.billId)).size === items.length, {
      error: PAYMENT_MESSAGES.bulkDuplicateBill,
    }),
});
export type BulkScheduleRequest = z.input<typeof bulkScheduleRequestSchema>;

/** POST business/{id}/payments/transfer/speed: which delivery speeds this payment may use. */
export const transferSpeedRequestSchema = z.object({
  paymentInstrumentId: idSchema(PAYMENT_MESSAGES.methodRequired),
  amount: moneyAmountSchema,
  /** The vendor (contact id): whether its bank takes real-time payments, or has no bank yet. */
  payeeId: optionalIdSchema,
  billId: optionalIdSchema,
  paymentRequestId: optionalIdSchema,
  processDate: processDateSchema.optional(),
});
export type TransferSpeedRequest = z.input<typeof transferSpeedRequestSchema>;

/** PATCH business/{id}/payments/{paymentId}/reschedule/scheduled-payment. */
export const reschedulePaymentRequestSchema = z.object({
  scheduledDate: processDateSchema,
  paymentInstrumentId: optionalIdSchema,
  remarks: paymentRemarksSchema,
});
export type ReschedulePaymentRequest = z.input<typeof reschedulePaymentRequestSchema>;

/** PATCH business/{id}/payments/{paymentId}/cancel/scheduled-payment. */
export const cancelPaymentRequestSchema = z.object({
  statusReason: z
    .string()
    .trim()
    .max(PAYMENT_LIMITS.remarksMax, { error: PAYMENT_MESSAGES.remarksTooLong })
    .optional(),
});

/** POST business/{id}/payments/reattempt (Idempotency-Key required). */
export const reattemptPaymentRequestSchema = z.object({
  paymentId: idSchema(PAYMENT_MESSAGES.paymentNotFound),
  /** Defaults to the next business day the rails can take it. */
  scheduledDate: processDateSchema.optional(),
  paymentInstrumentId: optionalIdSchema,
});

export const MARK_AS_PAID_TYPES = ['bill', 'invoice'] as const;
export type MarkAsPaidType = (typeof MARK_AS_PAID_TYPES)[number];

/**
 * PATCH business/{id}/mark-{type}-as-paid (Idempotency-Key required): records a MARKED_AS_PAID payment
 * with no money movement. `amount` is the due amount or another amount (≥ $1, ≤ the due); `date` is
 * not in the future; `paymentInstrumentId` is the account it was paid from (bill) or received in (invoice).
 */
export const markAsPaidRequestSchema = z.object({
  id: idSchema(PAYMENT_MESSAGES.billRequired),
  // The dialog types up to 6 decimals and rounds to 2 on blur; the API takes only the rounded value,
  // parsed like every other amount (the $1 minimum and the due are checked with their own messages).
  amount: decimalAmountSchema,
  date: processDateSchema,
  paymentInstrumentId: idSchema(PAYMENT_MESSAGES.markPaidAccountRequired),
  type: z.enum(MARK_AS_PAID_TYPES).optional(),
  remarks: paymentRemarksSchema,
});
export type MarkAsPaidRequest = z.input<typeof markAsPaidRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

export const PAYMENT_SORT_KEYS = [
  'dueDate',
  'processDate',
  'amount',
  'vendorName',
  'status',
  'createdAt',
] as const;
export type PaymentSortKey = (typeof PAYMENT_SORT_KEYS)[number];

/** Summary-card filters of the Payments tab. */
export const PAYMENT_FILTER_TYPES = ['ATTENTION_REQUIRED', 'PROCESSING', 'SCHEDULED'] as const;
export type PaymentFilterType = (typeof PAYMENT_FILTER_TYPES)[number];

/** What each summary filter selects. */
export const PAYMENT_FILTER_STATUSES: Record<PaymentFilterType, EnginePaymentStatus[]> = {
  ATTENTION_REQUIRED: ['FAILED', 'IN_QUEUE', 'DECLINED', 'REVERSED'],
  PROCESSING: ['PROCESSING', 'HOLD', 'BANK_UNDER_VERIFICATION'],
  SCHEDULED: ['PENDING', 'SCHEDULED'],
};

/** A status filter (one or a comma list) in any list spelling: 'paid', 'Canceled', 'paused', 'in-approval'. */
const paymentStatusListQuery = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return [] as EnginePaymentStatus[];
    const out = new Set<EnginePaymentStatus>();
    for (const part of value.split(',')) {
      if (normaliseStatus(part) === '') continue;
      let status = toPaymentsQueryStatus(part);
      if (status === 'MARK_AS_PAID') status = 'MARKED_AS_PAID';
      if (!(ENGINE_PAYMENT_STATUSES as readonly string[]).includes(status)) {
        ctx.addIssue({ code: 'custom', message: `Unknown status: ${part.trim()}` });
        return z.NEVER;
      }
      out.add(status as EnginePaymentStatus);
    }
    return [...out];
  });

/** GET business/{id}/payments (payer side). Defaults §9: page 1, size 10, sort dueDate descending. */
export const paymentsQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortBy: z.enum(PAYMENT_SORT_KEYS).default('dueDate'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  vendorName: z.string().trim().max(PAYMENT_LIMITS.searchMax).optional(),
  vendorId: optionalIdSchema,
  billId: optionalIdSchema,
  filterType: z.enum(PAYMENT_FILTER_TYPES).optional(),
  status: paymentStatusListQuery,
});
export type PaymentsQuery = z.infer<typeof paymentsQuerySchema>;

export const multiplePaymentsQuerySchema = z.object({
  paymentIds: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '')
        .slice(0, PAYMENT_LIMITS.maxIdsPerCall),
    ),
});

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

export const paymentStatusViewSchema = z.enum(ENGINE_PAYMENT_STATUSES);

export const paymentMethodViewSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('BANK'),
      id: z.string(),
      bankName: z.string(),
      accountType: z.string(),
      accountMask: z.string(),
    }),
    z.object({
      type: z.literal('CARD'),
      id: z.string(),
      cardBrand: z.string(),
      cardMask: z.string(),
    }),
  ])
  .meta({ id: 'PaymentMethod' });
export type PaymentMethodView = z.infer<typeof paymentMethodViewSchema>;

const dateWindowSchema = z.object({ earliest: z.string(), latest: z.string() });

export const paymentViewSchema = z
  .object({
    id: z.string(),
    status: paymentStatusViewSchema,
    /** MARKED_AS_PAID payments moved no money (no View button, §4). */
    isMarkedAsPaid: z.boolean(),
    isAuto: z.boolean(),
    /** What the payee receives (decimal dollars). */
    amount: z.number(),
    /** Card fee (surcharge) added on top when paying by card with the payee's surcharge on. */
    feeAmount: z.number(),
    /** amount + feeAmount: what leaves the payer's account. */
    totalAmount: z.number(),
    deliverySpeed: z.enum(DELIVERY_SPEEDS).nullable(),
    /** The business day the payment is (or was) sent ('YYYY-MM-DD'). */
    processDate: z.string(),
    expectedDelivery: dateWindowSchema.nullable(),
    /** The date shown next to the status's date label (§4 'Date labels'). */
    date: z.string(),
    deliveredAt: z.string().nullable(),
    failedAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    declinedAt: z.string().nullable(),
    reversedAt: z.string().nullable(),
    failureReason: z.enum(PAYMENT_FAILURE_REASONS).nullable(),
    /** What the payer is told about a failure, reversal or decline. */
    failureMessage: z.string().nullable(),
    returnCode: z.string().nullable(),
    reattempts: z.number().int(),
    paymentMethod: paymentMethodViewSchema.nullable(),
    vendor: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    bill: z.object({
      id: z.string(),
      refNo: z.string(),
      billDate: z.string(),
      dueDate: z.string(),
      amount: z.number(),
      balance: z.number(),
    }),
    paymentRequestId: z.string().nullable(),
    remarks: z.string().nullable(),
    /** The vendor has no bank on file yet: the payment waits for them to accept it (§2 "Paying"). */
    awaitingPayeeDetails: z.boolean(),
    acceptReminderSentAt: z.string().nullable(),
    /** Until when a vendor bank change holds this payment (24 h rule). */
    holdUntil: z.string().nullable(),
    /** A note when the payer must act (failed, paused until verification, vendor must accept). */
    actionRequired: z.string().nullable(),
    canCancel: z.boolean(),
    canReschedule: z.boolean(),
    canReattempt: z.boolean(),
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Payment' });
export type PaymentView = z.infer<typeof paymentViewSchema>;

export const PAYMENT_TIMELINE_ACTIONS = [
  'CREATED',
  'SCHEDULED',
  'IN_QUEUE',
  'RELEASED',
  'HOLD',
  'AWAITING_PAYEE',
  'PAYEE_ACCEPTED',
  'ACCEPT_REMINDER_SENT',
  'SUBMITTED',
  'FUNDS_COLLECTED',
  'DELIVERED',
  'FAILED',
  'REVERSED',
  'DECLINED',
  'CANCELED',
  'PAYMENT_RESCHEDULED',
  'PAYMENT_RETRIED',
  'MARKED_AS_PAID',
  'SUBMITTED_FOR_APPROVAL',
  'APPROVED',
  'REJECTED',
  'BYPASSED_AND_APPROVED',
  'BYPASS_AND_REJECT',
  'APPROVED_AND_SCHEDULED',
  // The payer's collected money sent back after the payment failed or was returned (PAYMENT_REFUND_LABELS).
  'REFUND_SENT',
  'REFUNDED',
] as const;
export type PaymentTimelineAction = (typeof PAYMENT_TIMELINE_ACTIONS)[number];

export const paymentTimelineEntrySchema = z.object({
  id: z.string(),
  action: z.enum(PAYMENT_TIMELINE_ACTIONS),
  /** Display label ('Payment rescheduled', 'Canceled', 'Delivered'…). */
  label: z.string(),
  status: paymentStatusViewSchema,
  at: z.string(),
  actor: z.object({ type: z.enum(['USER', 'SYSTEM']), name: z.string() }),
  remarks: z.string().nullable(),
});
export type PaymentTimelineEntry = z.infer<typeof paymentTimelineEntrySchema>;

export const paymentDetailSchema = paymentViewSchema
  .extend({
    timeline: z.array(paymentTimelineEntrySchema),
    /** The payment's approval flow, when a policy covered it (null otherwise). */
    approval: paymentApprovalSchema.nullable(),
  })
  .meta({ id: 'PaymentDetail' });
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

export const speedOptionSchema = z.object({
  allowed: z.boolean(),
  /** The spec's sentence when not allowed. */
  message: z.string().nullable(),
  /** Why it is not allowed, in words (said after `message`), null when allowed. */
  reasonText: z.string().nullable().optional(),
  /** When allowed but today's cut-off has passed: when it is sent instead. */
  note: z.string().nullable().optional(),
  processOn: z.string(),
  expectedDelivery: dateWindowSchema,
});
export const transferSpeedViewSchema = z.object({
  speeds: z.record(z.enum(DELIVERY_SPEEDS), speedOptionSchema),
  method: z.enum(['BANK', 'CARD']),
});
export type TransferSpeedView = z.infer<typeof transferSpeedViewSchema>;

/** `GET business/{id}/payments/pay-context?billId=`: what the pay page needs from the server. */
export const payContextQuerySchema = z.object({ billId: z.string().trim().min(1).max(64) });
export const payContextSchema = z
  .object({
    /** The rails' business day today ('YYYY-MM-DD', New York, from the server's clock). */
    today: z.string(),
    /** Where the vendor receives the payment, masked; null while the vendor has not added it. */
    receivingBank: z.object({ bankName: z.string(), accountMask: z.string() }).nullable(),
  })
  .meta({ id: 'PayContext' });
export type PayContext = z.infer<typeof payContextSchema>;

export const bulkScheduleResultSchema = z.object({
  results: z.array(
    z.discriminatedUnion('ok', [
      z.object({ billId: z.string(), ok: z.literal(true), payment: paymentViewSchema }),
      z.object({
        billId: z.string(),
        ok: z.literal(false),
        error: z.object({ errorCode: z.string(), message: z.string() }),
      }),
    ]),
  ),
});
export type BulkScheduleResult = z.infer<typeof bulkScheduleResultSchema>;

const summaryBucket = z.object({ amount: z.number(), total: z.number().int() });
/** GET business/{id}/bills/summary/payments: the Payments tab's summary cards. */
export const paymentsSummarySchema = z.object({
  attentionRequired: summaryBucket,
  processing: summaryBucket,
  scheduled: summaryBucket,
});
export type PaymentsSummary = z.infer<typeof paymentsSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Received payments (the payee side, Get Paid > Payments; spec 002 §7 'GET payments (payeeId, …)')
// ---------------------------------------------------------------------------------------------

/** What a payee sees of a customer's payment: once it was scheduled to them (never its approval steps). */
export const RECEIVED_PAYMENT_STATUSES = [
  'SCHEDULED',
  'PROCESSING',
  'HOLD',
  'BANK_UNDER_VERIFICATION',
  'DELIVERED',
  'FAILED',
  'REVERSED',
  'DECLINED',
  'CANCELLED',
] as const satisfies readonly EnginePaymentStatus[];

export const RECEIVED_PAYMENT_SORT_KEYS = [
  'dueDate',
  'processDate',
  'amount',
  'customerName',
  'status',
  'createdAt',
] as const;
export type ReceivedPaymentSortKey = (typeof RECEIVED_PAYMENT_SORT_KEYS)[number];

/** Summary-card filters of Get Paid > Payments. */
export const RECEIVED_FILTER_TYPES = ['PROCESSING', 'RECEIVED', 'ATTENTION_REQUIRED'] as const;
export type ReceivedFilterType = (typeof RECEIVED_FILTER_TYPES)[number];

/** What each filter selects; RECEIVED is limited to deliveries of the business's current month. */
export const RECEIVED_FILTER_STATUSES: Record<ReceivedFilterType, EnginePaymentStatus[]> = {
  PROCESSING: ['PROCESSING', 'HOLD', 'BANK_UNDER_VERIFICATION'],
  RECEIVED: ['DELIVERED'],
  ATTENTION_REQUIRED: ['FAILED', 'REVERSED', 'DECLINED'],
};

/**
 * The querystring of GET business/{id}/payments, both sides: without payeeId the payer's payments
 * (paymentsQuerySchema's fields), with payeeId (the route's business) the payments it receives
 * (customerName, the received sort keys and filters). Each side refuses the other's sort key and filter.
 */
export const paymentsListQuerySchema = z.object({
  payeeId: optionalIdSchema,
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortBy: z.enum([...PAYMENT_SORT_KEYS, 'customerName']).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  vendorName: z.string().trim().max(PAYMENT_LIMITS.searchMax).optional(),
  customerName: z.string().trim().max(PAYMENT_LIMITS.searchMax).optional(),
  vendorId: optionalIdSchema,
  billId: optionalIdSchema,
  filterType: z.enum([...PAYMENT_FILTER_TYPES, 'RECEIVED']).optional(),
  status: paymentStatusListQuery,
});
export type PaymentsListQuery = z.infer<typeof paymentsListQuerySchema>;

/** The payee side of GET payments once the route checked payeeId. Defaults: page 1 of 10, newest first. */
export interface ReceivedPaymentsQuery {
  pageNumber: number;
  pageSize: number;
  sortBy: ReceivedPaymentSortKey;
  sortOrder: 'asc' | 'desc';
  customerName?: string | undefined;
  filterType?: ReceivedFilterType | undefined;
  status: EnginePaymentStatus[];
}

export const receivedPaymentViewSchema = z
  .object({
    id: z.string(),
    status: paymentStatusViewSchema,
    /** The receiving side's label ('Received' for delivered, 'Processing' for hold…). */
    statusLabel: z.string(),
    /** 'Received Date', 'ETA' (processing, hold), 'Failure Date'… */
    dateLabel: z.string(),
    date: z.string(),
    /** What the payee receives (decimal dollars), never the card fee the customer paid on top. */
    amount: z.number(),
    isAuto: z.boolean(),
    deliverySpeed: z.enum(DELIVERY_SPEEDS).nullable(),
    processDate: z.string(),
    expectedDelivery: dateWindowSchema.nullable(),
    deliveredAt: z.string().nullable(),
    customer: z.object({ id: z.string().nullable(), name: z.string() }),
    invoice: z.object({ id: z.string().nullable(), refNo: z.string(), dueDate: z.string() }),
    paymentRequestId: z.string(),
    /** The payee's bank the money goes (or went) to, masked. */
    receivingBank: z.object({ bankName: z.string(), accountMask: z.string() }).nullable(),
    /** What the payee is told (canceled, reversed, declined, failed), else null. */
    message: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ReceivedPayment' });
export type ReceivedPaymentView = z.infer<typeof receivedPaymentViewSchema>;

/**
 * A step of a received payment's timeline: the steps the payee sees, done by 'the customer' (its name,
 * never the payer's user) or by Ferry, without the payer's remarks.
 */
export const receivedTimelineEntrySchema = paymentTimelineEntrySchema;
export type ReceivedTimelineEntry = PaymentTimelineEntry;

export const receivedPaymentDetailSchema = receivedPaymentViewSchema
  .extend({ timeline: z.array(receivedTimelineEntrySchema) })
  .meta({ id: 'ReceivedPaymentDetail' });
export type ReceivedPaymentDetail = z.infer<typeof receivedPaymentDetailSchema>;

/** GET business/{id}/invoices/summary/payments: the Get Paid Payments tab's summary cards. */
export const receivedPaymentsSummarySchema = z.object({
  processing: summaryBucket,
  receivedThisMonth: summaryBucket,
  attentionRequired: summaryBucket,
});
export type ReceivedPaymentsSummary = z.infer<typeof receivedPaymentsSummarySchema>;
