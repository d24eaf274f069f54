import { describe, expect, it } from 'vitest';
import { isDisposableEmail } from './disposable.js';
import { emailSchema } from './email.js';
import { firstMessage } from './test-helpers.js';
import { strictWorkEmailSchema, workEmailSchema } from './work-email.js';

describe('isDisposableEmail', () => {
  it('recognises listed domains, case-insensitively', () => {
    expect(isDisposableEmail('a@mailinator.com')).toBe(true);
    expect(isDisposableEmail('a@MAILINATOR.COM')).toBe(true);
    expect(isDisposableEmail('a@acme.com')).toBe(false);
    expect(isDisposableEmail('no-at-sign')).toBe(false);
  });
});

describe('workEmailSchema', () => {
  it('accepts company addresses and trims them', () => {
    expect(workEmailSchema.parse(' jane@acme.com ')).toBe('jane@acme.com');
    expect(firstMessage(workEmailSchema, 'jane@gmail.com')).toBeUndefined();
  });

  it('has the spec messages', () => {
    expect(firstMessage(workEmailSchema, '')).toBe('Email is required');
    expect(firstMessage(workEmailSchema, 'jane@')).toBe('Please enter a valid email address');
    expect(firstMessage(workEmailSchema, 'jane@mailinator.com')).toBe(
      'Please use a valid email address. Disposable email addresses are not allowed.',
    );
  });
});

describe('strictWorkEmailSchema', () => {
  it('also refuses free-mail domains and addresses over 64 characters', () => {
    expect(firstMessage(strictWorkEmailSchema, 'jane@gmail.com')).toMatch(
      /^Invalid email address\. Please ensure you use a valid work email address\./,
    );
    expect(firstMessage(strictWorkEmailSchema, `${'a'.repeat(56)}@acme.com`)).toBe(
      'Email cannot exceed 64 characters.',
    );
    expect(firstMessage(strictWorkEmailSchema, `${'a'.repeat(55)}@acme.com`)).toBeUndefined();
    expect(firstMessage(strictWorkEmailSchema, 'jane@mailinator.com')).toMatch(/Disposable/);
  });
});

describe('emailSchema', () => {
  it('requires a well-formed address', () => {
    expect(firstMessage(emailSchema, '')).toBe('Email is required');
    expect(firstMessage(emailSchema, 'x')).toBe('Please enter a valid email address');
    expect(emailSchema.parse('a@b.co')).toBe('a@b.co');
  });
});
