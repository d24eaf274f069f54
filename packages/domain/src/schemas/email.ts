import { z } from 'zod';

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

/** The lower-cased domain of an email address, or '' when there is none. */
export const getEmailDomain = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
};

export const isFreeMailEmail = (email: string): boolean => FREE_MAIL_DOMAINS.has(getEmailDomain(email));

/** Plain email: required and well-formed. */
export const emailSchema = z
  .string({ error: EMAIL_MESSAGES.required })
  .trim()
  .min(1, { error: EMAIL_MESSAGES.required, abort: true })
  .pipe(z.email({ error: EMAIL_MESSAGES.invalid }));
export type Email = z.infer<typeof emailSchema>;
