import { describe, expect, it } from 'vitest';
import { bankAccountSchema, hasValidRoutingChecksum, taxIdSchema } from './bank-account.js';
import { firstMessage } from './test-helpers.js';

const account = {
  bankName: 'First Bank',
  accountType: 'BUSINESS_CHECKING',
  accountHolderName: 'Acme Inc',
  routingNumber: '011000015',
  accountNumber: '123456789',
  confirmAccountNumber: '123456789',
};

describe('bankAccountSchema', () => {
  it('accepts a valid account', () => {
    expect(bankAccountSchema.safeParse(account).success).toBe(true);
  });

  it.each([
    [{ bankName: '' }, 'Bank name is required.'],
    [{ accountType: 'PERSONAL' }, 'Account type is required.'],
    [{ accountHolderName: '' }, 'Account Holders Name is required.'],
    [{ routingNumber: '' }, 'Routing number is required.'],
    [{ routingNumber: '12345678' }, 'Routing number must be exactly 9 digits.'],
    [{ routingNumber: '01100001a' }, 'Routing number must be exactly 9 digits.'],
    [{ accountNumber: '1234', confirmAccountNumber: '1234' }, 'Account number must be 5 to 17 digits.'],
    [
      { accountNumber: '1'.repeat(18), confirmAccountNumber: '1'.repeat(18) },
      'Account number must be 5 to 17 digits.',
    ],
    [{ confirmAccountNumber: '123456780' }, 'Account numbers do not match.'],
  ])('%j → %s', (patch, message) => {
    expect(firstMessage(bankAccountSchema, { ...account, ...patch })).toBe(message);
  });

  it('checks the ABA checksum helper', () => {
    expect(hasValidRoutingChecksum('011000015')).toBe(true);
    expect(hasValidRoutingChecksum('011000016')).toBe(false);
    expect(hasValidRoutingChecksum('12345')).toBe(false);
  });
});

describe('taxIdSchema', () => {
  it('normalises to 9 digits', () => {
    expect(taxIdSchema.parse(' 12-3456789 ')).toBe('123456789');
    expect(taxIdSchema.parse('123456789')).toBe('123456789');
  });

  it('has the spec messages', () => {
    expect(firstMessage(taxIdSchema, '')).toBe('Tax ID is required.');
    expect(firstMessage(taxIdSchema, ' - ')).toBe('Tax ID is required.');
    expect(firstMessage(taxIdSchema, '12-345678')).toBe('Invalid Tax ID.');
    expect(firstMessage(taxIdSchema, '12-345678A')).toBe('Invalid Tax ID.');
  });
});
