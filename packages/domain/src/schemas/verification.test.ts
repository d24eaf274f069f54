import { describe, expect, it } from 'vitest';
import { businessOnboardingState } from '../catalogues/features.js';
import { messagesOf } from './test-helpers.js';
import {
  beneficialOwnersRequestSchema,
  requiredAddressSchema,
  verificationFormSchema,
} from './verification.js';

const address = { addressLine1: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701', country: 'US' };
const form = {
  legalBusinessName: 'Harbor Coffee LLC',
  taxId: '12-3456789',
  employeeCount: 'ZERO_TO_FIVE',
  address,
};
const other = (email: string, ownershipPercent: number) => ({
  isSelf: false,
  firstName: 'Jordan',
  lastName: 'Lee',
  email,
  ownershipPercent,
});
const owners = (list: unknown[]) => ({ controlPerson: { isSelf: true, title: 'Founder' }, owners: list });

describe('verificationFormSchema', () => {
  it('keeps the 9 digits of the tax id and an empty website', () => {
    expect(verificationFormSchema.parse(form)).toMatchObject({ taxId: '123456789', website: '' });
  });

  it('says what is wrong with the tax id and the employee band', () => {
    expect(messagesOf(verificationFormSchema, { ...form, taxId: '12-34' })).toEqual(['Invalid Tax ID.']);
    expect(messagesOf(verificationFormSchema, { ...form, taxId: '' })).toEqual(['Tax ID is required.']);
    expect(messagesOf(verificationFormSchema, { ...form, employeeCount: 'LOTS' })).toEqual([
      'Please select the number of employees.',
    ]);
  });

  it('requires the address, with the US state list and 2-letter codes elsewhere', () => {
    expect(messagesOf(requiredAddressSchema, {})).toEqual([
      'Address Line 1 is required.',
      'City is required.',
      'State is required.',
      'Zip Code is required.',
      'Country is required.',
    ]);
    expect(messagesOf(requiredAddressSchema, { ...address, state: 'Texas' })).toEqual([]);
    expect(messagesOf(requiredAddressSchema, { ...address, state: 'Narnia' })).toEqual([
      'Please select a valid state.',
    ]);
    expect(messagesOf(requiredAddressSchema, { ...address, country: 'CA', state: 'Ontario' })).toEqual([
      'State Code (2 characters)',
    ]);
    expect(messagesOf(requiredAddressSchema, { ...address, country: 'CA', state: 'ON' })).toEqual([]);
  });
});

describe('beneficialOwnersRequestSchema', () => {
  it('accepts the user alone, or with others up to 100%', () => {
    expect(
      messagesOf(beneficialOwnersRequestSchema, owners([{ isSelf: true, ownershipPercent: 100 }])),
    ).toEqual([]);
    expect(
      messagesOf(
        beneficialOwnersRequestSchema,
        owners([
          { isSelf: true, ownershipPercent: 50 },
          other('a@example.com', 25),
          other('b@example.com', 25),
        ]),
      ),
    ).toEqual([]);
    expect(messagesOf(beneficialOwnersRequestSchema, owners([]))).toEqual([]);
  });

  it('refuses stakes under 25%, over 100% together, duplicates and a fifth owner', () => {
    expect(messagesOf(beneficialOwnersRequestSchema, owners([other('a@example.com', 24)]))).toEqual([
      'Ownership must be a whole number from 25 to 100.',
    ]);
    expect(messagesOf(beneficialOwnersRequestSchema, owners([other('a@example.com', 33.5)]))).toEqual([
      'Ownership must be a whole number from 25 to 100.',
    ]);
    expect(
      messagesOf(
        beneficialOwnersRequestSchema,
        owners([other('a@example.com', 60), other('b@example.com', 50)]),
      ),
    ).toEqual(['Together the owners cannot hold more than 100%.']);
    expect(
      messagesOf(
        beneficialOwnersRequestSchema,
        owners([other('a@example.com', 30), other('A@example.com', 30)]),
      ),
    ).toEqual(['Each person needs their own email address.']);
    expect(
      messagesOf(
        beneficialOwnersRequestSchema,
        owners([
          { isSelf: true, ownershipPercent: 30 },
          { isSelf: true, ownershipPercent: 30 },
        ]),
      ),
    ).toEqual(['You are already listed as an owner.']);
    const five = ['a', 'b', 'c', 'd', 'e'].map((n) => other(`${n}@example.com`, 25));
    expect(messagesOf(beneficialOwnersRequestSchema, owners(five))).toContain(
      'A business can have at most 4 owners of 25% or more.',
    );
  });

  it('needs a titled control person', () => {
    expect(
      messagesOf(beneficialOwnersRequestSchema, { controlPerson: { isSelf: true, title: '' }, owners: [] }),
    ).toEqual(['Job title is required.']);
  });
});

describe('businessOnboardingState', () => {
  const state = (verificationStep: string, status: string | null, isMappingPending = false) =>
    businessOnboardingState({ verificationStep, status, isMappingPending });

  it('follows verification from KYC to rewards', () => {
    expect(state('NOT_INITIATED', null)).toBe('KYC_PENDING');
    expect(state('BUSINESS_DETAILS', null)).toBe('KYC_PENDING');
    expect(state('FORM_FILLER', null)).toBe('KYB_PENDING');
    expect(state('OWNERS', 'SUBMITTED')).toBe('REVIEW_PENDING');
    expect(state('OWNERS', 'REJECTED')).toBe('ACTION_REQUIRED');
    expect(state('OWNERS', 'FULL_VERIFIED')).toBe('EARN_REWARDS');
    expect(state('FORM_FILLER', null, true)).toBe('MAPPING_PENDING');
  });
});
