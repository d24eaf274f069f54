import { Divider, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { memo, useCallback } from 'react';
import { PhoneField, type PhoneValue } from '@/components/phone-field';
import type { ContactFormValues } from '../utils/contact-form';
import type { ContactKindConfig } from '../utils/contact-kind';
import { BillingAddressFields } from './billing-address-fields';
import { SecondaryEmailsField } from './secondary-emails-field';

type ContactPhoneFieldProps = PhoneValue & {
  error: string | null;
  onChange: (value: PhoneValue) => void;
  onBlur: () => void;
};

/**
 * The phone with its country selector. Its country list is long, so it renders only when the phone or its
 * error changes (the form hands out a fresh values object on every key, hence the separate parts).
 */
const ContactPhoneField = memo(
  ({ countryISOCode, countryCode, phoneNumber, error, onChange, onBlur }: ContactPhoneFieldProps) => (
    <PhoneField
      label="Phone Number"
      description="Optional."
      value={{ countryISOCode, countryCode, phoneNumber }}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
    />
  ),
);

export type ContactFormFieldsProps = {
  form: UseFormReturnType<ContactFormValues>;
  config: ContactKindConfig;
};

/**
 * The contact form section (spec 002 §2): name, 'Email Address *', phone with its country selector, the
 * secondary emails and the billing address. Used by the add page and the edit / finalize dialogs.
 */
export const ContactFormFields = ({ form, config }: ContactFormFieldsProps) => {
  const { setFieldValue, validateField } = form;
  const phoneError = form.errors.phone;
  const setPhone = useCallback((value: PhoneValue) => setFieldValue('phone', value), [setFieldValue]);
  const validatePhone = useCallback(() => validateField('phone'), [validateField]);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" required autoComplete="organization" {...form.getInputProps('name')} />
        <TextInput
          label="Email Address"
          required
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
      </SimpleGrid>
      <ContactPhoneField
        {...form.getValues().phone}
        onChange={setPhone}
        onBlur={validatePhone}
        error={typeof phoneError === 'string' ? phoneError : null}
      />
      <SecondaryEmailsField form={form} config={config} />
      <Divider />
      <BillingAddressFields form={form} />
    </Stack>
  );
};
