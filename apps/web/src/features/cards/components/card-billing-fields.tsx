import { Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { COUNTRY_OPTIONS, isUsCountry, US_STATE_OPTIONS } from '@/lib/address';
import type { CardBillingValues } from '../utils/card-form';

type WithBilling = { billingAddress: CardBillingValues };

const errorText = (error: unknown): string | undefined => (typeof error === 'string' ? error : undefined);

/**
 * The card's billing address (spec 002 §5): line 1, city, state, zip code and country required, line 2
 * optional. A US state is chosen from the list; elsewhere the state is a 2-letter code.
 */
export const CardBillingFields = <T extends WithBilling>({
  form,
  disabled = false,
}: {
  form: UseFormReturnType<T>;
  disabled?: boolean;
}) => {
  // The form's paths are typed per form; the billing part is the same in every card form.
  const billingForm = form as unknown as UseFormReturnType<WithBilling>;
  const { country, state } = billingForm.getValues().billingAddress;

  const setCountry = (value: string | null) => {
    const next = value ?? '';
    if (isUsCountry(next) !== isUsCountry(country)) billingForm.setFieldValue('billingAddress.state', '');
    billingForm.setFieldValue('billingAddress.country', next);
  };

  return (
    <Fieldset legend="Billing address" variant="unstyled" disabled={disabled}>
      <Stack gap="sm">
        <TextInput
          label="Address Line 1"
          withAsterisk
          autoComplete="billing address-line1"
          {...billingForm.getInputProps('billingAddress.addressLine1')}
        />
        <TextInput
          label="Address Line 2"
          autoComplete="billing address-line2"
          {...billingForm.getInputProps('billingAddress.addressLine2')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="City"
            withAsterisk
            autoComplete="billing address-level2"
            {...billingForm.getInputProps('billingAddress.city')}
          />
          {isUsCountry(country) ? (
            <Select
              label="State"
              withAsterisk
              placeholder="Select a state"
              data={US_STATE_OPTIONS}
              searchable
              value={state === '' ? null : state}
              error={errorText(billingForm.errors['billingAddress.state'])}
              onChange={(value) => billingForm.setFieldValue('billingAddress.state', value ?? '')}
              onBlur={() => billingForm.validateField('billingAddress.state')}
            />
          ) : (
            <TextInput
              label="State"
              withAsterisk
              placeholder="State Code (2 characters)"
              maxLength={2}
              autoComplete="billing address-level1"
              {...billingForm.getInputProps('billingAddress.state')}
              onChange={(event) =>
                billingForm.setFieldValue('billingAddress.state', event.currentTarget.value.toUpperCase())
              }
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Zip Code"
            withAsterisk
            maxLength={9}
            autoComplete="billing postal-code"
            {...billingForm.getInputProps('billingAddress.zipCode')}
          />
          <Select
            label="Country"
            withAsterisk
            placeholder="Select a country"
            data={COUNTRY_OPTIONS}
            searchable
            value={country === '' ? null : country}
            error={errorText(billingForm.errors['billingAddress.country'])}
            onChange={setCountry}
            onBlur={() => billingForm.validateField('billingAddress.country')}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
};
