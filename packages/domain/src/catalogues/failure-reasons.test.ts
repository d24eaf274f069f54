import { describe, expect, it } from 'vitest';
import {
  getPaymentFailureMessage,
  PAYEE_STATUS_MESSAGES,
  PAYMENT_FAILURE_REASONS,
} from './failure-reasons.js';

describe('payment failure messages', () => {
  it('tells the payee of an insufficient-balance failure to contact the customer (verbatim)', () => {
    const text = 'This payment couldn’t be completed. For more information, please contact the customer.';
    expect(getPaymentFailureMessage('INSUFFICIENT_BANK_BALANCE', 'payee')).toBe(text);
    expect(getPaymentFailureMessage('INSUFFICIENT_TRANSACTION_BALANCE', 'payee')).toBe(text);
    expect(getPaymentFailureMessage('INSUFFICIENT_BANK_BALANCE', 'payer')).toMatch(
      /sufficient funds before retrying/,
    );
  });

  it('tells an auto-payment payee that the customer lacked funds', () => {
    expect(getPaymentFailureMessage('INSUFFICIENT_BANK_BALANCE', 'payee', { isAutoPayment: true })).toMatch(
      /customer’s account did not have sufficient funds/,
    );
    expect(getPaymentFailureMessage('COMPLIANCE', 'payee', { isAutoPayment: true })).toMatch(/compliance/);
  });

  it('gives each reason its advice', () => {
    expect(getPaymentFailureMessage('INVALID_PAYER_BANK_ACCOUNT', 'payer')).toMatch(
      /try a different account/,
    );
    expect(getPaymentFailureMessage('INVALID_PAYEE_BANK_ACCOUNT', 'payer')).toMatch(/contact support/);
    expect(getPaymentFailureMessage('INVALID_VENDOR_BANK_ACCOUNT', 'payer')).toMatch(
      /try a different account/,
    );
    expect(getPaymentFailureMessage('UNKNOWN', 'payer')).toMatch(/try again or contact support/);
    for (const reason of PAYMENT_FAILURE_REASONS) {
      expect(getPaymentFailureMessage(reason, 'payer').length).toBeGreaterThan(10);
    }
  });

  it('falls back to the default message for unknown or missing reasons', () => {
    expect(getPaymentFailureMessage('R99', 'payer')).toBe(getPaymentFailureMessage(undefined, 'payer'));
    expect(getPaymentFailureMessage(null, 'payee')).toMatch(/contact support/);
  });

  it('has the verbatim payee status messages', () => {
    expect(PAYEE_STATUS_MESSAGES.CANCELLED).toBe(
      'This payment is canceled. For more information, please contact the customer.',
    );
    expect(PAYEE_STATUS_MESSAGES.REVERSED).toBe(
      'This payment was reversed. Any credited amount gets debited from your card / bank account.',
    );
    expect(PAYEE_STATUS_MESSAGES.DECLINED).toBe(getPaymentFailureMessage('COMPLIANCE', 'payee'));
  });
});
