import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  isValidPhoneNumber,
} from 'libphonenumber-js/min';
import { z } from 'zod';

export const PHONE_MESSAGES = {
  invalid: 'Please enter valid phone number.',
  required: 'Mobile number is required.',
  linkedElsewhere: 'The mobile number you entered is already linked to a different account.',
} as const;

/**
 * Whether `phoneNumber` is valid for the ISO country (2–16 characters; libphonenumber's 'min' metadata: the
 * lengths and leading digits of the country's numbers). The server and the browser share this check.
 */
export const isValidPhone = (phoneNumber: string, countryISOCode: string): boolean => {
  const number = phoneNumber.trim();
  if (number.length < 2 || number.length > 16) return false;
  try {
    return isValidPhoneNumber(number, countryISOCode.trim().toUpperCase() as CountryCode);
  } catch {
    return false;
  }
};

/** Whether the dial code ('1' or '+1') is the calling code of the ISO country. */
export const isDialCodeOfCountry = (dialCode: string, countryISOCode: string): boolean => {
  const iso = countryISOCode.trim().toUpperCase();
  return isSupportedCountry(iso) && getCountryCallingCode(iso) === dialCode.trim().replace(/^\+/, '');
};

/** Phone entry: ISO code, dial code and number, all required and valid for the country. */
export const phoneSchema = z
  .object({
    countryISOCode: z.string({ error: PHONE_MESSAGES.invalid }).min(2, { error: PHONE_MESSAGES.invalid }),
    dialCode: z
      .string({ error: PHONE_MESSAGES.invalid })
      .regex(/^\+?\d{1,4}$/, { error: PHONE_MESSAGES.invalid }),
    phoneNumber: z.string({ error: PHONE_MESSAGES.invalid }).min(1, { error: PHONE_MESSAGES.invalid }),
  })
  .refine(
    (p) => isDialCodeOfCountry(p.dialCode, p.countryISOCode) && isValidPhone(p.phoneNumber, p.countryISOCode),
    {
      error: PHONE_MESSAGES.invalid,
      path: ['phoneNumber'],
    },
  );
export type Phone = z.infer<typeof phoneSchema>;
