import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_SETTINGS,
  PAYMENT_REQUEST_MESSAGES,
  paymentRequestsQuerySchema,
  reminderSettingsSchema,
  sandboxPaymentRequestSchema,
  sendMultipleRequestsSchema,
  updatePaymentRequestSchema,
} from './payment-requests-api.js';

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

describe('the sending side schemas', () => {
  it('reads a cancel in either spelling and refuses any other status', () => {
    expect(updatePaymentRequestSchema.parse({ status: 'canceled', remarks: '  Sent twice ' })).toEqual({
      status: 'CANCELLED',
      remarks: 'Sent twice',
    });
    const other = updatePaymentRequestSchema.safeParse({ status: 'COMPLETED' });
    expect(other.success).toBe(false);
    expect(other.error?.issues[0]?.message).toBe(PAYMENT_REQUEST_MESSAGES.onlyCancel);
    expect(
      updatePaymentRequestSchema.safeParse({ status: 'CANCELLED', remarks: 'x'.repeat(201) }).error?.issues[0]
        ?.message,
    ).toBe('Remarks cannot exceed 200 characters.');
  });

  it('sends 1 to 50 distinct invoices at once', () => {
    expect(sendMultipleRequestsSchema.parse({ invoices: ['a', 'b', 'a'] }).invoices).toEqual(['a', 'b']);
    expect(sendMultipleRequestsSchema.safeParse({ invoices: [] }).error?.issues[0]?.message).toBe(
      'Select at least one invoice.',
    );
    const many = Array.from({ length: 51 }, (_, i) => `id${i}`);
    expect(sendMultipleRequestsSchema.safeParse({ invoices: many }).error?.issues[0]?.message).toBe(
      'You can send at most 50 payment requests at once.',
    );
  });

  it('keeps reminder days within 1–30 and asks for at least one reminder when on', () => {
    expect(reminderSettingsSchema.parse(DEFAULT_REMINDER_SETTINGS)).toEqual(DEFAULT_REMINDER_SETTINGS);
    expect(
      reminderSettingsSchema.safeParse({ ...DEFAULT_REMINDER_SETTINGS, beforeDueDays: 31 }).error?.issues[0],
    ).toMatchObject({ path: ['beforeDueDays'], message: PAYMENT_REQUEST_MESSAGES.reminderDaysRange });
    const none = { enabled: true, beforeDueDays: null, onDueDate: false, afterDueEveryDays: null };
    expect(reminderSettingsSchema.safeParse(none).error?.issues[0]?.message).toBe(
      PAYMENT_REQUEST_MESSAGES.reminderNoneChosen,
    );
    expect(reminderSettingsSchema.safeParse({ ...none, enabled: false }).success).toBe(true);
  });
});
