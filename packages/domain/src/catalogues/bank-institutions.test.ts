import { describe, expect, it } from 'vitest';
import {
  BLOCKED_BANK_INSTITUTIONS,
  BLOCKED_INSTITUTION_IDS,
  isBlockedInstitution,
} from './bank-institutions.js';

describe('blocked bank institutions', () => {
  it('blocks the listed prepaid and neobank ids', () => {
    expect(BLOCKED_INSTITUTION_IDS).toContain('ins_35');
    for (const institution of BLOCKED_BANK_INSTITUTIONS) {
      expect(isBlockedInstitution(institution.id, null)).toBe(true);
    }
  });

  it('blocks the brands by name under any id, ignoring case and punctuation', () => {
    expect(isBlockedInstitution('ins_999999', 'Chime')).toBe(true);
    expect(isBlockedInstitution('ins_999999', 'CASH APP')).toBe(true);
    expect(isBlockedInstitution('ins_999999', 'Green Dot Prepaid Debit Card')).toBe(true);
    expect(isBlockedInstitution(null, 'Walmart MoneyCard by Green Dot')).toBe(true);
  });

  it('lets banks and credit unions through, even with a blocked brand inside a longer name', () => {
    expect(isBlockedInstitution('ins_3', 'Chase')).toBe(false);
    expect(isBlockedInstitution('ins_15', 'Navy Federal Credit Union')).toBe(false);
    expect(isBlockedInstitution('ins_1', 'Stepstone Federal Credit Union')).toBe(false);
    expect(isBlockedInstitution('ins_2', 'Current Federal Credit Union')).toBe(false);
    expect(isBlockedInstitution(undefined, undefined)).toBe(false);
  });
});
