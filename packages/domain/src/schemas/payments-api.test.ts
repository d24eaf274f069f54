import { describe, expect, it } from 'vitest';
import {
  bulkScheduleRequestSchema,
  createPaymentRequestSchema,
  markAsPaidRequestSchema,
  moneyAmountSchema,
  PAYMENT_MESSAGES,
  paymentsQuerySchema,
  reschedulePaymentRequestSchema,
} from './payments-api.js';
import { firstMessage } from './test-helpers.js';

const BILL = 'eeeeeeeeeeeeeeeeeeeeee01';
const BANK = 'bbbbbbbbbbbbbbbbbbbbbb01';
const valid = { billId: BILL, paymentInstrumentId: BANK, amount: '1,250.50', processDate: '2026-11-23' };

describe('moneyAmountSchema', () => {
  it('parses decimal amounts, as numbers or text with separators, into cents', () => {
    expect(moneyAmountSchema.parse('1,250.50')).toBe(125050);
    expect(moneyAmountSchema.parse(12.5)).toBe(1250);
    expect(moneyAmountSchema.parse('1')).toBe(100);
  });

  it('has the pay amount messages', () => {
    expect(firstMessage(moneyAmountSchema, '')).toBe('Amount is required');
    expect(firstMessage(moneyAmountSchema, undefined)).toBe('Amount is required');
    expect(firstMessage(moneyAmountSchema, '0.99')).toBe('Payment amount must be at least $1.00');
    expect(firstMessage(moneyAmountSchema, '1.001')).toBe('Please enter a valid amount.');
    expect(firstMessage(moneyAmountSchema, 'ten')).toBe('Please enter a valid amount.');
  });
});

describe('createPaymentRequestSchema', () => {
  it('defaults the speed to STANDARD and parses the amount', () => {
    expect(createPaymentRequestSchema.parse(valid)).toEqual({
      ...valid,
      amount: 125050,
      deliverySpeed: 'STANDARD',
    });
  });

  it('asks for a payment method, a valid process date and short remarks', () => {
    expect(firstMessage(createPaymentRequestSchema, { ...valid, paymentInstrumentId: '' })).toBe(
      'Please select a payment method.',
    );
    expect(firstMessage(createPaymentRequestSchema, { ...valid, processDate: '' })).toBe(
      PAYMENT_MESSAGES.processDateRequired,
    );
    expect(firstMessage(createPaymentRequestSchema, { ...valid, processDate: '2026-02-30' })).toBe(
      PAYMENT_MESSAGES.processDateInvalid,
    );
    expect(firstMessage(createPaymentRequestSchema, { ...valid, remarks: 'x'.repeat(201) })).toBe(
      'Remarks cannot exceed 200 characters.',
    );
    expect(createPaymentRequestSchema.safeParse({ ...valid, remarks: 'x'.repeat(200) }).success).toBe(true);
    expect(firstMessage(createPaymentRequestSchema, { ...valid, deliverySpeed: 'WARP' })).toBeDefined();
  });
});

describe('bulkScheduleRequestSchema', () => {
  it('takes 1 to 50 different bills', () => {
    expect(firstMessage(bulkScheduleRequestSchema, { payments: [] })).toBe(PAYMENT_MESSAGES.bulkEmpty);
    expect(firstMessage(bulkScheduleRequestSchema, { payments: [valid, valid] })).toBe(
      PAYMENT_MESSAGES.bulkDuplicateBill,
    );
    const many = Array.from({ length: 51 }, (_, i) => ({ ...valid, billId: `bill-${i}` }));
    expect(firstMessage(bulkScheduleRequestSchema, { payments: many })).toBe(PAYMENT_MESSAGES.bulkTooMany);
    expect(bulkScheduleRequestSchema.parse({ payments: many.slice(0, 50) }).payments).toHaveLength(50);
  });
});

describe('markAsPaidRequestSchema', () => {
  it('takes the amount rounded to cents (the dialog rounds on blur) and needs the account it was paid from', () => {
    expect(
      markAsPaidRequestSchema.parse({
        id: BILL,
        amount: '10.01',
        date: '2026-11-20',
        paymentInstrumentId: BANK,
      }).amount,
    ).toBe(1001);
    // Issue 16: a third decimal is refused like in payments, not rounded by the server.
    expect(
      firstMessage(markAsPaidRequestSchema, {
        id: BILL,
        amount: '10.005',
        date: '2026-11-20',
        paymentInstrumentId: BANK,
      }),
    ).toBe(PAYMENT_MESSAGES.amountInvalid);
    expect(firstMessage(markAsPaidRequestSchema, { id: BILL, amount: '10', date: '2026-11-20' })).toBe(
      PAYMENT_MESSAGES.markPaidAccountRequired,
    );
  });
});

describe('reschedulePaymentRequestSchema', () => {
  it('needs a real date', () => {
    expect(firstMessage(reschedulePaymentRequestSchema, { scheduledDate: 'soon' })).toBe(
      PAYMENT_MESSAGES.processDateInvalid,
    );
  });
});

describe('paymentsQuerySchema', () => {
  it('has the defaults of §9 and maps list status spellings (§4)', () => {
    expect(paymentsQuerySchema.parse({})).toMatchObject({
      pageNumber: 1,
      pageSize: 10,
      sortBy: 'dueDate',
      sortOrder: 'desc',
      status: [],
    });
    expect(
      paymentsQuerySchema.parse({ status: 'paid,Canceled,paused,in-approval,mark_as_paid' }).status,
    ).toEqual(['DELIVERED', 'CANCELLED', 'IN_QUEUE', 'IN_APPROVAL', 'MARKED_AS_PAID']);
    expect(firstMessage(paymentsQuerySchema, { status: 'lost' })).toBe('Unknown status: lost');
  });
});
