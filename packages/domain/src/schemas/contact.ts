import { z } from 'zod';
import { addressSchema } from './address.js';
import { DOCUMENT_LIMITS } from './documents.js';
import { EMAIL_MESSAGES, emailSchema } from './email.js';
import { phoneSchema } from './phone.js';
import { nameField, textField } from './text-field.js';

export const CONTACT_MESSAGES = {
  maxThreeAdditional: 'Maximum 3 additional emails allowed.',
  maxFiveSecondary: 'Maximum 5 secondary emails allowed',
  duplicate: 'Duplicate email address.',
  sameAsPrimaryCustomer: 'Additional email cannot be the same as primary email.',
  sameAsPrimaryVendor: 'Secondary email cannot be the same as primary email.',
  inlineNameRequired: 'Name is required',
  inlineMax: 'Maximum 50 characters allowed',
  inlineNameChars: 'Use only letters, numbers, spaces, or hyphens',
  inlineEmailInvalid: 'Invalid email address',
} as const;

interface EmailsRule {
  max: number;
  maxMessage: string;
  sameAsPrimaryMessage: string;
}

/** Customer form: at most 3 additional emails. Vendor schema: at most 5 secondary emails. */
export const CUSTOMER_EMAILS_RULE: EmailsRule = {
  max: 3,
  maxMessage: CONTACT_MESSAGES.maxThreeAdditional,
  sameAsPrimaryMessage: CONTACT_MESSAGES.sameAsPrimaryCustomer,
};
export const VENDOR_EMAILS_RULE: EmailsRule = {
  max: 5,
  maxMessage: CONTACT_MESSAGES.maxFiveSecondary,
  sameAsPrimaryMessage: CONTACT_MESSAGES.sameAsPrimaryVendor,
};

/** Primary email plus secondary emails: limited count, no duplicates, none equal to the primary (case-insensitive). */
export const contactEmailsSchema = (rule: EmailsRule) =>
  z
    .object({ email: emailSchema, secondaryEmails: z.array(emailSchema).default([]) })
    .superRefine(({ email, secondaryEmails }, ctx) => {
      if (secondaryEmails.length > rule.max) {
        ctx.addIssue({ code: 'custom', message: rule.maxMessage, path: ['secondaryEmails'] });
      }
      const seen = new Set<string>();
      secondaryEmails.forEach((value, index) => {
        const key = value.toLowerCase();
        if (key === email.toLowerCase()) {
          ctx.addIssue({
            code: 'custom',
            message: rule.sameAsPrimaryMessage,
            path: ['secondaryEmails', index],
          });
        } else if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            message: CONTACT_MESSAGES.duplicate,
            path: ['secondaryEmails', index],
          });
        }
        seen.add(key);
      });
    });

/** Vendor or customer form: name, email, optional phone, optional billing address. */
export const contactSchema = z.object({
  name: nameField('Name'),
  email: emailSchema,
  phoneNumber: phoneSchema.optional(),
  addresses: z.object({ billing: addressSchema.optional() }).optional(),
});
export type Contact = z.infer<typeof contactSchema>;

/** Inline add of a contact: name (letters, digits, spaces, hyphens, max 50) and email (max 50). */
export const inlineContactSchema = z.object({
  name: textField({
    required: CONTACT_MESSAGES.inlineNameRequired,
    onlySpaces: CONTACT_MESSAGES.inlineNameRequired,
    max: { length: 50, message: CONTACT_MESSAGES.inlineMax },
    pattern: { regex: /^[A-Za-z0-9 -]+$/, message: CONTACT_MESSAGES.inlineNameChars },
  }),
  email: z
    .string({ error: EMAIL_MESSAGES.required })
    .trim()
    .min(1, { error: EMAIL_MESSAGES.required, abort: true })
    .max(50, { error: CONTACT_MESSAGES.inlineMax })
    .pipe(z.email({ error: CONTACT_MESSAGES.inlineEmailInvalid })),
});
export type InlineContact = z.infer<typeof inlineContactSchema>;

/** Whether another document may be added to a contact that already has `count`. */
export const canAddDocument = (count: number): boolean => count < DOCUMENT_LIMITS.maxCount;
