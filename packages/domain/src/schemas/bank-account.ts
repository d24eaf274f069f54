import { z } from 'zod';
import { BANK_ACCOUNT_TYPES, type BankAccountType } from '../catalogues/banking.js';
import { nameField, textField } from './text-field.js';

export const BANK_ACCOUNT_MESSAGES = {
  bankNameRequired: 'Bank name is required.',
  accountTypeRequired: 'Account type is required.',
  routingRequired: 'Routing number is required.',
  routingInvalid: 'Routing number must be exactly 9 digits.',
  routingChecksum: 'Routing number is invalid.',
  accountRequired: 'Account number is required.',
  accountInvalid: 'Account number must be 5 to 17 digits.',
  confirmRequired: 'Please confirm the account number.',
  mismatch: 'Account numbers do not match.',
  consentRequired: 'Please tick the consent to continue.',
} as const;

/** Exactly 9 digits. */
export const routingNumberSchema = z
  .string({ error: BANK_ACCOUNT_MESSAGES.routingRequired })
  .min(1, { error: BANK_ACCOUNT_MESSAGES.routingRequired, abort: true })
  .regex(/^\d{9}$/, { error: BANK_ACCOUNT_MESSAGES.routingInvalid });

/** 5 to 17 digits. */
export const accountNumberSchema = z
  .string({ error: BANK_ACCOUNT_MESSAGES.accountRequired })
  .min(1, { error: BANK_ACCOUNT_MESSAGES.accountRequired, abort: true })
  .regex(/^\d{5,17}$/, { error: BANK_ACCOUNT_MESSAGES.accountInvalid });

/**
 * The ABA routing-number checksum (3·d1 + 7·d2 + d3 + … ≡ 0 mod 10). Not enforced by the schema
 * (the spec asks only for 9 digits); offered to the server and the bank provider adapters.
 */
export const hasValidRoutingChecksum = (routing: string): boolean => {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...routing].reduce((acc, d, i) => acc + Number(d) * (weights[i] ?? 0), 0);
  return sum % 10 === 0;
};

const ACCOUNT_TYPE_VALUES = BANK_ACCOUNT_TYPES.map((t) => t.value) as [BankAccountType, ...BankAccountType[]];

/** Manual bank account entry (spec 002 §5). */
export const bankAccountSchema = z
  .object({
    bankName: textField({
      required: BANK_ACCOUNT_MESSAGES.bankNameRequired,
      onlySpaces: BANK_ACCOUNT_MESSAGES.bankNameRequired,
      max: { length: 100, message: 'Bank name cannot exceed 100 characters.' },
    }),
    accountType: z.enum(ACCOUNT_TYPE_VALUES, { error: BANK_ACCOUNT_MESSAGES.accountTypeRequired }),
    accountHolderName: nameField('Account Holders Name'),
    routingNumber: routingNumberSchema,
    accountNumber: accountNumberSchema,
    confirmAccountNumber: z
      .string({ error: BANK_ACCOUNT_MESSAGES.confirmRequired })
      .min(1, { error: BANK_ACCOUNT_MESSAGES.confirmRequired }),
  })
  .refine((v) => v.accountNumber === v.confirmAccountNumber, {
    error: BANK_ACCOUNT_MESSAGES.mismatch,
    path: ['confirmAccountNumber'],
  });
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const TAX_ID_MESSAGES = { required: 'Tax ID is required.', invalid: 'Invalid Tax ID.' } as const;

/**
 * Tax ID: trimmed, non-alphanumerics stripped, upper-cased; must then be 9 digits (so '12-3456789'
 * and '123456789' are both accepted). Parses to the 9 digits.
 */
export const taxIdSchema = z
  .string({ error: TAX_ID_MESSAGES.required })
  .transform((v) =>
    v
      .trim()
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase(),
  )
  .pipe(
    z
      .string()
      .min(1, { error: TAX_ID_MESSAGES.required, abort: true })
      .regex(/^\d{9}$/, { error: TAX_ID_MESSAGES.invalid }),
  );
export type TaxId = z.infer<typeof taxIdSchema>;
