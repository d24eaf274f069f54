import { describe, expect, it } from 'vitest';
import { bankChangeHoldUntil, isBankChangeHoldActive } from '../catalogues/banking.js';
import {
  addBankAccountRequestSchema,
  bankHolidaysQuerySchema,
  sandboxClockAdvanceRequestSchema,
  verifyMicroDepositRequestSchema,
} from './banking-api.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('addBankAccountRequestSchema', () => {
  const valid = {
    bankName: 'First Harbor Bank',
    accountType: 'BUSINESS_CHECKING',
    accountHolderName: 'Harbor Supplies',
    routingNumber: '011000015',
    accountNumber: '123456789',
    confirmAccountNumber: '123456789',
  };
  it('accepts the bank form and checks the ABA checksum', () => {
    expect(addBankAccountRequestSchema.safeParse(valid).success).toBe(true);
    expect(messages(addBankAccountRequestSchema.safeParse({ ...valid, routingNumber: '123456789' }))).toEqual(
      ['Routing number is invalid.'],
    );
  });
});

describe('verifyMicroDepositRequestSchema', () => {
  it('needs the instrument and two 1–2 digit amounts', () => {
    expect(
      verifyMicroDepositRequestSchema.safeParse({
        paymentInstrumentId: 'x',
        firstMicroDeposit: '7',
        secondMicroDeposit: '32',
      }).success,
    ).toBe(true);
    expect(
      messages(
        verifyMicroDepositRequestSchema.safeParse({
          paymentInstrumentId: 'x',
          firstMicroDeposit: '',
          secondMicroDeposit: '100',
        }),
      ),
    ).toEqual(['Amount #1 is required', 'Must be 1-2 digits']);
  });
});

describe('bankHolidaysQuerySchema', () => {
  it('accepts ranges up to 3 years in order', () => {
    expect(bankHolidaysQuerySchema.safeParse({ from: '2026-01-01', to: '2028-12-31' }).success).toBe(true);
    expect(messages(bankHolidaysQuerySchema.safeParse({ from: '2026-01-01', to: '2030-01-01' }))).toContain(
      'The range cannot be longer than 3 years.',
    );
    expect(messages(bankHolidaysQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }))).toContain(
      'The start date must not be after the end date.',
    );
    expect(messages(bankHolidaysQuerySchema.safeParse({ from: '2026-02-30', to: '2026-03-01' }))).toContain(
      'Dates must be valid calendar dates (YYYY-MM-DD).',
    );
  });
});

describe('sandboxClockAdvanceRequestSchema', () => {
  it('needs business days or hours in range', () => {
    expect(sandboxClockAdvanceRequestSchema.safeParse({ businessDays: 2 }).success).toBe(true);
    expect(sandboxClockAdvanceRequestSchema.safeParse({}).success).toBe(false);
    expect(sandboxClockAdvanceRequestSchema.safeParse({ hours: 721 }).success).toBe(false);
  });
});

describe('the vendor bank-change hold', () => {
  it('lasts 24 hours from the change', () => {
    const changed = new Date('2026-11-02T15:00:00.000Z');
    const until = bankChangeHoldUntil(changed);
    expect(until.toISOString()).toBe('2026-11-03T15:00:00.000Z');
    expect(isBankChangeHoldActive(until, new Date('2026-11-03T14:59:59.999Z'))).toBe(true);
    expect(isBankChangeHoldActive(until, until)).toBe(false);
    expect(isBankChangeHoldActive(null, changed)).toBe(false);
  });
});
