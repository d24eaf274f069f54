import { z } from 'zod';
import { idSchema } from '../ids/index.js';
import { firstNameSchema, lastNameSchema } from './business.js';
import { otpCodeSchema } from './codes.js';
import { emailSchema } from './email.js';
import { changePasswordSchema, PASSWORD_MESSAGES, passwordSchema } from './password.js';

/** `POST /user/check-user-exists`. */
export const checkUserExistsRequestSchema = z.object({
  email: emailSchema,
  recaptchaToken: z.string().optional(),
});

/*
 * The rest of the access API (spec 000 §7). Server routes and browser forms share these.
 * Success answers are the envelope `{ status, message, data }`; `data` shapes are given per call.
 */

const recaptchaTokenField = z.string().optional();

/** `POST /auth/sign-in`. `isIncognito`: the browser's storage quota is under 1200 MB (spec 000 §9). */
export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(100),
  recaptchaToken: recaptchaTokenField,
  isIncognito: z.boolean().optional(),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** `POST /otp/send-sign-in-otp/{userId}`: data `{ requestId, resendAvailableAt, expiresAt }`. */
export const sendSignInOtpRequestSchema = z.object({
  recaptchaToken: recaptchaTokenField,
  challengeToken: z.string().optional(),
  entityType: z.string().optional(),
  operation: z.string().optional(),
  entityId: z.string().optional(),
  userId: z.string().optional(),
});

/** `POST /otp/verify-sign-in-otp/{userId}`: data `{ token, sessionId, user }`. */
export const verifySignInOtpRequestSchema = z.object({
  requestId: idSchema,
  otp: otpCodeSchema,
  recaptchaToken: recaptchaTokenField,
  challengeToken: z.string().optional(),
  isRegisterTrustedDevice: z.boolean().optional(),
  isIncognito: z.boolean().optional(),
  invitationId: idSchema.optional(),
});

/** `POST /auth/forgot-password`: always the same answer, whether or not the email has an account. */
export const forgotPasswordRequestSchema = z.object({
  email: emailSchema,
  recaptchaToken: recaptchaTokenField,
});

/** `PATCH /auth/reset-password`: the emailed link's token and a new password. */
export const resetPasswordRequestSchema = z
  .object({
    token: z.string().min(16).max(200),
    password: passwordSchema,
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.required }),
    recaptchaToken: recaptchaTokenField,
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
  });

/** `PATCH /user/change-password` and `PATCH /auth/password`: the old password and a new pair. */
export const changePasswordRequestSchema = changePasswordSchema;

/** `PATCH /user`: profile fields and the account type (select account type). */
export const updateUserRequestSchema = z
  .object({
    firstName: firstNameSchema.optional(),
    lastName: lastNameSchema.optional(),
    userType: z.enum(['ACCOUNTANT', 'SME_OWNER']).optional(),
    linkBillPopupDismiss: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Nothing to update.' });

/** `PATCH /user/secondary-emails`. */
export const secondaryEmailsRequestSchema = z.object({
  secondaryEmails: z.array(emailSchema).max(5),
});

/** `POST /business/search/mobile-number-exists`: data `{ isPhoneNumberExists }`. */
export const mobileNumberExistsRequestSchema = z.object({
  phone: z.string().trim().min(2).max(16),
  countryCode: z.string().regex(/^\+?\d{1,4}$/),
  countryISOCode: z.string().trim().length(2).optional(),
  recaptchaToken: recaptchaTokenField,
  userId: idSchema.optional(),
});

/** `POST /auth/invitation/verify/{token}` and the code lookup `POST /auth/invitation/code/{code}`. */
export const invitationVerifyRequestSchema = z.object({ recaptchaToken: recaptchaTokenField });
export const invitationCodeRequestSchema = z.object({
  email: emailSchema,
  recaptchaToken: recaptchaTokenField,
});
