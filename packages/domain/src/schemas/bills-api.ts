import { z } from 'zod';
import {
  BILL_INVOICE_STATUSES,
  type BillInvoiceStatus,
  normaliseStatus,
} from '../catalogues/payment-status.js';
import {
  DEFAULT_PAYMENT_TERM,
  DUE_DATE_FILTERS,
  PAYMENT_TERMS,
  type PaymentTerm,
  SUMMARY_FILTERS,
} from '../catalogues/payments.js';
import { fromDayNumber, isCalendarDate, toDayNumber } from '../dates/calendar-date.js';
import { MAX_AMOUNT_CENTS, toAmountCents } from '../money/cents.js';
import { MIN_AMOUNT_CENTS } from '../money/schemas.js';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES } from './documents.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './envelope.js';
import { PAYMENT_FORM_MESSAGES } from './payment-form.js';
import { firstTextError } from './text-field.js';

/**
 * Bills (spec 002 §2 "Create bill", §3 "Bill", §5 references, §7 "Bills", §9 defaults). The API speaks
 * decimal amounts with 2 places; the request schemas parse them into integer cents (`*Cents`), the view
 * schemas carry decimals again.
 */

// ---------------------------------------------------------------------------------------------
// Messages and limits
// ---------------------------------------------------------------------------------------------

export const BILL_LIMITS = {
  maxLines: 100,
  memoMax: 500,
  descriptionMax: 500,
  maxAttachments: DOCUMENT_LIMITS.maxCount,
  /** Quantities keep at most 4 decimals (stored as ten-thousandths). */
  quantityDecimals: 4,
  maxQuantity: 1_000_000_000,
  referenceMax: 21,
  searchMax: 30,
  maxIdsPerCall: 100,
} as const;

/**
 * The messages bills and invoices share (references, dates, terms, lines, discount, tax, memo,
 * attachments, drafts, list filters). Each document's own messages add its names to these.
 */
export const DOCUMENT_FORM_MESSAGES = {
  referenceTooLong: PAYMENT_FORM_MESSAGES.referenceTooLong,
  referenceInvalid: PAYMENT_FORM_MESSAGES.referenceInvalid,
  invalidDate: 'Please enter a valid date.',
  dueDateRequired: 'Due date is required for custom payment terms.',
  paymentTermInvalid: 'Please select a valid payment term.',
  linesRequired: 'Add at least one line item.',
  lineTarget: 'Select an item or an account.',
  lineOneTarget: 'Select either an item or an account, not both.',
  quantityInvalid: 'Quantity must be greater than 0.',
  quantityDecimals: 'Quantity can have at most 4 decimals.',
  unitPriceInvalid: 'Unit price must be 0 or more, with at most 2 decimals.',
  descriptionTooLong: `Description cannot exceed ${BILL_LIMITS.descriptionMax} characters.`,
  discountInvalid: 'Discount must be 0 or more, with at most 2 decimals.',
  discountPercent: 'Discount percent must be between 0 and 100.',
  discountAboveSubtotal: 'Discount cannot be greater than the subtotal.',
  taxInvalid: 'Tax must be 0 or more, with at most 2 decimals.',
  memoTooLong: `Memo cannot exceed ${BILL_LIMITS.memoMax} characters.`,
  attachmentsLimit: DOCUMENT_MESSAGES.limit,
  invalidFile: DOCUMENT_MESSAGES.invalidFile,
  draftNotFound: 'Draft not found.',
  attachmentNotFound: 'Attachment not found.',
  itemNotFound: 'Item not found.',
  accountNotFound: 'Account not found.',
  balanceInvalid: 'Balance must be a range like 10-500.',
  dateRangeOrder: 'The start date must not be after the end date.',
} as const;

export const BILL_MESSAGES = {
  ...DOCUMENT_FORM_MESSAGES,
  vendorRequired: 'Vendor is required.',
  referenceRequired: 'Bill number is required.',
  referenceTaken: 'A bill with this number already exists for this vendor.',
  billDateRequired: 'Bill date is required.',
  dueBeforeBill: 'Due date cannot be before the bill date.',
  linesTooMany: `A bill can have at most ${BILL_LIMITS.maxLines} line items.`,
  amountMin: 'Bill amount must be at least $1.00.',
  amountMax: 'Bill amount cannot exceed $999,999,999.99.',
  billNotFound: 'Bill not found.',
  accountNotExpense: 'Bills can only be booked to expense accounts.',
  notEditable: 'This bill has payments and can no longer be edited.',
} as const;

/** The messages of one document kind that the shared request schema needs. */
export interface DocumentRequestMessages {
  referenceRequired: string;
  dueBeforeDocument: string;
  linesTooMany: string;
  amountMin: string;
  amountMax: string;
}

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

const ID = /^[0-9a-f]{24}$/;
export const documentIdSchema = (message: string) =>
  z.string({ error: message }).trim().regex(ID, { error: message });

/** A calendar date 'YYYY-MM-DD'. */
export const documentDateSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .refine(isCalendarDate, { error: BILL_MESSAGES.invalidDate });

export const billDateSchema = documentDateSchema;

/**
 * A bill or invoice number: required, at most 21 characters of letters, digits, & - _ . and space
 * (spec 002 §5).
 */
export const documentReferenceSchema = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .superRefine((value, ctx) => {
      const message =
        value.trim() === ''
          ? requiredMessage
          : firstTextError(value.trim(), {
              max: { length: BILL_LIMITS.referenceMax, message: DOCUMENT_FORM_MESSAGES.referenceTooLong },
              pattern: { regex: /^[A-Za-z0-9&\-_. ]+$/, message: DOCUMENT_FORM_MESSAGES.referenceInvalid },
            });
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((value) => value.trim());

/** Bill number (spec 002 §5). */
export const billReferenceSchema = documentReferenceSchema(BILL_MESSAGES.referenceRequired);

/** A decimal amount (number or text) of at least 0 with at most 2 places, as cents. */
const nonNegativeCents = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    try {
      const text = typeof value === 'number' ? String(value) : value.trim().replace(/,/g, '');
      const cents = toAmountCents(text);
      if (cents >= 0) return cents;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

const QUANTITY = /^(\d{1,10})(?:\.(\d+))?$/;

/** Parses a quantity (number or text) into ten-thousandths: '1.5' → 15000. Null when invalid. */
export const parseQuantity = (value: number | string): { e4: number } | { error: string } => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = QUANTITY.exec(text);
  if (!match) return { error: BILL_MESSAGES.quantityInvalid };
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > BILL_LIMITS.quantityDecimals) return { error: BILL_MESSAGES.quantityDecimals };
  const e4 = Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
  if (e4 <= 0 || e4 > BILL_LIMITS.maxQuantity * 10_000) return { error: BILL_MESSAGES.quantityInvalid };
  return { e4 };
};

/** A quantity in ten-thousandths as the API number: 15000 → 1.5. */
export const quantityFromE4 = (e4: number): number => Number((e4 / 10_000).toFixed(4));

const quantitySchema = z
  .union([z.number(), z.string()], { error: BILL_MESSAGES.quantityInvalid })
  .transform((value, ctx) => {
    const parsed = parseQuantity(value);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.e4;
  });

/** round(quantity × unit price) in cents, half away from zero, exactly (BigInt). */
export const lineAmountCents = (quantityE4: number, unitPriceCents: number): number => {
  const product = BigInt(quantityE4) * BigInt(unitPriceCents);
  const rounded = (product * 2n + 10_000n) / 20_000n;
  return Number(rounded);
};

export const PAYMENT_TERM_VALUES = PAYMENT_TERMS.map((term) => term.value) as [PaymentTerm, ...PaymentTerm[]];

/** The due date a payment term gives a bill date, or null for custom terms. */
export const dueDateForTerm = (billDate: string, term: PaymentTerm): string | null => {
  const days = PAYMENT_TERMS.find((t) => t.value === term)?.days;
  return days === null || days === undefined ? null : fromDayNumber(toDayNumber(billDate) + days);
};

export const DISCOUNT_TYPES = ['AMOUNT', 'PERCENT'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Create / edit
// ---------------------------------------------------------------------------------------------

export const billLineRequestSchema = z
  .object({
    itemId: z.string().trim().nullish(),
    chartAccountId: z.string().trim().nullish(),
    description: z
      .string()
      .max(BILL_LIMITS.descriptionMax, { error: BILL_MESSAGES.descriptionTooLong })
      .nullish(),
    quantity: quantitySchema,
    unitPrice: nonNegativeCents(BILL_MESSAGES.unitPriceInvalid),
  })
  .superRefine((line, ctx) => {
    const hasItem = Boolean(line.itemId);
    const hasAccount = Boolean(line.chartAccountId);
    if (!hasItem && !hasAccount)
      ctx.addIssue({ code: 'custom', message: BILL_MESSAGES.lineTarget, path: ['itemId'] });
    if (hasItem && hasAccount) {
      ctx.addIssue({ code: 'custom', message: BILL_MESSAGES.lineOneTarget, path: ['itemId'] });
    }
  });
export type BillLineRequest = z.input<typeof billLineRequestSchema>;
export type ParsedBillLine = z.output<typeof billLineRequestSchema>;

export const billDiscountRequestSchema = z
  .object({
    type: z.enum(DISCOUNT_TYPES, { error: BILL_MESSAGES.discountInvalid }),
    value: nonNegativeCents(BILL_MESSAGES.discountInvalid),
  })
  .superRefine((discount, ctx) => {
    // PERCENT values are read as hundredths of a percent (12.5 → 1250).
    if (discount.type === 'PERCENT' && discount.value > 10_000) {
      ctx.addIssue({ code: 'custom', message: BILL_MESSAGES.discountPercent, path: ['value'] });
    }
  });

export interface BillTotals {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  amountCents: number;
  lineAmountsCents: number[];
}

/**
 * A bill's totals: each line round(quantity × unit price); the discount an amount or a percent of the
 * subtotal (rounded half up); the tax added after the discount.
 */
export const computeBillTotals = (input: {
  lines: readonly { quantityE4: number; unitPriceCents: number }[];
  discount?: { type: DiscountType; value: number } | null | undefined;
  taxCents?: number | null | undefined;
}): BillTotals => {
  const lineAmountsCents = input.lines.map((l) => lineAmountCents(l.quantityE4, l.unitPriceCents));
  const subtotalCents = lineAmountsCents.reduce((sum, cents) => sum + cents, 0);
  const discount = input.discount;
  const discountCents = !discount
    ? 0
    : discount.type === 'AMOUNT'
      ? discount.value
      : Number((BigInt(subtotalCents) * BigInt(discount.value) * 2n + 10_000n) / 20_000n);
  const taxCents = input.taxCents ?? 0;
  return {
    subtotalCents,
    discountCents,
    taxCents,
    amountCents: subtotalCents - discountCents + taxCents,
    lineAmountsCents,
  };
};

/** The fields a bill and an invoice request share (everything but the party and the document date). */
export const documentRequestFields = (messages: DocumentRequestMessages) => ({
  refNo: documentReferenceSchema(messages.referenceRequired),
  dueDate: z
    .string()
    .trim()
    .refine((v) => v === '' || isCalendarDate(v), { error: DOCUMENT_FORM_MESSAGES.invalidDate })
    .nullish()
    .transform((v) => (v ? v : null)),
  paymentTerm: z
    .enum(PAYMENT_TERM_VALUES, { error: DOCUMENT_FORM_MESSAGES.paymentTermInvalid })
    .default(DEFAULT_PAYMENT_TERM),
  lines: z
    .array(billLineRequestSchema, { error: DOCUMENT_FORM_MESSAGES.linesRequired })
    .min(1, { error: DOCUMENT_FORM_MESSAGES.linesRequired })
    .max(BILL_LIMITS.maxLines, { error: messages.linesTooMany }),
  discount: billDiscountRequestSchema.nullish(),
  taxAmount: nonNegativeCents(DOCUMENT_FORM_MESSAGES.taxInvalid).nullish(),
  memo: z
    .string()
    .max(BILL_LIMITS.memoMax, { error: DOCUMENT_FORM_MESSAGES.memoTooLong })
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  attachmentIds: z
    .array(z.string().trim().regex(ID, { error: DOCUMENT_FORM_MESSAGES.attachmentNotFound }))
    .max(BILL_LIMITS.maxAttachments, { error: DOCUMENT_FORM_MESSAGES.attachmentsLimit })
    .default([]),
  draftId: z.string().trim().regex(ID, { error: DOCUMENT_FORM_MESSAGES.draftNotFound }).nullish(),
});

interface DocumentRequestCore {
  dueDate: string | null;
  paymentTerm: PaymentTerm;
  lines: { quantity: number; unitPrice: number }[];
  discount?: { type: DiscountType; value: number } | null | undefined;
  taxAmount?: number | null | undefined;
}

/**
 * The checks and totals every document request ends with: the due date (given, or from the term), not
 * before the document date; the discount not above the subtotal; the amount between $1 and the maximum.
 * Adds `dueDate` and `totals`, or reports the first problem.
 */
export const finishDocumentRequest = <T extends DocumentRequestCore>(
  doc: T,
  documentDate: string,
  ctx: z.RefinementCtx,
  messages: DocumentRequestMessages,
): (T & { dueDate: string; totals: BillTotals }) | typeof z.NEVER => {
  const dueDate = doc.dueDate ?? (documentDate ? dueDateForTerm(documentDate, doc.paymentTerm) : null);
  if (!dueDate) {
    ctx.addIssue({ code: 'custom', message: DOCUMENT_FORM_MESSAGES.dueDateRequired, path: ['dueDate'] });
    return z.NEVER;
  }
  if (toDayNumber(dueDate) < toDayNumber(documentDate)) {
    ctx.addIssue({ code: 'custom', message: messages.dueBeforeDocument, path: ['dueDate'] });
    return z.NEVER;
  }
  const totals = computeBillTotals({
    lines: doc.lines.map((l) => ({ quantityE4: l.quantity, unitPriceCents: l.unitPrice })),
    discount: doc.discount,
    taxCents: doc.taxAmount,
  });
  if (totals.discountCents > totals.subtotalCents) {
    ctx.addIssue({
      code: 'custom',
      message: DOCUMENT_FORM_MESSAGES.discountAboveSubtotal,
      path: ['discount', 'value'],
    });
    return z.NEVER;
  }
  if (totals.amountCents < MIN_AMOUNT_CENTS) {
    ctx.addIssue({ code: 'custom', message: messages.amountMin, path: ['lines'] });
    return z.NEVER;
  }
  if (
    [totals.subtotalCents, totals.amountCents, ...totals.lineAmountsCents].some((c) => c > MAX_AMOUNT_CENTS)
  ) {
    ctx.addIssue({ code: 'custom', message: messages.amountMax, path: ['lines'] });
    return z.NEVER;
  }
  return { ...doc, dueDate, totals };
};

const BILL_REQUEST_MESSAGES: DocumentRequestMessages = {
  referenceRequired: BILL_MESSAGES.referenceRequired,
  dueBeforeDocument: BILL_MESSAGES.dueBeforeBill,
  linesTooMany: BILL_MESSAGES.linesTooMany,
  amountMin: BILL_MESSAGES.amountMin,
  amountMax: BILL_MESSAGES.amountMax,
};

/** POST bills and PATCH bills/{billId}: amounts parsed to cents, quantities to ten-thousandths. */
export const billRequestSchema = z
  .object({
    vendorId: documentIdSchema(BILL_MESSAGES.vendorRequired),
    billDate: documentDateSchema(BILL_MESSAGES.billDateRequired),
    ...documentRequestFields(BILL_REQUEST_MESSAGES),
  })
  .transform((bill, ctx) => finishDocumentRequest(bill, bill.billDate, ctx, BILL_REQUEST_MESSAGES));
export type BillRequest = z.input<typeof billRequestSchema>;
export type ParsedBillRequest = z.output<typeof billRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

export const billStatusSchema = z.enum(BILL_INVOICE_STATUSES);

export const billAttachmentViewSchema = z
  .object({
    id: z.string(),
    billId: z.string().nullable(),
    fileName: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    /** Download address (only once the attachment belongs to a bill). */
    url: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'BillAttachment' });
export type BillAttachmentView = z.infer<typeof billAttachmentViewSchema>;

export const billLineViewSchema = z.object({
  id: z.string(),
  itemId: z.string().nullable(),
  chartAccountId: z.string().nullable(),
  /** The item's name, else the chart account's name (itemName or coaName of the PDF). */
  name: z.string(),
  itemName: z.string().nullable(),
  coaName: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
});
export type BillLineView = z.infer<typeof billLineViewSchema>;

const vendorRefSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** A bill in lists (due bills, accounting bills). */
export const billListItemSchema = z
  .object({
    id: z.string(),
    refNo: z.string(),
    vendorName: z.string(),
    contact: vendorRefSchema,
    billDate: z.string(),
    dueDate: z.string(),
    paymentTerm: z.enum(PAYMENT_TERM_VALUES),
    amount: z.number(),
    balance: z.number(),
    scheduledAmount: z.number(),
    unScheduledBalance: z.number(),
    status: billStatusSchema,
    source: z.enum(['FERRY', 'BOOKS']),
    createdAt: z.string(),
  })
  .meta({ id: 'BillListItem' });
export type BillListItem = z.infer<typeof billListItemSchema>;

export const billViewSchema = billListItemSchema
  .extend({
    lines: z.array(billLineViewSchema),
    subtotal: z.number(),
    discount: z.object({ type: z.enum(DISCOUNT_TYPES), value: z.number(), amount: z.number() }).nullable(),
    taxAmount: z.number(),
    memo: z.string().nullable(),
    attachments: z.array(billAttachmentViewSchema),
    /** Where GET download-bill-pdf points. */
    pdfUrl: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Bill' });
export type BillView = z.infer<typeof billViewSchema>;

export const nextReferenceSchema = z.object({ refNo: z.string() });

export const summaryBucketSchema = z.object({ amount: z.number(), total: z.number().int() });
export const billsDueSummarySchema = z.object({
  totalOutstanding: summaryBucketSchema,
  dueInNext7Days: summaryBucketSchema,
  overdue: summaryBucketSchema,
  /** The business date the buckets were computed for (America/New_York). */
  today: z.string(),
});
export type BillsDueSummary = z.infer<typeof billsDueSummarySchema>;

export const billPdfLinkSchema = z.object({ fileUrl: z.string() });

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/** A status filter (one or a comma list) in any spelling: 'PAID', 'paused', 'partial_paid'. */
export const documentStatusListQuery = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return [] as BillInvoiceStatus[];
    const out = new Set<BillInvoiceStatus>();
    for (const part of value.split(',')) {
      const normalised = normaliseStatus(part);
      if (normalised === '') continue;
      const mapped = BILL_STATUS_QUERY_ALIASES[normalised] ?? [normalised.toLowerCase()];
      for (const status of mapped) {
        if (!(BILL_INVOICE_STATUSES as readonly string[]).includes(status)) {
          ctx.addIssue({ code: 'custom', message: `Unknown status: ${part.trim()}` });
          return z.NEVER;
        }
        out.add(status as BillInvoiceStatus);
      }
    }
    return [...out];
  });

/** List-status spellings (spec 002 §4 "List statuses") to bill statuses. */
export const BILL_STATUS_QUERY_ALIASES: Record<string, BillInvoiceStatus[]> = {
  PAID: ['paid', 'delivered'],
  DELIVERED: ['paid', 'delivered'],
  PAUSED: ['in_queue'],
  CANCELED: ['cancelled'],
  IN_APPROVAL: ['pending'],
};

export const documentPageQuery = {
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
};

export const BILL_SORT_KEYS = ['date', 'dueDate', 'amount', 'balance', 'refNo', 'vendorName'] as const;
export type BillSortKey = (typeof BILL_SORT_KEYS)[number];

export const optionalIdQuery = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** GET due-bills (spec 002 §7; defaults §9: page 1, size 10, sort date descending). */
export const dueBillsQuerySchema = z.object({
  ...documentPageQuery,
  sortBy: z.enum(BILL_SORT_KEYS).default('date'),
  vendorId: optionalIdQuery,
  billSummaryType: z.enum(SUMMARY_FILTERS).optional(),
  dateRange: z.enum(DUE_DATE_FILTERS).optional(),
  status: documentStatusListQuery,
  searchTerm: z.string().trim().max(BILL_LIMITS.searchMax).optional(),
});
export type DueBillsQuery = z.infer<typeof dueBillsQuerySchema>;

export const optionalDateQuery = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || isCalendarDate(v), { error: BILL_MESSAGES.invalidDate })
  .transform((v) => (v ? v : undefined));

/** 'min-max' in decimal dollars ('10-500', '10-', '-500') to a cents range. */
export const balanceRangeQuery = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return undefined;
    const match = /^\s*([0-9.,]*)\s*-\s*([0-9.,]*)\s*$/.exec(value);
    try {
      if (!match || (match[1] === '' && match[2] === '')) throw new RangeError('range');
      const min = match[1] ? toAmountCents(match[1].replace(/,/g, '')) : undefined;
      const max = match[2] ? toAmountCents(match[2].replace(/,/g, '')) : undefined;
      if (min !== undefined && max !== undefined && min > max) throw new RangeError('order');
      return { min, max };
    } catch {
      ctx.addIssue({ code: 'custom', message: BILL_MESSAGES.balanceInvalid });
      return z.NEVER;
    }
  });

export const idListQuery = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '')
      .slice(0, BILL_LIMITS.maxIdsPerCall),
  );

export const PAID_STATUSES = ['PAID', 'UNPAID', 'PARTIAL_PAID'] as const;

/** GET accounting/bills: every bill of the business (spec 002 §7 and §5 "Bills list filters"). */
/** The filters of GET accounting/bills and GET accounting/invoices, all but the sort key. */
export const accountingDocumentsQueryFields = {
  ...documentPageQuery,
  pageSize: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
  searchTerm: z.string().trim().max(BILL_LIMITS.searchMax).optional(),
  startDate: optionalDateQuery,
  endDate: optionalDateQuery,
  contactId: optionalIdQuery,
  paidStatus: z.enum(PAID_STATUSES).optional(),
  status: documentStatusListQuery,
  balance: balanceRangeQuery,
  /** Item or chart account ids (comma list): documents with a line on any of them. */
  lineItems: idListQuery,
};

/** The start of a date range must not be after its end. */
export const checkDateRangeOrder = (
  q: { startDate?: string | undefined; endDate?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (q.startDate && q.endDate && q.startDate > q.endDate) {
    ctx.addIssue({ code: 'custom', message: DOCUMENT_FORM_MESSAGES.dateRangeOrder, path: ['startDate'] });
  }
};

export const accountingBillsQuerySchema = z
  .object({ ...accountingDocumentsQueryFields, sortBy: z.enum(BILL_SORT_KEYS).default('date') })
  .superRefine(checkDateRangeOrder);
export type AccountingBillsQuery = z.infer<typeof accountingBillsQuerySchema>;

export const multipleBillsQuerySchema = z.object({ billIds: idListQuery });

// ---------------------------------------------------------------------------------------------
// Drafts
// ---------------------------------------------------------------------------------------------

/** What the create form holds while unfinished: every field optional, nothing checked but shape and size. */
export const documentDraftPayloadFields = (linesTooMany: string) => ({
  refNo: z.string().max(50).nullish(),
  dueDate: z.string().max(10).nullish(),
  paymentTerm: z.enum(PAYMENT_TERM_VALUES).nullish(),
  lines: z
    .array(
      z.object({
        itemId: z.string().max(24).nullish(),
        chartAccountId: z.string().max(24).nullish(),
        description: z.string().max(BILL_LIMITS.descriptionMax).nullish(),
        quantity: z.union([z.number(), z.string().max(20)]).nullish(),
        unitPrice: z.union([z.number(), z.string().max(20)]).nullish(),
      }),
    )
    .max(BILL_LIMITS.maxLines, { error: linesTooMany })
    .nullish(),
  discount: z
    .object({ type: z.enum(DISCOUNT_TYPES), value: z.union([z.number(), z.string().max(20)]).nullish() })
    .nullish(),
  taxAmount: z.union([z.number(), z.string().max(20)]).nullish(),
  memo: z.string().max(BILL_LIMITS.memoMax, { error: BILL_MESSAGES.memoTooLong }).nullish(),
  attachmentIds: z.array(z.string().max(24)).max(BILL_LIMITS.maxAttachments).nullish(),
});

export const billDraftPayloadSchema = z.object({
  vendorId: z.string().max(24).nullish(),
  billDate: z.string().max(10).nullish(),
  ...documentDraftPayloadFields(BILL_MESSAGES.linesTooMany),
});
export type BillDraftPayload = z.infer<typeof billDraftPayloadSchema>;

/** A saved draft: its payload and who saved it when. */
export const documentDraftView = <P extends z.ZodType>(payload: P) =>
  z.object({
    id: z.string(),
    payload,
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  });

export const billDraftViewSchema = documentDraftView(billDraftPayloadSchema).meta({ id: 'BillDraft' });
export type BillDraftView = z.infer<typeof billDraftViewSchema>;

// ---------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------

export const accountingItemViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    chartAccountId: z.string(),
    chartAccountName: z.string(),
    isSold: z.boolean(),
    isPurchased: z.boolean(),
    source: z.enum(['FERRY', 'BOOKS']),
  })
  .meta({ id: 'AccountingItem' });
export type AccountingItemView = z.infer<typeof accountingItemViewSchema>;

export const accountingItemsQuerySchema = z.object({
  isSold: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(1000),
});
export type AccountingItemsQuery = z.infer<typeof accountingItemsQuerySchema>;
