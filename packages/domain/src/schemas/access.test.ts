import { describe, expect, it } from 'vitest';
import { apiPhoneSchema, signUpRequestSchema, toE164 } from './access-phones.js';

describe('toE164', () => {
  it('formats valid numbers and refuses invalid ones', () => {
    expect(toE164('(415) 555-0123', 'us')).toBe('+14155550123');
    expect(toE164('98765 43210', 'IN')).toBe('+919876543210');
    expect(toE164('123', 'us')).toBeNull();
  });
});

describe('apiPhoneSchema', () => {
  it('needs the dial code to match the country', () => {
    expect(
      apiPhoneSchema.safeParse({ phoneNumber: '4155550123', countryCode: '1', countryISOCode: 'us' }).success,
    ).toBe(true);
    const wrong = apiPhoneSchema.safeParse({
      phoneNumber: '4155550123',
      countryCode: '44',
      countryISOCode: 'us',
    });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('Please enter valid phone number.');
  });

  it('refuses numbers longer than 16 characters', () => {
    expect(
      apiPhoneSchema.safeParse({ phoneNumber: '41555501234567890', countryCode: '1', countryISOCode: 'us' })
        .success,
    ).toBe(false);
  });
});

describe('signUpRequestSchema', () => {
  const valid = {
    firstName: 'Maya',
    lastName: 'Okafor',
    email: 'maya@harborcoffee.com',
    phones: [{ phoneNumber: '4155550123', countryCode: '1', countryISOCode: 'us' }],
    country: 'US',
    isAgree: true,
  };
  it('accepts a complete sign-up', () => {
    expect(signUpRequestSchema.safeParse(valid).success).toBe(true);
  });
  it('needs exactly one phone and the terms', () => {
    expect(signUpRequestSchema.safeParse({ ...valid, phones: [] }).success).toBe(false);
    expect(signUpRequestSchema.safeParse({ ...valid, isAgree: false }).error?.issues[0]?.message).toBe(
      'You must agree to the Terms of Service and Privacy Policy',
    );
  });
});
