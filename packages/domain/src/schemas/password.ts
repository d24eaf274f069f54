import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 100;

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooShort: 'Password must be at least 8 characters',
  tooLong: 'Password cannot exceed 100 characters',
  digit: 'Password must contain at least one number',
  upper: 'Password must contain at least one uppercase letter',
  lower: 'Password must contain at least one lowercase letter',
  special: 'Password must contain at least one special character',
  script: 'Password cannot contain script tags',
  mismatch: 'Passwords do not match',
  oldRequired: 'Old password is required',
} as const;

/** The rules listed on the set-password page, in order, each with its check. */
export const PASSWORD_RULES = [
  {
    id: 'length',
    message: 'Between 8 and 100 characters',
    test: (p: string) => p.length >= 8 && p.length <= 100,
  },
  { id: 'digit', message: 'At least one number', test: (p: string) => /\d/.test(p) },
  { id: 'upper', message: 'At least one uppercase letter', test: (p: string) => /\p{Lu}/u.test(p) },
  { id: 'lower', message: 'At least one lowercase letter', test: (p: string) => /\p{Ll}/u.test(p) },
  {
    id: 'special',
    message: 'At least one special character',
    test: (p: string) => /[^\p{L}\p{N}\s]/u.test(p),
  },
  { id: 'script', message: 'No script tags', test: (p: string) => !/<\s*\/?\s*script/i.test(p) },
] as const;

const passwordError = (p: string): string | undefined => {
  if (p === '') return PASSWORD_MESSAGES.required;
  if (p.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (p.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (!/\d/.test(p)) return PASSWORD_MESSAGES.digit;
  if (!/\p{Lu}/u.test(p)) return PASSWORD_MESSAGES.upper;
  if (!/\p{Ll}/u.test(p)) return PASSWORD_MESSAGES.lower;
  if (!/[^\p{L}\p{N}\s]/u.test(p)) return PASSWORD_MESSAGES.special;
  if (/<\s*\/?\s*script/i.test(p)) return PASSWORD_MESSAGES.script;
  return undefined;
};

/** A new password: 8–100 characters with a digit, upper and lower case, a special character, no script tags. */
export const passwordSchema = z.string({ error: PASSWORD_MESSAGES.required }).superRefine((p, ctx) => {
  const message = passwordError(p);
  if (message) ctx.addIssue({ code: 'custom', message });
});

/** Sign-in password: required and at least 8 characters. */
export const signInPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(1, { error: PASSWORD_MESSAGES.required, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_MESSAGES.tooShort });

/** Set-password form: password and matching confirmation. */
export const setPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string({ error: PASSWORD_MESSAGES.required }) })
  .refine((v) => v.password === v.confirmPassword, {
    error: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
  });
export type SetPassword = z.infer<typeof setPasswordSchema>;

/** Change-password form: the old password plus a new matching pair. */
export const changePasswordSchema = z
  .object({
    oldPassword: z
      .string({ error: PASSWORD_MESSAGES.oldRequired })
      .min(1, { error: PASSWORD_MESSAGES.oldRequired }),
    password: passwordSchema,
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.required }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const signInSchema = z.object({
  email: z.string().trim().min(1),
  password: signInPasswordSchema,
});
export type SignIn = z.infer<typeof signInSchema>;
