import { z } from 'zod';
import { getEmailDomain, isDisposableEmail } from './disposable.js';

export const EMAIL_MESSAGES = {
  required: 'Email is required',
  invalid: 'Please enter a valid email address',
  disposable: 'Please use a valid email address. Disposable email addresses are not allowed.',
  notWorkEmail:
    'Invalid email address. Please ensure you use a valid work email address. For example: name@yourcompany.com',
  tooLong: 'Email cannot exceed 64 characters.',
} as const;

export const EMAIL_MAX_LENGTH = 64;

/** Free-mail providers refused by the stricter work-email rule. */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.co.in',
  'ymail.com',
  'rocketmail.com',
  'hotmail.com',
  'hotmail.co.uk',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'protonmail.com',
  'proton.me',
  'pm.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'zohomail.com',
  'rediffmail.com',
  'qq.com',
  '163.com',
  '126.com',
  'comcast.net',
  'att.net',
  'verizon.net',
]);

export const isFreeMailEmail = (email: string): boolean => FREE_MAIL_DOMAINS.has(getEmailDomain(email));

const EMAIL_FORMAT = z.email();
const isEmailFormat = (value: string): boolean => EMAIL_FORMAT.safeParse(value).success;

const emailField = (strict: boolean) =>
  z
    .string({ error: EMAIL_MESSAGES.required })
    .trim()
    .superRefine((value, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (value === '') return fail(EMAIL_MESSAGES.required);
      if (strict && value.length > EMAIL_MAX_LENGTH) return fail(EMAIL_MESSAGES.tooLong);
      if (!isEmailFormat(value)) return fail(EMAIL_MESSAGES.invalid);
      if (isDisposableEmail(value)) return fail(EMAIL_MESSAGES.disposable);
      if (strict && isFreeMailEmail(value)) return fail(EMAIL_MESSAGES.notWorkEmail);
    });

/** Plain email: required and well-formed. */
export const emailSchema = z
  .string({ error: EMAIL_MESSAGES.required })
  .trim()
  .min(1, { error: EMAIL_MESSAGES.required, abort: true })
  .pipe(z.email({ error: EMAIL_MESSAGES.invalid }));
export type Email = z.infer<typeof emailSchema>;

/** Work email: required, well-formed, not disposable. */
export const workEmailSchema = emailField(false);
export type WorkEmail = z.infer<typeof workEmailSchema>;

/** Strict work email: also at most 64 characters and not a free-mail provider. */
export const strictWorkEmailSchema = emailField(true);
export type StrictWorkEmail = z.infer<typeof strictWorkEmailSchema>;
