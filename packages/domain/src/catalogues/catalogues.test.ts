import { describe, expect, it } from 'vitest';
import { BUSINESS_TYPE_VALUES, BUSINESS_TYPES, businessTypeSchema, USER_ACTIVE_STATUSES } from './access.js';
import { APPROVAL_AUDIT_ACTION_LABELS } from './approvals.js';
import { AUTO_PAYMENT_CONTACT_LABELS, AUTO_PAYMENT_RESULT_TEXTS } from './auto-payment.js';
import { BANK_ACCOUNT_STATUS_MESSAGES } from './banking.js';
import { MESSAGES } from './messages.js';
import { PAGE_KINDS } from './page-kinds.js';
import {
  DEFAULT_DELIVERY_SPEED,
  DEFAULT_PAYMENT_TERM,
  DELIVERY_SPEED_DETAILS,
  PAYMENT_TERMS,
} from './payments.js';

describe('access catalogues', () => {
  it('has the six business types with their spec labels', () => {
    expect(BUSINESS_TYPES.map((t) => t.label)).toEqual([
      'Sole Proprietorship',
      'Partnership',
      'Limited Liability Company (LLC)',
      'Corporation',
      'Non Profit Organisation',
      'Other',
    ]);
    expect(businessTypeSchema.parse('SOLE_PROPRIETORSHIP')).toBe('SOLE_PROPRIETORSHIP');
    expect(businessTypeSchema.safeParse('Sole Proprietorship').error?.issues[0]?.message).toBe(
      'This field is required',
    );
    expect(new Set(BUSINESS_TYPE_VALUES).size).toBe(6);
  });

  it('has the user statuses and page kinds', () => {
    expect(USER_ACTIVE_STATUSES).toEqual([
      'PENDING',
      'GUEST_ACTIVE',
      'ACTIVE',
      'INACTIVE',
      'SUSPENDED',
      'DELETED',
    ]);
    expect(PAGE_KINDS).toHaveLength(18);
  });
});

describe('labels and messages', () => {
  it('labels approval audit actions', () => {
    expect(APPROVAL_AUDIT_ACTION_LABELS.POLICY_UPDATED).toBe('Policy Modified');
    expect(APPROVAL_AUDIT_ACTION_LABELS.POLICY_ORDER_UPDATED).toBe('Priority Changed');
  });

  it('labels auto-payment mappings for contacts', () => {
    expect(AUTO_PAYMENT_CONTACT_LABELS.REQUESTED).toBe('Pending');
    expect(AUTO_PAYMENT_CONTACT_LABELS.ADMIN_REVOKED).toBe('Blocked');
    expect(AUTO_PAYMENT_CONTACT_LABELS.PAYER_DISABLED).toBe(AUTO_PAYMENT_CONTACT_LABELS.PAYEE_DISABLED);
    expect(AUTO_PAYMENT_CONTACT_LABELS.HOLD).toBeUndefined();
    expect(AUTO_PAYMENT_RESULT_TEXTS.redirecting(7)).toBe('Redirecting to your business in 7s');
  });

  it('keeps the backtick of the spec in bank status texts', () => {
    expect(BANK_ACCOUNT_STATUS_MESSAGES.notVerified).toBe('This bank account isn`t verified yet.');
  });

  it('formats the load-error message', () => {
    expect(MESSAGES.errorLoadingData('timeout')).toBe('Error loading data: timeout');
  });
});

describe('payment catalogues', () => {
  it('defaults to standard delivery and Net 7', () => {
    expect(DEFAULT_DELIVERY_SPEED).toBe('STANDARD');
    expect(DELIVERY_SPEED_DETAILS.STANDARD.description).toBe('3–5 business days');
    expect(DEFAULT_PAYMENT_TERM).toBe('NET_7');
    expect(PAYMENT_TERMS.map((t) => t.label)).toEqual([
      'Custom',
      'Due on Receipt',
      'Net 7',
      'Net 15',
      'Net 30',
      'Net 45',
      'Net 90',
    ]);
  });
});
