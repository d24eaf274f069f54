import type { CountryCode } from 'libphonenumber-js/max';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { idSchema } from '../ids/index.js';
import { firstNameSchema, lastNameSchema, termsSchema } from './business.js';
import { emailSchema, workEmailSchema } from './email.js';
import { isDialCodeOfCountry, isValidPhone, PHONE_MESSAGES } from './phone.js';

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

/** `POST /user/check-user-exists`. */
export const checkUserExistsRequestSchema = z.object({
  email: emailSchema,
  recaptchaToken: z.string().optional(),
});
