import { describe, expect, it } from 'vitest';
import { PAGE_KINDS } from '../catalogues/page-kinds.js';
import { getRedirectPath } from './redirect.js';

const businessId = '0123456789abcdef01234567';

describe('getRedirectPath', () => {
  it.each([
    ['BANK_LIST', '/settings/bank-account'],
    ['ACCEPT_CARD_PAYMENT_SETTING', '/settings/accept-card-payment'],
    ['BUSINESS_DETAIL_SETTING', '/settings/business-profile'],
    ['INVOICE_LIST', '/invoices'],
    ['INVOICE_DETAIL', '/invoices/inv1/detail'],
    ['CREATE_INVOICE', '/invoices/create'],
    ['BUSINESS_DASHBOARD', '/home'],
    ['CONNECT_ACCOUNTING_SOFTWARE', '/settings/integration'],
    ['RECONNECT_ACCOUNTING_SOFTWARE', '/settings/integration'],
    ['BILL_LIST', '/bills/payment-request'],
    ['RECEIVED_PAYMENT_LIST', '/invoices/payment/list'],
    ['BILL_DETAIL', '/bills/payment-request/pay1/make-payment'],
    ['PAID_BILL_LIST', '/bills/due'],
    ['PAID_BILL_DETAIL', '/bills/payment/pay1/detail'],
    ['PAYMENT_DETAIL', '/bills/payment/pay1/detail'],
    ['CREATE_BILL', '/bills/create'],
    ['RECEIVED_PAYMENT_DETAIL', '/invoices/payment/pay1/detail'],
  ])('%s → /b/{id}%s', (page, rest) => {
    expect(getRedirectPath({ page, businessId, id: 'inv1', paymentId: 'pay1' })).toBe(
      `/b/${businessId}${rest}`,
    );
  });

  it('needs a page and a business id', () => {
    expect(() => getRedirectPath({ page: 'BANK_LIST' })).toThrow(new Error('Missing redirect details'));
    expect(() => getRedirectPath({ businessId })).toThrow(new Error('Missing redirect details'));
  });

  it('needs the id or payment id the page uses', () => {
    expect(() => getRedirectPath({ page: 'INVOICE_DETAIL', businessId, paymentId: 'p' })).toThrow(
      new Error('Missing redirect details'),
    );
    expect(() => getRedirectPath({ page: 'BILL_DETAIL', businessId, id: 'x' })).toThrow(
      new Error('Missing redirect details'),
    );
  });

  it('rejects unknown page kinds', () => {
    expect(() => getRedirectPath({ page: 'NOPE', businessId })).toThrow(new Error('Invalid redirect page'));
    expect(() => getRedirectPath({ page: 'EMAIL_NOTIFICATION_SETTING', businessId })).toThrow(
      new Error('Invalid redirect page'),
    );
  });

  it('resolves every other page kind and encodes ids', () => {
    for (const page of PAGE_KINDS.filter((p) => p !== 'EMAIL_NOTIFICATION_SETTING')) {
      expect(getRedirectPath({ page, businessId, id: 'a', paymentId: 'b' })).toMatch(/^\/b\/[0-9a-f]{24}\//);
    }
    expect(getRedirectPath({ page: 'INVOICE_DETAIL', businessId, id: 'a/b' })).toBe(
      `/b/${businessId}/invoices/a%2Fb/detail`,
    );
  });
});
