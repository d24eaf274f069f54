import { z } from 'zod';
import {
  AUTO_PAYMENT_ACTIVITY_LABELS,
  AUTO_PAYMENT_FEATURE_STATES,
  AUTO_PAYMENT_MAPPING_STATUSES,
} from '../catalogues/auto-payment.js';
import { MONEY_MESSAGES } from '../catalogues/messages.js';
import type { AUTO_PAYMENT_ACTIONS } from '../payments/auto-payment-transitions.js';
import { paginationQuerySchema } from './envelope.js';
import { refIdSchema } from './text.js';

/*
 * Auto-payments (issue 20; spec 002 §4 'Auto-payment', §7 'Auto-payment'; spec 000 §2 auto-pay routes).
 *
 * A PAYEE business asks one of its customers to authorise automatic payments. The customer (the PAYER:
 * a business on Ferry, or a guest business made from the contact as for a guest payment request) gets
 * an AUTO_PAYMENT link by email and authorises with a verified bank or a card. From then on every open
 * invoice of that customer is paid on its due date through the payment engine, once.
 *
 * Routes (base /api):
 * Payee side — right GetPaidManageCustomerAutoPayments ('read' for GETs, 'manage' for changes):
 *   POST  /business/{businessId}/auto-payment                       {customerId} → AutoPaymentMapping (201)
 *   PATCH /business/{businessId}/auto-payment/{id}/send-reminder     → AutoPaymentMapping
 *   POST  /business/{businessId}/auto-payment/{id}/payee-action      AutoPaymentActionRequest → AutoPaymentMapping
 * Payer side — right PayManageAutoPayments:
 *   POST  /business/{businessId}/auto-payment/{id}/payer-action      AutoPaymentActionRequest → AutoPaymentMapping
 *   POST  /business/{businessId}/auto-payments/{autoPaymentId}/skip  → AutoPaymentRun (the payer stops one
 *         upcoming auto payment; its scheduled payment is cancelled)
 * Either side (the contact's type picks the right: CUSTOMER → GetPaidManageCustomerAutoPayments,
 * VENDOR → PayManageAutoPayments):
 *   GET   /business/{businessId}/contacts/{contactId}/auto-payment   → ContactAutoPayment
 *   GET   /business/{businessId}/auto-payments?pageNumber&pageSize   → paged AutoPaymentRun[] (both sides)
 * The authorising payer (a guest session of the invitation, or a signed-in member of the payer business
 * with PayManageAutoPayments manage):
 *   GET   /auto-payment/{id}                                          → AutoPaymentMapping
 *   GET   /auto-payment/{id}/vendor?pageNumber&pageSize               → paged AutoPaymentRun[] of this mapping
 *   GET   /auto-payment/mapping/{id}/businesses-to-map?allowGuestBusiness=true|false → BusinessToMap[]
 *   PATCH /auto-payment/{id}  AutoPaymentAuthorizeRequest             → AutoPaymentMapping
 * Another business's mapping is 404; a missing right is 403.
 */

export const AUTO_PAYMENT_MESSAGES = {
  notFound: 'Auto payment not found.',
  /** The guest/auto-payment bank rule (spec 002 §9 'for auto-payment'). */
  invalidBank: MONEY_MESSAGES.invalidAutoPaymentBank,
  authorizationRequired: 'Please confirm that you authorize automatic payments.',
  customerEmailRequired: 'Add an email address to this customer before requesting auto payments.',
  alreadyRequested: 'Auto payments are already set up or requested for this customer.',
  notAllowed: 'This auto payment cannot be changed that way now.',
  cardNotAccepted: 'This business does not accept card payments.',
  otpRequired: 'Please verify the code sent to your mobile number.',
  requested: 'Auto payment request sent.',
  reminderSent: 'Reminder sent.',
  skipped: 'This auto payment will not be made.',
} as const;

const idField = (message?: string) => refIdSchema(message);

/** POST /business/{id}/auto-payment. */
export const autoPaymentRequestSchema = z.object({ customerId: idField() });
export type AutoPaymentRequest = z.input<typeof autoPaymentRequestSchema>;

/**
 * PATCH /auto-payment/{id} (spec: businessId, otpId, paymentInstrumentId, status, optional vendorId).
 * status ACCEPTED authorises (the server answers HOLD instead while the payer business is not verified —
 * a guest business is not held); status PAYER_DECLINED declines the request. `otpId` is the id of an
 * SMS code the caller verified within the last 10 minutes (POST /otp/send + /otp/verify); `authorized`
 * is the ticked authorisation box (required for ACCEPTED: authorizationRequired).
 */
export const autoPaymentAuthorizeRequestSchema = z.object({
  businessId: idField(),
  status: z.enum(['ACCEPTED', 'PAYER_DECLINED']),
  paymentInstrumentId: idField(AUTO_PAYMENT_MESSAGES.invalidBank).optional(),
  otpId: idField(AUTO_PAYMENT_MESSAGES.otpRequired).optional(),
  vendorId: idField().optional(),
  authorized: z.boolean().optional(),
  /** The guest link's token when the caller is a guest session. */
  token: z.string().trim().max(200).optional(),
});
export type AutoPaymentAuthorizeRequest = z.input<typeof autoPaymentAuthorizeRequestSchema>;

/**
 * POST …/payee-action and …/payer-action. `alsoCancelScheduled`: the dialogs' optional tick — also
 * cancel auto payments already scheduled or requested. CHANGE_METHOD (payer) needs paymentInstrumentId
 * (and otpId for a guest). Actions a side may not take, or not in the mapping's status, answer 409.
 */
export const AUTO_PAYMENT_CONTROL_ACTIONS = [
  'CANCEL_REQUEST',
  'PAUSE',
  'RESUME',
  'DISABLE',
  'ENABLE',
  'CANCEL',
  'REVOKE',
  'DECLINE',
  'CHANGE_METHOD',
] as const satisfies readonly (string & ((typeof AUTO_PAYMENT_ACTIONS)[number] | 'CHANGE_METHOD'))[];
export type AutoPaymentControlAction = (typeof AUTO_PAYMENT_CONTROL_ACTIONS)[number];

export const autoPaymentActionRequestSchema = z.object({
  action: z.enum(AUTO_PAYMENT_CONTROL_ACTIONS),
  alsoCancelScheduled: z.boolean().optional(),
  paymentInstrumentId: idField(AUTO_PAYMENT_MESSAGES.invalidBank).optional(),
  otpId: idField(AUTO_PAYMENT_MESSAGES.otpRequired).optional(),
});
export type AutoPaymentActionRequest = z.input<typeof autoPaymentActionRequestSchema>;

export const autoPaymentPageQuerySchema = paginationQuerySchema;

/** GET /auto-payment/mapping/{id}/businesses-to-map?allowGuestBusiness. */
export const businessesToMapQuerySchema = z.object({
  allowGuestBusiness: z.enum(['true', 'false']).optional(),
});
export const businessToMapSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  isGuest: z.boolean(),
  verificationStatus: z.string(),
  /** The caller may authorise for it (PayManageAutoPayments manage). */
  canAuthorize: z.boolean(),
});
export type BusinessToMap = z.infer<typeof businessToMapSchema>;

export const autoPaymentMethodSchema = z.object({
  kind: z.enum(['BANK', 'CARD']),
  id: z.string(),
  /** 'Chase ••••6789' / 'Visa ••••4242'. */
  label: z.string(),
});

/** A mapping as its two sides and the authorising payer see it (spec 002 §3 'Auto-payment mapping'). */
export const autoPaymentMappingSchema = z.object({
  autoPaymentMappingId: z.string(),
  status: z.enum(AUTO_PAYMENT_MAPPING_STATUSES),
  featureState: z.enum(AUTO_PAYMENT_FEATURE_STATES),
  /** Contact-to-network label (AUTO_PAYMENT_CONTACT_LABELS) or null. */
  label: z.string().nullable(),
  /** The payer may authorise with a card (the payee accepts cards). */
  isAcceptCardPayments: z.boolean(),
  payeeBusiness: z.object({ id: z.string(), name: z.string(), isAcceptCardPayments: z.boolean() }),
  payeeBusinessName: z.string(),
  /** The payee's customer contact. */
  customerId: z.string(),
  payerContactName: z.string(),
  payerEmail: z.string().nullable(),
  payerId: z.string().nullable(),
  payerBusinessName: z.string().nullable(),
  payerBusinessVerificationStatus: z.string().nullable(),
  /** The payer's vendor contact for the payee, once authorised. */
  vendorId: z.string().nullable(),
  paymentMethod: autoPaymentMethodSchema.nullable(),
  requestedAt: z.string(),
  authorizedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Why it ended, when the system ended it (e.g. 'ACH return R07: Authorization revoked by customer'). */
  endReason: z.string().nullable(),
  lastReminderAt: z.string().nullable(),
  /** The caller's side, and the control actions it may take now (its right included). */
  side: z.enum(['PAYEE', 'PAYER']),
  actions: z.array(z.enum([...AUTO_PAYMENT_CONTROL_ACTIONS, 'REMIND'])),
});
export type AutoPaymentMapping = z.infer<typeof autoPaymentMappingSchema>;

export const AUTO_PAYMENT_RUN_STATUSES = [
  'SCHEDULED',
  'SUBMITTED',
  'SKIPPED',
  'CANCELLED',
  'FAILED',
] as const;
export type AutoPaymentRunStatus = (typeof AUTO_PAYMENT_RUN_STATUSES)[number];
export const AUTO_PAYMENT_RUN_LABELS: Record<AutoPaymentRunStatus, string> = {
  SCHEDULED: 'Scheduled',
  SUBMITTED: 'Payment made',
  SKIPPED: 'Stopped by customer',
  CANCELLED: 'Canceled',
  FAILED: 'Failed',
};

/**
 * One invoice's auto payment (table auto_payments, unique per invoice). `paymentId` is the payer's
 * payment (payer side) — on the payee side the received payment's id is the same id.
 */
export const autoPaymentRunSchema = z.object({
  autoPaymentId: z.string(),
  autoPaymentMappingId: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  amount: z.number().int(),
  dueDate: z.string(),
  status: z.enum(AUTO_PAYMENT_RUN_STATUSES),
  statusLabel: z.string(),
  paymentId: z.string().nullable(),
  paymentStatus: z.string().nullable(),
  failureReason: z.string().nullable(),
  payeeBusinessName: z.string(),
  payerBusinessName: z.string().nullable(),
  /** The payer may still stop it (SCHEDULED and its payment not yet processing). */
  canSkip: z.boolean(),
});
export type AutoPaymentRun = z.infer<typeof autoPaymentRunSchema>;

export const autoPaymentActivitySchema = z.object({
  id: z.string(),
  action: z.enum(Object.keys(AUTO_PAYMENT_ACTIVITY_LABELS) as [keyof typeof AUTO_PAYMENT_ACTIVITY_LABELS]),
  label: z.string(),
  at: z.string(),
  byName: z.string().nullable(),
  remarks: z.string().nullable(),
});
export type AutoPaymentActivityEntry = z.infer<typeof autoPaymentActivitySchema>;

/** GET /business/{id}/contacts/{contactId}/auto-payment. */
export const contactAutoPaymentSchema = z.object({
  /** The live mapping, else the latest ended one, else null (never requested). */
  mapping: autoPaymentMappingSchema.nullable(),
  /** The caller may request auto payments for this customer now (payee side, right, no live mapping). */
  canRequest: z.boolean(),
  activity: z.array(autoPaymentActivitySchema),
  upcoming: z.array(autoPaymentRunSchema),
});
export type ContactAutoPayment = z.infer<typeof contactAutoPaymentSchema>;
