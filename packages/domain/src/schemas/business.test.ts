import { describe, expect, it } from 'vitest';
import {
  businessDetailsRequestSchema,
  businessDetailsSchema,
  businessNameSchema,
  firstNameSchema,
  jobTitleSchema,
  practiceFirmSchema,
  termsSchema,
} from './business.js';
import { firstMessage } from './test-helpers.js';

const EDGE =
  "No white space is allowed at the start and end. Only - . ' / _ & , are allowed as special characters.";

describe('firstNameSchema (name-style field)', () => {
  it.each([
    ['', 'First name is required.'],
    ['   ', 'First name cannot contain only spaces.'],
    [' Jo', EDGE],
    ['J', 'First name must be at least 2 characters.'],
    ['J'.repeat(26), 'First name cannot exceed 25 characters.'],
    ['Jo3', 'First name can only contain letters and spaces'],
    ['Jo!', 'First name can only contain letters and spaces'],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(firstNameSchema, value)).toBe(message);
  });

  it("accepts letters, spaces and - . ' / _ & ,", () => {
    for (const ok of ["O'Brien", 'Mary-Jane', 'Zoë', 'A. B', 'J'.repeat(25)]) {
      expect(firstMessage(firstNameSchema, ok)).toBeUndefined();
    }
  });
});

describe('businessNameSchema', () => {
  it.each([
    ['', 'Business name is required'],
    ['  ', 'Business name cannot contain only spaces.'],
    ['Acme ', EDGE],
    ['A', 'Business name must be at least 2 characters.'],
    ['A'.repeat(101), 'Business name cannot exceed 100 characters.'],
    ['Acme <Inc>', 'Invalid characters detected'],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(businessNameSchema, value)).toBe(message);
  });

  it('accepts accented letters, digits and the allowed specials', () => {
    expect(firstMessage(businessNameSchema, "Café Müller & Sons, Co. 2_B-o'k/x")).toBeUndefined();
  });
});

describe('businessDetailsSchema', () => {
  it('needs a name, a type and the ticked agreement', () => {
    const ok = { businessName: 'Acme', businessType: 'LLC', agreeNoRestrictedCategory: true };
    expect(businessDetailsSchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(businessDetailsSchema, { ...ok, businessType: '' })).toBe('This field is required');
    expect(firstMessage(businessDetailsSchema, { ...ok, agreeNoRestrictedCategory: false })).toBe(
      'This field is required',
    );
  });
});

describe('businessDetailsRequestSchema (POST /business, PATCH /business/{id})', () => {
  const ok = { businessName: 'Harbor Coffee Roasters', businessType: 'LLC', category: 'NONE' };

  it('accepts the form as sent, with category NONE', () => {
    expect(businessDetailsRequestSchema.parse(ok)).toEqual(ok);
  });

  it('refuses any other category, a missing type and an unknown type', () => {
    expect(firstMessage(businessDetailsRequestSchema, { ...ok, category: 'GAMBLING' })).toBe(
      'This field is required',
    );
    expect(firstMessage(businessDetailsRequestSchema, { ...ok, category: undefined })).toBe(
      'This field is required',
    );
    expect(firstMessage(businessDetailsRequestSchema, { ...ok, businessType: undefined })).toBe(
      'This field is required',
    );
    expect(firstMessage(businessDetailsRequestSchema, { ...ok, businessType: 'TRUST' })).toBe(
      'This field is required',
    );
  });

  it('applies the business name rules', () => {
    expect(firstMessage(businessDetailsRequestSchema, { ...ok, businessName: ' Acme' })).toBe(EDGE);
    expect(firstMessage(businessDetailsRequestSchema, { ...ok, businessName: 'Acme <Inc>' })).toBe(
      'Invalid characters detected',
    );
  });

  it('normalises an optional country to its alpha-2 code and refuses unknown ones', () => {
    expect(businessDetailsRequestSchema.parse({ ...ok, country: 'can' }).country).toBe('CA');
    expect(businessDetailsRequestSchema.parse({ ...ok, country: 'us' }).country).toBe('US');
    expect(firstMessage(businessDetailsRequestSchema, { ...ok, country: 'ZZ' })).toBe(
      'Please select a valid country.',
    );
  });
});

describe('terms, practice and job title', () => {
  it('requires the terms', () => {
    expect(firstMessage(termsSchema, false)).toBe(
      'You must agree to the Terms of Service and Privacy Policy',
    );
    expect(termsSchema.parse(true)).toBe(true);
  });

  it('checks the practice firm', () => {
    const ok = { practiceFirmName: 'Acme Advisors', clientRange: 'ZERO_TO_FIVE' };
    expect(practiceFirmSchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(practiceFirmSchema, { ...ok, practiceFirmName: 'Ab' })).toBe(
      'Practice firm name must be at least 3 characters.',
    );
    expect(firstMessage(practiceFirmSchema, { ...ok, practiceFirmName: 'A'.repeat(51) })).toBe(
      'Practice firm name cannot exceed 50 characters.',
    );
    expect(firstMessage(practiceFirmSchema, { ...ok, practiceFirmName: '12345' })).toBe(
      'Practice firm name cannot contain only numbers.',
    );
    expect(firstMessage(practiceFirmSchema, { ...ok, clientRange: undefined })).toBe(
      'Number of clients is required.',
    );
  });

  it('checks the job title', () => {
    expect(firstMessage(jobTitleSchema, 'Chief Financial Officer')).toBeUndefined();
    expect(firstMessage(jobTitleSchema, 'C')).toBe('Job title must be at least 2 characters.');
    expect(firstMessage(jobTitleSchema, 'A'.repeat(65))).toBe('Job title cannot exceed 64 characters.');
    expect(firstMessage(jobTitleSchema, 'CFO 2')).toBe('Job title can only contain letters.');
    expect(firstMessage(jobTitleSchema, '')).toBe('Job title is required.');
  });
});
