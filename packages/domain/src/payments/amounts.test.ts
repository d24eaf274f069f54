import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_CENTS } from '../money/cents.js';
import { payAmountSchema } from '../schemas/payment-form.js';
import {
  formatPayAmountOnBlur,
  parseTypedAmount,
  roundMarkAsPaidAmount,
  sanitizeMarkAsPaidAmountInput,
  sanitizePayAmountInput,
  splitPayAmount,
} from './amounts.js';

describe('typing amounts', () => {
  it('keeps digits and one dot, at most 2 decimals for a pay amount', () => {
    expect(sanitizePayAmountInput('1,234.567')).toBe('1234.56');
    expect(sanitizePayAmountInput('-12a.3.4')).toBe('12.34');
    expect(sanitizePayAmountInput('.')).toBe('.');
    expect(sanitizePayAmountInput('$ 10')).toBe('10');
  });

  it('keeps up to 6 decimals for a mark-as-paid amount and rounds to 2 on blur', () => {
    expect(sanitizeMarkAsPaidAmountInput('1,000.1234567')).toBe('1000.123456');
    expect(roundMarkAsPaidAmount('10.005')).toBe('10.01');
    expect(roundMarkAsPaidAmount('10.0049')).toBe('10.00');
    expect(roundMarkAsPaidAmount('0.995')).toBe('1.00');
    expect(roundMarkAsPaidAmount('abc')).toBe('abc');
  });
});

describe('parseTypedAmount', () => {
  it('parses partial decimals and rejects the rest', () => {
    expect(parseTypedAmount('12.')).toBe(1200);
    expect(parseTypedAmount('.5')).toBe(50);
    expect(parseTypedAmount('1,234.5')).toBe(123450);
    expect(parseTypedAmount('')).toBeUndefined();
    expect(parseTypedAmount('.')).toBeUndefined();
    expect(parseTypedAmount('-1')).toBeUndefined();
    expect(parseTypedAmount('1e3')).toBeUndefined();
    expect(parseTypedAmount('99999999999999999999')).toBeUndefined();
  });
});

describe('formatPayAmountOnBlur', () => {
  it('adds thousands separators and 2 decimals', () => {
    expect(formatPayAmountOnBlur('1234.5')).toBe('1,234.50');
    expect(formatPayAmountOnBlur('1000000')).toBe('1,000,000.00');
    expect(formatPayAmountOnBlur('0.5')).toBe('0.50');
    expect(formatPayAmountOnBlur('  ')).toBe('');
    expect(formatPayAmountOnBlur('abc')).toBe('abc');
  });

  it('caps at the unscheduled balance when given', () => {
    expect(formatPayAmountOnBlur('2000', { maxCents: 150_000 })).toBe('1,500.00');
    expect(formatPayAmountOnBlur('20', { maxCents: 150_000 })).toBe('20.00');
  });

  it('property: its output parses back to the same cents, through the pay amount schema too', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: MAX_AMOUNT_CENTS }), (cents) => {
        const shown = formatPayAmountOnBlur(sanitizePayAmountInput((cents / 100).toFixed(2)));
        expect(parseTypedAmount(shown)).toBe(cents);
        expect(payAmountSchema(cents).parse(shown)).toBe(cents);
        expect(formatPayAmountOnBlur(shown)).toBe(shown);
      }),
    );
  });
});

describe('splitPayAmount', () => {
  it('leaves the rest of the balance open for a partial payment', () => {
    expect(splitPayAmount({ amountCents: 400, unscheduledBalanceCents: 1000 })).toEqual({
      remainingCents: 600,
      isPartial: true,
    });
    expect(splitPayAmount({ amountCents: 1000, unscheduledBalanceCents: 1000 })).toEqual({
      remainingCents: 0,
      isPartial: false,
    });
  });

  it('refuses an amount above the balance or not a positive whole number of cents', () => {
    expect(() => splitPayAmount({ amountCents: 1001, unscheduledBalanceCents: 1000 })).toThrow(RangeError);
    expect(() => splitPayAmount({ amountCents: 0, unscheduledBalanceCents: 1000 })).toThrow(RangeError);
    expect(() => splitPayAmount({ amountCents: 1.5, unscheduledBalanceCents: 1000 })).toThrow(RangeError);
  });
});
