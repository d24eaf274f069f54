import { z } from 'zod';

/** Payment request states (spec 002 §4). */
export const PAYMENT_REQUEST_STATES = [
  'CREATED',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'LINK_INVOICE',
  'LINK_BILL',
  'VOID',
] as const;
export type PaymentRequestState = (typeof PAYMENT_REQUEST_STATES)[number];

/**
 * Payment request events with their activity label. The two reminder labels are not given verbatim
 * by the spec ('reminder sent; manual reminder sent').
 */
export const PAYMENT_REQUEST_EVENTS = {
  PAYMENT_REQUESTED: 'Requested',
  AUTO_PAYMENT_REQUESTED: 'Auto Payment Request Created',
  PAYMENT_REQUEST_REMINDER_SENT: 'Reminder Sent',
  PAYMENT_REQUEST_MANUAL_REMINDER_SENT: 'Manual Reminder Sent',
  PAYMENT_REQUEST_CANCELLED: 'Canceled',
  PAYMENT_REQUEST_INQUEUE: 'Request Pending',
} as const;
export type PaymentRequestEvent = keyof typeof PAYMENT_REQUEST_EVENTS;

/** Accounting-sync statuses of a payment or request. */
export const ACCOUNTING_SYNC_STATUSES = [
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'CREATED',
  'LINK_INVOICE',
  'LINK_BILL',
  'CANCELLED',
  'IN_PROGRESS',
  'NOT_INITIATED_INVALID_TOKEN',
] as const;
export type AccountingSyncStatus = (typeof ACCOUNTING_SYNC_STATUSES)[number];

/** Guest payment kinds. */
export const GUEST_PAYMENT_TYPES = ['SEND_PAYMENT', 'RECEIVE_PAYMENT', 'AUTO_PAYMENT'] as const;
export type GuestPaymentType = (typeof GUEST_PAYMENT_TYPES)[number];

export const PAYMENT_METHOD_KINDS = ['BANK', 'CARD'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** Delivery speeds (spec 002 §4). STANDARD is the default and is reset when the payment source changes. */
export const DELIVERY_SPEEDS = ['INSTANT', 'SAME_DAY', 'NEXT_DAY', 'STANDARD'] as const;
export type DeliverySpeed = (typeof DELIVERY_SPEEDS)[number];
export const deliverySpeedSchema = z.enum(DELIVERY_SPEEDS);
export const DEFAULT_DELIVERY_SPEED: DeliverySpeed = 'STANDARD';

export const DELIVERY_SPEED_DETAILS: Record<
  DeliverySpeed,
  { label: string; description: string; minBusinessDays: number; maxBusinessDays: number }
> = {
  INSTANT: { label: 'Instant', description: 'Within minutes', minBusinessDays: 0, maxBusinessDays: 0 },
  SAME_DAY: {
    label: 'Same Day',
    description: 'By end of business day',
    minBusinessDays: 0,
    maxBusinessDays: 0,
  },
  NEXT_DAY: {
    label: 'Next Day',
    description: 'By next business day',
    minBusinessDays: 1,
    maxBusinessDays: 1,
  },
  STANDARD: { label: 'Standard', description: '3–5 business days', minBusinessDays: 3, maxBusinessDays: 5 },
};

export const DELIVERY_SPEED_NOT_ELIGIBLE_MESSAGE = 'This payment isn’t eligible for this delivery speed.';

/** Payment terms (spec 002 §3); Net 7 is the default. `days` is null for custom terms. */
export const PAYMENT_TERMS = [
  { value: 'CUSTOM', label: 'Custom', days: null },
  { value: 'DUE_ON_RECEIPT', label: 'Due on Receipt', days: 0 },
  { value: 'NET_7', label: 'Net 7', days: 7 },
  { value: 'NET_15', label: 'Net 15', days: 15 },
  { value: 'NET_30', label: 'Net 30', days: 30 },
  { value: 'NET_45', label: 'Net 45', days: 45 },
  { value: 'NET_90', label: 'Net 90', days: 90 },
] as const;
export type PaymentTerm = (typeof PAYMENT_TERMS)[number]['value'];
export const DEFAULT_PAYMENT_TERM: PaymentTerm = 'NET_7';

/** Payment and approval activity labels (spec 001 §4, 002 §4), verbatim. */
export const PAYMENT_ACTIVITY_LABELS = {
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  DECLINED: 'Declined',
  BYPASSED_AND_APPROVED: 'Bypassed and Approved',
  BYPASS_AND_REJECT: 'Bypass and Reject',
  SUBMITTED_FOR_APPROVAL: 'Submitted for Approval',
  APPROVED_AND_SCHEDULED: 'Approved and Scheduled',
  PAYMENT_RETRIED: 'Payment retried',
  PAYMENT_RESCHEDULED: 'Payment rescheduled',
  CANCELED: 'Canceled',
} as const;
export type PaymentActivity = keyof typeof PAYMENT_ACTIVITY_LABELS;

/**
 * Timeline labels of a refund: when a payment fails or is returned after the payer's money was
 * collected, Ferry sends it back to the payer's bank or card ('Refund sent'), then its settlement posts
 * ('Refunded').
 */
export const PAYMENT_REFUND_LABELS = {
  REFUND_SENT: 'Refund sent',
  REFUNDED: 'Refunded',
} as const;

/** Bill and invoice summary filters. */
export const SUMMARY_FILTERS = ['TOTAL_OUTSTANDING', 'DUE_IN_7_DAYS', 'OVERDUE'] as const;
export const DUE_DATE_FILTERS = ['DUE_TODAY', 'NEXT_3_DAYS', 'NEXT_7_DAYS', 'OVERDUE'] as const;
export const INVOICE_SORT_KEYS = ['REF_NO', 'INVOICE_DATE', 'DUE_DATE', 'INVOICE_AMOUNT'] as const;
export const CONTACT_TYPES = ['vendor', 'customer'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
