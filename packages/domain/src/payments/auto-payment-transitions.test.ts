import { describe, expect, it } from 'vitest';
import { AUTO_PAYMENT_MAPPING_STATUSES } from '../catalogues/auto-payment.js';
import {
  AUTO_PAYMENT_ACTIONS,
  allowedAutoPaymentActions,
  autoPaymentFeatureState,
  isAutoPaymentLive,
  nextAutoPaymentStatus,
} from './auto-payment-transitions.js';

describe('nextAutoPaymentStatus', () => {
  it('authorises a request only from the payer', () => {
    expect(nextAutoPaymentStatus({ status: 'REQUESTED', action: 'AUTHORIZE', actor: 'PAYER' })).toBe(
      'ACCEPTED',
    );
    expect(nextAutoPaymentStatus({ status: 'REQUESTED', action: 'AUTHORIZE', actor: 'PAYEE' })).toBeNull();
    expect(nextAutoPaymentStatus({ status: 'ACCEPTED', action: 'AUTHORIZE', actor: 'PAYER' })).toBeNull();
  });

  it('lands a disable on the side that disabled, and only that side enables again', () => {
    expect(nextAutoPaymentStatus({ status: 'ACCEPTED', action: 'DISABLE', actor: 'PAYER' })).toBe(
      'PAYER_DISABLED',
    );
    expect(nextAutoPaymentStatus({ status: 'ACCEPTED', action: 'DISABLE', actor: 'PAYEE' })).toBe(
      'PAYEE_DISABLED',
    );
    expect(nextAutoPaymentStatus({ status: 'PAYER_DISABLED', action: 'ENABLE', actor: 'PAYEE' })).toBeNull();
    expect(nextAutoPaymentStatus({ status: 'PAYER_DISABLED', action: 'ENABLE', actor: 'PAYER' })).toBe(
      'ACCEPTED',
    );
  });

  it('resumes a pause to where it was', () => {
    expect(nextAutoPaymentStatus({ status: 'ACCEPTED', action: 'PAUSE', actor: 'PAYEE' })).toBe('PAUSED');
    expect(
      nextAutoPaymentStatus({ status: 'PAUSED', action: 'RESUME', actor: 'PAYEE', resumeTo: 'REQUESTED' }),
    ).toBe('REQUESTED');
    expect(
      nextAutoPaymentStatus({ status: 'PAUSED', action: 'RESUME', actor: 'PAYEE', resumeTo: null }),
    ).toBeNull();
  });

  it('ends an authorisation on a return, on a cancel and on a revoke, and never leaves an ended one', () => {
    expect(nextAutoPaymentStatus({ status: 'ACCEPTED', action: 'END_BY_RETURN', actor: 'SYSTEM' })).toBe(
      'PAYER_DECLINED',
    );
    expect(nextAutoPaymentStatus({ status: 'ACCEPTED', action: 'CANCEL', actor: 'PAYER' })).toBe(
      'PAYER_DECLINED',
    );
    expect(nextAutoPaymentStatus({ status: 'ACCEPTED', action: 'REVOKE', actor: 'PAYEE' })).toBe(
      'PAYEE_CANCELLED',
    );
    for (const status of ['PAYER_DECLINED', 'PAYEE_CANCELLED'] as const) {
      expect(isAutoPaymentLive(status)).toBe(false);
      for (const actor of ['PAYEE', 'PAYER', 'ADMIN', 'SYSTEM'] as const) {
        expect(allowedAutoPaymentActions(status, actor, 'ACCEPTED')).toEqual([]);
      }
    }
  });

  it('lets only an operator block and reactivate', () => {
    expect(nextAutoPaymentStatus({ status: 'ACCEPTED', action: 'BLOCK', actor: 'PAYEE' })).toBeNull();
    expect(nextAutoPaymentStatus({ status: 'ACCEPTED', action: 'BLOCK', actor: 'ADMIN' })).toBe(
      'ADMIN_REVOKED',
    );
    expect(nextAutoPaymentStatus({ status: 'ADMIN_REVOKED', action: 'REACTIVATE', actor: 'ADMIN' })).toBe(
      'ACCEPTED',
    );
  });

  it('never answers a status outside the catalogue', () => {
    for (const status of AUTO_PAYMENT_MAPPING_STATUSES) {
      for (const action of AUTO_PAYMENT_ACTIONS) {
        for (const actor of ['PAYEE', 'PAYER', 'ADMIN', 'SYSTEM'] as const) {
          const next = nextAutoPaymentStatus({ status, action, actor, resumeTo: 'ACCEPTED' });
          if (next !== null) expect(AUTO_PAYMENT_MAPPING_STATUSES).toContain(next);
        }
      }
    }
  });
});

describe('autoPaymentFeatureState', () => {
  it('shows the feature state of each status', () => {
    expect(autoPaymentFeatureState('ACCEPTED')).toBe('ENABLED');
    expect(autoPaymentFeatureState('REQUESTED')).toBe('SUBMITTED');
    expect(autoPaymentFeatureState('ADMIN_REVOKED')).toBe('BLOCKED');
    expect(autoPaymentFeatureState('PAYEE_CANCELLED')).toBe('NOT_INITIATED');
    expect(autoPaymentFeatureState(null)).toBe('NOT_INITIATED');
  });
});
