import { describe, expect, it } from 'vitest';
import { isValidPhone, phoneSchema } from './phone.js';
import { firstMessage } from './test-helpers.js';

describe('phoneSchema', () => {
  it('accepts numbers valid for their country', () => {
    expect(
      phoneSchema.safeParse({ countryISOCode: 'us', dialCode: '1', phoneNumber: '2015550123' }).success,
    ).toBe(true);
    expect(
      phoneSchema.safeParse({ countryISOCode: 'IN', dialCode: '+91', phoneNumber: '9876543210' }).success,
    ).toBe(true);
  });

  it("says 'Please enter valid phone number.' otherwise", () => {
    const bad = [
      { countryISOCode: 'us', dialCode: '1', phoneNumber: '123' },
      { countryISOCode: 'us', dialCode: '91', phoneNumber: '2015550123' },
      { countryISOCode: 'us', dialCode: '1', phoneNumber: '' },
      { countryISOCode: '', dialCode: '1', phoneNumber: '2015550123' },
      { countryISOCode: 'zz', dialCode: '1', phoneNumber: '2015550123' },
    ];
    for (const value of bad)
      expect(firstMessage(phoneSchema, value)).toBe('Please enter valid phone number.');
  });

  it('enforces 2 to 16 characters', () => {
    expect(isValidPhone('2', 'us')).toBe(false);
    expect(isValidPhone('20155501231234567', 'us')).toBe(false);
  });
});
