import { describe, expect, it } from 'vitest';
import { microDepositsSchema, otpCodeSchema, sanitiseOtpInput, toMicroDepositAmount } from './codes.js';
import { firstMessage, messagesOf } from './test-helpers.js';

describe('otpCodeSchema', () => {
  it('accepts exactly six digits', () => {
    expect(otpCodeSchema.parse('012345')).toBe('012345');
    for (const bad of ['12345', '1234567', '12345a', ' 123456', '']) {
      expect(firstMessage(otpCodeSchema, bad)).toBe('Please enter a 6-digit verification code');
    }
  });

  it('keeps up to 6 digits of pasted text', () => {
    expect(sanitiseOtpInput('12 34-56 78')).toBe('123456');
    expect(sanitiseOtpInput('ab')).toBe('');
  });
});

describe('microDepositsSchema', () => {
  it('requires two amounts of 1–2 digits', () => {
    expect(messagesOf(microDepositsSchema, { firstMicroDeposit: '', secondMicroDeposit: '' })).toEqual([
      'Amount #1 is required',
      'Amount #2 is required',
    ]);
    expect(firstMessage(microDepositsSchema, { firstMicroDeposit: '123', secondMicroDeposit: '4' })).toBe(
      'Must be 1-2 digits',
    );
    expect(firstMessage(microDepositsSchema, { firstMicroDeposit: '0.1', secondMicroDeposit: '4' })).toBe(
      'Must be 1-2 digits',
    );
    expect(microDepositsSchema.safeParse({ firstMicroDeposit: '7', secondMicroDeposit: '32' }).success).toBe(
      true,
    );
  });

  it('sends entries as 0.xx', () => {
    expect(toMicroDepositAmount('7')).toBe('0.07');
    expect(toMicroDepositAmount('32')).toBe('0.32');
  });
});
