import { z } from 'zod';
import { BILL_INVOICE_STATUSES } from '../catalogues/payment-status.js';
import { DUE_DATE_FILTERS, INVOICE_SORT_KEYS, SUMMARY_FILTERS } from '../catalogues/payments.js';
import {
  accountingDocumentsQueryFields,
  BILL_LIMITS,
  billAttachmentViewSchema,
  billListItemSchema,
  billsDueSummarySchema,
  billViewSchema,
  checkDateRangeOrder,
  DOCUMENT_FORM_MESSAGES,
  type DocumentRequestMessages,
  documentDateSchema,
  documentDraftPayloadFields,
  documentDraftView,
  documentIdSchema,
  documentPageQuery,
  documentRequestFields,
  documentStatusListQuery,
  finishDocumentRequest,
  idListQuery,
  optionalIdQuery,
} from './bills-api.js';
import { PAYMENT_REQUEST_STATUSES } from './payment-requests-api.js';
import { markAsPaidRequestSchema } from './payments-api.js';
import { refIdSchema } from './text.js';

/**
 * Invoices (spec 002 §2 invoice routes and screens, §3 "Invoice", §4 statuses, §5 mark as paid and
 * references, §7 "Invoices", §9 defaults). Built from the same blocks as bills (bills-api.ts): the same
 * lines, discount, tax, totals, references and drafts; the party is a customer, the date the invoice
 * date. Amounts are decimal dollars with 2 places in the API; the request schemas parse them into cents.
 */

// ---------------------------------------------------------------------------------------------
// Messages and limits
// ---------------------------------------------------------------------------------------------

export const INVOICE_LIMITS = BILL_LIMITS;

export const INVOICE_MESSAGES = {
  ...DOCUMENT_FORM_MESSAGES,
  customerRequired: 'Customer is required.',
  referenceRequired: 'Invoice number is required.',
  referenceTaken: 'An invoice with this number already exists.',
  invoiceDateRequired: 'Invoice date is required.',
  dueBeforeInvoice: 'Due date cannot be before the invoice date.',
  linesTooMany: `An invoice can have at most ${INVOICE_LIMITS.maxLines} line items.`,
  amountMin: 'Invoice amount must be at least $1.00.',
  amountMax: 'Invoice amount cannot exceed $999,999,999.99.',
  invoiceNotFound: 'Invoice not found.',
  notEditable: 'This invoice has payments and can no longer be edited.',
  accountNotIncome: 'Invoices can only be booked to income accounts.',
  markPaidBankRequired: 'Select a receiving bank to mark as paid.',
  markPaidSuccess: 'Marked as paid successfully.',
  invoiceClosed: 'This invoice has nothing left to pay.',
} as const;

const INVOICE_REQUEST_MESSAGES: DocumentRequestMessages = {
  referenceRequired: INVOICE_MESSAGES.referenceRequired,
  dueBeforeDocument: INVOICE_MESSAGES.dueBeforeInvoice,
  linesTooMany: INVOICE_MESSAGES.linesTooMany,
  amountMin: INVOICE_MESSAGES.amountMin,
  amountMax: INVOICE_MESSAGES.amountMax,
};

/** The statuses an invoice takes (a subset of BILL_INVOICE_STATUSES). */
export const INVOICE_STATUSES = [
  'unpaid',
  'requested',
  'processing',
  'partial_paid',
  'paid',
  'cancelled',
] as const;

/** How a payment of an invoice came: recorded by hand, or received through Ferry. */
export const INVOICE_PAYMENT_KINDS = ['MARKED_AS_PAID', 'RECEIVED'] as const;
export type InvoicePaymentKind = (typeof INVOICE_PAYMENT_KINDS)[number];

/** COMPLETED counts towards the invoice; REVERSED came back and no longer does. */
export const INVOICE_PAYMENT_STATUSES = ['COMPLETED', 'REVERSED'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// Create / edit
// ---------------------------------------------------------------------------------------------

/**
 * POST accounting/invoices and PATCH accounting/invoices/{invoiceId}: amounts parsed to cents,
 * quantities to ten-thousandths, `dueDate` from the payment term when not given, `totals` added.
 */
export const invoiceRequestSchema = z
  .object({
    customerId: documentIdSchema(INVOICE_MESSAGES.customerRequired),
    invoiceDate: documentDateSchema(INVOICE_MESSAGES.invoiceDateRequired),
    ...documentRequestFields(INVOICE_REQUEST_MESSAGES),
  })
  .transform((invoice, ctx) =>
    finishDocumentRequest(invoice, invoice.invoiceDate, ctx, INVOICE_REQUEST_MESSAGES),
  );
export type InvoiceRequest = z.input<typeof invoiceRequestSchema>;
export type ParsedInvoiceRequest = z.output<typeof invoiceRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

export const invoiceStatusSchema = z.enum(BILL_INVOICE_STATUSES);

export const invoiceAttachmentViewSchema = billAttachmentViewSchema
  .omit({ billId: true })
  .extend({ invoiceId: z.string().nullable() })
  .meta({ id: 'InvoiceAttachment' });
export type InvoiceAttachmentView = z.infer<typeof invoiceAttachmentViewSchema>;

/** The live payment request of an invoice (C's side), if one is out. */
export const invoicePaymentRequestRefSchema = z.object({
  id: z.string(),
  state: z.enum(PAYMENT_REQUEST_STATUSES),
  sentAt: z.string(),
  lastReminderAt: z.string().nullable(),
});

/** An invoice in lists (GET invoices, GET accounting/invoices). */
export const invoiceListItemSchema = billListItemSchema
  .pick({
    id: true,
    refNo: true,
    contact: true,
    dueDate: true,
    paymentTerm: true,
    amount: true,
    balance: true,
    createdAt: true,
  })
  .extend({
    /**
     * The customer; `onNetwork` when it is linked to a business on the Ferry network (only then can a
     * payment request be sent to it).
     */
    contact: billListItemSchema.shape.contact.extend({ onNetwork: z.boolean() }),
    customerName: z.string(),
    invoiceDate: z.string(),
    status: invoiceStatusSchema,
    paymentRequest: invoicePaymentRequestRefSchema.nullable(),
  })
  .meta({ id: 'InvoiceListItem' });
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

/** A payment of an invoice: marked as paid by hand, or received through Ferry. */
export const invoicePaymentViewSchema = z
  .object({
    id: z.string(),
    kind: z.enum(INVOICE_PAYMENT_KINDS),
    amount: z.number(),
    date: z.string(),
    status: z.enum(INVOICE_PAYMENT_STATUSES),
    /** The receiving bank of the business. */
    bankName: z.string().nullable(),
    accountMask: z.string().nullable(),
    remarks: z.string().nullable(),
    /** The customer's Ferry payment of a RECEIVED row (its received-payment detail), else null. */
    paymentId: z.string().nullable().optional(),
  })
  .meta({ id: 'InvoicePayment' });
export type InvoicePaymentView = z.infer<typeof invoicePaymentViewSchema>;

export const invoiceViewSchema = invoiceListItemSchema
  .extend(
    billViewSchema.pick({ lines: true, subtotal: true, discount: true, taxAmount: true, memo: true }).shape,
  )
  .extend({
    attachments: z.array(invoiceAttachmentViewSchema),
    /** Where GET download-invoice-pdf points. */
    pdfUrl: z.string(),
    payments: z.array(invoicePaymentViewSchema),
    updatedAt: z.string(),
  })
  .meta({ id: 'Invoice' });
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

/** GET invoices/summary: the same buckets as the due-bills summary, over open invoices. */
export const invoicesSummarySchema = billsDueSummarySchema;
export type InvoicesSummary = z.infer<typeof invoicesSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/**
 * GET invoices (spec 002 §7; §9 defaults page 1, size 10). Open invoices (balance above 0, not
 * cancelled) unless `status` asks for given statuses ('paid' lists the paid ones).
 */
export const dueInvoicesQuerySchema = z.object({
  ...documentPageQuery,
  sortBy: z.enum(INVOICE_SORT_KEYS).default('INVOICE_DATE'),
  customerId: optionalIdQuery,
  invoiceSummaryType: z.enum(SUMMARY_FILTERS).optional(),
  dateRange: z.enum(DUE_DATE_FILTERS).optional(),
  status: documentStatusListQuery,
  searchTerm: z.string().trim().max(INVOICE_LIMITS.searchMax).optional(),
});
export type DueInvoicesQuery = z.infer<typeof dueInvoicesQuerySchema>;

/** GET accounting/invoices: every invoice of the business, with the accounting filters. */
export const accountingInvoicesQuerySchema = z
  .object({ ...accountingDocumentsQueryFields, sortBy: z.enum(INVOICE_SORT_KEYS).default('INVOICE_DATE') })
  .superRefine(checkDateRangeOrder);
export type AccountingInvoicesQuery = z.infer<typeof accountingInvoicesQuerySchema>;

export const multipleInvoicesQuerySchema = z.object({ invoiceIds: idListQuery });

// ---------------------------------------------------------------------------------------------
// Drafts
// ---------------------------------------------------------------------------------------------

export const invoiceDraftPayloadSchema = z.object({
  customerId: z.string().max(24).nullish(),
  invoiceDate: z.string().max(10).nullish(),
  ...documentDraftPayloadFields(INVOICE_MESSAGES.linesTooMany),
});
export type InvoiceDraftPayload = z.infer<typeof invoiceDraftPayloadSchema>;

export const invoiceDraftViewSchema = documentDraftView(invoiceDraftPayloadSchema).meta({
  id: 'InvoiceDraft',
});
export type InvoiceDraftView = z.infer<typeof invoiceDraftViewSchema>;

// ---------------------------------------------------------------------------------------------
// Mark as paid
// ---------------------------------------------------------------------------------------------

/**
 * PATCH mark-invoice-as-paid: the payments module's mark-as-paid request; the account is the business's
 * own receiving bank ('Select a receiving bank to mark as paid.' when missing).
 */
export const markInvoicePaidRequestSchema = markAsPaidRequestSchema.extend({
  id: refIdSchema(INVOICE_MESSAGES.invoiceNotFound),
  paymentInstrumentId: refIdSchema(INVOICE_MESSAGES.markPaidBankRequired),
});
export type MarkInvoicePaidRequest = z.input<typeof markInvoicePaidRequestSchema>;
