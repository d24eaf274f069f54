import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertSafeCents, centsToAmount, fromCents, toCents } from './cents.js';

describe('toCents', () => {
  it('converts decimals exactly', () => {
    expect(toCents('12.30')).toBe(1230);
    expect(toCents('12.3')).toBe(1230);
    expect(toCents(12.3)).toBe(1230);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(1.15)).toBe(115);
    expect(toCents('0')).toBe(0);
    expect(toCents('-0.05')).toBe(-5);
    expect(toCents(-0)).toBe(0);
    expect(Object.is(toCents('-0.00'), 0)).toBe(true);
    expect(toCents(' 7 ')).toBe(700);
  });

  it('rejects more than 2 decimals', () => {
    expect(() => toCents('1.005')).toThrow(RangeError);
    expect(() => toCents(1.005)).toThrow(RangeError);
    expect(() => toCents(1e-7)).toThrow(RangeError);
  });

  it('rejects non-numeric text and non-finite or unsafe values', () => {
    for (const bad of ['', 'abc', '1,000.00', '1.', '.5', '+1', '1e3']) {
      expect(() => toCents(bad)).toThrow(RangeError);
    }
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toCents(1e21)).toThrow(RangeError);
    expect(() => toCents('90071992547409.92')).toThrow(RangeError);
    expect(toCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('fromCents', () => {
  it('writes two decimal places', () => {
    expect(fromCents(1230)).toBe('12.30');
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(-5)).toBe('-0.05');
    expect(fromCents(-123456)).toBe('-1234.56');
    expect(fromCents(10n ** 20n + 1n)).toBe('1000000000000000000.01');
  });

  it('rejects fractional cents', () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });

  it('centsToAmount gives the API number', () => {
    expect(centsToAmount(1230)).toBe(12.3);
    expect(centsToAmount(-1)).toBe(-0.01);
  });

  it('property: toCents(fromCents(c)) === c for safe cents', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (c) => {
        expect(toCents(fromCents(c))).toBe(c === 0 ? 0 : c);
      }),
    );
  });
});

describe('assertSafeCents', () => {
  it('passes safe integers through and throws otherwise', () => {
    expect(assertSafeCents(-42)).toBe(-42);
    expect(assertSafeCents(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => assertSafeCents(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => assertSafeCents(0.1)).toThrow(RangeError);
    expect(() => assertSafeCents(Number.NaN)).toThrow(RangeError);
  });
});
