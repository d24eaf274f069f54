import { describe, expect, it } from 'vitest';
import { permissionKeySchema } from './key-schema.js';
import {
  ADMIN_PERMISSIONS,
  isPermissionKey,
  PERMISSION_KEYS,
  PERMISSION_SECTIONS,
  parsePermissionKey,
  READ_ONLY_PERMISSIONS,
} from './keys.js';

describe('permission keys', () => {
  it('has a manage and a view key for each of the 17 items', () => {
    expect(PERMISSION_KEYS).toHaveLength(34);
    expect(new Set(PERMISSION_KEYS).size).toBe(34);
    for (const key of [
      'PAY_FULL_ACCESS.manage',
      'PAY_INBOX.view',
      'PAY_PAYMENT_REQUESTS.manage',
      'PAY_DUE_BILLS.view',
      'PAY_APPROVE_AND_PAY_BILLS.manage',
      'PAY_MANAGE_VENDORS.view',
      'PAY_MANAGE_VENDOR_AUTO_PAYMENTS.manage',
      'PAY_PAYMENTS.view',
      'GET_PAID_FULL_ACCESS.view',
      'GET_PAID_DUE_INVOICES.manage',
      'GET_PAID_MANAGE_CUSTOMERS.view',
      'GET_PAID_MANAGE_CUSTOMER_AUTO_PAYMENTS.manage',
      'GET_PAID_PAYMENTS_RECEIVED.view',
      'SETTINGS_FULL_ACCESS.manage',
      'SETTINGS_PAYMENT_METHODS.view',
      'SETTINGS_PAYMENT_APPROVALS.manage',
      'SETTINGS_USERS_AND_ROLES.view',
    ]) {
      expect(PERMISSION_KEYS).toContain(key);
    }
  });

  it('gives the role editor three labelled sections', () => {
    expect(PERMISSION_SECTIONS.map((s) => s.label)).toEqual(['Pay', 'Get Paid', 'Settings']);
    expect(PERMISSION_SECTIONS.map((s) => s.items.length)).toEqual([7, 4, 3]);
    const settings = PERMISSION_SECTIONS[2];
    expect(settings?.fullAccess.manage).toBe('SETTINGS_FULL_ACCESS.manage');
    expect(settings?.fullAccess.subjects).toEqual(['PaymentMethod', 'PaymentApproval', 'Users', 'Roles']);
  });

  it('admin holds every key, read-only every view key and nothing else', () => {
    expect([...ADMIN_PERMISSIONS].sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(READ_ONLY_PERMISSIONS).toHaveLength(17);
    expect(READ_ONLY_PERMISSIONS.every((k) => k.endsWith('.view'))).toBe(true);
  });

  it('recognises and parses keys', () => {
    expect(isPermissionKey('PAY_INBOX.view')).toBe(true);
    expect(isPermissionKey('PAY_INBOX.read')).toBe(false);
    expect(isPermissionKey('pay_inbox.view')).toBe(false);
    expect(isPermissionKey(42)).toBe(false);
    expect(parsePermissionKey('SETTINGS_USERS_AND_ROLES.manage')?.item.subjects).toEqual(['Users', 'Roles']);
    expect(parsePermissionKey('PAY_MANAGE_VENDOR_AUTO_PAYMENTS.view')?.item.subjects).toEqual([
      'PayManageAutoPayments',
    ]);
    expect(parsePermissionKey('nope')).toBeUndefined();
  });

  it('validates keys with zod', () => {
    expect(permissionKeySchema.safeParse('GET_PAID_DUE_INVOICES.manage').success).toBe(true);
    expect(permissionKeySchema.safeParse('GET_PAID_DUE_INVOICES').success).toBe(false);
  });
});
