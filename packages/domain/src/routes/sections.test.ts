import { describe, expect, it } from 'vitest';
import { paths } from './paths.js';
import { getSectionForPath } from './sections.js';

describe('getSectionForPath', () => {
  it('routes auto-pay and guest payment by user status', () => {
    expect(getSectionForPath('/process/auto-pay/info', 'ACTIVE')).toBe('BUSINESS_PROFILE');
    expect(getSectionForPath('/process/auto-pay/info', 'GUEST_ACTIVE')).toBe('GUEST_AUTO_PAYMENT');
    expect(getSectionForPath('/guest-payment', 'GUEST_ACTIVE')).toBe('GUEST_PAYMENT');
    expect(getSectionForPath('/process/auto-pay/info', 'PENDING')).toBe('HOME');
  });

  it('maps business areas', () => {
    expect(getSectionForPath('/b/1/invoices/create')).toBe('INVOICES');
    expect(getSectionForPath('/b/1/bills/due')).toBe('BILLS_DUE');
    expect(getSectionForPath('/b/1/bills/payment-request')).toBe('BILLS_PAYMENT_REQUEST');
    expect(getSectionForPath('/b/1/customers/2')).toBe('CUSTOMERS_AUTO_PAYMENT');
    expect(getSectionForPath('/b/1/settings/business-profile')).toBe('BUSINESS_PROFILE');
    expect(getSectionForPath('/b/1/vendors')).toBe('HOME');
  });
});

describe('paths', () => {
  it('builds spec routes', () => {
    expect(paths.signin()).toBe('/signin');
    expect(paths.signin('/b/1/home')).toBe('/signin?redirectUrl=%2Fb%2F1%2Fhome');
    expect(paths.businessHome('abc')).toBe('/b/abc/home');
    expect(paths.kybDetails('abc', 'auto-pay')).toBe('/b/abc/kyb/details?returnUrl=auto-pay');
    expect(paths.go('XY12')).toBe('/go?code=XY12');
    expect(paths.onboardLinkBank('abc')).toBe('/onboard/b/abc/link-bank');
    expect(paths.billMakePayment('abc', 'p1')).toBe('/b/abc/bills/payment-request/p1/make-payment');
    expect(paths.billPaymentPreview('abc', 'p1', 'r1')).toBe('/b/abc/bills/payment/p1?paymentRequestId=r1');
    expect(paths.settingsUsers('abc')).toBe('/b/abc/settings/users');
  });
});
