/*
 * The work-email rules, apart from `email.ts` because they read the disposable-domain list (2.4 MB): the
 * sign-in page and other screens that only need a well-formed address do not load it.
 */
import { z } from 'zod';
import { isDisposableEmail } from './disposable.js';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGES, isFreeMailEmail } from './email.js';

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

/** Work email: required, well-formed, not disposable. */
export const workEmailSchema = emailField(false);
export type WorkEmail = z.infer<typeof workEmailSchema>;

/** Strict work email: also at most 64 characters and not a free-mail provider. */
export const strictWorkEmailSchema = emailField(true);
export type StrictWorkEmail = z.infer<typeof strictWorkEmailSchema>;
