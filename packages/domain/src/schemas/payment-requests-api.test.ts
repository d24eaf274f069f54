import { describe, expect, it } from 'vitest';
import { paymentRequestsQuerySchema, sandboxPaymentRequestSchema } from './payment-requests-api.js';

describe('paymentRequestsQuerySchema', () => {
  it('defaults to page 1 of 10 by invoice date descending, open requests', () => {
    expect(paymentRequestsQuerySchema.parse({})).toEqual({
      pageNumber: 1,
      pageSize: 10,
      sortBy: 'date',
      sortOrder: 'desc',
      status: [],
    });
  });

  it('reads a status list in any case and spelling, and refuses unknown states', () => {
    expect(paymentRequestsQuerySchema.parse({ status: 'created, link-bill,Canceled' }).status).toEqual([
      'CREATED',
      'LINK_BILL',
      'CANCELLED',
    ]);
    expect(paymentRequestsQuerySchema.safeParse({ status: 'paid' }).success).toBe(false);
    expect(paymentRequestsQuerySchema.safeParse({ searchTerm: 'x'.repeat(31) }).success).toBe(false);
  });
});

describe('sandboxPaymentRequestSchema', () => {
  it('parses the amount into cents within $1 to $1,000,000', () => {
    expect(sandboxPaymentRequestSchema.parse({ payerBusinessId: 'b', amount: '12.34' }).amount).toBe(1234);
    expect(sandboxPaymentRequestSchema.safeParse({ payerBusinessId: 'b', amount: 0.5 }).success).toBe(false);
    expect(
      sandboxPaymentRequestSchema.safeParse({ payerBusinessId: 'b', amount: 1_000_000.01 }).success,
    ).toBe(false);
  });
});
