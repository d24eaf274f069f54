import { describe, expect, it } from 'vitest';
import { formatMaskedPhone, formatPhone } from './phone';

describe('formatPhone', () => {
  it('groups a US number the international way', () => {
    expect(formatPhone({ dialCode: '1', phoneNumber: '4155552671' })).toBe('+1 415 555 2671');
    expect(formatPhone({ dialCode: '+1', phoneNumber: '(415) 555-2671' })).toBe('+1 415 555 2671');
  });

  it('groups other countries by their own plan', () => {
    expect(formatPhone({ dialCode: '44', phoneNumber: '2071234567' })).toBe('+44 20 7123 4567');
    expect(formatPhone({ dialCode: '+91', phoneNumber: '9876543210' })).toBe('+91 98765 43210');
  });

  it('shows what it cannot parse as the dial code and the digits', () => {
    expect(formatPhone({ dialCode: '1', phoneNumber: '12' })).toBe('+1 12');
    expect(formatPhone({ dialCode: '1', phoneNumber: '' })).toBe('+1');
  });
});

describe('formatMaskedPhone', () => {
  it('shows only the last four digits', () => {
    expect(formatMaskedPhone({ dialCode: '+1', phoneNumber: '415 555 2671' })).toBe('+1 *** 2671');
  });
});
