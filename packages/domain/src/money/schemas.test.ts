import { describe, expect, it } from 'vitest';
import { amountSchema, centsSchema, positiveAmountSchema } from './schemas.js';

const message = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('amountSchema', () => {
  it('parses numbers and strings with up to two places into cents', () => {
    expect(amountSchema.parse(12.3)).toBe(1230);
    expect(amountSchema.parse('1234.56')).toBe(123456);
    expect(amountSchema.parse(0)).toBe(0);
  });

  it("rejects anything else with 'Please enter a valid amount.'", () => {
    for (const bad of [1.234, '1.234', 'ten', null, Number.NaN]) {
      const r = amountSchema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(message(r)).toBe('Please enter a valid amount.');
    }
  });
});

describe('positiveAmountSchema', () => {
  it('requires at least $1.00', () => {
    expect(positiveAmountSchema.parse('1.00')).toBe(100);
    const r = positiveAmountSchema.safeParse(0.99);
    expect(message(r)).toBe('Payment amount must be at least $1.00');
  });
});

describe('centsSchema', () => {
  it('accepts safe integers only', () => {
    expect(centsSchema.parse(-5)).toBe(-5);
    expect(centsSchema.safeParse(1.5).success).toBe(false);
    expect(centsSchema.safeParse(2 ** 53).success).toBe(false);
  });
});
