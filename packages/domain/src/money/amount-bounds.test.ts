import { describe, expect, it } from 'vitest';
import { markAsPaidRequestSchema, moneyAmountSchema, PAYMENT_MESSAGES } from '../schemas/payments-api.js';
import { MAX_AMOUNT_CENTS, toAmountCents } from './cents.js';
import { amountSchema } from './schemas.js';

describe('amount bounds (issue 16)', () => {
  it('toAmountCents takes up to $999,999,999.99 either way and refuses more', () => {
    expect(toAmountCents('999999999.99')).toBe(MAX_AMOUNT_CENTS);
    expect(toAmountCents('-999999999.99')).toBe(-MAX_AMOUNT_CENTS);
    expect(() => toAmountCents('1000000000.00')).toThrow(RangeError);
    expect(() => toAmountCents(2 ** 53 + 2)).toThrow(RangeError);
  });

  it('every amount schema refuses past the bound', () => {
    expect(amountSchema.safeParse('1000000000').success).toBe(false);
    expect(moneyAmountSchema.safeParse('1,000,000,000.00').error?.issues[0]?.message).toBe(
      PAYMENT_MESSAGES.amountInvalid,
    );
    expect(moneyAmountSchema.parse('999,999,999.99')).toBe(MAX_AMOUNT_CENTS);
  });

  it('mark as paid parses like payments: no hex, no rounding of a third decimal', () => {
    const base = {
      id: '0123456789abcdef01234567',
      date: '2026-11-02',
      paymentInstrumentId: '0123456789abcdef01234568',
    };
    for (const amount of ['0x10', '1.005', 1.005, '1e3', 'NaN', '']) {
      const result = markAsPaidRequestSchema.safeParse({ ...base, amount });
      expect(result.success, String(amount)).toBe(false);
    }
    expect(markAsPaidRequestSchema.safeParse({ ...base, amount: '0x10' }).error?.issues[0]?.message).toBe(
      PAYMENT_MESSAGES.amountInvalid,
    );
    expect(markAsPaidRequestSchema.parse({ ...base, amount: '1,234.50' }).amount).toBe(123_450);
    expect(markAsPaidRequestSchema.parse({ ...base, amount: 16 }).amount).toBe(1600);
  });
});
