import { BANK_ACCOUNT_TYPES, type BankAccountType } from '@ferry/domain';
import { Group, Radio, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import type { SyntheticEvent } from 'react';
import {
  BANK_FIELDS,
  type BankDetailsValues,
  EMPTY_BANK_DETAILS,
  validateBankField,
} from './vendor-bank/bank-details-validation';

export type BankDetailsForm = UseFormReturnType<BankDetailsValues>;

/**
 * The form of a bank typed by hand (spec 002 §5): empty, validated per field on change, on blur and on
 * submit, the confirmation re-checked whenever the account number changes (once it has been typed).
 */
export const useBankDetailsForm = (): BankDetailsForm => {
  const form = useForm<BankDetailsValues>({
    initialValues: EMPTY_BANK_DETAILS,
    validateInputOnChange: true,
    validateInputOnBlur: true,
    validate: (values) =>
      Object.fromEntries(BANK_FIELDS.map((field) => [field, validateBankField(field, values)])),
    onValuesChange: (values, previous) => {
      if (values.accountNumber === previous.accountNumber || values.confirmAccountNumber === '') return;
      const error = validateBankField('confirmAccountNumber', values);
      if (error) form.setFieldError('confirmAccountNumber', error);
      else form.clearFieldError('confirmAccountNumber');
    },
  });
  return form;
};

/** Server field errors of a refused request shown on the bank fields; the others are left to the caller. */
export const setBankFieldErrors = (form: BankDetailsForm, errors: { field: string; message: string }[]) => {
  for (const { field, message } of errors) {
    if ((BANK_FIELDS as string[]).includes(field)) form.setFieldError(field, message);
  }
};

/** Blocks paste, copy, cut, drop and the context menu on the confirmation field (spec 002 §5). */
const block = (event: SyntheticEvent) => event.preventDefault();

const numeric = { inputMode: 'numeric' as const, autoComplete: 'off' };

/**
 * The fields of a bank typed by hand (spec 002 §5): Bank Name, Account Type, Account Holders Name, Routing
 * Number, Account Number and Confirm Account Number, which cannot be pasted into or copied from.
 */
export const BankAccountFields = ({
  form,
  bankNameMaxLength,
}: {
  form: BankDetailsForm;
  /** A hard limit on the bank name as typed; without it, a longer name is refused by validation only. */
  bankNameMaxLength?: number;
}) => (
  <>
    <TextInput
      label="Bank Name"
      withAsterisk
      maxLength={bankNameMaxLength}
      {...form.getInputProps('bankName')}
    />
    <Radio.Group label="Account Type" withAsterisk {...form.getInputProps('accountType')}>
      <Group gap="lg" mt={6}>
        {BANK_ACCOUNT_TYPES.map((type) => (
          <Radio key={type.value} value={type.value satisfies BankAccountType} label={type.label} />
        ))}
      </Group>
    </Radio.Group>
    <TextInput label="Account Holders Name" withAsterisk {...form.getInputProps('accountHolderName')} />
    <TextInput
      label="Routing Number"
      withAsterisk
      maxLength={9}
      {...numeric}
      {...form.getInputProps('routingNumber')}
    />
    <TextInput
      label="Account Number"
      withAsterisk
      maxLength={17}
      {...numeric}
      {...form.getInputProps('accountNumber')}
    />
    <TextInput
      label="Confirm Account Number"
      withAsterisk
      type="password"
      maxLength={17}
      {...numeric}
      {...form.getInputProps('confirmAccountNumber')}
      onPaste={block}
      onCopy={block}
      onCut={block}
      onDrop={block}
      onContextMenu={block}
    />
  </>
);
