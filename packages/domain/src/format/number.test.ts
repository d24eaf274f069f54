import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatThousands, splitCurrency } from './number.js';

describe('formatThousands', () => {
  it('groups the integer part', () => {
    expect(formatThousands(1234567)).toBe('1,234,567');
    expect(formatThousands('1234567.891')).toBe('1,234,567.891');
    expect(formatThousands(-1234.5)).toBe('-1,234.5');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(0)).toBe('0');
    expect(formatThousands(12345678901234567890n)).toBe('12,345,678,901,234,567,890');
    expect(formatThousands(1e21)).toBe('1,000,000,000,000,000,000,000');
  });

  it('leaves non-numeric strings alone and rejects non-finite numbers', () => {
    expect(formatThousands('12a')).toBe('12a');
    expect(() => formatThousands(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('splitCurrency', () => {
  it('splits cents into grouped whole units and two-digit cents', () => {
    expect(splitCurrency(123456)).toEqual({ whole: '1,234', cents: '56', negative: false });
    expect(splitCurrency(5)).toEqual({ whole: '0', cents: '05', negative: false });
    expect(splitCurrency(0)).toEqual({ whole: '0', cents: '00', negative: false });
    expect(splitCurrency(-100)).toEqual({ whole: '1', cents: '00', negative: true });
    expect(splitCurrency(-0)).toEqual({ whole: '0', cents: '00', negative: false });
    expect(splitCurrency(123456789012345678901n)).toEqual({
      whole: '1,234,567,890,123,456,789',
      cents: '01',
      negative: false,
    });
  });

  it('rejects fractional or unsafe cents', () => {
    expect(() => splitCurrency(1.5)).toThrow(RangeError);
    expect(() => splitCurrency(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('property: recombining the parts gives back the cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (cents) => {
        const { whole, cents: minor, negative } = splitCurrency(cents);
        const back = BigInt(whole.replace(/,/g, '')) * 100n + BigInt(minor);
        expect(negative ? -back : back).toBe(cents);
        expect(minor).toMatch(/^\d{2}$/);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('formats cents as dollars', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(-100)).toBe('-$1.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1n)).toBe('$0.01');
    expect(formatMoney(100000000)).toBe('$1,000,000.00');
  });

  it('uses the currency symbol', () => {
    expect(formatMoney(150, 'INR')).toBe('₹1.50');
    expect(formatMoney(-150, 'EUR')).toBe('-€1.50');
  });
});
