import { describe, expect, it } from 'vitest';
import { makeFormView, SAVED_ADDRESS, SAVED_FORM } from '../testing/verification';
import { formatAddress, toDetailsValues } from './details-form';

describe('business details form values', () => {
  it('starts a new form from the business name and country', () => {
    expect(toDetailsValues(makeFormView({ country: 'CA' }))).toEqual({
      legalBusinessName: 'Harbor Coffee Roasters',
      taxId: '',
      website: '',
      employeeCount: null,
      address: { addressLine1: '', addressLine2: '', city: '', state: '', zipCode: '', country: 'CA' },
    });
  });

  it('takes a saved US state by its code, whatever was stored', () => {
    const form = { ...SAVED_FORM, address: { ...SAVED_ADDRESS, state: 'Washington', country: 'USA' } };
    const values = toDetailsValues(makeFormView({ form }));
    expect(values.address).toMatchObject({ state: 'WA', country: 'US' });
    expect(values.employeeCount).toBe('FIVE_TO_FIFTEEN');
  });

  it('writes an address on one line', () => {
    expect(formatAddress(SAVED_ADDRESS)).toBe('12 Pier Road, Seattle, WA 98101, United States');
    expect(formatAddress(null)).toBe('Not set');
  });
});
