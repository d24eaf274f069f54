import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_EMAILS_RULE,
  canAddDocument,
  contactEmailsSchema,
  contactSchema,
  inlineContactSchema,
  VENDOR_EMAILS_RULE,
} from './contact.js';
import { documentFileSchema } from './documents.js';
import { firstMessage, messagesOf } from './test-helpers.js';

describe('contactEmailsSchema', () => {
  const customer = contactEmailsSchema(CUSTOMER_EMAILS_RULE);
  const vendor = contactEmailsSchema(VENDOR_EMAILS_RULE);

  it('limits additional emails to 3 for customers and 5 for vendors', () => {
    const four = ['a@x.com', 'b@x.com', 'c@x.com', 'd@x.com'];
    expect(firstMessage(customer, { email: 'p@x.com', secondaryEmails: four })).toBe(
      'Maximum 3 additional emails allowed.',
    );
    expect(vendor.safeParse({ email: 'p@x.com', secondaryEmails: four }).success).toBe(true);
    expect(firstMessage(vendor, { email: 'p@x.com', secondaryEmails: [...four, 'e@x.com', 'f@x.com'] })).toBe(
      'Maximum 5 secondary emails allowed',
    );
  });

  it('rejects duplicates and the primary, case-insensitively', () => {
    expect(
      messagesOf(customer, { email: 'p@x.com', secondaryEmails: ['A@x.com', 'a@X.com', 'P@x.com'] }),
    ).toEqual(['Duplicate email address.', 'Additional email cannot be the same as primary email.']);
    expect(firstMessage(vendor, { email: 'p@x.com', secondaryEmails: ['p@x.com'] })).toBe(
      'Secondary email cannot be the same as primary email.',
    );
  });
});

describe('contactSchema', () => {
  it('requires name and email; phone and address optional but validated', () => {
    expect(contactSchema.safeParse({ name: 'Acme', email: 'a@acme.com' }).success).toBe(true);
    expect(firstMessage(contactSchema, { name: '', email: 'a@acme.com' })).toBe('Name is required.');
    expect(firstMessage(contactSchema, { name: 'Acme', email: '' })).toBe('Email is required');
    expect(
      firstMessage(contactSchema, {
        name: 'Acme',
        email: 'a@acme.com',
        phoneNumber: { countryISOCode: 'us', dialCode: '1', phoneNumber: '12' },
      }),
    ).toBe('Please enter valid phone number.');
    expect(
      firstMessage(contactSchema, {
        name: 'Acme',
        email: 'a@acme.com',
        addresses: { billing: { city: 'Austin' } },
      }),
    ).toBe('Address Line 1 is required.');
  });
});

describe('inlineContactSchema', () => {
  it('has the inline messages', () => {
    expect(inlineContactSchema.safeParse({ name: 'Acme-2 Co', email: 'a@acme.com' }).success).toBe(true);
    expect(firstMessage(inlineContactSchema, { name: 'n'.repeat(51), email: 'a@acme.com' })).toBe(
      'Maximum 50 characters allowed',
    );
    expect(firstMessage(inlineContactSchema, { name: 'Acme & Co', email: 'a@acme.com' })).toBe(
      'Use only letters, numbers, spaces, or hyphens',
    );
    expect(firstMessage(inlineContactSchema, { name: 'Acme', email: 'acme' })).toBe('Invalid email address');
    expect(firstMessage(inlineContactSchema, { name: 'Acme', email: `${'a'.repeat(45)}@acme.com` })).toBe(
      'Maximum 50 characters allowed',
    );
  });
});

describe('documents', () => {
  const bad = "File couldn't be uploaded. Supported formats: PDF, JPG, PNG. Max size: 5MB.";
  it('accepts PDF, PNG and JPEG up to 5 MB', () => {
    expect(
      documentFileSchema.safeParse({ name: 'a.PDF', type: 'application/pdf', size: 5_242_880 }).success,
    ).toBe(true);
    expect(
      firstMessage(documentFileSchema, { name: 'a.pdf', type: 'application/pdf', size: 5_242_881 }),
    ).toBe(bad);
    expect(firstMessage(documentFileSchema, { name: 'a.gif', type: 'image/gif', size: 10 })).toBe(bad);
  });

  it('allows at most 5 documents', () => {
    expect(canAddDocument(4)).toBe(true);
    expect(canAddDocument(5)).toBe(false);
  });
});
