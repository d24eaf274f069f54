import { describe, expect, it } from 'vitest';
import type { PayFromOption } from '@/components/pay/pay-from';
import { processDateMessage } from '@/components/pay/process-date';
import {
  actionBlocker,
  actionLabel,
  isActionDisabled,
  type PaymentFormContext,
  type PaymentFormValues,
  toCreatePaymentBody,
  validatePaymentForm,
} from './payment-form';

const bank: PayFromOption = {
  id: 'b1',
  kind: 'BANK',
  label: 'Chase',
  note: null,
  usable: true,
  isPrimary: true,
};
const unverified: PayFromOption = { ...bank, id: 'b2', usable: false, note: 'Not verified' };
const rules = { today: '2026-11-05', holidays: ['2026-11-27'] };
const context = (over: Partial<PaymentFormContext> = {}): PaymentFormContext => ({
  unscheduledBalanceCents: 100_000,
  rules,
  selected: bank,
  canPay: true,
  ...over,
});
const values = (over: Partial<PaymentFormValues> = {}): PaymentFormValues => ({
  paymentInstrumentId: 'b1',
  deliverySpeed: 'STANDARD',
  processDate: '2026-11-05',
  amount: '1,000.00',
  remarks: '',
  ...over,
});

describe('process date rules', () => {
  it('gives every §5 message', () => {
    expect(processDateMessage('', rules)).toBe('Process date is required.');
    expect(processDateMessage('11/05/2026', rules)).toBe('Please enter a valid date.');
    expect(processDateMessage('2026-11-04', rules)).toBe('Process date cannot be before today.');
    expect(processDateMessage('2027-02-06', rules)).toBe('Process date cannot be more than 3 months ahead.');
    expect(processDateMessage('2026-11-07', rules)).toBe('Payments are processed on business days only.');
    expect(processDateMessage('2026-11-11', rules)).toBe('Payments are processed on business days only.');
    expect(processDateMessage('2026-11-27', rules)).toBe('Payments are processed on business days only.');
    expect(processDateMessage('2026-11-05', rules)).toBeNull();
    expect(processDateMessage('2027-02-05', rules)).toBeNull();
  });
});

describe('payment form', () => {
  it('validates the amount, the method and the remarks', () => {
    expect(validatePaymentForm(values(), context())).toEqual({});
    expect(validatePaymentForm(values({ amount: '' }), context()).amount).toBe('Amount is required');
    expect(validatePaymentForm(values({ amount: '0.99' }), context()).amount).toBe(
      'Payment amount must be at least $1.00',
    );
    expect(validatePaymentForm(values({ amount: '1,000.01' }), context()).amount).toBe(
      'Amount cannot exceed the unscheduled balance of $1,000.00.',
    );
    expect(validatePaymentForm(values({ remarks: 'x'.repeat(201) }), context()).remarks).toBe(
      'Remarks cannot exceed 200 characters.',
    );
    expect(
      validatePaymentForm(values({ paymentInstrumentId: 'b2' }), context({ selected: unverified }))
        .paymentInstrumentId,
    ).toBe('Please select a verified bank account.');
  });

  it('disables the action button by the §5 rules', () => {
    expect(actionBlocker(values({ paymentInstrumentId: null }), context({ selected: undefined }))).toBe(
      'Please select a payment method.',
    );
    expect(actionBlocker(values(), context({ selected: unverified }))).toBe(
      'Please select a verified bank account.',
    );
    expect(actionBlocker(values(), context({ canPay: false }))).toBe(
      'You don’t have access based on your assigned role.',
    );
    expect(actionBlocker(values(), context())).toBeNull();
    expect(isActionDisabled(values(), context(), { loading: false })).toBe(false);
    expect(isActionDisabled(values(), context(), { loading: true })).toBe(true);
    expect(isActionDisabled(values({ amount: '' }), context(), { loading: false })).toBe(true);
    expect(
      isActionDisabled(values({ paymentInstrumentId: null }), context({ selected: undefined }), {
        loading: false,
      }),
    ).toBe(true);
    const card: PayFromOption = { ...bank, id: 'c1', kind: 'CARD' };
    expect(
      isActionDisabled(values({ paymentInstrumentId: 'c1' }), context({ selected: card }), {
        loading: false,
      }),
    ).toBe(false);
  });

  it('names the button by the process date and builds the body', () => {
    expect(actionLabel('2026-11-05', '2026-11-05')).toBe('Pay');
    expect(actionLabel('2026-11-06', '2026-11-05')).toBe('Schedule payment');
    expect(
      toCreatePaymentBody(values({ amount: '1,234.5', remarks: ' hi ' }), {
        billId: 'bill1',
        paymentRequestId: null,
      }),
    ).toEqual({
      billId: 'bill1',
      paymentInstrumentId: 'b1',
      amount: '1234.50',
      deliverySpeed: 'STANDARD',
      processDate: '2026-11-05',
      remarks: 'hi',
    });
  });
});
