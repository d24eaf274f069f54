/*
 * The access API schemas that check phones (libphonenumber's metadata) or work emails (the
 * disposable-domain list). Kept apart from `access.ts` so that the sign-in page and the signed-in
 * session, which only need the light schemas, do not load either.
 */
import type { CountryCode } from 'libphonenumber-js/min';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { idSchema } from '../ids/index.js';
import { firstNameSchema, lastNameSchema, termsSchema } from './business.js';
import { isDialCodeOfCountry, isValidPhone, PHONE_MESSAGES } from './phone.js';
import { workEmailSchema } from './work-email.js';

const recaptchaTokenField = z.string().optional();

/** A phone as the API carries it: `{ phoneNumber, countryCode (dial code), countryISOCode }`. */
export const apiPhoneSchema = z
  .object({
    phoneNumber: z
      .string({ error: PHONE_MESSAGES.invalid })
      .trim()
      .min(2, { error: PHONE_MESSAGES.invalid })
      .max(16, {
        error: PHONE_MESSAGES.invalid,
      }),
    countryCode: z
      .string({ error: PHONE_MESSAGES.invalid })
      .regex(/^\+?\d{1,4}$/, { error: PHONE_MESSAGES.invalid }),
    countryISOCode: z
      .string({ error: PHONE_MESSAGES.invalid })
      .trim()
      .min(2, { error: PHONE_MESSAGES.invalid })
      .max(2, {
        error: PHONE_MESSAGES.invalid,
      }),
  })
  .refine(
    (p) =>
      isDialCodeOfCountry(p.countryCode, p.countryISOCode) && isValidPhone(p.phoneNumber, p.countryISOCode),
    {
      error: PHONE_MESSAGES.invalid,
      path: ['phoneNumber'],
    },
  );
export type ApiPhone = z.infer<typeof apiPhoneSchema>;

/** The E.164 form of a valid phone (`+14155550123`), or null. */
export const toE164 = (phoneNumber: string, countryISOCode: string): string | null => {
  const parsed = parsePhoneNumberFromString(
    phoneNumber.trim(),
    countryISOCode.trim().toUpperCase() as CountryCode,
  );
  return parsed?.isValid() ? parsed.number : null;
};

/** `POST /auth/users/sign-up`. */
export const signUpRequestSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: workEmailSchema,
  phones: z.array(apiPhoneSchema).length(1, { error: PHONE_MESSAGES.invalid }),
  country: z.string().trim().min(2).max(3),
  recaptchaToken: z.string().optional(),
  invitationId: idSchema.optional(),
  authProvider: z.enum(['EMAIL']).optional(),
  isAgree: termsSchema,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/**
 * `PATCH /user/mobile-number` (signed in, or during a sign-in with its challenge): replaces the primary
 * phone with an unverified one and sends it a code; data `{ requestId }`.
 */
export const updateMobileNumberRequestSchema = z.object({
  phones: z.array(apiPhoneSchema).length(1, { error: PHONE_MESSAGES.invalid }),
  recaptchaToken: recaptchaTokenField,
  challengeToken: z.string().optional(),
  userId: idSchema.optional(),
});
