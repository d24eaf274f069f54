import { type ComboboxItem, Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { memo, useCallback, useRef } from 'react';
import { COUNTRY_OPTIONS, isUsCountry, US_STATE_OPTIONS } from '@/lib/address';
import type { ContactFormValues } from '../utils/contact-form';

type ListSelectProps = {
  label: string;
  placeholder: string;
  data: ComboboxItem[];
  value: string;
  error: unknown;
  onChange: (value: string) => void;
  onBlur: () => void;
};

/** A searchable, clearable select over a fixed list; memoised, as its options are many. */
const ListSelect = memo(({ label, placeholder, data, value, error, onChange, onBlur }: ListSelectProps) => (
  <Select
    label={label}
    placeholder={placeholder}
    data={data}
    searchable
    clearable
    // Mantine hides the clear button from assistive technology; here it is a named button.
    clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}`, 'aria-hidden': false }}
    value={value === '' ? null : value}
    error={typeof error === 'string' ? error : undefined}
    onChange={(next) => onChange(next ?? '')}
    onBlur={onBlur}
  />
));

/**
 * The billing address (spec 002 §5): optional, but once any field is filled, line 1, city, state, zip code
 * and country are required. The state is chosen from the US states for a US address, and is a
 * 2-character code anywhere else.
 */
export const BillingAddressFields = ({ form }: { form: UseFormReturnType<ContactFormValues> }) => {
  const { setFieldValue, validateField } = form;
  const { country, state } = form.getValues().address;
  const countryRef = useRef(country);
  countryRef.current = country;

  const setState = useCallback((value: string) => setFieldValue('address.state', value), [setFieldValue]);
  const setCountry = useCallback(
    (value: string) => {
      // US states and 2-character codes do not mix: the state starts again when that changes.
      if (isUsCountry(value) !== isUsCountry(countryRef.current)) setFieldValue('address.state', '');
      setFieldValue('address.country', value);
    },
    [setFieldValue],
  );
  const validateState = useCallback(() => validateField('address.state'), [validateField]);
  const validateCountry = useCallback(() => validateField('address.country'), [validateField]);

  return (
    <Fieldset legend="Billing address (optional)" variant="unstyled">
      <Stack gap="sm">
        <TextInput
          label="Address Line 1"
          autoComplete="address-line1"
          {...form.getInputProps('address.addressLine1')}
        />
        <TextInput
          label="Address Line 2"
          autoComplete="address-line2"
          {...form.getInputProps('address.addressLine2')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('address.city')} />
          {isUsCountry(country) ? (
            <ListSelect
              label="State"
              placeholder="Select a state"
              data={US_STATE_OPTIONS}
              value={state}
              error={form.errors['address.state']}
              onChange={setState}
              onBlur={validateState}
            />
          ) : (
            <TextInput
              label="State"
              placeholder="State Code (2 characters)"
              maxLength={2}
              autoComplete="address-level1"
              {...form.getInputProps('address.state')}
              onChange={(event) => setFieldValue('address.state', event.currentTarget.value.toUpperCase())}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Zip Code" autoComplete="postal-code" {...form.getInputProps('address.zipCode')} />
          <ListSelect
            label="Country"
            placeholder="Select a country"
            data={COUNTRY_OPTIONS}
            value={country}
            error={form.errors['address.country']}
            onChange={setCountry}
            onBlur={validateCountry}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
};
