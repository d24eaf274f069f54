import { describe, expect, it } from 'vitest';
import {
  activityLogQuerySchema,
  contactListQuerySchema,
  contactPickerQuerySchema,
  customerUpdateSchema,
  networkSearchQuerySchema,
  vendorBankAccountRequestSchema,
  vendorRequestSchema,
  vendorUpdateSchema,
} from './contacts-api.js';
import { firstMessage, messagesOf } from './test-helpers.js';

const BANK = {
  vendorId: 'v1',
  bankName: 'First Harbor Bank',
  accountType: 'BUSINESS_SAVINGS',
  accountHolderName: 'Harbor Supplies',
  routingNumber: '011000015',
  accountNumber: '12345678',
  confirmAccountNumber: '12345678',
  consent: true,
};

describe('contact requests', () => {
  it('treat a phone with no number as no phone and default the secondary emails', () => {
    const parsed = vendorRequestSchema.parse({
      name: 'Harbor Supplies',
      email: 'a@harbor.example',
      phoneNumber: { countryISOCode: 'US', dialCode: '1', phoneNumber: '  ' },
    });
    expect(parsed.phoneNumber).toBeNull();
    expect(parsed.secondaryEmails).toEqual([]);
  });

  it('check secondary emails against the primary only when both are given in an update', () => {
    expect(vendorUpdateSchema.safeParse({ secondaryEmails: ['a@x.example'] }).success).toBe(true);
    expect(firstMessage(vendorUpdateSchema, { email: 'a@x.example', secondaryEmails: ['A@x.example'] })).toBe(
      'Secondary email cannot be the same as primary email.',
    );
    expect(
      firstMessage(customerUpdateSchema, { secondaryEmails: ['a@x.ex', 'b@x.ex', 'c@x.ex', 'd@x.ex'] }),
    ).toBe('Maximum 3 additional emails allowed.');
    expect(vendorUpdateSchema.parse({ phoneNumber: null }).phoneNumber).toBeNull();
  });
});

describe('vendor bank request', () => {
  it('accepts a valid form and needs the ABA checksum and the consent', () => {
    expect(vendorBankAccountRequestSchema.safeParse(BANK).success).toBe(true);
    expect(firstMessage(vendorBankAccountRequestSchema, { ...BANK, routingNumber: '123456789' })).toBe(
      'Routing number is invalid.',
    );
    expect(firstMessage(vendorBankAccountRequestSchema, { ...BANK, consent: false })).toBe(
      'Please tick the consent to continue.',
    );
    expect(
      messagesOf(vendorBankAccountRequestSchema, { ...BANK, confirmAccountNumber: '1234567' }),
    ).toContain('Account numbers do not match.');
  });
});

describe('queries', () => {
  it('have the spec defaults and limits', () => {
    expect(contactListQuerySchema.parse({})).toEqual({
      pageNumber: 1,
      pageSize: 10,
      sortBy: 'name',
      sortOrder: 'asc',
    });
    expect(contactPickerQuerySchema.parse({})).toEqual({ pageNumber: 1, pageSize: 100 });
    expect(firstMessage(contactListQuerySchema, { searchTerm: 'x'.repeat(31) })).toBe(
      'Search term cannot exceed 30 characters.',
    );
    expect(contactListQuerySchema.safeParse({ searchTerm: 'x'.repeat(30) }).success).toBe(true);
    expect(firstMessage(networkSearchQuerySchema, { businessName: ' ab ' })).toBe(
      'Please enter at least 3 characters.',
    );
    expect(networkSearchQuerySchema.parse({ businessName: ' abc ' })).toEqual({
      businessName: 'abc',
      pageNumber: 1,
    });
    expect(activityLogQuerySchema.parse({}).pageSize).toBe(10);
    expect(activityLogQuerySchema.parse({ pageSize: '1000' }).pageSize).toBe(1000);
    expect(activityLogQuerySchema.safeParse({ pageSize: '1001' }).success).toBe(false);
    expect(activityLogQuerySchema.parse({ entity: ' approval_policies ' }).entity).toBe('approval_policies');
  });
});
