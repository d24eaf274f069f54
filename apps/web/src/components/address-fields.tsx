import { Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type AddressValues, COUNTRY_OPTIONS, isUsCountry, US_STATE_OPTIONS } from '@/lib/address';

const errorText = (error: unknown): string | undefined => (typeof error === 'string' ? error : undefined);

export type AddressFieldsProps<T> = {
  /** A form holding an `AddressValues` at `path`. */
  form: UseFormReturnType<T>;
  /** Where the address is in the form's values ('address', 'billingAddress'). */
  path: string;
  legend: string;
  /** The autofill section ('billing' gives 'billing address-line1'...); none for a plain address. */
  autoCompleteSection?: 'billing' | 'shipping';
  /** A hard limit on the zip code as typed; without it, a longer one is refused by validation only. */
  zipCodeMaxLength?: number;
  disabled?: boolean;
};

/**
 * A required address (spec 000 §5, 002 §5): line 1, city, state, zip code and country required, line 2
 * optional. The state is chosen from the US states for a US address, and is a 2-character code anywhere
 * else; it starts again when the country moves between the two.
 */
export const AddressFields = <T,>({
  form,
  path,
  legend,
  autoCompleteSection,
  zipCodeMaxLength,
  disabled = false,
}: AddressFieldsProps<T>) => {
  // The form's paths are typed per form; the address part is the same in every one.
  const addressForm = form as unknown as UseFormReturnType<Record<string, unknown>>;
  const { country, state } = addressForm.getValues()[path] as AddressValues;
  const at = (field: keyof AddressValues) => `${path}.${field}`;
  const autoComplete = (token: string) => (autoCompleteSection ? `${autoCompleteSection} ${token}` : token);

  const setCountry = (value: string | null) => {
    const next = value ?? '';
    // US states and 2-character codes do not mix: the state starts again when that changes.
    if (isUsCountry(next) !== isUsCountry(country)) addressForm.setFieldValue(at('state'), '');
    addressForm.setFieldValue(at('country'), next);
  };

  return (
    <Fieldset legend={legend} variant="unstyled" disabled={disabled}>
      <Stack gap="sm">
        <TextInput
          label="Address Line 1"
          withAsterisk
          autoComplete={autoComplete('address-line1')}
          {...addressForm.getInputProps(at('addressLine1'))}
        />
        <TextInput
          label="Address Line 2"
          autoComplete={autoComplete('address-line2')}
          {...addressForm.getInputProps(at('addressLine2'))}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="City"
            withAsterisk
            autoComplete={autoComplete('address-level2')}
            {...addressForm.getInputProps(at('city'))}
          />
          {isUsCountry(country) ? (
            <Select
              label="State"
              withAsterisk
              placeholder="Select a state"
              data={US_STATE_OPTIONS}
              searchable
              value={state === '' ? null : state}
              error={errorText(addressForm.errors[at('state')])}
              onChange={(value) => {
                addressForm.setFieldValue(at('state'), value ?? '');
                addressForm.validateField(at('state'));
              }}
              onBlur={() => addressForm.validateField(at('state'))}
            />
          ) : (
            <TextInput
              label="State"
              withAsterisk
              placeholder="State Code (2 characters)"
              maxLength={2}
              autoComplete={autoComplete('address-level1')}
              {...addressForm.getInputProps(at('state'))}
              onChange={(event) =>
                addressForm.setFieldValue(at('state'), event.currentTarget.value.toUpperCase())
              }
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Zip Code"
            withAsterisk
            maxLength={zipCodeMaxLength}
            autoComplete={autoComplete('postal-code')}
            {...addressForm.getInputProps(at('zipCode'))}
          />
          <Select
            label="Country"
            withAsterisk
            placeholder="Select a country"
            data={COUNTRY_OPTIONS}
            searchable
            value={country === '' ? null : country}
            error={errorText(addressForm.errors[at('country')])}
            onChange={setCountry}
            onBlur={() => addressForm.validateField(at('country'))}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
};
