import { z } from 'zod';
import { DUE_DATE_FILTERS, PAYMENT_REQUEST_STATES, SUMMARY_FILTERS } from '../catalogues/payments.js';
import { positiveAmountSchema } from '../money/schemas.js';
import { addressViewSchema } from './contacts-api.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './envelope.js';
import { PAYMENT_MESSAGES, paymentRemarksSchema } from './payments-api.js';
import { refIdSchema } from './text.js';

/**
 * Payment requests received (the Pay side's For Review tab; spec 002 §2, §3 "Payment request", §4
 * payment request states and events, §7 "Payment requests and payments"). Another Ferry business (the
 * payee, the sender) asks this business (the payer) to pay an invoice. Amounts are decimal dollars with
 * 2 places in the API; the server keeps integer cents.
 */

// ---------------------------------------------------------------------------------------------
// States, messages
// ---------------------------------------------------------------------------------------------

/** The states of §4 plus CANCELLED (a request the sender cancelled, 'Cancel a payment request'). */
export const PAYMENT_REQUEST_STATUSES = [...PAYMENT_REQUEST_STATES, 'CANCELLED'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];

/** Requests still waiting for the payer (the For Review list and its summary cards). */
export const OPEN_PAYMENT_REQUEST_STATUSES = ['CREATED', 'PROCESSING', 'FAILED', 'LINK_BILL'] as const;

/** How each state reads in the For Review table. */
export const PAYMENT_REQUEST_STATUS_LABELS: Record<PaymentRequestStatus, string> = {
  CREATED: 'Requested',
  PROCESSING: 'Processing',
  COMPLETED: 'Paid',
  FAILED: 'Failed',
  LINK_INVOICE: 'Linked',
  LINK_BILL: 'Bill created',
  VOID: 'Void',
  CANCELLED: 'Canceled',
};

export const PAYMENT_REQUEST_LIMITS = {
  searchMax: 30,
  maxIdsPerCall: 100,
  maxLines: 100,
  /** The candidates businesses-to-map lists at most. */
  maxCandidates: 50,
  /** Invoices one send-multiple-requests call sends at most. */
  maxInvoicesPerSend: 50,
  /** Scheduled reminders: days before the due date, and the interval after it. */
  reminderDaysMin: 1,
  reminderDaysMax: 30,
} as const;

export const PAYMENT_REQUEST_MESSAGES = {
  notFound: 'Payment request not found.',
  notOpen: 'This payment request is no longer open.',
  notMapped: 'Select the vendor this payment request is from first.',
  alreadyLinked: 'This payment request is already linked to a bill.',
  billOfOtherVendor: 'This bill belongs to another vendor.',
  billAlreadyLinked: 'This bill is already linked to another payment request.',
  billNotOpen: 'This bill has nothing left to pay.',
  vendorMapped: 'Vendor mapped successfully.',
  billLinked: 'Bill linked successfully.',
  sandboxSent: 'Sample payment request sent.',
  ownBusiness: 'A business cannot send a payment request to itself.',
  unknownStatus: 'Unknown status.',
  // The sending side (Get Paid: the business that gets paid sends its invoice to a customer on Ferry).
  /** 409 when the invoice's customer is not linked to a business on the Ferry network. */
  customerNotOnFerry:
    'This customer is not on Ferry yet: they get an email with a secure link to pay, no account needed.',
  /** 409: a request copies the whole invoice, so it goes out only while nothing was received on it. */
  invoiceHasPayments:
    'This invoice already has payments recorded. A payment request can be sent only for an invoice with nothing received yet.',
  /** 409 on a reminder or a cancel while the customer's payment is on its way. */
  paymentOnItsWay: 'A payment for this request is already on its way.',
  requestSent: 'Payment request sent successfully.',
  requestsSent: 'Payment requests sent.',
  reminderSent: 'Reminder sent successfully.',
  /** 409: one reminder (manual or scheduled) a day per invoice. */
  reminderAlreadySent: 'A reminder was already sent today.',
  requestCancelled: 'Payment request canceled successfully.',
  remarksTooLong: PAYMENT_MESSAGES.remarksTooLong,
  invoiceRequired: 'Invoice is required.',
  invoicesRequired: 'Select at least one invoice.',
  invoicesTooMany: 'You can send at most 50 payment requests at once.',
  businessMismatch: 'The business does not match the one in the address.',
  onlyCancel: 'A payment request can only be changed to CANCELLED.',
  reminderSettingsSaved: 'Reminder settings saved.',
  reminderDaysRange: 'Enter a number of days from 1 to 30.',
  reminderNoneChosen: 'Choose at least one reminder, or turn reminders off.',
} as const;

// ---------------------------------------------------------------------------------------------
// Queries and requests
// ---------------------------------------------------------------------------------------------

export const PAYMENT_REQUEST_SORT_KEYS = [
  'date',
  'dueDate',
  'amount',
  'balance',
  'refNo',
  'vendorName',
] as const;
export type PaymentRequestSortKey = (typeof PAYMENT_REQUEST_SORT_KEYS)[number];

/** A comma list of states in any case ('created,link_bill'); empty → the open states. */
const statusListQuery = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const out = new Set<PaymentRequestStatus>();
    for (const part of (value ?? '').split(',')) {
      const state = part
        .trim()
        .toUpperCase()
        .replace(/[\s-]+/g, '_');
      if (state === '') continue;
      const normalised = state === 'CANCELED' ? 'CANCELLED' : state;
      if (!(PAYMENT_REQUEST_STATUSES as readonly string[]).includes(normalised)) {
        ctx.addIssue({ code: 'custom', message: PAYMENT_REQUEST_MESSAGES.unknownStatus });
        return z.NEVER;
      }
      out.add(normalised as PaymentRequestStatus);
    }
    return [...out];
  });

/** GET payment-requests (spec 002 §7; defaults §9: page 1, size 10, date descending). */
export const paymentRequestsQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortBy: z.enum(PAYMENT_REQUEST_SORT_KEYS).default('date'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  searchTerm: z.string().trim().max(PAYMENT_REQUEST_LIMITS.searchMax).optional(),
  billSummaryType: z.enum(SUMMARY_FILTERS).optional(),
  dateRange: z.enum(DUE_DATE_FILTERS).optional(),
  status: statusListQuery,
});
export type PaymentRequestsQuery = z.infer<typeof paymentRequestsQuerySchema>;
export type PaymentRequestsQueryInput = z.input<typeof paymentRequestsQuerySchema>;

export const multiplePaymentRequestsQuerySchema = z.object({
  paymentRequestIds: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== '')
        .slice(0, PAYMENT_REQUEST_LIMITS.maxIdsPerCall),
    ),
});

const optionalId = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * POST payment-requests/{id}/link-bill: without `billId` a bill is created for the request's vendor with
 * its lines (each line booked to the payer's item of the same name, else to `chartAccountId`, else to
 * Cost of Goods Sold); with `billId` that open bill of the same vendor is linked.
 */
export const linkBillRequestSchema = z
  .object({ billId: optionalId, chartAccountId: optionalId })
  .default({ billId: undefined, chartAccountId: undefined });
export type LinkBillRequest = z.input<typeof linkBillRequestSchema>;

/** POST payment-requests/{id}/map-business: an existing vendor, or (no contactId) a new one from the sender. */
export const mapBusinessRequestSchema = z.object({ contactId: optionalId }).default({ contactId: undefined });
export type MapBusinessRequest = z.input<typeof mapBusinessRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

export const paymentRequestStatusSchema = z.enum(PAYMENT_REQUEST_STATUSES);

export const paymentRequestLineViewSchema = z.object({
  itemName: z.string(),
  description: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
});
export type PaymentRequestLineView = z.infer<typeof paymentRequestLineViewSchema>;

/** The business that sent the request (the payee). */
export const paymentRequestSenderSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  addresses: z.object({ billing: addressViewSchema.nullable() }),
});
export type PaymentRequestSender = z.infer<typeof paymentRequestSenderSchema>;

export const paymentRequestListItemSchema = z
  .object({
    id: z.string(),
    paymentType: z.literal('SEND_PAYMENT'),
    refNo: z.string(),
    invoiceDate: z.string(),
    dueDate: z.string(),
    amount: z.number(),
    /** What is left to pay: the linked bill's balance once a bill is linked. */
    balance: z.number(),
    /** The state now (a linked bill that is paid shows COMPLETED, one with a payment in flight PROCESSING). */
    status: paymentRequestStatusSchema,
    sender: paymentRequestSenderSchema,
    /** The payer's vendor contact for the sender; null until mapped. */
    vendor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    isMapped: z.boolean(),
    billId: z.string().nullable(),
    bill: z
      .object({
        id: z.string(),
        refNo: z.string(),
        status: z.string(),
        balance: z.number(),
        unScheduledBalance: z.number(),
      })
      .nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PaymentRequestListItem' });
export type PaymentRequestListItem = z.infer<typeof paymentRequestListItemSchema>;

export const paymentRequestEventSchema = z.object({
  id: z.string(),
  action: z.string(),
  label: z.string(),
  actor: z.object({ type: z.enum(['USER', 'SYSTEM', 'PROVIDER']), name: z.string().nullable() }),
  remarks: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentRequestEventView = z.infer<typeof paymentRequestEventSchema>;

export const paymentRequestDetailSchema = paymentRequestListItemSchema
  .extend({
    subtotal: z.number(),
    discountAmount: z.number(),
    taxAmount: z.number(),
    memo: z.string().nullable(),
    lines: z.array(paymentRequestLineViewSchema),
    /** The request's timeline, oldest first ('Requested', 'Vendor mapped', 'Bill created', …). */
    events: z.array(paymentRequestEventSchema),
  })
  .meta({ id: 'PaymentRequest' });
export type PaymentRequestDetail = z.infer<typeof paymentRequestDetailSchema>;

export const linkBillResultSchema = z.object({
  billId: z.string(),
  paymentRequest: paymentRequestDetailSchema,
});
export type LinkBillResult = z.infer<typeof linkBillResultSchema>;

export const MAP_MATCH_KINDS = ['NETWORK', 'EMAIL', 'NAME', 'OTHER'] as const;
export type MapMatchKind = (typeof MAP_MATCH_KINDS)[number];

export const businessesToMapSchema = z.object({
  sender: paymentRequestSenderSchema,
  /** The vendor the request is mapped to now, if any. */
  mappedContactId: z.string().nullable(),
  /** Vendors that could be the sender: the one linked to the sender on Ferry first, then same email, then similar names, then the rest (by name). */
  candidates: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      networkBusinessId: z.string().nullable(),
      match: z.enum(MAP_MATCH_KINDS),
    }),
  ),
});
export type BusinessesToMap = z.infer<typeof businessesToMapSchema>;

const summaryBucket = z.object({ amount: z.number(), total: z.number().int() });
/** GET bills/summary/review: the For Review cards over open requests (New York business date). */
export const paymentRequestsReviewSummarySchema = z.object({
  totalOutstanding: summaryBucket,
  dueInNext7Days: summaryBucket,
  overdue: summaryBucket,
  /** Every request this business ever received (any state). */
  totalPaymentRequests: z.number().int(),
  today: z.string(),
});
export type PaymentRequestsReviewSummary = z.infer<typeof paymentRequestsReviewSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Sending (the payee's side: Get Paid invoices sent to customers on Ferry)
// ---------------------------------------------------------------------------------------------

/** POST payment-requests (spec: `POST /payment-requests?payeeId` { invoiceDetails: { id } }). */
export const sendPaymentRequestSchema = z.object({
  invoiceDetails: z.object(
    { id: refIdSchema(PAYMENT_REQUEST_MESSAGES.invoiceRequired) },
    { error: PAYMENT_REQUEST_MESSAGES.invoiceRequired },
  ),
});
export type SendPaymentRequest = z.input<typeof sendPaymentRequestSchema>;

/** POST payment-requests/send-multiple-requests { businessId, invoices: [invoiceId…] } (1–50 invoices). */
export const sendMultipleRequestsSchema = z.object({
  /** The sender (the spec sends it in the body); must be the business of the address when given. */
  businessId: z.string().trim().max(64).optional(),
  invoices: z
    .array(refIdSchema(), { error: PAYMENT_REQUEST_MESSAGES.invoicesRequired })
    .min(1, { error: PAYMENT_REQUEST_MESSAGES.invoicesRequired })
    .max(PAYMENT_REQUEST_LIMITS.maxInvoicesPerSend, { error: PAYMENT_REQUEST_MESSAGES.invoicesTooMany })
    .transform((ids) => [...new Set(ids)]),
});
export type SendMultipleRequests = z.input<typeof sendMultipleRequestsSchema>;

/** POST payment-requests/send-reminder { paymentRequestId }. */
export const sendReminderSchema = z.object({
  paymentRequestId: refIdSchema(PAYMENT_REQUEST_MESSAGES.notFound),
});
export type SendReminder = z.input<typeof sendReminderSchema>;

/** PATCH payment-requests/{id} { status: 'CANCELLED', remarks? } (the sender withdraws its request). */
export const updatePaymentRequestSchema = z.object({
  status: z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim().toUpperCase() === 'CANCELED'
        ? 'CANCELLED'
        : typeof value === 'string'
          ? value.trim().toUpperCase()
          : value,
    z.literal('CANCELLED', { error: PAYMENT_REQUEST_MESSAGES.onlyCancel }),
  ),
  /** At most 200 characters (the payments' remarks rule), trimmed. */
  remarks: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), paymentRemarksSchema),
});
export type UpdatePaymentRequest = z.input<typeof updatePaymentRequestSchema>;

/** A request the business sent, as the sender sees it. */
export const sentPaymentRequestSchema = z
  .object({
    id: z.string(),
    invoiceId: z.string().nullable(),
    refNo: z.string(),
    payer: z.object({ businessId: z.string(), businessName: z.string() }),
    /** The sender's customer contact for the payer. */
    customer: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    invoiceDate: z.string(),
    dueDate: z.string(),
    amount: z.number(),
    /** What is left to pay (the payer's bill's balance once linked). */
    balance: z.number(),
    /** The state now, as the payer's For Review shows it. */
    status: paymentRequestStatusSchema,
    sentAt: z.string(),
    lastReminderAt: z.string().nullable(),
    /** The request's timeline, oldest first ('Requested', 'Manual Reminder Sent', 'Canceled', …). */
    events: z.array(paymentRequestEventSchema),
  })
  .meta({ id: 'SentPaymentRequest' });
export type SentPaymentRequest = z.infer<typeof sentPaymentRequestSchema>;

/** One invoice of send-multiple-requests: the request, or why it was not sent (the error's message). */
export const sendMultipleResultSchema = z.object({
  invoiceId: z.string(),
  paymentRequestId: z.string().nullable(),
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
});
export type SendMultipleResult = z.infer<typeof sendMultipleResultSchema>;

const reminderDays = z.coerce
  .number({ error: PAYMENT_REQUEST_MESSAGES.reminderDaysRange })
  .int({ error: PAYMENT_REQUEST_MESSAGES.reminderDaysRange })
  .min(PAYMENT_REQUEST_LIMITS.reminderDaysMin, { error: PAYMENT_REQUEST_MESSAGES.reminderDaysRange })
  .max(PAYMENT_REQUEST_LIMITS.reminderDaysMax, { error: PAYMENT_REQUEST_MESSAGES.reminderDaysRange });

/**
 * Scheduled reminders of a business's open payment requests (GET/PUT payment-requests/reminder-settings):
 * at most one a day per request, each an email to the customer. `beforeDueDays` N: N days before the due
 * date; `onDueDate`: on the due date; `afterDueEveryDays` N: every N days once overdue. null turns that
 * reminder off; `enabled` false turns them all off (the choices are kept).
 */
export const reminderSettingsSchema = z
  .object({
    enabled: z.boolean(),
    beforeDueDays: reminderDays.nullable(),
    onDueDate: z.boolean(),
    afterDueEveryDays: reminderDays.nullable(),
  })
  .superRefine((value, ctx) => {
    if (
      value.enabled &&
      value.beforeDueDays === null &&
      !value.onDueDate &&
      value.afterDueEveryDays === null
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['enabled'],
        message: PAYMENT_REQUEST_MESSAGES.reminderNoneChosen,
      });
    }
  });
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
export type ReminderSettingsInput = z.input<typeof reminderSettingsSchema>;

/** A business that never saved its settings: reminders off, with a sensible plan ready to turn on. */
export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  enabled: false,
  beforeDueDays: 3,
  onDueDate: true,
  afterDueEveryDays: 7,
};

// ---------------------------------------------------------------------------------------------
// Sandbox (sample requests for testers)
// ---------------------------------------------------------------------------------------------

export const sandboxPaymentRequestSchema = z.object({
  payerBusinessId: z.string().trim().min(1).max(64),
  /** Total of the sample invoice (default: a realistic amount from its lines). */
  amount: positiveAmountSchema
    .refine((cents) => cents <= 100_000_000, { error: 'Amount cannot exceed $1,000,000.00.' })
    .optional(),
  /** Due date offset from today in days (negative: already overdue). Default 14. */
  dueInDays: z.coerce.number().int().min(-90).max(180).optional(),
});
export type SandboxPaymentRequest = z.input<typeof sandboxPaymentRequestSchema>;

export const sandboxPaymentRequestInfoSchema = z.object({
  available: z.literal(true),
  senderName: z.string(),
});

export const sandboxPaymentRequestResultSchema = z.object({
  paymentRequestId: z.string(),
  refNo: z.string(),
  amount: z.number(),
  senderBusinessId: z.string(),
  senderBusinessName: z.string(),
});
export type SandboxPaymentRequestResult = z.infer<typeof sandboxPaymentRequestResultSchema>;
