import {
  type Address,
  checkSecondaryEmails,
  findPhoneCountry,
  isAddressSendable,
  type Phone,
} from '@ferry/domain';
import { EMPTY_PHONE, type PhoneValue } from '@/components/phone-field';
import { type AddressValues, normaliseCountry, normaliseState } from '@/lib/address';
import { isApiError } from '@/lib/api-error';
import type { Contact, ContactAddress } from '../api/contact-schemas';
import type { ContactKindConfig } from './contact-kind';

/** The contact form as typed (spec 002 §3 form shape). */
export type ContactFormValues = {
  name: string;
  email: string;
  phone: PhoneValue;
  secondaryEmails: string[];
  address: AddressValues;
};

/**
 * What the add and edit calls send (`vendorRequestSchema` / `vendorUpdateSchema` and the customer ones):
 * on an edit `phoneNumber: null` and an all-empty billing address clear what was stored.
 */
export type ContactRequest = {
  name: string;
  email: string;
  secondaryEmails: string[];
  phoneNumber?: Phone | null;
  addresses?: { billing: Address };
};

/** Spec 002 §9: the default country is the United States. */
export const DEFAULT_ADDRESS_COUNTRY = 'US';

export const EMPTY_ADDRESS: AddressValues = {
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zipCode: '',
  country: DEFAULT_ADDRESS_COUNTRY,
};

export const EMPTY_CONTACT_VALUES: ContactFormValues = {
  name: '',
  email: '',
  phone: EMPTY_PHONE,
  secondaryEmails: [],
  address: EMPTY_ADDRESS,
};

const toAddressValues = (address: ContactAddress | null | undefined): AddressValues => {
  if (!address) return EMPTY_ADDRESS;
  const country = normaliseCountry(address.country) || DEFAULT_ADDRESS_COUNTRY;
  return {
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    city: address.city,
    state: normaliseState(country, address.state),
    zipCode: address.zipCode,
    country,
  };
};

/** The edit form's starting values: what the contact holds. */
export const toContactValues = (contact: Contact): ContactFormValues => {
  const phone = contact.phones.default;
  const country = phone ? findPhoneCountry(phone.countryISOCode) : undefined;
  return {
    name: contact.name,
    email: contact.email,
    phone:
      phone && country
        ? { countryISOCode: country.iso, countryCode: country.dialCode, phoneNumber: phone.phoneNumber }
        : EMPTY_PHONE,
    secondaryEmails: [...contact.secondaryEmails],
    address: toAddressValues(contact.addresses.billing),
  };
};

/** An address left untouched: nothing typed but (perhaps) the default country. */
export const isAddressBlank = (address: AddressValues): boolean =>
  [address.addressLine1, address.addressLine2, address.city, address.state, address.zipCode].every(
    (value) => value.trim() === '',
  );

const BLANK_BILLING: AddressValues = { ...EMPTY_ADDRESS, country: '' };

/** The values as the request schema's input: the phone and the billing address only when typed. */
const toRequestInput = (values: ContactFormValues) => ({
  name: values.name,
  email: values.email,
  secondaryEmails: values.secondaryEmails,
  ...(values.phone.phoneNumber.trim() === ''
    ? {}
    : {
        phoneNumber: {
          countryISOCode: values.phone.countryISOCode,
          dialCode: values.phone.countryCode,
          phoneNumber: values.phone.phoneNumber,
        },
      }),
  ...(isAddressBlank(values.address) ? {} : { addresses: { billing: values.address } }),
});

/** Maps a schema issue path (or a server field error's dotted path) to the form field it belongs to. */
export const toFieldPath = (path: readonly PropertyKey[]): string => {
  const [head, ...rest] = path.map(String);
  if (head === 'phoneNumber') return 'phone';
  if (head === 'addresses') return ['address', ...rest.slice(1)].join('.');
  return [head, ...rest].join('.');
};

/**
 * Spec 002 §5 through the request schema of the kind (`vendorRequestSchema` / `customerRequestSchema`,
 * which the server applies too): name, email, phone (optional, valid for its country), billing address
 * (all-or-nothing), secondary emails (count, duplicates, not the primary). The first message per field.
 */
export const validateContact = (
  values: ContactFormValues,
  config: ContactKindConfig,
): Record<string, string> => {
  const result = config.requestSchema.safeParse(toRequestInput(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[toFieldPath(issue.path)] ??= issue.message;
  // The schema checks the emails against each other only once every field passes: check them now too,
  // so duplicates and the primary show together with the other messages (empty rows have their own).
  const secondary = values.secondaryEmails.map((email) => email.trim());
  checkSecondaryEmails(config.emailsRule, values.email.trim(), secondary, (message, path) => {
    const index = path[1];
    if (typeof index === 'number' && secondary[index] === '') return;
    errors[toFieldPath(path)] ??= message;
  });
  return errors;
};

/** The add (`create`) or edit (`update`) body, or null when the values do not pass the schema. */
export const toContactRequest = (
  values: ContactFormValues,
  config: ContactKindConfig,
  purpose: 'create' | 'update',
): ContactRequest | null => {
  const result = config.requestSchema.safeParse(toRequestInput(values));
  if (!result.success) return null;
  const { name, email, secondaryEmails, phoneNumber, addresses } = result.data;
  const billing = addresses?.billing;
  return {
    name,
    email,
    secondaryEmails,
    ...(phoneNumber ? { phoneNumber } : purpose === 'update' ? { phoneNumber: null } : {}),
    // Spec 002 §5: the billing address is sent only when line 1, city, state and zip are present.
    ...(billing && isAddressSendable(billing)
      ? { addresses: { billing } }
      : purpose === 'update'
        ? { addresses: { billing: BLANK_BILLING } }
        : {}),
  };
};

/**
 * A failed add or edit as form errors: the server's field errors on their fields, and a 409 (another
 * contact of the kind has this email) on the email. Empty when the failure belongs to no field.
 */
export const getContactFieldErrors = (error: unknown): Record<string, string> => {
  if (!isApiError(error)) return {};
  const result: Record<string, string> = {};
  for (const { field, message } of error.errors) result[toFieldPath(field.split('.'))] ??= message;
  if (error.statusCode === 409 && Object.keys(result).length === 0) result.email = error.message;
  return result;
};
