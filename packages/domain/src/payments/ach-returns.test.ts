import { describe, expect, it } from 'vitest';
import { PAYMENT_FAILURE_MESSAGES } from '../catalogues/failure-reasons.js';
import {
  ACH_RETURN_CODES,
  ACH_RETURN_DEFINITIONS,
  achReturnFailureReason,
  describeAchReturn,
  isAchReturnCode,
  isRetryableReturn,
} from './ach-returns.js';

describe('achReturnFailureReason', () => {
  it('maps insufficient and uncollected funds to the two insufficient-balance reasons', () => {
    expect(achReturnFailureReason('R01', { side: 'DEBIT' })).toBe('INSUFFICIENT_BANK_BALANCE');
    expect(achReturnFailureReason('R09', { side: 'DEBIT' })).toBe('INSUFFICIENT_TRANSACTION_BALANCE');
  });

  it('maps closed, missing and malformed accounts to the side whose account it is', () => {
    for (const code of ['R02', 'R03', 'R04']) {
      expect(achReturnFailureReason(code, { side: 'DEBIT' })).toBe('INVALID_PAYER_BANK_ACCOUNT');
      expect(achReturnFailureReason(code, { side: 'CREDIT' })).toBe('INVALID_VENDOR_BANK_ACCOUNT');
      expect(achReturnFailureReason(code, { side: 'CREDIT', payeeAccountSource: 'VENDOR_DETAILS' })).toBe(
        'INVALID_VENDOR_BANK_ACCOUNT',
      );
      expect(achReturnFailureReason(code, { side: 'CREDIT', payeeAccountSource: 'PAYEE_BUSINESS' })).toBe(
        'INVALID_PAYEE_BANK_ACCOUNT',
      );
    }
  });

  it('maps unauthorised debits and frozen accounts to compliance, stop payments and unknown codes to unknown', () => {
    for (const code of ['R05', 'R07', 'R10', 'R29', 'R16']) {
      expect(achReturnFailureReason(code, { side: 'DEBIT' })).toBe('COMPLIANCE');
    }
    expect(achReturnFailureReason('R08', { side: 'DEBIT' })).toBe('UNKNOWN');
    expect(achReturnFailureReason('R99', { side: 'DEBIT' })).toBe('UNKNOWN');
    expect(achReturnFailureReason('r01', { side: 'DEBIT' })).toBe('UNKNOWN');
  });
});

describe('isRetryableReturn', () => {
  it('retries R01 and R09 only, at most twice', () => {
    expect(ACH_RETURN_CODES.filter((code) => isRetryableReturn(code))).toEqual(['R01', 'R09']);
    expect(isRetryableReturn('R01', 1)).toBe(true);
    expect(isRetryableReturn('R01', 2)).toBe(false);
    expect(isRetryableReturn('R09', 2)).toBe(false);
    expect(isRetryableReturn('R99')).toBe(false);
  });
});

describe('describeAchReturn', () => {
  it('gives the Nacha title and the spec messages for payer and payee', () => {
    const outcome = describeAchReturn('R01', { side: 'DEBIT' });
    expect(outcome).toEqual({
      code: 'R01',
      title: 'Insufficient Funds',
      description: expect.any(String),
      reason: 'INSUFFICIENT_BANK_BALANCE',
      retryable: true,
      messages: {
        payer:
          'This payment failed due to insufficient funds. Please ensure sufficient funds before retrying.',
        payee: 'This payment couldn’t be completed. For more information, please contact the customer.',
      },
    });
    expect(describeAchReturn('R01', { side: 'DEBIT', isAutoPayment: true }).messages.payee).toBe(
      'This auto payment failed because the customer’s account did not have sufficient funds.',
    );
    expect(describeAchReturn('R16', { side: 'CREDIT' }).messages).toEqual({
      payer: PAYMENT_FAILURE_MESSAGES.COMPLIANCE.payer,
      payee: PAYMENT_FAILURE_MESSAGES.COMPLIANCE.payee,
    });
    expect(
      describeAchReturn('R03', { side: 'CREDIT', payeeAccountSource: 'PAYEE_BUSINESS' }).messages.payee,
    ).toBe('This payment failed because your bank account is invalid. Please contact support.');
  });

  it('describes an unlisted code as unknown and not retryable', () => {
    expect(describeAchReturn('R20', { side: 'DEBIT' })).toMatchObject({
      title: 'Unknown return',
      reason: 'UNKNOWN',
      retryable: false,
    });
  });

  it('has a title and description for every listed code', () => {
    for (const code of ACH_RETURN_CODES) {
      expect(isAchReturnCode(code)).toBe(true);
      expect(ACH_RETURN_DEFINITIONS[code].title.length).toBeGreaterThan(0);
      expect(ACH_RETURN_DEFINITIONS[code].description.length).toBeGreaterThan(0);
    }
    expect(isAchReturnCode(1)).toBe(false);
  });
});
