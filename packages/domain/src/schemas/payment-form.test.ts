import { describe, expect, it } from 'vitest';
import {
  annualCardVolumeSchema,
  markAsPaidAmountSchema,
  partialPaymentAmountSchema,
  payAmountSchema,
  referenceNumberSchema,
  remarksSchema,
} from './payment-form.js';
import { firstMessage } from './test-helpers.js';

describe('payAmountSchema', () => {
  const schema = payAmountSchema(150000);
  it('parses to cents, accepting thousands separators', () => {
    expect(schema.parse('1,234.50')).toBe(123450);
    expect(schema.parse('1')).toBe(100);
  });

  it('has the messages', () => {
    expect(firstMessage(schema, '')).toBe('Amount is required');
    expect(firstMessage(schema, '0.99')).toBe('Payment amount must be at least $1.00');
    expect(firstMessage(schema, '1.001')).toBe('Please enter a valid amount.');
    expect(firstMessage(schema, '1500.01')).toBe(
      'Amount cannot exceed the unscheduled balance of $1,500.00.',
    );
  });
});

describe('partialPaymentAmountSchema', () => {
  const schema = partialPaymentAmountSchema(10000);
  it('accepts the full due or leaves at least $1', () => {
    expect(schema.parse('100')).toBe(10000);
    expect(schema.parse('99')).toBe(9900);
  });

  it('has the messages', () => {
    expect(firstMessage(schema, 'abc')).toBe('Please enter a valid amount.');
    expect(firstMessage(schema, '0.5')).toBe('Amount entered cannot be less than $1.00');
    expect(firstMessage(schema, '100.01')).toBe('Amount entered must not exceed the invoice due of $100.00');
    expect(firstMessage(schema, '99.50')).toBe(
      "Balance left can't be less than $1. Pay in full or leave at least $1 unpaid.",
    );
  });
});

describe('markAsPaidAmountSchema', () => {
  it('needs at least $1 and at most the due', () => {
    const schema = markAsPaidAmountSchema(5000);
    expect(schema.parse('50')).toBe(5000);
    expect(firstMessage(schema, '0.99')).toBe('Amount must be greater than $1.');
    expect(firstMessage(schema, '50.01')).toBe('Amount cannot be greater than the due amount of $50.00.');
  });
});

describe('remarks, reference and card volume', () => {
  it('limits remarks to 200', () => {
    expect(remarksSchema.safeParse('r'.repeat(200)).success).toBe(true);
    expect(firstMessage(remarksSchema, 'r'.repeat(201))).toBe('Remarks cannot exceed 200 characters.');
  });

  it('checks references', () => {
    expect(referenceNumberSchema.safeParse('INV-001 & Co_1.2').success).toBe(true);
    expect(firstMessage(referenceNumberSchema, 'r'.repeat(22))).toMatch(/21 characters/);
    expect(firstMessage(referenceNumberSchema, 'INV#1')).toMatch(/can only contain/);
  });

  it('bounds the annual card volume', () => {
    expect(annualCardVolumeSchema.parse('1000')).toBe(1000);
    expect(annualCardVolumeSchema.safeParse(999).success).toBe(false);
    expect(annualCardVolumeSchema.safeParse(10_000_001).success).toBe(false);
    expect(annualCardVolumeSchema.safeParse(5000.5).success).toBe(false);
  });
});
