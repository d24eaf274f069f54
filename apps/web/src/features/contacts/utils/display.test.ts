import { describe, expect, it } from 'vitest';
import { truncateText } from '@/components/truncated-text';
import { makeBusiness } from '../testing/contacts';
import { canEditContact, getContactAccess } from './access';
import { CONTACT_KINDS } from './contact-kind';
import { formatAddressLines, formatPhone, maskTaxId } from './display';

describe('contact display', () => {
  it('truncates over 30 characters only', () => {
    expect(truncateText('x'.repeat(30))).toBe('x'.repeat(30));
    expect(truncateText('x'.repeat(31))).toBe(`${'x'.repeat(30)}…`);
  });

  it('formats phones with the US mask, others with their dial code', () => {
    expect(formatPhone({ phoneCountryCode: '1', phoneNumber: '2065550100' })).toBe('+1 206 555 0100');
    expect(formatPhone({ phoneCountryCode: '+44', phoneNumber: '2071234567' })).toBe('+44 20 7123 4567');
  });

  it('masks a tax ID to its last 4 digits, and keeps one already masked', () => {
    expect(maskTaxId('12-3456789')).toBe('*** 6789');
    expect(maskTaxId('*** 6789')).toBe('*** 6789');
  });

  it('writes an address on lines', () => {
    expect(
      formatAddressLines({
        addressLine1: '12 Pier Road',
        addressLine2: 'Suite 4',
        city: 'Seattle',
        state: 'WA',
        zipCode: '98101',
        country: 'US',
      }),
    ).toEqual(['12 Pier Road', 'Suite 4', 'Seattle, WA 98101', 'United States']);
  });
});

describe('contact access', () => {
  it('reads manage vendors / manage customers from the permission keys, and the admin role', () => {
    const member = makeBusiness({
      role: 'Accountant',
      permissions: ['PAY_MANAGE_VENDORS.manage', 'GET_PAID_MANAGE_CUSTOMERS.view'],
    });
    expect(getContactAccess(member, CONTACT_KINDS.vendor)).toEqual({
      canManage: true,
      canManageAutoPayments: false,
      isAdmin: false,
      hasAccountingConnection: false,
    });
    expect(getContactAccess(member, CONTACT_KINDS.customer).canManage).toBe(false);
    expect(
      getContactAccess(
        makeBusiness({ permissions: ['GET_PAID_FULL_ACCESS.manage'] }),
        CONTACT_KINDS.customer,
      ),
    ).toEqual({
      canManage: true,
      canManageAutoPayments: true,
      isAdmin: true,
      hasAccountingConnection: false,
    });
  });

  it('lets the auto-payment right edit a contact whose auto payments are authorised, and only that one', () => {
    const member = makeBusiness({ permissions: ['GET_PAID_MANAGE_CUSTOMER_AUTO_PAYMENTS.manage'] });
    const access = getContactAccess(member, CONTACT_KINDS.customer);
    expect(access.canManage).toBe(false);
    expect(canEditContact(access, 'ACCEPTED')).toBe(true);
    expect(canEditContact(access, 'PAUSED')).toBe(false);
    expect(canEditContact(access, null)).toBe(false);
    // The customer side's right says nothing about vendors.
    expect(canEditContact(getContactAccess(member, CONTACT_KINDS.vendor), 'ACCEPTED')).toBe(false);
  });
});
