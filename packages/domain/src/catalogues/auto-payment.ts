/** Auto-payment mapping statuses (spec 002 §4). */
export const AUTO_PAYMENT_MAPPING_STATUSES = [
  'PENDING',
  'REQUESTED',
  'ACCEPTED',
  'HOLD',
  'PAYER_DECLINED',
  'PAYEE_CANCELLED',
  'ADMIN_REVOKED',
  'PAUSED',
  'PAYEE_DISABLED',
  'PAYER_DISABLED',
] as const;
export type AutoPaymentMappingStatus = (typeof AUTO_PAYMENT_MAPPING_STATUSES)[number];

/** Auto-payment feature states. */
export const AUTO_PAYMENT_FEATURE_STATES = [
  'NOT_INITIATED',
  'PAUSED',
  'SUBMITTED',
  'ENABLED',
  'BLOCKED',
  'PAYEE_DISABLED',
  'PAYER_DISABLED',
] as const;
export type AutoPaymentFeatureState = (typeof AUTO_PAYMENT_FEATURE_STATES)[number];

/** Contact-to-network labels of a mapping status; other statuses have no label. */
export const AUTO_PAYMENT_CONTACT_LABELS: Partial<Record<AutoPaymentMappingStatus, string>> = {
  REQUESTED: 'Pending',
  ACCEPTED: 'Enabled',
  ADMIN_REVOKED: 'Blocked',
  PAYER_DISABLED: 'Disabled',
  PAYEE_DISABLED: 'Disabled',
};

export const AUTO_PAYMENT_RESULT_TEXTS = {
  authorized: 'Authorized Successfully.',
  onHold: 'Authorization is on hold.',
  redirecting: (seconds: number): string => `Redirecting to your business in ${seconds}s`,
} as const;

/** Countdown (seconds) before redirecting to business home after authorization. */
export const AUTO_PAYMENT_REDIRECT_SECONDS = 7;

/**
 * Activity actions of auto payments with their labels. 'Authorization Request Sent', 'Auto Payments
 * Blocked', 'Authorization Revoked' and 'Payment Method Updated' are verbatim; the rest are title-cased.
 */
export const AUTO_PAYMENT_ACTIVITY_LABELS = {
  AUTHORIZATION_REQUEST_SENT: 'Authorization Request Sent',
  AUTHORIZATION_REQUEST_RECEIVED: 'Authorization Request Received',
  AUTO_PAYMENTS_REQUEST_CANCELED: 'Auto Payments Request Canceled',
  AUTHORIZATION_REQUEST_PAUSED: 'Authorization Request Paused',
  AUTHORIZATION_REMINDER_SENT: 'Authorization Reminder Sent',
  AUTHORIZATION_REMINDER_RECEIVED: 'Authorization Reminder Received',
  AUTO_PAYMENTS_AUTHORIZED: 'Auto Payments Authorized',
  FLY_AUTO_PAYMENTS_BLOCKED: 'Auto Payments Blocked',
  FLY_AUTHORIZATION_REACTIVATED: 'Authorization Reactivated',
  AUTO_PAYMENTS_CANCELED: 'Auto Payments Canceled',
  AUTHORIZATION_REVOKED: 'Authorization Revoked',
  AUTO_PAYMENTS_DISABLED: 'Auto Payments Disabled',
  AUTO_PAYMENTS_ENABLED: 'Auto Payments Enabled',
  PAYMENT_METHOD_UPDATED: 'Payment Method Updated',
} as const;
export type AutoPaymentActivity = keyof typeof AUTO_PAYMENT_ACTIVITY_LABELS;

export const CUSTOMER_AUTO_PAYMENT_ACTIVITIES = [
  'AUTHORIZATION_REQUEST_SENT',
  'AUTO_PAYMENTS_REQUEST_CANCELED',
  'AUTHORIZATION_REQUEST_PAUSED',
  'AUTHORIZATION_REMINDER_SENT',
  'AUTO_PAYMENTS_AUTHORIZED',
  'FLY_AUTO_PAYMENTS_BLOCKED',
  'FLY_AUTHORIZATION_REACTIVATED',
  'AUTO_PAYMENTS_CANCELED',
  'AUTO_PAYMENTS_DISABLED',
  'AUTO_PAYMENTS_ENABLED',
] as const satisfies readonly AutoPaymentActivity[];

export const VENDOR_AUTO_PAYMENT_ACTIVITIES = [
  'AUTHORIZATION_REQUEST_RECEIVED',
  'AUTO_PAYMENTS_REQUEST_CANCELED',
  'AUTHORIZATION_REMINDER_RECEIVED',
  'AUTO_PAYMENTS_AUTHORIZED',
  'FLY_AUTO_PAYMENTS_BLOCKED',
  'FLY_AUTHORIZATION_REACTIVATED',
  'AUTHORIZATION_REVOKED',
  'AUTO_PAYMENTS_DISABLED',
  'AUTO_PAYMENTS_ENABLED',
  'PAYMENT_METHOD_UPDATED',
] as const satisfies readonly AutoPaymentActivity[];
