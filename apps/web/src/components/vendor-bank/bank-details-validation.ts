import {
  BANK_ACCOUNT_MESSAGES,
  type BankAccountType,
  bankAccountSchema,
  CONTACT_API_MESSAGES,
  hasValidRoutingChecksum,
} from '@ferry/domain';
import type { z } from 'zod';

export type BankDetailsValues = {
  bankName: string;
  accountType: BankAccountType | '';
  accountHolderName: string;
  routingNumber: string;
  accountNumber: string;
  confirmAccountNumber: string;
};

export const EMPTY_BANK_DETAILS: BankDetailsValues = {
  bankName: '',
  accountType: '',
  accountHolderName: '',
  routingNumber: '',
  accountNumber: '',
  confirmAccountNumber: '',
};

const firstIssue = (schema: z.ZodType, value: unknown): string | null => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

const { shape } = bankAccountSchema;

/**
 * One field's message, checked on its own (spec 002 §5 "validated per field on change and on submit"):
 * the domain's bank-account rules, the ABA checksum on the routing number, and the confirmation matching
 * the account number. The object-level rules of the schema are re-stated here so that a field's message
 * does not wait for the other fields to be valid.
 */
export const validateBankField = (
  field: keyof BankDetailsValues,
  values: BankDetailsValues,
): string | null => {
  switch (field) {
    case 'bankName':
      return firstIssue(shape.bankName, values.bankName);
    case 'accountType':
      return firstIssue(shape.accountType, values.accountType);
    case 'accountHolderName':
      return firstIssue(shape.accountHolderName, values.accountHolderName);
    case 'routingNumber':
      return (
        firstIssue(shape.routingNumber, values.routingNumber) ??
        (hasValidRoutingChecksum(values.routingNumber) ? null : CONTACT_API_MESSAGES.routingChecksum)
      );
    case 'accountNumber':
      return firstIssue(shape.accountNumber, values.accountNumber);
    case 'confirmAccountNumber':
      if (values.confirmAccountNumber === '') return BANK_ACCOUNT_MESSAGES.confirmRequired;
      return values.confirmAccountNumber === values.accountNumber ? null : BANK_ACCOUNT_MESSAGES.mismatch;
  }
};

export const BANK_FIELDS = Object.keys(EMPTY_BANK_DETAILS) as (keyof BankDetailsValues)[];

export const isBankDetailsValid = (values: BankDetailsValues): boolean =>
  BANK_FIELDS.every((field) => validateBankField(field, values) === null);
