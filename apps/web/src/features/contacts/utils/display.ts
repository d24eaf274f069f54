import { findCountry, formatPhone as formatPhoneParts, maskLast4 } from '@ferry/domain';
import type { ContactAddress, ContactPhone } from '../api/contact-schemas';

/** A phone for reading, in the app's one phone format ('+1 206 555 0100'; see `formatPhone` in the domain). */
export const formatPhone = (phone: Pick<ContactPhone, 'phoneCountryCode' | 'phoneNumber'>): string =>
  formatPhoneParts({ dialCode: phone.phoneCountryCode, phoneNumber: phone.phoneNumber });

/** The lines of a billing address: street lines, then 'City, ST 98101', then the country's name. */
export const formatAddressLines = (address: ContactAddress): string[] => {
  const country = address.country ? (findCountry(address.country)?.name ?? address.country) : '';
  const stateZip = [address.state, address.zipCode].filter(Boolean).join(' ');
  const locality = [address.city, stateZip].filter(Boolean).join(', ');
  return [address.addressLine1, address.addressLine2, locality, country].filter((line) => line.trim() !== '');
};

/**
 * A tax ID for reading, masked to its last 4 digits as the API masks it for read-only members ('*** 6789').
 * A value the API already masked is shown as it came.
 */
export const maskTaxId = (taxId: string): string => {
  const digits = taxId.replace(/\D/g, '');
  return digits.length === 9 ? maskLast4(digits) : taxId;
};
