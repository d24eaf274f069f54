import { z } from 'zod';
import { AUTO_PAYMENT_MAPPING_STATUSES } from '../catalogues/auto-payment.js';
import { MESSAGES, MONEY_MESSAGES } from '../catalogues/messages.js';
import { GUEST_PAYMENT_TYPES } from '../catalogues/payments.js';
import { firstNameSchema, lastNameSchema } from './business.js';
import { otpCodeSchema } from './codes.js';
import { emailSchema } from './email.js';
import { processDateSchema } from './payments-api.js';
import { ID_MAX_LENGTH, refIdSchema } from './text.js';

const idSchema = (message?: string) => refIdSchema(message);
const optionalIdSchema = z.string().trim().max(ID_MAX_LENGTH, { error: 'Invalid id' }).optional();

/*
 * The guest flows (access spec §2 'Start payment', 'Guest payment sign-in', §4 'Guest submit'; money
 * spec §3 'Guest payment info', §7 'POST /payments/guest/accept/payment').
 *
 * A guest is someone without a Ferry account who got a link by email:
 * - BUSINESS_PAYMENT: a business sent them a payment request (an invoice) → they pay it (SEND_PAYMENT);
 * - BILL_PAYMENT: a business paid them and has no bank of theirs on file → they accept it
 *   (RECEIVE_PAYMENT) by adding where to receive the money.
 * - AUTO_PAYMENT: a business asked them to authorise automatic payments (AUTO_PAYMENT) → they authorise
 *   with a bank or card (PATCH /auto-payment/{id}, see auto-payments-api.ts). Amounts are 0 there.
 *
 * The link carries `token` (the invitation's secret). Every guest call names it; the server answers
 * only about that invitation's request or payment. After the email code a *guest session* is issued,
 * scoped to the invitation: it reaches the /guest calls of that invitation, `POST /payments/guest/…`,
 * `GET /user`, logout, and the business routes of the guest's own guest business (adding a bank or card
 * there) — nothing else (403 GUEST_SCOPE). The phone must be verified (last four digits confirmed + SMS
 * code, or a new number + SMS code) before any money call.
 */

export const GUEST_INVITATION_TYPES = ['BUSINESS_PAYMENT', 'BILL_PAYMENT', 'AUTO_PAYMENT'] as const;
export type GuestInvitationType = (typeof GUEST_INVITATION_TYPES)[number];

export const GUEST_MESSAGES = {
  invalidLink: 'This link is invalid or has expired.',
  wrongEmail: 'This link was sent to a different email address.',
  namesRequired: 'Please enter your first and last name.',
  lastFourInvalid: 'Please enter the last 4 digits of your phone number.',
  lastFourMismatch: 'The last 4 digits do not match the phone number on file.',
  phoneNotVerified: 'Please verify your mobile number to continue.',
  phoneRequired: MESSAGES.mobileRequired,
  phoneLinked: MESSAGES.phoneLinkedElsewhere,
  invalidBank: MONEY_MESSAGES.invalidGuestBank,
  cardNotAccepted: 'This business does not accept card payments.',
  alreadyPaid: 'This invoice has already been paid.',
  requestClosed: 'This payment request is no longer open.',
  paymentClosed: 'This payment can no longer be accepted.',
  scope: 'This page is not available with a guest link.',
  fillRequired: MONEY_MESSAGES.fillRequiredFields,
} as const;

export const GUEST_LINK_TTL_DAYS = 30;

const tokenField = z.string().trim().min(16, { error: GUEST_MESSAGES.invalidLink }).max(200, {
  error: GUEST_MESSAGES.invalidLink,
});
const recaptchaTokenField = z.string().max(4000).optional();

/** POST /guest/link {token}: what the emailed link is about (no session needed, nothing changes). */
export const guestLinkRequestSchema = z.object({ token: tokenField, recaptchaToken: recaptchaTokenField });

/** The answer of POST /guest/link. */
export const guestLinkSchema = z.object({
  invitationId: z.string(),
  invitationType: z.enum(GUEST_INVITATION_TYPES),
  paymentType: z.enum(GUEST_PAYMENT_TYPES),
  /** The invited address (the start page pre-fills it). */
  email: z.string(),
  /** The business that sent the request (BUSINESS_PAYMENT) or the payment (BILL_PAYMENT). */
  senderBusinessName: z.string(),
  /** Amount still to pay on the request, or the payment's amount, in cents. */
  amount: z.number().int(),
  /** First name on file for the greeting ('Hey {first name or there}'), null for a new person. */
  firstName: z.string().nullable(),
  /** No account with that email yet (or one without names): the start page asks for names. */
  isNewUser: z.boolean(),
  /** AUTO_PAYMENT links: the mapping and its status (the auto-pay guard routes by it). */
  autoPaymentMappingId: z.string().nullable().optional(),
  autoPaymentStatus: z.enum(AUTO_PAYMENT_MAPPING_STATUSES).nullable().optional(),
});
export type GuestLink = z.infer<typeof guestLinkSchema>;

/**
 * POST /guest/start: email (must be the invited one, else 403 wrongEmail), names only for a new person
 * (400 namesRequired when missing). Sends the email code. Answer `{ requestId, isNewUser }`.
 */
export const guestStartRequestSchema = z.object({
  token: tokenField,
  email: emailSchema,
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  recaptchaToken: recaptchaTokenField,
});
export type GuestStartRequest = z.input<typeof guestStartRequestSchema>;
export const guestStartResponseSchema = z.object({ requestId: z.string(), isNewUser: z.boolean() });

/**
 * POST /guest/verify-email {token, requestId, otp}: the email code. Creates the GUEST_ACTIVE user for a
 * new person, and a guest session scoped to the invitation (cookie + `{ token, sessionId }`). Answers
 * `GuestSession`.
 */
export const guestVerifyEmailRequestSchema = z.object({
  token: tokenField,
  requestId: idSchema(),
  otp: otpCodeSchema,
  recaptchaToken: recaptchaTokenField,
});

export const guestSessionSchema = z.object({
  token: z.string(),
  sessionId: z.string(),
  userId: z.string(),
  firstName: z.string(),
  /** The primary phone masked ('*** 1234' style) when the user has one, else null (ask for a number). */
  maskedPhone: z.string().nullable(),
});
export type GuestSession = z.infer<typeof guestSessionSchema>;

/**
 * POST /guest/phone/send (guest session): either `{ lastFour }` confirming the phone on file (400
 * lastFourMismatch) or `{ phones: [{phoneNumber, countryCode, countryISOCode}] }` for a person without
 * one (409 phoneLinked when another account has it). Sends the SMS code; answer `{ requestId }`.
 */
export const guestPhoneSendRequestSchema = z.object({
  lastFour: z
    .string({ error: GUEST_MESSAGES.lastFourInvalid })
    .regex(/^\d{4}$/, { error: GUEST_MESSAGES.lastFourInvalid })
    .optional(),
  phones: z
    .array(
      z.object({
        phoneNumber: z.string().trim().min(2).max(16),
        countryCode: z.string().regex(/^\+?\d{1,4}$/),
        countryISOCode: z.string().regex(/^[A-Za-z]{2}$/),
      }),
    )
    .min(1)
    .max(1)
    .optional(),
  recaptchaToken: recaptchaTokenField,
});
export type GuestPhoneSendRequest = z.input<typeof guestPhoneSendRequestSchema>;

/** POST /guest/phone/verify (guest session) {requestId, otp, isRegisterTrustedDevice?}: answer GuestPaymentInfo. */
export const guestPhoneVerifyRequestSchema = z.object({
  requestId: idSchema(),
  otp: otpCodeSchema,
  isRegisterTrustedDevice: z.boolean().optional(),
  recaptchaToken: recaptchaTokenField,
});

/** One line of the invoice the guest is paying. */
const guestLineSchema = z.object({
  itemName: z.string(),
  description: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
});

/**
 * GET /guest/payment-info (guest session, phone verified; else 403 phoneNotVerified): money spec §3
 * 'Guest payment info'. Amounts in cents. `payerId` is the guest's business (the one it pays from, or
 * receives into), whose banks and cards the method screen lists through the business routes.
 */
export const guestPaymentInfoSchema = z.object({
  invitationId: z.string(),
  invitationType: z.enum(GUEST_INVITATION_TYPES),
  paymentType: z.enum(GUEST_PAYMENT_TYPES),
  payerId: z.string().nullable(),
  payeeId: z.string().nullable(),
  /** The guest's own business (payer for SEND_PAYMENT, payee for RECEIVE_PAYMENT). */
  guestBusinessId: z.string(),
  /** Invoice total (SEND) or payment amount (RECEIVE). */
  amount: z.number().int(),
  /** What is still due now (SEND: the request balance minus payments on their way; RECEIVE: amount). */
  amountToPay: z.number().int(),
  paymentRequestId: z.string().nullable(),
  paymentId: z.string().nullable(),
  payeeAcceptCardPayment: z.boolean(),
  payeeCardSurchargeEnabled: z.boolean(),
  payeeCardMerchantId: z.string().nullable(),
  /** Card fee in basis points when the payee passes it on (the fee engine's rate), else 0. */
  cardFeeBps: z.number().int(),
  isNewUser: z.boolean(),
  /** The guest business was made for this link and has not been named by the guest yet. */
  isNewBusiness: z.boolean(),
  contactName: z.string(),
  payerBusinessName: z.string().nullable(),
  payeeBusinessName: z.string().nullable(),
  refNo: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  memo: z.string().nullable(),
  lines: z.array(guestLineSchema),
  /** Payments the guest already made on this request (newest first). */
  payments: z.array(
    z.object({
      id: z.string(),
      amount: z.number().int(),
      feeAmount: z.number().int(),
      method: z.enum(['BANK', 'CARD']),
      status: z.string(),
      statusLabel: z.string(),
      processDate: z.string(),
    }),
  ),
  /** The request is fully paid / cancelled / the payment accepted: the screen shows the outcome. */
  closed: z.boolean(),
  /** AUTO_PAYMENT: the mapping to authorise (PATCH /auto-payment/{id}) and its status. */
  autoPaymentMappingId: z.string().nullable().optional(),
  autoPaymentStatus: z.enum(AUTO_PAYMENT_MAPPING_STATUSES).nullable().optional(),
});
export type GuestPaymentInfo = z.infer<typeof guestPaymentInfoSchema>;

/**
 * POST /payments/guest/accept/payment (guest session, phone verified, Idempotency-Key required):
 * money spec §7 'Guest send payment body' / 'receive payment'.
 * SEND_PAYMENT (BUSINESS_PAYMENT): pays `amount` cents of the request from a verified bank or a card of
 * the guest business, by the partial-payment rules (partialPaymentAmountSchema's messages, 422 on the
 * `amount` field); the card fee is added when the payee passes it on. `businessName` names the new
 * guest business (isNewBusiness) before paying.
 * RECEIVE_PAYMENT (BILL_PAYMENT): `paymentInstrumentId` is a verified bank of the guest business; the
 * waiting payment gets it as the vendor's bank and is released to the engine; `amount` must equal it.
 * Answer: GuestPaymentInfo after the change.
 */
export const guestAcceptPaymentRequestSchema = z.object({
  token: tokenField,
  invitationType: z.enum(GUEST_INVITATION_TYPES),
  businessId: idSchema(),
  paymentInstrumentId: idSchema(GUEST_MESSAGES.invalidBank),
  paymentRequestId: optionalIdSchema,
  paymentId: optionalIdSchema,
  amount: z.number().int().min(0).max(100_000_000_00),
  scheduledDate: processDateSchema.optional(),
  fraudSessionId: z.string().max(200).optional(),
  businessName: z.string().trim().min(2).max(100).optional(),
});
export type GuestAcceptPaymentRequest = z.input<typeof guestAcceptPaymentRequestSchema>;
