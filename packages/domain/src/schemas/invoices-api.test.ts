import { describe, expect, it } from 'vitest';
import { BILL_MESSAGES, billRequestSchema } from './bills-api.js';
import {
  accountingInvoicesQuerySchema,
  dueInvoicesQuerySchema,
  INVOICE_MESSAGES,
  invoiceDraftPayloadSchema,
  invoiceRequestSchema,
  markInvoicePaidRequestSchema,
} from './invoices-api.js';
import { firstMessage } from './test-helpers.js';

const CUSTOMER = 'cccccccccccccccccccccc01';
const ACCOUNT = 'aaaaaaaaaaaaaaaaaaaaaa01';
const valid = {
  customerId: CUSTOMER,
  refNo: ' INV-0001 ',
  invoiceDate: '2026-11-02',
  lines: [{ chartAccountId: ACCOUNT, quantity: '1.5', unitPrice: '10.01' }],
};

describe('invoiceRequestSchema', () => {
  it('parses like a bill: trimmed number, NET_7 due date, totals in cents', () => {
    const parsed = invoiceRequestSchema.parse({ ...valid, taxAmount: '1.00' });
    expect(parsed.refNo).toBe('INV-0001');
    expect(parsed.paymentTerm).toBe('NET_7');
    expect(parsed.dueDate).toBe('2026-11-09');
    expect(parsed.totals).toMatchObject({ subtotalCents: 1502, taxCents: 100, amountCents: 1602 });
    expect(parsed.attachmentIds).toEqual([]);
  });

  it('speaks of invoices in its own messages and shares the line messages', () => {
    expect(firstMessage(invoiceRequestSchema, { ...valid, customerId: '' })).toBe('Customer is required.');
    expect(firstMessage(invoiceRequestSchema, { ...valid, refNo: '' })).toBe('Invoice number is required.');
    expect(firstMessage(invoiceRequestSchema, { ...valid, invoiceDate: '' })).toBe(
      'Invoice date is required.',
    );
    expect(firstMessage(invoiceRequestSchema, { ...valid, dueDate: '2026-11-01' })).toBe(
      'Due date cannot be before the invoice date.',
    );
    expect(firstMessage(invoiceRequestSchema, { ...valid, lines: Array(101).fill(valid.lines[0]) })).toBe(
      'An invoice can have at most 100 line items.',
    );
    expect(
      firstMessage(invoiceRequestSchema, {
        ...valid,
        lines: [{ chartAccountId: ACCOUNT, quantity: 1, unitPrice: '0.99' }],
      }),
    ).toBe('Invoice amount must be at least $1.00.');
    expect(firstMessage(invoiceRequestSchema, { ...valid, lines: [{ quantity: 1, unitPrice: 5 }] })).toBe(
      INVOICE_MESSAGES.lineTarget,
    );
  });

  it('leaves the bill messages as they were', () => {
    expect(firstMessage(billRequestSchema, { vendorId: CUSTOMER, refNo: '', billDate: '2026-11-02' })).toBe(
      BILL_MESSAGES.referenceRequired,
    );
    expect(BILL_MESSAGES.linesTooMany).toBe('A bill can have at most 100 line items.');
  });
});

describe('invoice queries, drafts and mark as paid', () => {
  it('defaults the lists to the invoice date, descending, and takes only the invoice sort keys', () => {
    expect(dueInvoicesQuerySchema.parse({})).toMatchObject({
      pageNumber: 1,
      pageSize: 10,
      sortBy: 'INVOICE_DATE',
      sortOrder: 'desc',
      status: [],
    });
    expect(dueInvoicesQuerySchema.parse({ status: 'PAID,partial_paid' }).status).toEqual([
      'paid',
      'delivered',
      'partial_paid',
    ]);
    expect(accountingInvoicesQuerySchema.safeParse({ sortBy: 'date' }).success).toBe(false);
    expect(
      firstMessage(accountingInvoicesQuerySchema, { startDate: '2026-11-02', endDate: '2026-11-01' }),
    ).toBe(INVOICE_MESSAGES.dateRangeOrder);
  });

  it('keeps a draft as typed, with the invoice limit message', () => {
    expect(invoiceDraftPayloadSchema.parse({ customerId: CUSTOMER, invoiceDate: '2026-11' })).toEqual({
      customerId: CUSTOMER,
      invoiceDate: '2026-11',
    });
    expect(firstMessage(invoiceDraftPayloadSchema, { lines: Array(101).fill({}) })).toBe(
      INVOICE_MESSAGES.linesTooMany,
    );
  });

  it('asks for a receiving bank to mark as paid', () => {
    const body = { id: CUSTOMER, amount: '10', date: '2026-11-02', paymentInstrumentId: ACCOUNT };
    expect(markInvoicePaidRequestSchema.parse(body).amount).toBe(1000);
    expect(firstMessage(markInvoicePaidRequestSchema, { ...body, paymentInstrumentId: '' })).toBe(
      'Select a receiving bank to mark as paid.',
    );
  });
});
