import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { BILLING, makeContact } from '../testing/contacts';
import {
  type ContactFormValues,
  EMPTY_CONTACT_VALUES,
  getContactFieldErrors,
  toContactRequest,
  toContactValues,
  validateContact,
} from './contact-form';
import { CONTACT_KINDS } from './contact-kind';

const VENDOR = CONTACT_KINDS.vendor;
const CUSTOMER = CONTACT_KINDS.customer;
const values = (overrides: Partial<ContactFormValues> = {}): ContactFormValues => ({
  ...EMPTY_CONTACT_VALUES,
  name: 'Acme Supply',
  email: 'billing@acme.test',
  ...overrides,
});

describe('contact form', () => {
  it('accepts a name and an email alone: the default country alone is no address', () => {
    expect(validateContact(values(), VENDOR)).toEqual({});
    expect(toContactRequest(values(), VENDOR, 'create')).toEqual({
      name: 'Acme Supply',
      email: 'billing@acme.test',
      secondaryEmails: [],
    });
  });

  it('clears the phone and the address on an edit when they are left empty', () => {
    expect(toContactRequest(values(), VENDOR, 'update')).toEqual({
      name: 'Acme Supply',
      email: 'billing@acme.test',
      secondaryEmails: [],
      phoneNumber: null,
      addresses: {
        billing: { addressLine1: '', addressLine2: '', city: '', state: '', zipCode: '', country: '' },
      },
    });
  });

  it('applies the limits of the kind: 5 secondary emails for vendors, 3 for customers', () => {
    const four = ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test'];
    expect(validateContact(values({ secondaryEmails: four }), VENDOR)).toEqual({});
    expect(validateContact(values({ secondaryEmails: four }), CUSTOMER)).toEqual({
      secondaryEmails: 'Maximum 3 additional emails allowed.',
    });
    expect(validateContact(values({ secondaryEmails: [...four, 'e@x.test', 'f@x.test'] }), VENDOR)).toEqual({
      secondaryEmails: 'Maximum 5 secondary emails allowed',
    });
  });

  it('reports duplicates and the primary together with an empty row', () => {
    expect(
      validateContact(values({ secondaryEmails: ['BILLING@acme.test', 'a@x.test', 'A@X.test', ''] }), VENDOR),
    ).toEqual({
      'secondaryEmails.0': 'Secondary email cannot be the same as primary email.',
      'secondaryEmails.2': 'Duplicate email address.',
      'secondaryEmails.3': 'Email is required',
    });
  });

  it('maps phone and address messages to their fields', () => {
    expect(
      validateContact(
        values({
          phone: { countryISOCode: 'us', countryCode: '1', phoneNumber: '12' },
          address: { ...EMPTY_CONTACT_VALUES.address, city: 'Seattle' },
        }),
        VENDOR,
      ),
    ).toEqual({
      phone: 'Please enter valid phone number.',
      'address.addressLine1': 'Address Line 1 is required.',
      'address.state': 'State is required.',
      'address.zipCode': 'Zip Code is required.',
    });
  });

  it('starts the edit form from the contact', () => {
    const contact = makeContact({
      secondaryEmails: ['ap@x.test'],
      phones: { default: { phoneNumber: '2065550100', phoneCountryCode: '1', countryISOCode: 'US' } },
      addresses: { billing: { ...BILLING, state: 'Washington', country: 'United States' } },
    });
    expect(toContactValues(contact)).toEqual({
      name: 'Blue Bottle Supply',
      email: 'billing@bluebottle.test',
      secondaryEmails: ['ap@x.test'],
      phone: { countryISOCode: 'us', countryCode: '1', phoneNumber: '2065550100' },
      address: BILLING,
    });
  });

  it("puts the server's field errors, and a conflict, on their fields", () => {
    expect(
      getContactFieldErrors(
        new ApiError({
          statusCode: 400,
          errors: [
            { field: 'addresses.billing.city', message: 'City name is too long.' },
            { field: 'phoneNumber.phoneNumber', message: 'Please enter valid phone number.' },
          ],
        }),
      ),
    ).toEqual({ 'address.city': 'City name is too long.', phone: 'Please enter valid phone number.' });
    expect(
      getContactFieldErrors(
        new ApiError({ statusCode: 409, message: 'A vendor with this email already exists.' }),
      ),
    ).toEqual({ email: 'A vendor with this email already exists.' });
    expect(getContactFieldErrors(new ApiError({ statusCode: 500 }))).toEqual({});
  });
});
