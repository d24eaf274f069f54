import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  PASSWORD_RULES,
  passwordSchema,
  setPasswordSchema,
  signInPasswordSchema,
} from './password.js';
import { firstMessage } from './test-helpers.js';

describe('passwordSchema', () => {
  it('accepts a strong password', () => {
    expect(firstMessage(passwordSchema, 'Str0ng!pass')).toBeUndefined();
  });

  it.each([
    ['', 'Password is required'],
    ['Ab1!', 'Password must be at least 8 characters'],
    [`Ab1!${'x'.repeat(97)}`, 'Password cannot exceed 100 characters'],
    ['Abcdefg!', 'Password must contain at least one number'],
    ['abcdef1!', 'Password must contain at least one uppercase letter'],
    ['ABCDEF1!', 'Password must contain at least one lowercase letter'],
    ['Abcdefg1', 'Password must contain at least one special character'],
    ['<script>Ab1', 'Password cannot contain script tags'],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(passwordSchema, value)).toBe(message);
  });

  it('lists rules the page can tick off', () => {
    const passed = PASSWORD_RULES.filter((r) => r.test('abcdefgh')).map((r) => r.id);
    expect(passed).toEqual(['length', 'lower', 'script']);
  });
});

describe('signInPasswordSchema', () => {
  it('needs a value of at least 8 characters', () => {
    expect(firstMessage(signInPasswordSchema, '')).toBe('Password is required');
    expect(firstMessage(signInPasswordSchema, '1234567')).toBe('Password must be at least 8 characters');
    expect(firstMessage(signInPasswordSchema, '12345678')).toBeUndefined();
  });
});

describe('set and change password', () => {
  it('requires the confirmation to match', () => {
    const r = setPasswordSchema.safeParse({ password: 'Str0ng!pass', confirmPassword: 'Str0ng!pasS' });
    expect(r.error?.issues[0]?.message).toBe('Passwords do not match');
    expect(r.error?.issues[0]?.path).toEqual(['confirmPassword']);
    expect(
      setPasswordSchema.safeParse({ password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' }).success,
    ).toBe(true);
  });

  it('requires the old password to change it', () => {
    expect(
      firstMessage(changePasswordSchema, {
        oldPassword: '',
        password: 'Str0ng!pass',
        confirmPassword: 'Str0ng!pass',
      }),
    ).toBe('Old password is required');
  });
});
