import { describe, expect, it } from 'vitest';
import { addressSchema, isAddressSendable } from './address.js';
import { messagesOf } from './test-helpers.js';

const full = { addressLine1: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701', country: 'US' };

describe('addressSchema', () => {
  it('accepts an empty address', () => {
    expect(addressSchema.safeParse({}).success).toBe(true);
    expect(addressSchema.safeParse({ addressLine1: '', city: '   ' }).success).toBe(true);
  });

  it('requires every field but line 2 once one is filled', () => {
    expect(messagesOf(addressSchema, { addressLine2: 'Suite 5' })).toEqual([
      'Address Line 1 is required.',
      'City is required.',
      'State is required.',
      'Zip Code is required.',
      'Country is required.',
    ]);
    expect(addressSchema.safeParse(full).success).toBe(true);
  });

  it('limits city, state and zip', () => {
    expect(messagesOf(addressSchema, { ...full, city: 'c'.repeat(41) })).toEqual(['City name is too long.']);
    expect(messagesOf(addressSchema, { ...full, state: 's'.repeat(41) })).toContain(
      'State name is too long.',
    );
    expect(messagesOf(addressSchema, { ...full, zipCode: '1234567890' })).toEqual(['Zip Code is too long.']);
  });

  it('checks the state by country', () => {
    expect(addressSchema.safeParse({ ...full, state: 'Texas' }).success).toBe(true);
    expect(messagesOf(addressSchema, { ...full, state: 'XX' })).toEqual(['Please select a valid state.']);
    expect(messagesOf(addressSchema, { ...full, country: 'CA', state: 'Ontario' })).toEqual([
      'State Code (2 characters)',
    ]);
    expect(addressSchema.safeParse({ ...full, country: 'CA', state: 'ON' }).success).toBe(true);
  });

  it('is sendable only with line 1, city, state and zip', () => {
    expect(isAddressSendable(full)).toBe(true);
    expect(isAddressSendable({ ...full, zipCode: ' ' })).toBe(false);
  });
});
