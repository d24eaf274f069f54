import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from './keys.js';
import { isPermissionChecked, isPermissionLocked, togglePermission } from './toggle.js';

const PAY_OTHERS = [
  'PAY_INBOX',
  'PAY_PAYMENT_REQUESTS',
  'PAY_DUE_BILLS',
  'PAY_APPROVE_AND_PAY_BILLS',
  'PAY_MANAGE_VENDORS',
  'PAY_MANAGE_VENDOR_AUTO_PAYMENTS',
  'PAY_PAYMENTS',
];

describe('togglePermission', () => {
  it('ticking manage also ticks view, and view is then locked', () => {
    const next = togglePermission([], 'PAY_INBOX.manage', true);
    expect(next).toEqual(['PAY_INBOX.manage', 'PAY_INBOX.view']);
    expect(isPermissionLocked(next, 'PAY_INBOX.view')).toBe(true);
    expect(togglePermission(next, 'PAY_INBOX.view', false)).toEqual(next);
  });

  it('unticking manage keeps view, which is then unlocked', () => {
    const next = togglePermission(['PAY_INBOX.manage', 'PAY_INBOX.view'], 'PAY_INBOX.manage', false);
    expect(next).toEqual(['PAY_INBOX.view']);
    expect(isPermissionLocked(next, 'PAY_INBOX.view')).toBe(false);
    expect(togglePermission(next, 'PAY_INBOX.view', false)).toEqual([]);
  });

  it('ticking view alone adds only view', () => {
    expect(togglePermission([], 'SETTINGS_USERS_AND_ROLES.view', true)).toEqual([
      'SETTINGS_USERS_AND_ROLES.view',
    ]);
  });

  it("choosing full access manage replaces the section's other entries and leaves other sections", () => {
    const current = [
      'PAY_INBOX.manage',
      'PAY_INBOX.view',
      'PAY_DUE_BILLS.view',
      'GET_PAID_DUE_INVOICES.view',
    ];
    expect(togglePermission(current, 'PAY_FULL_ACCESS.manage', true)).toEqual([
      'PAY_FULL_ACCESS.manage',
      'PAY_FULL_ACCESS.view',
      'GET_PAID_DUE_INVOICES.view',
    ]);
  });

  it('full access manage ticks and locks every box of the section', () => {
    const current = togglePermission([], 'PAY_FULL_ACCESS.manage', true);
    for (const item of PAY_OTHERS) {
      expect(isPermissionChecked(current, `${item}.manage`)).toBe(true);
      expect(isPermissionLocked(current, `${item}.view`)).toBe(true);
    }
    expect(isPermissionChecked(current, 'GET_PAID_DUE_INVOICES.view')).toBe(false);
  });

  it('unticking one item while full access manage is held expands to all other items', () => {
    const current = ['PAY_FULL_ACCESS.manage', 'PAY_FULL_ACCESS.view', 'SETTINGS_PAYMENT_METHODS.view'];
    const next = togglePermission(current, 'PAY_DUE_BILLS.manage', false);
    expect(next).not.toContain('PAY_FULL_ACCESS.manage');
    expect(next).not.toContain('PAY_FULL_ACCESS.view');
    expect(next).not.toContain('PAY_DUE_BILLS.manage');
    expect(next).toContain('PAY_DUE_BILLS.view');
    expect(next).toContain('SETTINGS_PAYMENT_METHODS.view');
    for (const item of PAY_OTHERS.filter((i) => i !== 'PAY_DUE_BILLS')) {
      expect(next).toContain(`${item}.manage`);
      expect(next).toContain(`${item}.view`);
    }
  });

  it('unticking one view while full access view is held expands to the other views', () => {
    const next = togglePermission(['PAY_FULL_ACCESS.view'], 'PAY_PAYMENTS.view', false);
    expect(next).toEqual(PAY_OTHERS.filter((i) => i !== 'PAY_PAYMENTS').map((i) => `${i}.view`));
  });

  it('full access view keeps only view entries of the section', () => {
    const current = [
      'PAY_INBOX.manage',
      'PAY_INBOX.view',
      'PAY_DUE_BILLS.view',
      'GET_PAID_DUE_INVOICES.manage',
    ];
    expect(togglePermission(current, 'PAY_FULL_ACCESS.view', true)).toEqual([
      'PAY_FULL_ACCESS.view',
      'PAY_INBOX.view',
      'PAY_DUE_BILLS.view',
      'GET_PAID_DUE_INVOICES.manage',
    ]);
  });

  it('full access view is locked while full access manage is held', () => {
    const current = ['PAY_FULL_ACCESS.manage', 'PAY_FULL_ACCESS.view'];
    expect(togglePermission(current, 'PAY_FULL_ACCESS.view', false)).toEqual(current);
    expect(togglePermission(current, 'PAY_FULL_ACCESS.manage', false)).toEqual(['PAY_FULL_ACCESS.view']);
  });

  it('ticking an item already covered by full access changes nothing', () => {
    const current = ['PAY_FULL_ACCESS.manage', 'PAY_FULL_ACCESS.view'];
    expect(togglePermission(current, 'PAY_INBOX.manage', true)).toEqual(current);
  });

  it('ignores unknown keys and keeps unknown entries', () => {
    expect(togglePermission(['LEGACY', 'PAY_INBOX.view'], 'NOPE.manage', true)).toEqual([
      'PAY_INBOX.view',
      'LEGACY',
    ]);
  });

  it('property: results are duplicate-free, and every manage entry comes with its view', () => {
    const keyArb = fc.constantFrom(...PERMISSION_KEYS);
    fc.assert(
      fc.property(fc.array(fc.tuple(keyArb, fc.boolean()), { maxLength: 30 }), (steps) => {
        let current: string[] = [];
        for (const [key, checked] of steps) {
          current = togglePermission(current, key, checked);
          expect(new Set(current).size).toBe(current.length);
          for (const k of current) {
            if (k.endsWith('.manage')) expect(current).toContain(k.replace('.manage', '.view'));
          }
          if (checked) expect(isPermissionChecked(current, key)).toBe(true);
        }
      }),
    );
  });
});
