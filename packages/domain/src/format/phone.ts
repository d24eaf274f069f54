// The same libphonenumber metadata entry as schemas/phone.ts: when one changes, change both.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export type PhoneParts = {
  /** The dial code, '1' or '+1' (`countryCode`, `dialCode` or `phoneCountryCode` in the API's shapes). */
  dialCode: string;
  phoneNumber: string;
};

/**
 * A phone number for reading, in libphonenumber's international format: '+1 415 555 2671',
 * '+44 20 7123 4567'. A number libphonenumber cannot parse is shown as '+{dial} {digits}'.
 */
export const formatPhone = ({ dialCode, phoneNumber }: PhoneParts): string => {
  const dial = dialCode.trim().replace(/^\+/, '');
  const digits = phoneNumber.replace(/\D/g, '');
  if (digits === '') return dial ? `+${dial}` : '';
  const parsed = parsePhoneNumberFromString(`+${dial}${digits}`);
  if (parsed) return parsed.formatInternational();
  return `+${dial} ${digits}`;
};

/** The last four digits behind a mask, for a number only partly shown: '+1 *** 2671'. */
export const formatMaskedPhone = ({ dialCode, phoneNumber }: PhoneParts): string =>
  `+${dialCode.trim().replace(/^\+/, '')} *** ${phoneNumber.replace(/\D/g, '').slice(-4)}`;
