import { Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { COUNTRY_OPTIONS, isUsCountry, US_STATE_OPTIONS } from '@/lib/address';
import type { DetailsValues } from '../utils/details-form';

/**
 * The business address (spec 000 §5): line 1 and 2, city, state, zip and country. The state is chosen
 * from the US states for a US address, and is a 2-character code anywhere else.
 */
export const AddressFields = ({ form }: { form: UseFormReturnType<DetailsValues> }) => {
  const country = form.getValues().address.country;
  const countryProps = form.getInputProps('address.country');
  const stateProps = form.getInputProps('address.state');
  return (
    <Fieldset legend="Business address" variant="unstyled">
      <Stack gap="sm">
        <TextInput
          label="Address Line 1"
          withAsterisk
          autoComplete="address-line1"
          {...form.getInputProps('address.addressLine1')}
        />
        <TextInput
          label="Address Line 2"
          autoComplete="address-line2"
          {...form.getInputProps('address.addressLine2')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="City"
            withAsterisk
            autoComplete="address-level2"
            {...form.getInputProps('address.city')}
          />
          {isUsCountry(country) ? (
            <Select
              label="State"
              withAsterisk
              placeholder="Select a state"
              data={US_STATE_OPTIONS}
              searchable
              {...stateProps}
              onChange={(value) => {
                form.setFieldValue('address.state', value ?? '');
                form.validateField('address.state');
              }}
            />
          ) : (
            <TextInput
              label="State"
              withAsterisk
              placeholder="State Code (2 characters)"
              maxLength={2}
              autoComplete="address-level1"
              {...stateProps}
              onChange={(event) =>
                form.setFieldValue('address.state', event.currentTarget.value.toUpperCase())
              }
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Zip Code"
            withAsterisk
            autoComplete="postal-code"
            {...form.getInputProps('address.zipCode')}
          />
          <Select
            label="Country"
            withAsterisk
            placeholder="Select a country"
            data={COUNTRY_OPTIONS}
            searchable
            {...countryProps}
            onChange={(value) => {
              const next = value ?? '';
              // US states and 2-character codes do not mix: the state starts again when that changes.
              if (isUsCountry(next) !== isUsCountry(country)) form.setFieldValue('address.state', '');
              form.setFieldValue('address.country', next);
            }}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
};
