import { z } from 'zod';
import { prettifyStatus } from '../format/text.js';

/** Payment statuses (spec 002 §4). MARK_AS_PAID is an alias of MARKED_AS_PAID seen in data. */
export const PAYMENT_STATUSES = [
  'PENDING',
  'CANCELLED',
  'PROCESSING',
  'DELIVERED',
  'HOLD',
  'FAILED',
  'REVERSED',
  'BANK_UNDER_VERIFICATION',
  'DELETED',
  'IN_QUEUE',
  'REJECTED',
  'SCHEDULED',
  'UNPAID',
  'IN_APPROVAL',
  'APPROVED',
  'MARKED_AS_PAID',
  'MARK_AS_PAID',
  'DECLINED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** Bill and invoice statuses (lower case, as the spec lists them). */
export const BILL_INVOICE_STATUSES = [
  'delivered',
  'unpaid',
  'draft',
  'processing',
  'requested',
  'cancelled',
  'pending',
  'partial_paid',
  'in_queue',
  'reversed',
  'scheduled',
  'paid',
  'failed',
] as const;
export type BillInvoiceStatus = (typeof BILL_INVOICE_STATUSES)[number];
export const billInvoiceStatusSchema = z.enum(BILL_INVOICE_STATUSES);

/** Status filter of the bills, invoices and payments lists, with its label. */
export const LIST_STATUSES = [
  { value: 'FAILED', label: 'Failed' },
  { value: 'IN_APPROVAL', label: 'In-Approval' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'PAID', label: 'Paid', queryValue: 'DELIVERED' },
  { value: 'PAUSED', label: 'Paused', queryValue: 'IN_QUEUE' },
  { value: 'SCHEDULED', label: 'Scheduled' },
  { value: 'PROCESSING', label: 'Processing' },
  { value: 'PARTIAL_PAID', label: 'Partial Paid' },
  { value: 'DRAFT', label: 'Draft' },
] as const;
export type ListStatus = (typeof LIST_STATUSES)[number]['value'];

const QUERY_ALIASES: Record<string, string> = {
  CANCELED: 'CANCELLED',
  PAUSED: 'IN_QUEUE',
  IN_APPROVAL: 'IN_APPROVAL',
  PAID: 'DELIVERED',
  // The receiving side's label of a delivered payment.
  RECEIVED: 'DELIVERED',
};

/** Normalises any spelling ('in-approval', 'Bank under verification') to SNAKE_UPPER. */
export const normaliseStatus = (status: string): string =>
  status
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/**
 * The payments-list query value of a status filter: upper-cased, CANCELED → CANCELLED,
 * paused → IN_QUEUE, in-approval → IN_APPROVAL, paid → DELIVERED.
 */
export const toPaymentsQueryStatus = (status: string): string => {
  const normalised = normaliseStatus(status);
  return QUERY_ALIASES[normalised] ?? normalised;
};

export type StatusColour = 'green' | 'amber' | 'red' | 'grey';
export type PaymentSide = 'pay' | 'receive';

export interface StatusDisplay {
  label: string;
  colour: StatusColour;
  dateLabel: string;
}

const LABELS: Record<string, string> = {
  HOLD: 'Processing',
  BANK_UNDER_VERIFICATION: 'Processing',
  PROCESSING: 'Processing',
  IN_APPROVAL: 'In-Approval',
  IN_QUEUE: 'Paused',
  CANCELLED: 'Canceled',
  MARK_AS_PAID: 'Marked as Paid',
  MARKED_AS_PAID: 'Marked as Paid',
  APPROVED: 'Approved',
  SCHEDULED: 'Scheduled',
  FAILED: 'Failed',
  REJECTED: 'Rejected',
  REVERSED: 'Reversed',
  DECLINED: 'Declined',
};

const COLOURS: Record<string, StatusColour> = {
  APPROVED: 'green',
  MARK_AS_PAID: 'green',
  MARKED_AS_PAID: 'green',
  DELIVERED: 'green',
  PENDING: 'amber',
  HOLD: 'amber',
  BANK_UNDER_VERIFICATION: 'amber',
  PROCESSING: 'amber',
  IN_APPROVAL: 'amber',
  IN_QUEUE: 'red',
  CANCELLED: 'red',
  FAILED: 'red',
  REVERSED: 'red',
  REJECTED: 'red',
  DECLINED: 'red',
};

const PROCESS_DATE_STATUSES = new Set([
  'PENDING',
  'SCHEDULED',
  'PROCESSING',
  'HOLD',
  'BANK_UNDER_VERIFICATION',
  'IN_QUEUE',
  'IN_APPROVAL',
  'APPROVED',
]);

const FIXED_DATE_LABELS: Record<string, string> = {
  FAILED: 'Failure Date',
  CANCELLED: 'Cancelation Date',
  DECLINED: 'Decline Date',
  REVERSED: 'Reversal Date',
};

const dateLabelFor = (status: string, side: PaymentSide): string => {
  const fixed = FIXED_DATE_LABELS[status];
  if (fixed) return fixed;
  if (status === 'DELIVERED') return side === 'receive' ? 'Received Date' : 'Delivery Date';
  if (side === 'receive' && (status === 'PROCESSING' || status === 'HOLD')) return 'ETA';
  if (PROCESS_DATE_STATUSES.has(status)) return 'Process Date';
  return 'Payment Date';
};

/**
 * Label, colour and date label of a payment, bill or invoice status (spec 002 §4 'Statuses').
 * Accepts any spelling ('CANCELED', 'in-approval'). A pending payment with the scheduled flag shows
 * as scheduled. Unknown statuses show prettified (title-cased) and grey.
 */
export const getPaymentStatusDisplay = (
  status: string,
  options: { side: PaymentSide; isScheduled?: boolean } = { side: 'pay' },
): StatusDisplay => {
  let key = normaliseStatus(status);
  if (key === 'CANCELED') key = 'CANCELLED';
  if (key === 'PENDING' && options.isScheduled) key = 'SCHEDULED';
  const label =
    key === 'DELIVERED'
      ? options.side === 'receive'
        ? 'Received'
        : 'Delivered'
      : (LABELS[key] ?? prettifyStatus(key));
  return { label, colour: COLOURS[key] ?? 'grey', dateLabel: dateLabelFor(key, options.side) };
};
