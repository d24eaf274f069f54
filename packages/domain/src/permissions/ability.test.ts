import { describe, expect, it } from 'vitest';
import { ACCESS_DENIED_MESSAGE, defineAbilityFor } from './ability.js';
import { ADMIN_PERMISSIONS, READ_ONLY_PERMISSIONS, SUBJECTS } from './keys.js';

const realSubjects = SUBJECTS.filter((s) => s !== 'all');

describe('defineAbilityFor', () => {
  it('manage implies read and every action, on its own subject only', () => {
    const ability = defineAbilityFor(['PAY_INBOX.manage']);
    for (const action of ['read', 'manage', 'create', 'update', 'delete'] as const) {
      expect(ability.can(action, 'PayInbox')).toBe(true);
    }
    expect(ability.can('read', 'PayDueBill')).toBe(false);
    expect(ability.can('manage', 'PayDueBill')).toBe(false);
    expect(ability.can('read', 'all')).toBe(false);
  });

  it('view grants read only', () => {
    const ability = defineAbilityFor(['GET_PAID_DUE_INVOICES.view']);
    expect(ability.can('read', 'GetPaidDueInvoices')).toBe(true);
    expect(ability.can('manage', 'GetPaidDueInvoices')).toBe(false);
    expect(ability.can('update', 'GetPaidDueInvoices')).toBe(false);
  });

  it('users and roles govern both Users and Roles', () => {
    const ability = defineAbilityFor(['SETTINGS_USERS_AND_ROLES.manage']);
    expect(ability.can('manage', 'Users')).toBe(true);
    expect(ability.can('manage', 'Roles')).toBe(true);
    expect(ability.can('read', 'PaymentMethod')).toBe(false);
  });

  it('maps vendor auto payments to PayManageAutoPayments', () => {
    const ability = defineAbilityFor(['PAY_MANAGE_VENDOR_AUTO_PAYMENTS.view']);
    expect(ability.can('read', 'PayManageAutoPayments')).toBe(true);
    expect(ability.can('read', 'GetPaidManageCustomerAutoPayments')).toBe(false);
  });

  it('full access manage grants manage on every subject of its area and no other', () => {
    const ability = defineAbilityFor(['PAY_FULL_ACCESS.manage']);
    for (const subject of realSubjects) {
      expect(ability.can('manage', subject)).toBe(
        subject.startsWith('Pay') && subject !== 'PaymentMethod' && subject !== 'PaymentApproval',
      );
      expect(ability.can('read', subject)).toBe(ability.can('manage', subject));
    }
  });

  it('full access view grants read on every subject of its area', () => {
    const ability = defineAbilityFor(['GET_PAID_FULL_ACCESS.view']);
    for (const subject of realSubjects) {
      expect(ability.can('read', subject)).toBe(subject.startsWith('GetPaid'));
      expect(ability.can('manage', subject)).toBe(false);
    }
  });

  it('settings full access covers payment methods, approvals, users and roles', () => {
    const ability = defineAbilityFor(['SETTINGS_FULL_ACCESS.manage']);
    for (const s of ['PaymentMethod', 'PaymentApproval', 'Users', 'Roles'] as const) {
      expect(ability.can('manage', s)).toBe(true);
    }
    expect(ability.can('read', 'PayInbox')).toBe(false);
  });

  it('ignores unknown keys and an empty list grants nothing', () => {
    const ability = defineAbilityFor(['EVERYTHING.manage', 'all', 'manage']);
    for (const subject of SUBJECTS) expect(ability.can('read', subject)).toBe(false);
  });

  it('admin can manage every subject; read-only can read but not manage any', () => {
    const admin = defineAbilityFor(ADMIN_PERMISSIONS);
    const readOnly = defineAbilityFor(READ_ONLY_PERMISSIONS);
    for (const subject of realSubjects) {
      expect(admin.can('manage', subject)).toBe(true);
      expect(readOnly.can('read', subject)).toBe(true);
      expect(readOnly.can('manage', subject)).toBe(false);
    }
  });

  it('has the verbatim block message with a curly apostrophe', () => {
    expect(ACCESS_DENIED_MESSAGE).toBe('You don\u2019t have access based on your assigned role.');
  });
});
